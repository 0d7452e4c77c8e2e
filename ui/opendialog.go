package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/internal/session"
	"github.com/robots-studio/robots-studio/tester/textfile"
	"github.com/robots-studio/robots-studio/tester/uri"
	"github.com/robots-studio/robots-studio/ui/dlg"
	"github.com/robots-studio/robots-studio/ui/filedlg"
)

// dialogs are the window's own dialogs: opening files, where test sets are
// kept, About and the keyboard shortcuts.
type dialogs struct {
	app fyne.App
	win fyne.Window
	doc *session.Document // the open document: its path and where its test set is kept
	dialogCalls
}

// dialogCalls are what the dialogs ask of the window once the user has
// answered.
type dialogCalls struct {
	whenSafe func(action func())    // runs action once unsaved changes are saved or given up
	openPath func(path string) bool // opens a file in the editor
	// refreshBar and refreshStatus show a moved test set in the status bar
	// and the status file.
	refreshBar, refreshStatus func()
	menuKeysHelp              func() [][2]string // the menu keys' lines of the shortcuts list
}

// newDialogs makes the studio's own dialogs. The window and its document
// are made before them and never replaced.
func newDialogs(s *studio) dialogs {
	return dialogs{app: s.app, win: s.win, doc: s.doc, dialogCalls: dialogCalls{
		whenSafe:      s.whenSafe,
		openPath:      s.openPath,
		refreshBar:    s.refreshBar,
		refreshStatus: s.refreshStatus,
		menuKeysHelp:  func() [][2]string { return s.menus.menuKeysHelp(s.win.MainMenu()) },
	}}
}

// Preference keys of the open dialogs.
const (
	prefOpenFolder = "openFolder" // the folder of the last file opened
	prefOpenAll    = "openAll"    // true: File ▸ Open… lists every file, not only *.txt
)

// openStartDir is the folder the open dialogs show first: the current
// file's folder, else the folder of the last file opened, else "" (the
// dialog's own default, the home folder). A folder that is gone is skipped.
func openStartDir(current, last string, isDir func(string) bool) string {
	if current != "" {
		if dir := filepath.Dir(current); isDir(dir) {
			return dir
		}
	}
	if last != "" && isDir(last) {
		return last
	}
	return ""
}

func isDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}

// startDir is openStartDir for this window.
func (dl *dialogs) startDir() string {
	return openStartDir(dl.doc.Path(), dl.app.Preferences().String(prefOpenFolder), isDir)
}

// rememberFolder keeps the folder of a file just opened for the next dialog.
func (dl *dialogs) rememberFolder(path string) {
	dl.app.Preferences().SetString(prefOpenFolder, filepath.Dir(path))
}

// resolveTypedPath turns what the user typed into a path: blanks and
// surrounding quotes (as a file manager's "copy path" gives) are dropped, a
// file:// URL is read as its path, ~ is the home folder, and a relative
// path is relative to base.
func resolveTypedPath(typed, base, home string) string {
	p := strings.TrimSpace(typed)
	if len(p) >= 2 && (p[0] == '"' && p[len(p)-1] == '"' || p[0] == '\'' && p[len(p)-1] == '\'') {
		p = p[1 : len(p)-1]
	}
	if rest, ok := strings.CutPrefix(p, "file://"); ok {
		_, path := uri.CutAuthority(rest)
		if i := strings.IndexAny(path, "?#"); i >= 0 {
			path = path[:i]
		}
		p = uri.Decode(path)
	}
	switch {
	case p == "":
		return ""
	case p == "~":
		p = home
	case strings.HasPrefix(p, "~/"):
		p = filepath.Join(home, p[2:])
	case !filepath.IsAbs(p) && base != "":
		p = filepath.Join(base, p)
	}
	return filepath.Clean(p)
}

// openDialog is File ▸ Open…: Fyne's file dialog in the current file's
// folder, listing *.txt files unless the user switched that off; in the
// browser the page's picker, offering any file (robots.txt files are not
// always named *.txt, and the page's picker has no switch to show all).
func (dl *dialogs) openDialog() {
	dl.whenSafe(func() { dl.showOpenDialog(dl.startDir()) })
}

