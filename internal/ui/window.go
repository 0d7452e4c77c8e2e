package ui

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"

	"github.com/robots-studio/robots-studio/assets"
	"github.com/robots-studio/robots-studio/editor"
	"github.com/robots-studio/robots-studio/internal/session"
	"github.com/robots-studio/robots-studio/internal/textfile"
	"github.com/robots-studio/robots-studio/internal/ui/aitab"
	"github.com/robots-studio/robots-studio/internal/ui/hostwizard"
	"github.com/robots-studio/robots-studio/internal/ui/latest"
	"github.com/robots-studio/robots-studio/internal/ui/logtab"
	"github.com/robots-studio/robots-studio/internal/ui/metatab"
	"github.com/robots-studio/robots-studio/internal/ui/sitemaptab"
	"github.com/robots-studio/robots-studio/internal/ui/testerpane"
	"github.com/robots-studio/robots-studio/internal/ui/webfile"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/fetch"
	"github.com/robots-studio/robots-studio/tester/lint"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/testset"
)

// studio is one main window and its state.
type studio struct {
	app    fyne.App
	win    fyne.Window
	ed     *editor.Editor
	pane   *testerpane.Pane
	lint   *lintPanel
	tabs   *container.AppTabs
	split  *container.Split
	meta   *metatab.Tab
	wizard *hostwizard.Wizard
	ai     *aitab.Tab
	file   session.File
	rec    *session.Recovery
	status *statusFile
	bar    *statusBar
	places session.Places // where test sets are kept

	// sitemaps is the Sitemaps tab; sitemapItem its tab item.
	sitemaps    *sitemaptab.Tab
	sitemapItem *container.TabItem
	// logs is the Logs tab; logsItem its tab item.
	logs     *logtab.Tab
	logsItem *container.TabItem

	// lintReadings are the engines lint reports on (lintpanel.go).
	lintReadings lintReadings

	diags       []lint.Diagnostic
	lintDoc     *syntax.Document // the document s.diags belong to
	lints       *latest.Worker[*syntax.Document, []lint.Diagnostic]
	fetcher     *latest.Worker[fetchJob, fetchOutcome]
	selected    *engine.Verdict // the result whose group and rule are marked in the editor
	title       string
	autoText    []byte // what the last autosave wrote
	storageRoot string // the app's storage folder
	live        liveState
	changes     *changesView
	class       classroom // the Lessons tab, the timeline and presenter mode (presenter*.go)
	changesWork *latest.Worker[changesJob, changesOut]
	disk        diskState // the open file on disk (safety.go)
	recoverRows []session.RecoveryRecord
	recoverDlg  dialog.Dialog
	trace       *tracer // the opt-in speed trace (trace.go)
}

