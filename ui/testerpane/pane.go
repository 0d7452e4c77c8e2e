// Package testerpane is the window's tester: crawler rows and path rows, a
// live verdict for every (crawler, path) under the chosen engine, a matrix
// comparing all engines, and expectations that turn the rows into regression
// tests saved as FILENAME.tests.json. It reads the Document the editor
// already parsed; it never parses robots.txt itself.
package testerpane

import (
	"maps"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/aipref"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/latest"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/testset"
	"github.com/robots-studio/robots-studio/ui/safewidget"
)

// pair is one result row: a crawler asking for a path.
type pair struct{ crawler, path string }

// cell is one verdict: a pair under one engine.
type cell struct {
	pair
	engine string
}

// Pane is the tester pane. All methods must run on the Fyne goroutine.
type Pane struct {
	win fyne.Window

	doc      *syntax.Document
	prefs    *aipref.File    // the document's Content-Signal and Content-Usage lines
	engines  []engine.Engine // every engine, in their Order
	engineID string
	compare  bool

	// set holds the rows as the user typed them (empty rows included) and
	// the expectations; pairs are the non-empty, distinct result rows.
	set   *testset.Set
	pairs []pair

	// Per-document caches: each engine compiles once per document, each
	// verdict is computed once, and only when a visible row asks for it.
	compiled map[string]engine.Compiled
	verdicts map[cell]*engine.Verdict

	// Background compiles (see SetDocument): cost is each engine's last
	// compile time, gen counts documents, next waits while busy.
	cost     map[string]time.Duration
	gen      int
	compiler *latest.Worker[compileJob, compiledSet] // compiles big documents off the UI goroutine
	// toUI is how a background result reaches the UI goroutine: fyne.Do.
	// A test driver has no UI goroutine, so tests play it with a channel.
	toUI func(func())

	// Queries (see queries.go): per-engine background lanes, the cells
	// waiting for one or cancelled, and the UI goroutine's time budget.
	runners    map[string]*queryRunner
	pending    map[cell]bool
	cancelled  map[cell]bool
	budget     time.Duration
	budgetFrom time.Time

	selected *cell // the result shown in the detail area

	onSelect          func(engine.Verdict)
	onTestSetChanged  func()
	onEngineChanged   func(id string)
	onCompareChanged  func(on bool)
	suppressSelection bool // set while the pane moves the selection itself

	lastCatalogue *catalogueView // the picker last opened (tests drive it)

	ui paneUI
}

// paneUI holds the widgets.
type paneUI struct {
	root        fyne.CanvasObject
	engineSel   *safewidget.Select
	compareChk  *widget.Check
	summary     *widget.Label
	crawlerBox  *fyne.Container
	pathBox     *fyne.Container
	list        *widget.List
	table       *widget.Table
	results     *fyne.Container // stack of list and table; one is visible
	emptyHint   *widget.Label
	detail      *detailView
	engineNames []string // display names, same order as Pane.engines
}

var emptyDoc = syntax.Parse(nil)

// New builds an empty pane (one empty crawler row and one empty path row,
// Google as the engine). win is used to place pop-ups.
func New(win fyne.Window) *Pane {
	p := &Pane{
		win:       win,
		toUI:      fyne.Do,
		doc:       emptyDoc,
		engines:   engine.All(),
		engineID:  engine.Default,
		set:       testset.New(),
		compiled:  map[string]engine.Compiled{},
		verdicts:  map[cell]*engine.Verdict{},
		cost:      map[string]time.Duration{},
		runners:   map[string]*queryRunner{},
		pending:   map[cell]bool{},
		cancelled: map[cell]bool{},
	}
	p.compiler = &latest.Worker[compileJob, compiledSet]{
		Work:    func(j compileJob) compiledSet { return compileAll(j.doc, j.ids) },
		Deliver: p.installCompiled,
		Hand:    func(f func()) { p.toUI(f) },
	}
	p.ensureEmptyRows()
	p.build()
	p.rowsChanged(false)
	return p
}

