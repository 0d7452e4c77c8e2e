package ui

import (
	"os"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"

	"github.com/robots-studio/robots-studio/editor"
	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/internal/session"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/fetch"
	"github.com/robots-studio/robots-studio/tester/lint"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/testset"
	"github.com/robots-studio/robots-studio/ui/latest"
	"github.com/robots-studio/robots-studio/ui/richmsg"
	"github.com/robots-studio/robots-studio/ui/sitemaptab"
	"github.com/robots-studio/robots-studio/ui/testerpane"
	"github.com/robots-studio/robots-studio/ui/webfile"
)

// studio is one main window and its state. Its parts (the checks, the
// dialogs, the live fetch, the classroom, the tabs, …) do not point back
// to it: each is given the window's objects (shared) and a few callbacks
// into the studio or into other parts, wired in newStudio.
type studio struct {
	*shared
	status *statusFile
	bar    *statusBar
	// autosaver copies unsaved text every few seconds on clock (close
	// stops it).
	autosaver *session.Autosaver
	clock     session.Clock

	// tabList are the tabs in the order shown (newTabs); the fields below
	// are the same tabs, for the window's own wiring.
	tabList  []tab
	editor   *editorTab
	meta     *metaTab
	wizard   *hostTab
	ai       *aiTab
	sitemaps *sitemapsTab
	logs     *logsTab
	history  *historyTab

	title       string
	storageRoot string // the app's storage folder
	live        liveState
	class       classroom // the Lessons tab, the timeline and presenter mode (presenter*.go)
	disk        diskState // the open file on disk (safety.go)
	recovery    recoveryList
	view        viewSide
	dialogs     dialogs
	checks      checks
	production  *productionGuard // Edit ▸ Check for Production… (production.go)
	web         webSide
	menus       menuBar       // the main menu (menus.go)
	menuKeys    menuKeys      // F10 and Alt+letter (menukeys.go)
	catalogue   catalogueSide // the Catalogue menu's dialogs (catalogue_dialogs.go)
	trace       *tracer       // the opt-in speed trace (trace.go)
	slow        slowWork      // "Working…" before slow work (working.go)
}

// shared are the window's objects that several of its parts use. The
// studio makes them and replaces some of them (a language switch makes a
// new pane, Problems panel, tab container and divider); a part reads them
// through this struct when it needs them, so it always sees the current
// ones. It holds no part.
type shared struct {
	app   fyne.App
	win   fyne.Window
	ed    *editor.Editor
	doc   *session.Document // the open document: text, test set, saved or not, recovery
	pane  *testerpane.Pane
	lint  *lintPanel
	tabs  *container.AppTabs
	split *container.Split
}

// Start opens the main window: on the file named in args, else the file of
// the last session, else (first run) the sample. It offers to recover
// buffers a crash left unsaved.
func Start(a fyne.App, args []string) fyne.Window {
	keys.StrayRunes = true // a key that closed a dialog types nothing behind it
	p := a.Preferences()
	setLanguage(p.String(prefLanguage))
	applyTheme(a, p.StringWithFallback(prefTheme, "system"))
	s := newStudio(a, storageDir(a))
	s.slow.afterPaint = afterPaint
	openWindow(s, args)
	return s.win
}

// openWindow shows the window on the file named in args (else the last
// session's, else the sample) and starts what runs beside it: the watch on
// the file and the autosave, which the window's close stops.
func openWindow(s *studio, args []string) {
	p := s.app.Preferences()
	switch {
	case len(args) > 0 && fetch.IsURL(args[0]):
		// The user named a site on the command line: fetch it, as File ▸
		// Open from Site… would. It is tested with a few crawlers of its
		// own on its home page, never with the sample's rows and their
		// expectation.
		s.show(session.File{IsNew: true}, nil, siteStarterTests())
		s.win.Show()
		s.live.fetchSite(args[0], s.live.openFetched)
	case len(args) > 0 && isLessonPath(args[0]):
		// A teacher's lesson (folder or .zip): show it in the Lessons tab,
		// beside an empty file (the sample's rows belong to the sample).
		s.newFile()
		s.class.openLessonPath(args[0])
	case len(args) > 0:
		s.openPath(args[0])
		if len(args) > 1 {
			s.logs.open(args[1:])
		}
	case p.String(prefLast) != "" && fileExists(p.String(prefLast)):
		s.openPath(p.String(prefLast))
	default:
		s.openSample()
	}
	s.win.Show()
	s.view.fitScreen()
	s.hookKeys()
	s.recovery.offerRecovery()
	s.trace = startTrace(s.shared)
	s.platformStart()
	s.watchStatus()
	// The window owns the autosave: close stops it.
	s.autosaver = session.StartAutosave(s.clock, session.AutosaveEvery, fyne.Do, s.autosave)
}