// Start opens the main window: on the file named in args, else the file of
// the last session, else (first run) the sample. It offers to recover
// buffers a crash left unsaved.
func Start(a fyne.App, args []string) fyne.Window {
	p := a.Preferences()
	setLanguage(p.String(prefLanguage))
	applyTheme(a, p.StringWithFallback(prefTheme, "system"))
	s := newStudio(a, storageDir(a))
	switch {
	case len(args) > 0 && fetch.IsURL(args[0]):
		// The user named a site on the command line: fetch it, as File ▸
		// Open from Site… would.
		s.openSample()
		s.win.Show()
		s.fetchSite(args[0], s.openFetched)
	case len(args) > 0 && isLessonPath(args[0]):
		// A teacher's lesson (folder or .zip): show it in the Lessons tab.
		s.openSample()
		s.openLessonPath(args[0])
	case len(args) > 0:
		s.openPath(args[0])
		if len(args) > 1 {
			s.openLogs(args[1:])
		}
	case p.String(prefLast) != "" && fileExists(p.String(prefLast)):
		s.openPath(p.String(prefLast))
	default:
		s.openSample()
	}
	s.win.Show()
	s.fitScreen()
	s.offerRecovery()
	s.startTrace()
	s.platformStart()
	go s.autosaveLoop()
	return s.win
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
	s := &studio{app: a, rec: session.NewRecovery(storage), status: newStatusFile(os.Getenv("ROBOTS_STUDIO_STATUS")), storageRoot: storage,
		places: session.NewPlaces(storage)}
	s.win = a.NewWindow("Robots Studio")
	s.win.SetIcon(Icon)
	s.ed = editor.New()
	s.pane = s.newPane(a.Preferences().StringWithFallback(prefEngine, testerpane.OwnReading), false, nil)
	s.lint = newLintPanel(s.jumpTo, s.applyFix)
	// Lint runs off the keystroke path, on the other core: the editor and
	// the results update at once and the findings follow; if the user typed
	// meanwhile, only the newest document is linted.
	s.fetcher = s.newFetcher()
	s.changesWork = s.newChangesWorker()
	s.lints = &latest.Worker[*syntax.Document, []lint.Diagnostic]{
		Work:    func(doc *syntax.Document) []lint.Diagnostic { return lint.Run(doc, s.lintReadings.options()) },
		Deliver: s.applyLint,
		Hand:    fyne.Do,
		Failed:  func(_ *syntax.Document, v any) { s.workerFailed(v) },
	}
	s.fetcher.Failed = func(_ fetchJob, v any) { s.workerFailed(v) }
	s.changesWork.Failed = func(_ changesJob, v any) { s.workerFailed(v) }
	s.ed.SetOnChanged(s.documentChanged)
	s.initView()
	s.ed.SetOnCursorMoved(s.cursorMoved)
	s.buildContent()
	s.win.SetMainMenu(s.menu())
	s.presenterKeys()
	s.win.SetCloseIntercept(func() { s.whenSafe(s.quit) })
	s.win.SetOnDropped(func(_ fyne.Position, uris []fyne.URI) { s.dropped(uris) })
	s.win.Resize(defaultWindowSize)
	return s
}