// Object is the pane's widget tree, to put in the window.
func (p *Pane) Object() fyne.CanvasObject { return p.ui.root }

// SetDocument shows verdicts for doc. Call it after every edit with the
// editor's Document, and do not modify doc afterwards: the pane may compile
// it on another goroutine. Compiled engines and verdicts are rebuilt only
// for what is on screen. When the engines in view took longer than
// asyncAbove to compile last time (the matrix on a big file: temoto alone
// takes ~100 ms on 500 KiB), they compile in the background and the results
// follow as soon as they are ready, so typing never waits for them.
func (p *Pane) SetDocument(doc *syntax.Document) {
	if doc == nil {
		doc = emptyDoc
	}
	p.gen++
	ids := p.enginesInView()
	if len(p.pairs) == 0 || p.estimate(ids) < asyncAbove {
		p.install(doc, map[string]engine.Compiled{})
		return
	}
	p.compiler.Submit(compileJob{doc: doc, ids: ids, gen: p.gen})
}

// asyncAbove is the compile time above which SetDocument stops compiling
// on the UI goroutine (a frame is 16 ms; the editor needs its share).
const asyncAbove = 10 * time.Millisecond

// compileJob is a document waiting for a background compile.
type compileJob struct {
	doc *syntax.Document
	ids []string
	gen int
}

func (p *Pane) estimate(ids []string) time.Duration {
	var sum time.Duration
	for _, id := range ids {
		sum += p.cost[id]
	}
	return sum
}

// installCompiled receives a background compile on the UI goroutine: it
// shows the document unless a newer one came meanwhile (that one is on its
// way: the worker always takes the newest).
func (p *Pane) installCompiled(job compileJob, c compiledSet) {
	maps.Copy(p.cost, c.costs)
	if job.gen != p.gen {
		return
	}
	p.install(job.doc, c.compiled)
}

// compiledSet is a document compiled by several engines, with the time each
// took.
type compiledSet struct {
	compiled map[string]engine.Compiled
	costs    map[string]time.Duration
}

// compileAll compiles doc with each engine; it touches no pane state.
func compileAll(doc *syntax.Document, ids []string) compiledSet {
	c := compiledSet{make(map[string]engine.Compiled, len(ids)), make(map[string]time.Duration, len(ids))}
	for _, id := range ids {
		if e, ok := engine.Get(id); ok {
			start := time.Now()
			c.compiled[id] = e.Compile(doc)
			c.costs[id] = time.Since(start)
		}
	}
	return c
}

// install makes doc the document on screen, with whatever engines are
// already compiled for it (the rest compile when a row asks).
func (p *Pane) install(doc *syntax.Document, compiled map[string]engine.Compiled) {
	p.doc = doc
	p.prefs = aipref.Read(doc)
	p.compiled = compiled
	clear(p.verdicts)
	p.forgetQueries()
	p.refreshResults()
}

// SetOnSelect sets what happens when the user selects a result or a matrix
// cell: the window marks v.Group.Lines and v.Rule.Line in the editor.
func (p *Pane) SetOnSelect(f func(v engine.Verdict)) { p.onSelect = f }

// SetOnTestSetChanged sets what happens when the user edits a row or an
// expectation (the window marks the test set as modified).
func (p *Pane) SetOnTestSetChanged(f func()) { p.onTestSetChanged = f }

// SetOnEngineChanged is called when the user picks an engine in the pane,
// so the window can keep its View menu in step.
func (p *Pane) SetOnEngineChanged(f func(id string)) { p.onEngineChanged = f }

// SetOnCompareChanged is called when the user switches the matrix on or off
// in the pane.
func (p *Pane) SetOnCompareChanged(f func(on bool)) { p.onCompareChanged = f }

// Engine is the id of the engine the result list uses.
func (p *Pane) Engine() string { return p.engineID }

