package ui

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/internal/session"
	"github.com/robots-studio/robots-studio/tester/textfile"
	"github.com/robots-studio/robots-studio/ui/dlg"
	"github.com/robots-studio/robots-studio/ui/webfile"
)

// The browser build's file handling (webfile.Enabled, platform_js.go). A page sees
// only the files the user picks or drops, read-only under pickedRoot; what
// it saves goes to its own persisted folder (webDocuments under the home
// folder) and, as the bytes the user keeps, to a download.

// webSide is the browser build's way with files: pick, save and download,
// and the page's going away (the page's automation hook is webHook,
// platform_js.go).
type webSide struct {
	win fyne.Window
	doc *session.Document // the open document: its name, path, text and recovery copies
	do  webCalls
	// gone: the page said it is going away (pagehide) and gave its
	// recovery copies up, for the next load to offer
	gone bool
}

// webCalls are what the browser build's file handling asks of the window.
type webCalls struct {
	openPath      func(path string) bool  // opens a file in the editor
	writeTo       func(path string) error // saves the document (text and test set) at path
	checkDisk     func()                  // asks about a change on disk (reload or keep mine)
	autosave      func()                  // writes the recovery copy now
	showFileError func(err error)
	// the Lessons tab: the current lesson's ID ("" when none), export it
	// as a .zip at path (false: it said why), open a text as a new document
	currentLesson  func() string
	exportLessonTo func(path string) bool
	openTextAsNew  func(name string, text []byte)
}

// newWebSide makes the browser build's file handling for the studio's
// window; the window and its document are made before it and never
// replaced.
func newWebSide(s *studio) webSide {
	return webSide{win: s.win, doc: s.doc, do: webCalls{
		openPath:      s.openPath,
		writeTo:       s.writeTo,
		checkDisk:     func() { s.disk.checkDisk() },
		autosave:      s.autosave,
		showFileError: s.showFileError,
		currentLesson: func() string {
			if l := s.class.lessons().Current(); l != nil {
				return l.ID
			}
			return ""
		},
		exportLessonTo: func(path string) bool { return s.class.exportLessonTo(path) },
		openTextAsNew:  func(name string, text []byte) { s.class.openTextAsNew(name, text) },
	}}
}

// mayKeepCopies says whether a recovery copy may be written now. Once the
// page has given its copies up no copy is written, for writing one takes
// them back (an autosave asked for when the page was hidden ran after the
// page's closing handler, and the next load found both closed tabs' copies
// still owned: issue 36, point 20), until the page is seen again: a page
// back from the browser's cache.
func (w *webSide) mayKeepCopies() bool {
	if w.gone && pageVisible() {
		w.gone = false
	}
	return !w.gone
}

// pickedRoot is where the page runtime puts picked and dropped files.
const pickedRoot = "/picked/"

// webDocuments is the folder, under the home folder, where the browser
// build keeps the files it saves (persisted with the page's storage).
const webDocuments = "Documents"

// webSavePath is where Save writes in the browser: the file's own path
// when it is one the page may write (a file saved before), else a file of
// that name in the page's Documents folder under home.
func webSavePath(current, name, home string) string {
	if current != "" && !strings.HasPrefix(current, pickedRoot) {
		return current
	}
	return filepath.Join(home, webDocuments, name)
}

