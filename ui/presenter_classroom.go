package ui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/internal/session"
	"github.com/robots-studio/robots-studio/tester/lessons"
	"github.com/robots-studio/robots-studio/tester/testset"
	"github.com/robots-studio/robots-studio/ui/dlg"
	"github.com/robots-studio/robots-studio/ui/filedlg"
	"github.com/robots-studio/robots-studio/ui/lessontab"
	"github.com/robots-studio/robots-studio/ui/timeline"
	"github.com/robots-studio/robots-studio/ui/webfile"
)

// classroom is the window's teaching side: the Lessons tab, the timeline
// of the standard and presenter mode.
type classroom struct {
	w        *shared
	host     classHost
	builtin  []*lessons.Lesson // loaded once
	loaded   bool
	opened   []*lessons.Lesson // lessons the user opened, kept across rebuilds
	current  string            // ID of the selected lesson, kept across rebuilds
	tab      *lessontab.Tab    // nil until shown or needed (lessons)
	body     *tabBody          // the tab item's content: the tab's once made
	sync     bool              // the tab checks answers on the caller's goroutine
	item     *container.TabItem
	timeline *timeline.Timeline
	strip    *fyne.Container // the timeline above the tabs; hidden until asked for
	present  presenter
	kept     lessontab.State
	since    bool // kept holds what the user did before a rebuild
}

// classHost is what the classroom asks of the rest of the window.
type classHost struct {
	whenSafe      func(action func())                                 // runs action once the open text is safe
	show          func(f session.File, text []byte, set *testset.Set) // opens a document
	showEditor    func()
	refreshStatus func()
	startIn       func(*dialog.FileDialog) // a file dialog opens where the user last was
	startDir      func() string            // the folder an open dialog starts in
	// the menus: drawn again (a check mark changed), opened by F10
	refreshMenus, toggleMenu func()
	// the tester's selection marked in the editor again; lint told of the
	// tester's reading
	showSelected, readingsChanged func()
	// the window's zoom: in percent; setZoom stops at the largest step
	// that fits, applyZoom does not; fits says whether the content fits
	zoom      func() int
	setZoom   func(int)
	applyZoom func(int)
	fits      func() bool
	// traceStep records a named step of the opt-in speed trace
	traceStep func(name string) func()
	// working runs slow work once the window says it is under way
	working func(func())
	// editorInView says whether the editor's tab (the tester's) is the
	// tab in view
	editorInView func() bool
	// the browser's way to export a lesson
	webExportLesson func()
}

// build makes the Lessons tab's item (again after a language switch,
// keeping the opened lessons and the selection); its widgets come when the
// tab is first shown or asked for (lessons).
func (c *classroom) build() *container.TabItem {
	if c.tab != nil {
		if l := c.lessons().Current(); l != nil {
			c.current = l.ID
		}
	}
	c.tab = nil
	c.body = newTabBody(nil)
	c.item = container.NewTabItem(lang.X("lessontab.tab", "Lessons"), c.body)
	return c.item
}

// lessons is the Lessons tab, made the first time it is shown or needed:
// its hundred wrapped texts cost a window that never shows them a tenth of
// a second to build and as much again on each theme, zoom or language
// switch.
func (c *classroom) lessons() *lessontab.Tab {
	if c.tab != nil {
		return c.tab
	}
	s := c.w
	if !c.loaded {
		list, err := lessons.Builtin()
		if err != nil {
			fyne.LogError("built-in lessons", err)
		}
		c.builtin, c.loaded = list, true
	}
	all := append(append([]*lessons.Lesson(nil), c.builtin...), c.opened...)
	c.tab = lessontab.New(lessontab.Host{
		Window:       s.win,
		Prefs:        s.app.Preferences(),
		OpenInEditor: c.openTextAsNew,
		ShowTimeline: func() { c.showTimeline(true) },
		OnExplain:    c.present.setLessonText,
	}, all)
	c.tab.SetSynchronous(c.sync)
	for i, l := range all {
		if l.ID == c.current {
			c.tab.Select(i)
		}
	}
	c.tab.SetLarge(c.present.on)
	if c.since {
		c.tab.Restore(c.kept)
	}
	c.body.setContent(c.tab.Content)
	return c.tab
}

// setSynchronous makes the Lessons tab check answers on the caller's
// goroutine (on), as tests and the language switch want.
func (c *classroom) setSynchronous(on bool) {
	c.sync = on
	if c.tab != nil {
		c.tab.SetSynchronous(on)
	}
}

// The Lessons tab as one of the window's tabs (tab, tabs.go). A lesson
// brings its own robots.txt: the tab follows nothing but being shown.
func (c *classroom) tabItem() *container.TabItem { return c.item }
func (c *classroom) follow(what change, inView bool) {
	if inView && what == shown {
		c.lessons()
	}
}

// keep remembers what the user did in the tab, if it was ever made;
// lessons hands it to the rebuilt tab when that is made.
func (c *classroom) keep() {
	if c.tab != nil {
		c.kept, c.since = c.tab.State(), true
	}
}
func (c *classroom) restore() {}