// SetEngine chooses the engine of the result list; unknown ids are ignored.
func (p *Pane) SetEngine(id string) {
	i := p.engineIndex(id)
	if i < 0 || id == p.engineID {
		return
	}
	p.engineID = id
	p.ui.engineSel.SetSelectedIndex(i)
	if p.selected != nil && !p.compare {
		p.selected.engine = id
	}
	p.refreshResults()
}

// Compare reports whether the all-engines matrix is shown.
func (p *Pane) Compare() bool { return p.compare }

// SetCompare shows the matrix of results × engines (on) or the result list
// of the chosen engine (off).
func (p *Pane) SetCompare(on bool) {
	if on == p.compare {
		return
	}
	p.compare = on
	p.ui.compareChk.SetChecked(on)
	if on {
		p.ui.list.Hide()
		p.ui.table.Show()
	} else {
		p.ui.table.Hide()
		p.ui.list.Show()
		if p.selected != nil {
			p.selected.engine = p.engineID
		}
	}
	p.refreshResults()
}

// TestSet returns a copy of the test set to save: the rows without empty
// ones, and every expectation.
func (p *Pane) TestSet() *testset.Set {
	s := p.set.Clone()
	s.Crawlers = nonEmpty(s.Crawlers)
	s.Paths = nonEmpty(s.Paths)
	return s
}

// SetTestSet replaces the rows and expectations (after opening a file); nil
// clears them. Crawlers and paths named only by an expectation get a row.
func (p *Pane) SetTestSet(s *testset.Set) {
	if s == nil {
		s = testset.New()
	}
	p.set = s.Clone()
	p.set.AddMissingRows()
	p.ensureEmptyRows()
	p.selected = nil
	p.buildRows()
	p.rowsChanged(false)
}

func (p *Pane) ensureEmptyRows() {
	if len(p.set.Crawlers) == 0 {
		p.set.Crawlers = []string{""}
	}
	if len(p.set.Paths) == 0 {
		p.set.Paths = []string{""}
	}
}