// validSaveName says why name cannot be a file name, or "".
func validSaveName(name string) string {
	switch {
	case strings.TrimSpace(name) == "":
		return lang.X("web.saveas.empty", "Type a file name.")
	case strings.ContainsAny(name, `/\`) || name == "." || name == "..":
		return lang.X("web.saveas.bad", "A file name cannot contain / or \\.")
	}
	return ""
}

// webSave is File ▸ Save in the browser: the text is written as on the
// desktop (session.File.Save, atomically, with its test set) into the
// page's storage, and the bytes written are downloaded.
func (w *webSide) webSave(then func()) {
	if w.doc.Path() == "" {
		w.webSaveAs(then)
		return
	}
	w.webWrite(w.doc.SaveName(), then)
}

// webSaveAs asks for a file name, then saves and downloads as webSave.
func (w *webSide) webSaveAs(then func()) {
	entry := keys.NewEntry()
	entry.SetText(w.doc.SaveName())
	problem := newWrappedLabel("")
	problem.Importance = widget.DangerImportance
	problem.Hide()
	var d *dialog.CustomDialog
	ok := func() {
		name := strings.TrimSpace(entry.Text)
		if why := validSaveName(name); why != "" {
			problem.SetText(why)
			problem.Show()
			return
		}
		d.Hide()
		w.webWrite(name, then)
	}
	entry.OnSubmitted = func(string) { ok() }
	entry.OnChanged = func(string) { problem.Hide() }
	buttons := container.NewHBox(
		newButton(lang.X("web.saveas.cancel", "Cancel"), func() { d.Hide() }),
		newImportantButton(lang.X("web.saveas.save", "Save and download"), ok))
	content := container.NewVBox(
		newWrappedLabel(lang.X("web.saveas.label", "File name (the browser downloads it; a copy stays in this page's storage):")),
		entry, problem, container.NewCenter(buttons))
	d = dialog.NewCustomWithoutButtons(lang.X("web.saveas.title", "Save As"), content, w.win)
	d.Resize(fyne.NewSize(520, content.MinSize().Height+80))
	dlg.Show(w.win, d, dlg.Keys{Cancel: d.Hide, Default: ok})
	w.win.Canvas().Focus(entry)
}

// webWrite saves under name and downloads exactly the bytes on disk. The
// download is Save's job in the browser: when the page cannot keep its own
// copy (its storage is full), the text is downloaded all the same and the
// message says so, in words that name none of the page's own paths.
func (w *webSide) webWrite(name string, then func()) {
	home, _ := os.UserHomeDir()
	path := webSavePath(w.doc.Path(), name, home)
	if filepath.Base(path) != name {
		path = filepath.Join(filepath.Dir(path), name)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		// the download is the save: it happens whatever the page's storage says
		webfile.Download(name, w.doc.Text())
		dlg.Error(errors.New(webSaveProblem(err)), w.win)
		return
	}
	// Another tab may have saved this file since: the page's storage is
	// read again first, so the save sees that change and asks.
	webfile.Reread(path, func() { w.webWriteNow(name, path, then) })
}

// webWriteNow is webWrite once the file is up to date with the page's
// storage: a change saved by another tab is asked about as any change on
// disk (reload or keep mine), never written over; a page whose storage
// cannot keep the file (full) still downloads it.
func (w *webSide) webWriteNow(name, path string, then func()) {
	if err := w.do.writeTo(path); err != nil {
		if errors.Is(err, textfile.ErrChangedOnDisk) {
			w.do.checkDisk()
			return
		}
		webfile.Download(name, w.doc.Text())
		dlg.Error(errors.New(webSaveProblem(err)), w.win)
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		data = w.doc.Text() // what was just written
	}
	webfile.Download(name, data)
	if then != nil {
		then()
	}
}

// webSaveProblem says why the page could not keep its copy of a file whose
// download went ahead, without the page's internal paths (they mean
// nothing to the user: the file is in the Downloads folder).
func webSaveProblem(err error) string {
	if errors.Is(err, syscall.ENOSPC) {
		return lang.X("web.save.full", "The file was downloaded. This page could not keep its own copy: the browser's storage for this site is full. Free some space (or delete old recovery copies) so that it can.")
	}
	return lang.X("web.save.failed", "The file was downloaded. This page could not keep its own copy in the browser's storage.")
}

// webExportLesson is File ▸ Export Lesson… in the browser: the .zip is
// written to the page's temporary folder and downloaded.
func (w *webSide) webExportLesson() {
	id := w.do.currentLesson()
	if id == "" {
		return
	}
	dir, err := os.MkdirTemp("", "lesson")
	if err != nil {
		w.do.showFileError(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, id+".zip")
	if !w.do.exportLessonTo(path) {
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		w.do.showFileError(err)
		return
	}
	webfile.Download(filepath.Base(path), data)
}

// webUnreadable says that the site did not let the page read its
// robots.txt (browsers hide whether that was the site's policy or the
// network), and offers to paste the text instead.
func (w *webSide) webUnreadable(url string) {
	w.pasteDialog(lang.X("web.site.cors", "The site {{.URL}} does not let a web page read its robots.txt (or could not be reached). Open it in a browser tab, copy the text and paste it here.",
		map[string]any{"URL": url}))
}

// pasteDialog takes pasted text and opens it as a new document.
func (w *webSide) pasteDialog(why string) {
	entry := keys.NewMultiLineEntry()
	entry.SetPlaceHolder(lang.X("web.paste.placeholder", "Paste the robots.txt here"))
	entry.SetMinRowsVisible(10)
	d := dlg.CustomConfirm(lang.X("web.paste.title", "Paste robots.txt"), lang.X("web.paste.open", "Open"), lang.X("web.saveas.cancel", "Cancel"),
		container.NewBorder(newWrappedLabel(why), nil, nil, nil, entry), func(ok bool) {
			if ok && entry.Text != "" {
				w.do.openTextAsNew("robots.txt", []byte(entry.Text))
			}
		}, w.win)
	d.Resize(fyne.NewSize(620, 440))
	w.win.Canvas().Focus(entry)
}