// dropped opens the first local file dropped on the window: a sitemap
// (dropped on the Sitemaps tab, or named *.xml / *.gz) in the Sitemaps tab,
// anything else in the editor.
func (s *studio) dropped(uris []fyne.URI) {
	if s.logsDropped(uris) {
		return
	}
	for _, u := range uris {
		if u.Scheme() == "file" {
			path := u.Path()
			if s.tabs.Selected() == s.sitemapItem || sitemaptab.LooksLikeSitemap(path) {
				s.tabs.Select(s.sitemapItem)
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
	s.live.banner = container.NewVBox()
	left := container.NewBorder(s.live.banner, s.class.present.panel(), nil, nil, s.lint.withEditor(s.ed))
	s.live.left = left
	s.split = container.NewHSplit(left, s.rightSide())
	s.split.Offset = splitOffset
	s.tabs = container.NewAppTabs(
		container.NewTabItem(tabTitle(&s.file), s.split),
		container.NewTabItem(lang.X("window.tab.meta", "Meta tags"), s.metaTab()),
		container.NewTabItem(lang.X("window.tab.mirrors", "Mirrors / Host"), s.hostTab()),
		container.NewTabItem(lang.X("aitab.tab", "AI access"), s.aiTab()),
	)
	s.sitemapItem = container.NewTabItem(lang.X("sitemap.ui.tab", "Sitemaps"), s.sitemapTab())
	s.tabs.Append(s.sitemapItem)
	s.logsItem = container.NewTabItem(lang.X("logtab.tab", "Logs"), s.logsTab())
	s.tabs.Append(s.logsItem)
	s.tabs.Append(s.lessonsTab())
	s.tabs.OnSelected = func(t *container.TabItem) {
		switch t {
		case s.tabs.Items[2]:
			s.wizard.DocumentChanged()
		case s.tabs.Items[3]:
			s.ai.Refresh()
		case s.sitemapItem:
			s.sitemaps.DocumentChanged()
		}
	}
	s.bar = newStatusBar(s.showTestSetPlace)
	s.win.SetContent(container.NewBorder(nil, s.bar.root, nil, nil, s.classroomContent(s.tabs)))
}

// splitOffset is the editor's share of the window's width, the same with
// compare on or off: turning compare on never squeezes the editor (or the
// Problems panel under it); the compare table's eight short engine columns
// fit in the 56% of a 1280-px window the tester has.
const splitOffset = 0.44

// compareChanged follows the compare switch, from the pane or the menu.
// The divider stays where it is.
func (s *studio) compareChanged(bool) {
	s.readingsChanged()
	s.fitPresenterTable()
	s.win.SetMainMenu(s.menu())
}

// documentChanged runs after every edit: results and title now, lint
// diagnostics as soon as the background linter has them.
func (s *studio) documentChanged() {
	doc := s.ed.Document()
	defer s.traceEdit(doc)()
	s.selected = nil
	s.pane.SetDocument(doc)
	s.presentCurrent()
	s.syncBanner()
	s.changes.documentChanged(doc)
	s.updateTitle()
	s.refreshStatus()
	if s.autoText != nil && !s.file.TextModified(s.ed.Bytes()) {
		// Back to the saved bytes (undo, or typed back): the recovery copy
		// would offer an edit the user no longer wants.
		s.rec.Drop(s.file.Path)
		s.autoText = nil
	} else if s.autoText != nil {
		// An undo or a deletion: the copy must not bring it back.
		s.rec.Follow(s.file.Path, s.ed.Bytes())
	}
	if s.tabs != nil && s.tabs.Selected() == s.tabs.Items[2] {
		s.wizard.DocumentChanged()
	}
	if s.tabs != nil && s.tabs.Selected() == s.tabs.Items[3] {
		s.ai.Refresh()
	}
	s.lintAfterEdit(doc)
}

// applyLint shows diagnostics, unless the text has changed since they were
// computed (a newer run is on its way).
func (s *studio) applyLint(doc *syntax.Document, diags []lint.Diagnostic) {
	if doc != s.ed.Document() {
		return
	}
	s.diags, s.lintDoc = diags, doc
	s.lint.set(diags)
	s.updateMarks()
}

// setTests shows a test set and remembers it as the saved one.
func (s *studio) setTests(set *testset.Set) {
	s.pane.SetTestSet(set)
	s.file.Tests = s.testsBytes()
}

// testsBytes is the tester's rows and expectations as they would be saved.
func (s *studio) testsBytes() []byte {
	if set := s.pane.TestSet(); set != nil {
		return set.Marshal()
	}
	return nil
}

// modified reports unsaved changes: to the text, or to tester rows that
// cannot be kept on their own (a new file's, or beside an unreadable test
// set). Rows of a saved file are kept as they change (keepTests), so they
// never mark the robots.txt as modified.
func (s *studio) modified() bool {
	return s.file.TextModified(s.ed.Bytes()) || s.testsUnsaved()
}

// testsUnsaved reports tester rows that only a Save of the file would keep.
func (s *studio) testsUnsaved() bool {
	return !s.file.CanSaveTestsAlone() && s.file.TestsModified(s.testsBytes())
}

// keepTests saves the tester's rows with the file's test set when they
// changed and can be saved alone; the robots.txt is not touched. It runs
// with the autosave and before anything that leaves the file.
func (s *studio) keepTests() {
	if !s.file.CanSaveTestsAlone() {
		return
	}
	tests := s.testsBytes()
	if !s.file.TestsModified(tests) {
		return
	}
	if err := s.file.SaveTests(s.pane.TestSet()); err != nil {
		fyne.LogError("saving the test set", err)
		return
	}
	webfile.Flush()
	s.refreshStatus()
}

func (s *studio) updateTitle() {
	t := lang.X("window.title", "Robots Studio — {{.File}}", map[string]any{"File": s.file.Name()})
	if s.modified() {
		t += " •"
	}
	if t != s.title {
		s.title = t
		s.win.SetTitle(t)
	}
	if tab := tabTitle(&s.file); s.tabs != nil && s.tabs.Items[0].Text != tab {
		s.tabs.Items[0].Text = tab
		s.tabs.Refresh()
	}
}

// updateMarks shows lint diagnostics and the selected result in the editor.
func (s *studio) updateMarks() {
	marks := make([]editor.Mark, 0, len(s.diags)+4)
	for _, d := range s.diags {
		m := editor.Mark{Line: d.Line, Kind: markKind(d.Severity), Message: d.Message.String() + " (" + lint.CodeText(d.Code) + ")"}
		if d.EndLine == d.Line && d.EndCol > d.Col {
			m.StartCol, m.EndCol = d.Col-1, d.EndCol-1
		}
		marks = append(marks, m)
	}
	if v := s.selected; v != nil {
		if v.Group != nil {
			for _, n := range v.Group.Lines {
				marks = append(marks, editor.Mark{Line: n, Kind: editor.MarkGroup, Message: v.GroupText().String()})
			}
		}
		if v.Rule != nil {
			marks = append(marks, editor.Mark{Line: v.Rule.Line, Kind: editor.MarkRule, Message: v.Explain().String()})
		}
	}
	s.ed.SetMarks(marks)
}

func markKind(sev lint.Severity) editor.MarkKind {
	switch sev {
	case lint.Error:
		return editor.MarkError
	case lint.Warning:
		return editor.MarkWarning
	}
	return editor.MarkInfo
}

// selectVerdict marks the group and rule of a result and scrolls there.
func (s *studio) selectVerdict(v engine.Verdict) {
	s.selected = &v
	s.updateMarks()
	s.presentVerdict(v)
	switch {
	case v.Rule != nil:
		s.ed.ShowLine(v.Rule.Line)
	case v.Group != nil:
		s.ed.ShowLine(v.Group.Start())
	}
}

func (s *studio) jumpTo(d lint.Diagnostic) {
	s.tabs.SelectIndex(0)
	s.ed.ShowLine(d.Line)
	s.win.Canvas().Focus(s.ed)
}

// currentDiags are the diagnostics of the text as it is now: fixes carry
// byte offsets, so they must never come from an older version of the text.
func (s *studio) currentDiags() []lint.Diagnostic {
	if doc := s.ed.Document(); s.lintDoc != doc {
		s.applyLint(doc, lint.Run(doc, s.lintReadings.options()))
	}
	return s.diags
}

// applyFix applies one diagnostic's fix as one undo step.
func (s *studio) applyFix(d lint.Diagnostic) {
	if s.lintDoc != s.ed.Document() {
		// The text changed after the panel was drawn: use the same finding
		// of the current text, or nothing.
		found := false
		for _, cur := range s.currentDiags() {
			if cur.Code == d.Code && cur.Line == d.Line && cur.Col == d.Col {
				d, found = cur, true
				break
			}
		}
		if !found {
			return
		}
	}
	if d.Fix == nil {
		return
	}
	s.applyEdits(d.Fix.Edits)
}

func (s *studio) applyEdits(edits []lint.Edit) {
	if err := s.ed.ApplyEdits(edits); err != nil {
		// Only possible if the fix was computed for another version of the
		// text; the text is left as it was.
		dialog.ShowInformation(lang.X("window.fixes.title", "Safe fixes"),
			lang.X("window.fixes.stale", "The text changed while the fix was being prepared; nothing was changed. Try again."), s.win)
	}
}

// applySafeFixes applies every safe fix (lint.ApplySafe, as check --fix
// does) as one undo step.
func (s *studio) applySafeFixes() {
	before := s.ed.Bytes()
	after, applied, err := lint.ApplySafe(before, s.lintReadings.options())
	if err != nil {
		dialog.ShowError(err, s.win)
		return
	}
	if len(applied) == 0 {
		dialog.ShowInformation(lang.X("window.fixes.title", "Safe fixes"), lang.X("window.fixes.none", "There is nothing to fix safely."), s.win)
		return
	}
	s.applyEdits([]lint.Edit{changedSpan(before, after)})
}

// changedSpan is the one edit that turns a into b: the bytes between their
// common start and common end.
func changedSpan(a, b []byte) lint.Edit {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	return lint.Edit{Start: pre, End: len(a) - suf, Text: b[pre : len(b)-suf]}
}

// openSample shows the sample (example 1 of the Lycos 1996 text) with its
// tester rows, as a new file.
func (s *studio) openSample() {
	sample := assets.Sample(currentLanguage(s.app.Preferences()))
	s.file = session.File{IsNew: true, Disk: sample}
	s.file.TestsUnreadable = false
	s.ed.SetText(sample)
	set, err := testset.Parse(assets.SampleTests)
	if err != nil {
		set = testset.New()
	}
	s.setTests(set)
	s.documentChanged()
}

// dropRecovery removes the recovery copy of the document being replaced
// (the user saved or discarded it). At start-up nothing is being replaced:
// the copies left by a crash must stay until they are offered.
func (s *studio) dropRecovery() {
	if s.file.Path != "" || s.file.IsNew {
		s.rec.Drop(s.file.Path)
	}
}

// newFile starts an empty buffer.
func (s *studio) newFile() {
	s.dropRecovery()
	s.file = session.File{IsNew: true}
	s.file.TestsUnreadable = false
	s.ed.SetText(nil)
	s.setTests(testset.New())
	s.documentChanged()
}

// openPath loads a file; on error the editor keeps its text and a dialog
// says why in plain words.
func (s *studio) openPath(path string) bool {
	o, err := session.Open(path, s.places)
	if err != nil {
		s.showFileError(err)
		return false
	}
	s.dropRecovery()
	s.file = o.File
	s.ed.SetText(o.Text)
	if o.TestsErr != nil {
		// The file on disk is kept: saving neither deletes nor overwrites
		// rows the user can still repair by hand.
		dialog.ShowError(fmt.Errorf("%s", lang.X("window.tests.unreadable",
			"The test set {{.File}} could not be read, so the tester starts empty; the file is left as it is and will not be overwritten. ({{.Error}})",
			map[string]any{"File": o.File.TestsPath, "Error": o.TestsErr.Error()})), s.win)
	}
	s.setTests(o.Tests)
	p := s.app.Preferences()
	p.SetString(prefLast, o.File.Path)
	pushRecent(p, o.File.Path)
	s.rememberFolder(o.File.Path)
	s.win.SetMainMenu(s.menu())
	s.documentChanged()
	s.fileOnDisk()
	return true
}

// save writes the buffer to its file (asking for a name for a new one).
func (s *studio) save(then func()) {
	if onWeb {
		s.webSave(then) // written into the page's storage, and downloaded
		return
	}
	if s.file.Path == "" {
		s.saveAs(then)
		return
	}
	if err := s.writeTo(s.file.Path); err != nil {
		if errors.Is(err, textfile.ErrChangedOnDisk) {
			s.checkDisk() // the question: reload or keep mine
			return
		}
		s.showFileError(err)
		return
	}
	if then != nil {
		then()
	}
}

// writeTo saves the text and the test set (session.File.Save's rules).
func (s *studio) writeTo(path string) error {
	old := s.file.Path
	if err := s.file.Save(path, s.ed.Bytes(), s.pane.TestSet(), s.places); err != nil {
		return err
	}
	if !s.file.TestsUnreadable {
		s.file.Tests = s.testsBytes()
	}
	s.rec.Drop(old)
	s.rec.Drop(s.file.Path)
	s.autoText = nil
	p := s.app.Preferences()
	p.SetString(prefLast, s.file.Path)
	pushRecent(p, s.file.Path)
	s.rememberFolder(s.file.Path)
	s.win.SetMainMenu(s.menu())
	s.updateTitle()
	s.refreshStatus()
	webfile.Flush()
	if !onWeb { // a page's storage is never deployed with a site
		s.askTestSetPlaceOnce()
	}
	s.fileOnDisk()
	return nil
}

func (s *studio) saveAs(then func()) {
	if onWeb {
		s.webSaveAs(then)
		return
	}
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil || w == nil {
			return
		}
		path := w.URI().Path()
		// The dialog has already opened (and so emptied) the chosen file:
		// fill it at once, then replace it atomically and durably.
		_, werr := w.Write(s.ed.Bytes())
		if cerr := w.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			s.showFileError(werr)
			return
		}
		if abs, _ := filepath.Abs(path); abs == s.file.Path {
			// The user chose this very file in the dialog, which has just
			// written it: that is not another program's change.
			s.file.KeepMine(s.file.CheckDisk())
		}
		if err := s.writeTo(path); err != nil {
			s.showFileError(err)
			return
		}
		if then != nil {
			then()
		}
	}, s.win)
	d.SetFileName(s.file.SaveName())
	s.startIn(d)
	d.Show()
}