func nonEmpty(list []string) []string {
	out := []string{}
	for _, s := range list {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

func (p *Pane) engineIndex(id string) int {
	for i, e := range p.engines {
		if e.Info().ID == id {
			return i
		}
	}
	return -1
}

// enginesInView are the engines whose verdicts are on screen.
func (p *Pane) enginesInView() []string {
	if !p.compare {
		return []string{p.engineID}
	}
	ids := make([]string, len(p.engines))
	for i, e := range p.engines {
		ids[i] = e.Info().ID
	}
	return ids
}

// verdict returns the (cached) verdict of c, compiling its engine once per
// document.
func (p *Pane) verdict(c cell) *engine.Verdict {
	if v, ok := p.verdicts[c]; ok {
		return v
	}
	if p.state(c) != cellReady {
		return nil
	}
	comp, ok := p.compiled[c.engine]
	if !ok {
		e, found := engine.Get(c.engine)
		if !found {
			return nil
		}
		start := time.Now()
		comp = e.Compile(p.doc)
		p.cost[c.engine] = time.Since(start)
		p.compiled[c.engine] = comp
	}
	// A full User-Agent is tested with the token its crawler obeys (answer),
	// and a catalogue crawler that may fetch the path gets the usage
	// preferences in force beside the verdict.
	v := p.query(c, comp)
	if v != nil {
		p.withUsage(c, v)
		p.verdicts[c] = v
	}
	return v
}

// recomputePairs rebuilds the result rows from the crawler and path rows:
// crawler-major, empty rows skipped, each pair once. It reports whether the
// rows changed.
func (p *Pane) recomputePairs() bool {
	seen := map[pair]bool{}
	var out []pair
	for _, c := range p.set.Crawlers {
		if c == "" {
			continue
		}
		for _, path := range p.set.Paths {
			pr := pair{c, path}
			if path == "" || seen[pr] {
				continue
			}
			seen[pr] = true
			out = append(out, pr)
		}
	}
	same := len(out) == len(p.pairs)
	for i := 0; same && i < len(out); i++ {
		same = out[i] == p.pairs[i]
	}
	p.pairs = out
	return !same
}

// rowsChanged runs after any edit of the crawler or path rows or of the
// expectations; user says whether the user made it (and the test set is
// now modified).
func (p *Pane) rowsChanged(user bool) {
	if p.recomputePairs() {
		p.suppressSelection = true
		p.ui.list.UnselectAll()
		p.ui.table.UnselectAll()
		p.suppressSelection = false
	}
	p.refreshResults()
	if user && p.onTestSetChanged != nil {
		p.onTestSetChanged()
	}
}

// refreshResults redraws what shows verdicts; the list and the table ask
// for the verdicts of their visible rows only.
func (p *Pane) refreshResults() {
	p.updateSummary()
	if len(p.pairs) == 0 {
		p.ui.emptyHint.Show()
	} else {
		p.ui.emptyHint.Hide()
	}
	if p.compare {
		p.ui.table.Refresh()
	} else {
		p.ui.list.Refresh()
	}
	p.ui.detail.update()
}

// updateSummary counts the expectations of the engines in view and says
// how many more exist for other engines.
func (p *Pane) updateSummary() {
	inView := map[string]bool{}
	for _, id := range p.enginesInView() {
		inView[id] = true
	}
	rows := map[pair]bool{}
	for _, pr := range p.pairs {
		rows[pr] = true
	}
	pass, fail, other := 0, 0, 0
	for _, e := range p.set.Expect {
		pr := pair{e.Crawler, e.Path}
		if !rows[pr] {
			continue
		}
		if !inView[e.Engine] {
			other++
			continue
		}
		c := cell{pr, e.Engine}
		v := p.verdict(c)
		if v == nil && p.state(c) != cellReady {
			continue // not known yet: neither passed nor failed
		}
		if v != nil && v.Allowed == e.Allowed {
			pass++
		} else {
			fail++
		}
	}
	text := lang.XN("testerpane.summary.results", "{{.Count}} results", len(p.pairs), map[string]any{"Count": len(p.pairs)})
	if pass+fail > 0 {
		text += " · " + lang.X("testerpane.summary.expectations", "expectations: {{.Pass}} pass, {{.Fail}} fail",
			map[string]any{"Pass": pass, "Fail": fail})
	}
	if other > 0 {
		text += " · " + lang.XN("testerpane.summary.other", "{{.Count}} more for other engines (see Compare)",
			other, map[string]any{"Count": other})
	}
	imp := widget.MediumImportance
	if fail > 0 {
		imp = widget.DangerImportance
	}
	setLabel(p.ui.summary, text, imp)
}

// selectCell shows c in the detail area and tells the window.
func (p *Pane) selectCell(c cell) {
	if p.suppressSelection {
		return
	}
	p.selected = &c
	p.ui.detail.update()
	if v := p.verdict(c); v != nil && p.onSelect != nil {
		p.onSelect(*v)
	}
}

// expectation returns the pinned verdict of c.
func (p *Pane) expectation(c cell) (allowed, ok bool) {
	return p.set.Expected(c.crawler, c.path, c.engine)
}

// setExpectation pins (or, with clear, unpins) the verdict of c.
func (p *Pane) setExpectation(c cell, allowed, clear bool) {
	if clear {
		p.set.ClearExpected(c.crawler, c.path, c.engine)
	} else {
		p.set.SetExpected(c.crawler, c.path, c.engine, allowed)
	}
	p.rowsChanged(true)
}

// pinAllEngines pins every engine's current verdict for pr, turning what
// the file does now into a regression test.
func (p *Pane) pinAllEngines(pr pair) {
	for _, e := range p.engines {
		c := cell{pr, e.Info().ID}
		if v := p.verdict(c); v != nil {
			p.set.SetExpected(pr.crawler, pr.path, c.engine, v.Allowed)
		}
	}
	p.rowsChanged(true)
}

// expectMenu is the menu to pin the verdict of c.
func (p *Pane) expectMenu(c cell) *fyne.Menu {
	name := engine.NameOf(c.engine).String()
	allowed, has := p.expectation(c)
	items := []*fyne.MenuItem{
		fyne.NewMenuItem(lang.X("testerpane.expect.allowed", "Expect allowed ({{.Engine}})", map[string]any{"Engine": name}),
			func() { p.setExpectation(c, true, false) }),
		fyne.NewMenuItem(lang.X("testerpane.expect.blocked", "Expect blocked ({{.Engine}})", map[string]any{"Engine": name}),
			func() { p.setExpectation(c, false, false) }),
		fyne.NewMenuItem(lang.X("testerpane.expect.pin_all", "Expect the current answers of all engines"),
			func() { p.pinAllEngines(c.pair) }),
		fyne.NewMenuItem(lang.X("testerpane.expect.clear", "No expectation"),
			func() { p.setExpectation(c, false, true) }),
	}
	items[0].Checked = has && allowed
	items[1].Checked = has && !allowed
	items[3].Disabled = !has
	return fyne.NewMenu("", items...)
}

func (p *Pane) build() {
	ui := &p.ui
	for _, e := range p.engines {
		ui.engineNames = append(ui.engineNames, msg.New(e.Info().Name).String())
	}
	ui.engineSel = safewidget.NewSelect(ui.engineNames, func(string) {
		i := ui.engineSel.SelectedIndex()
		if i < 0 {
			return
		}
		id := p.engines[i].Info().ID
		if id == p.engineID {
			return
		}
		p.SetEngine(id)
		if p.onEngineChanged != nil {
			p.onEngineChanged(id)
		}
	})
	ui.engineSel.SetSelectedIndex(p.engineIndex(p.engineID))
	ui.compareChk = widget.NewCheck(lang.X("testerpane.compare", "Compare all engines"), func(on bool) {
		if on == p.compare {
			return
		}
		p.SetCompare(on)
		if p.onCompareChanged != nil {
			p.onCompareChanged(on)
		}
	})
	ui.summary = widget.NewLabel("")
	ui.summary.Truncation = fyne.TextTruncateEllipsis

	ui.crawlerBox = container.NewVBox()
	ui.pathBox = container.NewVBox()
	p.buildRows()

	ui.list = p.newResultList()
	ui.table = p.newCompareTable()
	ui.table.Hide()
	ui.emptyHint = widget.NewLabel(lang.X("testerpane.empty_hint", "Type a crawler and a path above to see whether this file lets it in."))
	ui.emptyHint.Wrapping = fyne.TextWrapWord
	ui.emptyHint.Alignment = fyne.TextAlignCenter
	ui.results = container.NewStack(ui.list, ui.table, container.NewVBox(ui.emptyHint))
	ui.detail = newDetailView(p)

	header := container.NewBorder(nil, nil,
		container.NewHBox(widget.NewLabel(lang.X("testerpane.engine", "Engine")), ui.engineSel), ui.compareChk)
	inputs := container.NewGridWithColumns(2,
		p.rowSection(lang.X("testerpane.crawlers", "Crawlers"), ui.crawlerBox,
			lang.X("testerpane.add_crawler", "Add crawler"), p.addCrawlerRow,
			lang.X("testerpane.from_catalogue", "Catalogue…"), p.addFromCatalogue),
		p.rowSection(lang.X("testerpane.paths", "Paths"), ui.pathBox,
			lang.X("testerpane.add_path", "Add path"), p.addPathRow, "", nil),
	)
	resultsPart := container.NewBorder(ui.summary, nil, nil, nil, ui.results)
	lower := container.NewVSplit(resultsPart, ui.detail.object())
	lower.Offset = 0.62
	split := container.NewVSplit(container.NewVScroll(inputs), lower)
	split.Offset = 0.3
	ui.root = container.NewBorder(header, nil, nil, nil, split)
}