// siteStarterTests are the tester's rows for a site opened from the command
// line: the main search crawlers and the best-known AI crawler on the home
// page, with no expectations.
func siteStarterTests() *testset.Set {
	return &testset.Set{Crawlers: []string{"Googlebot", "bingbot", "YandexBot", "GPTBot"}, Paths: []string{"/"}}
}

func storageDir(a fyne.App) string {
	if root := a.Storage().RootURI(); root != nil && root.Scheme() == "file" {
		return root.Path()
	}
	dir, err := os.UserConfigDir()
	if err != nil {
		dir = os.TempDir()
	}
	return filepath.Join(dir, "robots-studio")
}

func fileExists(path string) bool {
	st, err := os.Stat(path)
	return err == nil && !st.IsDir()
}

// newStudio builds the window and its parts; it shows nothing yet.
func newStudio(a fyne.App, storage string) *studio {
	s := &studio{shared: &shared{app: a}, status: newStatusFile(os.Getenv("ROBOTS_STUDIO_STATUS")), storageRoot: storage, clock: session.RealClock{}}
	s.doc = session.NewDocument(session.NewRecovery(storage), session.NewPlaces(storage),
		func() []byte { return s.ed.Bytes() }, func() *testset.Set { return s.pane.TestSet() })
	// The window's parts, one per line.
	s.live = liveState{w: s.shared, host: liveHost{
		whenSafe:   s.whenSafe,
		show:       s.show,
		showEditor: s.showEditor,
		showHistory: func() {
			if s.history != nil {
				s.showTab(s.history)
			}
		},
		showFileError: s.showFileError,
		startDir:      func() string { return s.dialogs.startDir() },
		webUnreadable: func(url string) { s.web.webUnreadable(url) },
		selectVerdict: func(v engine.Verdict) { s.checks.selectVerdict(v) },
		clearSelection: func() {
			s.checks.selected = nil
			s.checks.updateMarks()
		},
		workerFailed: func(v any) { s.checks.workerFailed(v) },
	}}
	s.disk = diskState{w: s.shared, reloaded: s.documentChanged, kept: func() { s.updateTitle(); s.refreshStatus() }}
	s.class = classroom{w: s.shared, host: classHost{
		whenSafe:        s.whenSafe,
		show:            s.show,
		showEditor:      s.showEditor,
		refreshStatus:   s.refreshStatus,
		startIn:         func(d *dialog.FileDialog) { s.dialogs.startIn(d) },
		startDir:        s.dialogs.startDir,
		refreshMenus:    func() { s.menus.refresh() },
		toggleMenu:      func() { s.menus.toggleMenu() },
		showSelected:    func() { s.checks.showSelected() },
		readingsChanged: func() { s.checks.readingsChanged() },
		zoom:            func() int { return s.view.zoom() },
		setZoom:         func(z int) { s.view.setZoom(z) },
		applyZoom:       func(z int) { s.view.applyZoom(z) },
		fits:            func() bool { return s.view.fits() },
		traceStep:       func(name string) func() { return s.trace.step(name) },
		working:         s.slow.run,
		editorInView:    func() bool { return s.tabs == nil || s.editor == nil || s.tabs.Selected() == s.editor.it },
		webExportLesson: func() { s.web.webExportLesson() },
	}}
	s.recovery = recoveryList{w: s.shared, restore: func(rec session.RecoveryRecord, then func()) {
		s.whenSafe(func() {
			s.restore(rec)
			then()
		})
	}}
	s.checks = checks{w: s.shared, presented: func(v engine.Verdict) { s.class.presentVerdict(v) }, showEditor: s.showEditor}
	s.production = newProductionGuard(s.shared, func(n int) { s.checks.selectLine(n) }, func(v any) { s.checks.workerFailed(v) })
	s.win = a.NewWindow("Robots Studio")
	s.win.SetIcon(Icon)
	s.ed = editor.New()
	// a mark's whole message, opened from the editor's context menu
	s.ed.MessageView = func(m string) fyne.CanvasObject { return richmsg.NewText(m, richmsg.Style{}) }
	// The parts made here hold the window, its editor and document (made
	// above, never replaced), or the shared objects where they read the
	// pane, the tabs or the split, which the studio replaces.
	s.view = newViewSide(s.shared, func() { s.menus.refresh() })
	s.view.traceStep = func(name string) func() { return s.trace.step(name) }
	s.slow.bar = func() *statusBar { return s.bar }
	s.slow.trace = func() *tracer { return s.trace }
	s.view.working = s.slow.run
	s.dialogs = newDialogs(s)
	s.web = newWebSide(s)
	s.menus = newMenuBar(s)
	s.catalogue = newCatalogueSide(s.win, storage, func() { s.menus.refresh() })
	s.pane = s.newPane(a.Preferences().StringWithFallback(prefEngine, testerpane.OwnReading), false, nil)
	s.lint = newLintPanel(s.checks.jumpTo, s.checks.applyFix)
	// Lint runs off the keystroke path, on the other core: the editor and
	// the results update at once and the findings follow; if the user typed
	// meanwhile, only the newest document is linted.
	s.live.fetcher = s.live.newFetcher()
	s.live.changesWork = s.live.newChangesWorker()
	s.checks.lints = &latest.Worker[*syntax.Document, []lint.Diagnostic]{
		Work:    func(doc *syntax.Document) []lint.Diagnostic { return lint.Run(doc, s.checks.lintReadings.options()) },
		Deliver: s.checks.applyLint,
		Hand:    fyne.Do,
		Failed:  func(_ *syntax.Document, v any) { s.checks.workerFailed(v) },
	}
	s.ed.OnChanged = s.documentChanged
	s.tabList = s.newTabs()
	s.view.initView()
	s.ed.OnCursorMoved = s.cursorMoved
	s.buildContent()
	s.menus.refresh()
	s.class.presenterKeys()
	s.dialogs.tellPasteCuts()
	s.win.SetCloseIntercept(func() { s.whenSafe(s.quit) })
	s.win.SetOnClosed(s.close)
	s.win.SetOnDropped(func(_ fyne.Position, uris []fyne.URI) { s.dropped(uris) })
	s.win.Resize(defaultWindowSize)
	return s
}