// revert reloads the file from disk after confirming.
func (s *studio) revert() {
	if s.file.Path == "" {
		return
	}
	if !s.modified() {
		s.openPath(s.file.Path)
		return
	}
	dialog.ShowConfirm(lang.X("window.revert.title", "Revert"),
		lang.X("window.revert.ask", "Discard your changes to {{.File}} and reload it from disk?", map[string]any{"File": s.file.Name()}),
		func(ok bool) {
			if ok {
				s.openPath(s.file.Path)
			}
		}, s.win)
}

// whenSafe runs action now if nothing is unsaved; otherwise it asks to save,
// discard or cancel, and a failed save cancels.
func (s *studio) whenSafe(action func()) {
	s.keepTests()
	if !s.modified() {
		action()
		return
	}
	var d *dialog.CustomDialog
	answer := func(c unsavedChoice) func() {
		return func() {
			d.Hide()
			save, goOn := proceed(c)
			if save {
				s.save(action)
				return
			}
			if goOn {
				s.rec.Drop(s.file.Path)
				action()
			}
		}
	}
	msgText := unsavedQuestion(s.file.Name(), s.file.TextModified(s.ed.Bytes()), s.testsUnsaved())
	buttons := container.NewHBox(
		newButton(lang.X("window.unsaved.cancel", "Cancel"), answer(choiceCancel)),
		newButton(lang.X("window.unsaved.discard", "Don't save"), answer(choiceDiscard)),
		newImportantButton(lang.X("window.unsaved.save", "Save"), answer(choiceSave)),
	)
	d = dialog.NewCustomWithoutButtons(lang.X("window.unsaved.title", "Unsaved changes"),
		container.NewVBox(newWrappedLabel(msgText), container.NewCenter(buttons)), s.win)
	d.Show()
}