func (dl *dialogs) showOpenDialog(dir string) {
	pick := filedlg.Pick{Dir: dir, Web: []string{}, Size: fyne.NewSize(900, 600)}
	if !dl.app.Preferences().Bool(prefOpenAll) {
		pick.Exts = []string{".txt", ".TXT"}
		pick.Title = lang.X("window.open.title_txt", "Open (*.txt files — File › Open Path… to show all)")
	}
	filedlg.Open(dl.win, pick, func(paths []string) { dl.openPath(paths[0]) })
}

// startIn makes a file dialog (Save As) start where Open… would.
func (dl *dialogs) startIn(d *dialog.FileDialog) { filedlg.StartIn(d, dl.startDir()) }

// openPathDialog is File ▸ Open Path…: type or paste a path (the file
// dialog has no field for one). The current folder is filled in; a path
// that cannot be opened says why in the dialog, before anything else
// happens, so the text in the editor is never at stake.
func (dl *dialogs) openPathDialog() {
	base := dl.startDir()
	home, _ := os.UserHomeDir()
	entry := keys.NewEntry()
	entry.SetPlaceHolder(lang.X("window.open.path_placeholder", "/path/to/robots.txt"))
	if base != "" {
		entry.SetText(base + string(filepath.Separator))
		// The user types the file's name after the folder.
		entry.CursorColumn = utf8.RuneCountInString(entry.Text)
		entry.Refresh()
	}
	problem := newWrappedLabel("")
	problem.Importance = widget.DangerImportance
	problem.Hide()
	all := keys.NewCheck(lang.X("window.open.show_all", "File › Open… lists every file, not only *.txt"), func(on bool) {
		dl.app.Preferences().SetBool(prefOpenAll, on)
	})
	all.SetChecked(dl.app.Preferences().Bool(prefOpenAll))
	var d *dialog.CustomDialog
	open := func() {
		path := resolveTypedPath(entry.Text, base, home)
		if why := openProblem(path); why != "" {
			problem.SetText(why)
			problem.Show()
			return
		}
		d.Hide()
		dl.whenSafe(func() { dl.openPath(path) })
	}
	entry.OnSubmitted = func(string) { open() }
	entry.OnChanged = func(string) { problem.Hide() }
	browse := newButton(lang.X("window.open.browse", "Browse…"), func() {
		dir := base
		if p := resolveTypedPath(entry.Text, base, home); isDir(p) {
			dir = p
		} else if isDir(filepath.Dir(p)) {
			dir = filepath.Dir(p)
		}
		d.Hide()
		dl.whenSafe(func() { dl.showOpenDialog(dir) })
	})
	buttons := container.NewHBox(
		newButton(lang.X("window.open.cancel", "Cancel"), func() { d.Hide() }),
		browse,
		newImportantButton(lang.X("window.open.open", "Open"), open),
	)
	content := container.NewVBox(
		widget.NewLabel(lang.X("window.open.path_label", "Path of the file to open:")),
		entry, problem, all, container.NewCenter(buttons))
	d = dialog.NewCustomWithoutButtons(lang.X("window.open.path_title", "Open Path"), content, dl.win)
	d.Resize(fyne.NewSize(640, content.MinSize().Height+80))
	dlg.Show(dl.win, d, dlg.Keys{Cancel: d.Hide, Default: open})
	dl.win.Canvas().Focus(entry)
}

// openProblem says in one line why path cannot be opened, or "".
func openProblem(path string) string {
	if path == "" {
		return lang.X("window.open.empty", "Type the path of a file.")
	}
	if _, err := textfile.Load(path, nil); err != nil {
		if fe, ok := err.(*textfile.Error); ok {
			return fe.Path + ": " + fe.Text.String()
		}
		return fmt.Sprint(err)
	}
	return ""
}