// classroomContent puts the timeline strip above the tabs.
func (c *classroom) classroomContent(tabs fyne.CanvasObject) fyne.CanvasObject {
	closeBtn := widget.NewButtonWithIcon("", theme.CancelIcon(), func() { c.showTimeline(false) })
	closeBtn.Importance = widget.LowImportance
	c.timeline = timeline.New(c.useReading, closeBtn)
	c.strip = container.NewVBox(c.timeline.Object(), widget.NewSeparator())
	if !c.present.timelineShown {
		c.strip.Hide()
	}
	if c.present.on {
		c.presenterLayout()
	}
	return container.NewBorder(c.strip, nil, nil, nil, tabs)
}

// showTimeline shows or hides the timeline of the standard.
func (c *classroom) showTimeline(on bool) {
	s := c.w
	switch {
	case on && !c.present.timelineShown:
		c.present.readingBefore = s.pane.Engine()
		c.timeline.Clear() // no year is picked yet: the tester reads as before
	case !on && c.present.timelineShown && c.present.readingBefore != "" && s.pane.Engine() != c.present.readingBefore:
		s.pane.SetEngine(c.present.readingBefore)
		c.host.readingsChanged()
		c.host.refreshStatus()
	}
	c.present.timelineShown = on
	if on {
		c.strip.Show()
	} else {
		c.strip.Hide()
	}
	s.win.Content().Refresh()
	c.fitPresenter()
	c.host.refreshMenus()
}

// useReading switches the tester to an engine picked on the timeline and
// shows the tester. The choice lasts while the timeline is open; the
// reading the user saved is left as it was.
func (c *classroom) useReading(id string) {
	s := c.w
	s.pane.SetEngine(id)
	c.host.showEditor()
	c.fitPresenter()
	c.host.refreshMenus()
	c.host.refreshStatus()
}

// readingChosen follows a reading the user chose in the tester: chosen
// while the timeline is open, it is the one closing the timeline keeps.
func (c *classroom) readingChosen(id string) {
	if c.present.timelineShown {
		c.present.readingBefore = id
	}
}

// openTextAsNew opens text as a new unsaved document in the main editor,
// after the usual question about unsaved changes.
func (c *classroom) openTextAsNew(name string, text []byte) {
	c.host.whenSafe(func() {
		c.host.showEditor()
		c.host.show(session.File{IsNew: true}, text, testset.New())
	})
}

// openLessonDialog asks for a lesson: a .zip, or any file inside a lesson
// folder (its lesson.json).
// In the browser a lesson comes as a .zip.
func (c *classroom) openLessonDialog() {
	pick := filedlg.Pick{Dir: c.host.startDir(), Exts: []string{".zip", ".json"}, Web: []string{".zip"},
		Confirm: lang.X("lessontab.open.confirm", "Open Lesson")}
	filedlg.Open(c.w.win, pick, func(paths []string) { c.openLessonPath(paths[0]) })
}

// openLessonPath opens a lesson folder, a lesson .zip, or a folder's
// lesson.json, adds it to the Lessons tab and shows it. Bad input gets a
// one-line error dialog and changes nothing.
func (c *classroom) openLessonPath(path string) bool {
	s := c.w
	if st, err := os.Stat(path); err == nil && !st.IsDir() && !strings.EqualFold(filepath.Ext(path), ".zip") {
		path = filepath.Dir(path)
	}
	l, err := lessons.Open(path)
	if err != nil {
		dlg.Error(errors.New(lang.X("lessontab.open.error", "This is not a lesson Robots Studio can open: {{.Error}}",
			map[string]any{"Error": oneLine(err.Error())})), s.win)
		return false
	}
	kept := c.opened[:0]
	for _, o := range c.opened {
		if o.ID != l.ID {
			kept = append(kept, o)
		}
	}
	c.opened = append(kept, l)
	c.current = l.ID
	if c.tab != nil {
		c.tab.Add(l)
	}
	s.tabs.Select(c.item) // makes the tab, with l selected, if it was not yet
	return true
}

// isLessonPath reports whether a command-line argument names a lesson: a
// .zip, or a folder with a lesson.json.
func isLessonPath(path string) bool {
	if strings.EqualFold(filepath.Ext(path), ".zip") {
		return true
	}
	st, err := os.Stat(filepath.Join(path, "lesson.json"))
	return err == nil && !st.IsDir()
}

// oneLine keeps the first line of an error.
func oneLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// exportLessonDialog saves the selected lesson as a .zip to share.
func (c *classroom) exportLessonDialog() {
	s := c.w
	if webfile.Enabled {
		c.host.webExportLesson()
		return
	}
	l := c.lessons().Current()
	if l == nil {
		return
	}
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil || w == nil {
			return
		}
		path := w.URI().Path()
		w.Close()
		c.exportLessonTo(path)
	}, s.win)
	d.SetFileName(l.ID + ".zip")
	d.SetFilter(storage.NewExtensionFileFilter([]string{".zip"}))
	c.host.startIn(d)
	filedlg.Show(d, s.win)
}

// exportLessonTo writes the selected lesson to path as a .zip.
func (c *classroom) exportLessonTo(path string) bool {
	s := c.w
	l := c.lessons().Current()
	if l == nil {
		return false
	}
	if err := lessons.Export(l, path); err != nil {
		dlg.Error(fmt.Errorf("%s", lang.X("lessontab.export.error", "The lesson could not be exported: {{.Error}}",
			map[string]any{"Error": oneLine(err.Error())})), s.win)
		return false
	}
	return true
}