// dropped opens the first local file dropped on the window: a sitemap
// (dropped on the Sitemaps tab, or named *.xml / *.gz) in the Sitemaps tab,
// anything else in the editor.
func (s *studio) dropped(uris []fyne.URI) {
	if s.logs.dropped(uris) {
		return
	}
	for _, u := range uris {
		if u.Scheme() == "file" {
			path := u.Path()
			if s.tabs.Selected() == s.sitemaps.tabItem() || sitemaptab.LooksLikeSitemap(path) {
				s.showTab(s.sitemaps)
				s.sitemaps.Open(path)
				return
			}
			s.whenSafe(func() { s.openPath(path) })
			return
		}
	}
}

// buildContent lays out the window: editor over lint panel on the left,
// tester pane on the right; meta tags and mirrors in their own tabs.
func (s *studio) buildContent() {
	s.tabs = s.buildTabs()
	s.bar = newStatusBar(s.dialogs.showTestSetPlace)
	strip := container.New(s.newTabFit(), s.tabs) // every tab's name in sight
	s.win.SetContent(container.NewBorder(nil, s.bar.root, nil, nil, s.class.classroomContent(strip)))
}

// splitOffset is the editor's share of the window's width, the same with
// compare on or off: turning compare on never squeezes the editor (or the
// Problems panel under it); the compare table's eight short engine columns
// fit in the 56% of a 1280-px window the tester has.
const splitOffset = 0.44

// compareChanged follows the compare switch, from the pane or the menu.
// The divider stays where it is.
func (s *studio) compareChanged(bool) {
	s.checks.readingsChanged()
	s.class.fitPresenterTable()
	s.menus.refresh()
}

// documentChanged runs after every edit: results and title now, lint
// diagnostics as soon as the background linter has them.
func (s *studio) documentChanged() {
	doc := s.ed.Document()
	defer s.trace.edit(doc)()
	s.checks.selected = nil
	s.pane.SetDocument(doc)
	s.class.presentCurrent()
	s.live.syncBanner()
	s.live.changes.documentChanged(doc)
	s.updateTitle()
	s.refreshStatus()
	s.doc.Edited()       // the recovery copy follows undos and deletions
	s.autosaver.Edited() // … and is written at the next pause in typing
	s.tell(edited)
	s.checks.lintAfterEdit(doc)
}

func (s *studio) updateTitle() {
	t := lang.X("window.title", "Robots Studio — {{.File}}", map[string]any{"File": s.doc.Name()})
	modified := s.doc.Modified()
	if modified {
		t += " •"
	}
	webfile.SetUnsaved(modified) // the browser's tab asks before it closes
	if t != s.title {
		s.title = t
		s.win.SetTitle(t)
	}
	s.editor.retitle()
}