func (s *studio) quit() {
	s.rec.Drop(s.file.Path)
	s.disk.stop()
	s.rec.Close()
	s.app.Quit()
}

// showFileError says in plain words why a file could not be opened or saved.
func (s *studio) showFileError(err error) {
	text := err.Error()
	if fe, ok := err.(*textfile.Error); ok {
		text = fe.Path + "\n\n" + fe.Text.String()
	}
	dialog.ShowError(fmt.Errorf("%s", text), s.win)
}

// autosaveLoop copies an unsaved buffer to storage every few seconds.
func (s *studio) autosaveLoop() {
	for range time.Tick(session.AutosaveEvery) {
		fyne.Do(s.autosave)
	}
}

func (s *studio) autosave() {
	s.keepTests()
	text := s.ed.Bytes()
	if !s.file.TextModified(text) {
		return
	}
	// Keep writes when the text changed or the copy vanished.
	if err := s.rec.Keep(s.file.Path, text); err == nil {
		s.autoText = append(s.autoText[:0], text...)
		webfile.Flush()
	}
}

// restore puts a recovered buffer back in the editor, under its own file
// only. When that file exists but can no longer be opened (it became a
// folder, a binary, unreadable…), the text comes back as a new unsaved
// document and a dialog says why: it is never attached to another file.
func (s *studio) restore(rec session.RecoveryRecord) {
	var why error
	switch {
	case rec.Path == "":
		s.file = session.File{IsNew: true}
	case !pathExists(rec.Path):
		// The file was deleted: saving recreates it where it was.
		s.file = session.File{Path: rec.Path}
	default:
		if _, err := textfile.Load(rec.Path, nil); err != nil {
			why = err
			s.file = session.File{IsNew: true}
		} else if !s.openPath(rec.Path) {
			s.file = session.File{IsNew: true}
		}
	}
	if s.file.Path != rec.Path {
		s.file.TestsUnreadable = false
		s.setTests(testset.New())
	}
	s.ed.SetText(rec.Text)
	s.documentChanged()
	// The copy becomes this window's (written under its owner first, then
	// the old one removed), so a second crash before the next autosave
	// loses nothing; under "" when the text is now a new document.
	if s.rec.Adopt(rec, s.file.Path) == nil {
		s.autoText = append([]byte(nil), rec.Text...)
	}
	if s.file.Path != rec.Path {
		reason := ""
		if why != nil {
			reason = why.Error()
			if fe, ok := why.(*textfile.Error); ok {
				reason = fe.Text.String()
			}
		}
		dialog.ShowInformation(lang.X("window.recover.title", "Recover unsaved work"),
			lang.X("window.recover.detached", "{{.File}} could not be opened ({{.Reason}}), so the recovered text is shown as a new, unsaved document. Use File ▸ Save As… to keep it; {{.File}} itself was not changed.",
				map[string]any{"File": rec.Path, "Reason": reason}), s.win)
	}
}

// pathExists reports whether anything (file, folder, device) is at path.
func pathExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil || !errors.Is(err, fs.ErrNotExist)
}
