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
	"github.com/robots-studio/robots-studio/tester/textfile"
	"github.com/robots-studio/robots-studio/ui/dlg"
	"github.com/robots-studio/robots-studio/ui/webfile"
)

// The browser build's file handling (onWeb, platform_js.go). A page sees
// only the files the user picks or drops, read-only under pickedRoot; what
// it saves goes to its own persisted folder (webDocuments under the home
// folder) and, as the bytes the user keeps, to a download.

// webSide is the browser build's way with files and the page's automation
// hook.
type webSide struct{ s *studio }

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

// webOpenDialog is File ▸ Open… in the browser: the page's file picker
// (any file: robots.txt files are not always named *.txt).
func (w *webSide) webOpenDialog() {
	s := w.s
	webfile.Pick(webfile.Accept(), false, func(paths []string) { s.openPath(paths[0]) })
}

// webSave is File ▸ Save in the browser: the text is written as on the
// desktop (session.File.Save, atomically, with its test set) into the
// page's storage, and the bytes written are downloaded.
func (w *webSide) webSave(then func()) {
	s := w.s
	if s.doc.File.Path == "" {
		w.webSaveAs(then)
		return
	}
	w.webWrite(s.doc.File.SaveName(), then)
}

// webSaveAs asks for a file name, then saves and downloads as webSave.
func (w *webSide) webSaveAs(then func()) {
	s := w.s
	entry := keys.NewEntry()
	entry.SetText(s.doc.File.SaveName())
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
	d = dialog.NewCustomWithoutButtons(lang.X("web.saveas.title", "Save As"), content, s.win)
	d.Resize(fyne.NewSize(520, content.MinSize().Height+80))
	dlg.Show(s.win, d, dlg.Keys{Cancel: d.Hide, Default: ok})
	s.win.Canvas().Focus(entry)
}

// webWrite saves under name and downloads exactly the bytes on disk. The
// download is Save's job in the browser: when the page cannot keep its own
// copy (its storage is full), the text is downloaded all the same and the
// message says so, in words that name none of the page's own paths.
func (w *webSide) webWrite(name string, then func()) {
	s := w.s
	home, _ := os.UserHomeDir()
	path := webSavePath(s.doc.File.Path, name, home)
	if filepath.Base(path) != name {
		path = filepath.Join(filepath.Dir(path), name)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		// the download is the save: it happens whatever the page's storage says
		webfile.Download(name, s.doc.Text())
		dlg.Error(errors.New(webSaveProblem(err)), s.win)
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
	s := w.s
	if err := s.writeTo(path); err != nil {
		if errors.Is(err, textfile.ErrChangedOnDisk) {
			s.disk.checkDisk()
			return
		}
		webfile.Download(name, s.doc.Text())
		dlg.Error(errors.New(webSaveProblem(err)), s.win)
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		data = s.doc.Text() // what was just written
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

// webOpenLesson is File ▸ Open Lesson… in the browser: a picked .zip.
func (w *webSide) webOpenLesson() {
	s := w.s
	webfile.Pick(webfile.Accept(".zip"), false, func(paths []string) { s.class.openLessonPath(paths[0]) })
}

// webExportLesson is File ▸ Export Lesson… in the browser: the .zip is
// written to the page's temporary folder and downloaded.
func (w *webSide) webExportLesson() {
	s := w.s
	l := s.class.lessons().Current()
	if l == nil {
		return
	}
	dir, err := os.MkdirTemp("", "lesson")
	if err != nil {
		s.showFileError(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, l.ID+".zip")
	if !s.class.exportLessonTo(path) {
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		s.showFileError(err)
		return
	}
	webfile.Download(filepath.Base(path), data)
}

// webCompareFile is Tester ▸ Compare with… ▸ Another file… in the browser.
func (w *webSide) webCompareFile() {
	s := w.s
	webfile.Pick(webfile.Accept(), false, func(paths []string) { s.live.compareWithFile(paths[0]) })
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
	s := w.s
	entry := keys.NewMultiLineEntry()
	entry.SetPlaceHolder(lang.X("web.paste.placeholder", "Paste the robots.txt here"))
	entry.SetMinRowsVisible(10)
	d := dlg.CustomConfirm(lang.X("web.paste.title", "Paste robots.txt"), lang.X("web.paste.open", "Open"), lang.X("web.saveas.cancel", "Cancel"),
		container.NewBorder(newWrappedLabel(why), nil, nil, nil, entry), func(ok bool) {
			if ok && entry.Text != "" {
				s.class.openTextAsNew("robots.txt", []byte(entry.Text))
			}
		}, s.win)
	d.Resize(fyne.NewSize(620, 440))
	s.win.Canvas().Focus(entry)
}
