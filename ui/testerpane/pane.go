// Package testerpane is the window's tester: crawler rows and path rows, a
// live verdict for every (crawler, path) in a table that filters, sorts,
// counts and exports, read by each crawler's own rules or one chosen
// engine, a compare view with a column per engine, and expectations that
// turn the rows into regression tests saved as FILENAME.tests.json. It
// reads the Document the editor already parsed; it never parses robots.txt
// itself.
package testerpane

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/aiaccess"
	"github.com/robots-studio/robots-studio/tester/aipref"
	"github.com/robots-studio/robots-studio/tester/crawlers"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/testset"
	"github.com/robots-studio/robots-studio/ui/latest"
	"github.com/robots-studio/robots-studio/ui/safewidget"
)

// pair is one result row: a crawler asking for a path.
type pair struct{ crawler, path string }

// OwnReading is the reading "each crawler's own": every crawler under the
// engine its operator documents (engine.ForCrawler: Googlebot the Google
// way, YandexBot the Yandex way, bingbot the Bing way, the rest as RFC
// 9309). It is the pane's default.
const OwnReading = "own"

// cell is one verdict: a pair under one engine.
type cell struct {
	pair
	engine string
}

// Pane is the tester pane. All methods must run on the Fyne goroutine.
// It is what the window talks to, and it coordinates its parts: each part
// (the reading, the answers, the row input, the result view and its tally,
// the table's columns, compare's columns, expectations, export, the detail
// area) is a named field with one job. A part never points back to the
// pane: it holds the state the parts share (paneState), pointers to the
// parts it reads, and a few named callbacks that the pane sets in New.
type Pane struct {
	// The state the parts share: the document, the test set, compare, the
	// selection, and how work reaches the UI goroutine. It holds no
	// pointer to the pane or to its parts.
	*paneState

	// Background compiles (see SetDocument).
	compiler *latest.Worker[compileJob, compiledSet] // compiles big documents off the UI goroutine

	// The pane's parts, each with one job. A part may point to the shared
	// state, to the widgets (ui) and to the parts above it in this list,
	// never to one below it nor to the pane; what must go the other way
	// (the results to redraw, the rows changed, a cell selected) is a
	// named callback.
	reading readings     // which engine answers for which crawler (reading.go)
	answers answerer     // compiled engines and verdicts (queries.go)
	expect  expectations // pinned verdicts (expect.go)
	matrix  compareView  // compare's engine columns (compare.go)
	tallies tallier      // every verdict worked out, for counts, filter and sort (view.go)
	view    resultView   // the result rows after filter and sort, and their summary (view.go)
	table   resultTable  // the results table's columns (table.go, columns.go)
	export  exporter     // Copy and Export… (export.go)
	input   rowInput     // the crawler and path rows (rows.go, rowtext.go, rowwindow.go)
	detail  *detailView  // the selected result explained (detail.go)

	ui paneUI // the widgets (no part among them)
}

// paneState is what several parts of the pane read and change: it holds
// no pointer to the pane or to its parts.
type paneState struct {
	win fyne.Window // places pop-ups and dialogs

	doc   *syntax.Document
	prefs *aipref.File // the document's Content-Signal and Content-Usage lines
	// set holds the rows as the user typed them (empty rows included) and
	// the expectations.
	set      *testset.Set
	compare  bool
	selected *cell // the result shown in the detail area

	// gen counts documents (background compiles and queries keep the
	// answer of the newest only).
	gen int
	// toUI is how a background result reaches the UI goroutine: fyne.Do.
	// A test driver has no UI goroutine, so tests play it with a channel.
	toUI func(func())
	// after runs f on the UI goroutine once d has passed (tests run it
	// when they choose)
	after func(d time.Duration, f func())
	// synchronous: no background work at all (SetSynchronous)
	synchronous bool

	suppressSelection bool // set while the pane moves the selection itself
	presenting        bool // presenter mode's layout (present.go)
	// rowsRoomy: presenter mode gave the rows presentingRowsShare of the
	// height (no results yet); rowsShare is what they had before.
	rowsRoomy bool
	rowsShare float64

	// What the window asked to hear of (the Pane's SetOn… methods).
	onSelect         func(engine.Verdict)
	onTestSetChanged func()
	onEngineChanged  func(id string)
	onCompareChanged func(on bool)
	onColumnsChanged func() // the compare columns' order or hiding changed
	// TraceStep records a named step of the window's opt-in speed trace
	// (a paste of rows: "paste") and returns the function to call when
	// the step's handler ends; nil records nothing. The window sets it.
	TraceStep func(name string) func()
}

// paneUI holds the widgets. It holds no part: the parts that show
// something share it by pointer.
type paneUI struct {
	root        fyne.CanvasObject
	engineSel   *safewidget.Select
	readingRow  *readingRow // the row of engineSel, fitting it
	compareChk  *keys.Check
	columnsBtn  *widget.Button // the engine column chooser (compare)
	summary     *safewidget.Ellipsis
	summaryFit  *summaryFit // lays summary out: its parts whole as far as they fit
	filter      *keys.Entry
	toggles     [toggleCount]*keys.Check
	toggleBox   *fyne.Container
	filterRow   *fyne.Container
	copyBtn     *widget.Button
	exportBtn   *widget.Button
	crawlerBox  *fyne.Container
	pathBox     *fyne.Container
	rowsScroll  *container.Scroll // the crawler and path rows
	table       *hoverTable
	tip         *HoverTip // a cut cell's whole text, over the table
	results     *fyne.Container
	emptyHint   *widget.Label
	lower       *container.Split  // the results over the detail area
	upper       *container.Split  // the rows over the results and the detail area
	inputs      fyne.CanvasObject // the crawler and path rows (hidden when presenting)
	engineNames []string          // the select's options: OwnReading, then Pane.engines
	fold        foldUI            // the lists folded to one line (fold.go)
	tools       *fyne.Container   // the filter, its toggles and the summary, over the table
	resultsOnly ResultsOnly       // the tester has the window's width (focus.go)
}

var emptyDoc = syntax.Parse(nil)

// New builds an empty pane (one empty crawler row and one empty path row,
// each crawler read by its own rules). win is used to place pop-ups.
func New(win fyne.Window) *Pane {
	p := &Pane{paneState: &paneState{
		win:  win,
		toUI: fyne.Do,
		doc:  emptyDoc,
		set:  testset.New(),
	}}
	cols := &engineColumns{hidden: map[string]bool{}}
	p.reading = readings{paneState: p.paneState, cols: cols, engines: engine.All(), engineID: OwnReading, own: map[string]string{}}
	p.input = rowInput{paneState: p.paneState, ui: &p.ui, rowsChanged: p.rowsChanged}
	p.export = exporter{paneState: p.paneState, answers: &p.answers, view: &p.view}
	p.expect = expectations{paneState: p.paneState, answers: &p.answers, reading: &p.reading, rowsChanged: p.rowsChanged}
	p.detail = newDetailView(p.paneState, &p.ui, &p.answers, &p.expect, &p.matrix, &p.view)
	p.table = resultTable{paneState: p.paneState, ui: &p.ui, view: &p.view, answers: &p.answers, reading: &p.reading,
		expect: &p.expect, matrix: &p.matrix, detail: p.detail,
		colChoice: map[colKind]colChoice{}, fits: map[fitKey]string{}}
	p.matrix = compareView{paneState: p.paneState, engineColumns: cols, answers: &p.answers, reading: &p.reading,
		columnsChanged: func() {
			p.table.layoutColumns()
			p.tallies.startTally()
			p.refreshResults()
		},
		fitColumns: func() {
			p.table.forgetWidths()
			p.table.layoutColumns()
		}}
	for _, e := range p.reading.engines {
		if hiddenByDefault(e.Info().ID) {
			p.matrix.hidden[e.Info().ID] = true
		}
	}
	p.view = resultView{paneState: p.paneState, reading: &p.reading, answers: &p.answers, cols: cols, tallies: &p.tallies, ui: &p.ui, sortCol: -1,
		columns:        func() []column { return p.table.cols },
		layoutColumns:  func() { p.table.layoutColumns() },
		setCompare:     p.SetCompare,
		refreshResults: p.refreshResults,
	}
	p.tallies = tallier{paneState: p.paneState, answers: &p.answers, reading: &p.reading, cols: cols, facts: map[cell]fact{},
		rows:          func() ([]pair, bool) { return p.view.pairs, p.view.toggles[showDiffer] },
		countSummary:  p.view.countSummary,
		updateSummary: p.view.updateSummary,
		tallied:       p.view.tallied,
	}
	p.answers = answerer{
		paneState:      p.paneState,
		compiling:      func() bool { return p.compiler.Busy() },
		refreshResults: p.refreshResults,
		compiled:       map[string]engine.Compiled{},
		verdicts:       map[cell]*engine.Verdict{},
		cost:           compileCosts{},
		runners:        map[string]*queryRunner{},
		pending:        map[cell]bool{},
		cancelled:      map[cell]bool{},
	}
	p.compiler = &latest.Worker[compileJob, compiledSet]{
		Work: func(j compileJob) compiledSet { return compileAll(j.doc, j.ids) },
		// a background compile reaches the UI goroutine: its costs are
		// kept, and its result installed unless a newer document came
		Deliver: func(job compileJob, c compiledSet) {
			for id, d := range c.costs {
				p.answers.cost.note(id, d)
			}
			if job.gen == p.gen {
				p.install(job.doc, c.compiled)
			}
		},
		Hand: func(f func()) { p.toUI(f) },
	}
	p.after = func(d time.Duration, f func()) {
		hand := p.toUI // as it is now: a test may change it while the timer runs
		Later(d, func() { hand(f) })
	}
	p.tallies.worker = &latest.Worker[tallyJob, tallyOut]{
		Work:    runTally,
		Deliver: p.tallies.deliver,
		Hand:    func(f func()) { p.toUI(f) },
	}
	p.matrix.order = p.matrix.defaultOrder()
	p.input.ensureEmptyRows()
	p.buildUI()
	p.rowsChanged(false)
	return p
}

// Object is the pane's widget tree, to put in the window.
func (p *Pane) Object() fyne.CanvasObject { return p.ui.root }

// ResultsTable is the results table as the window's keyboard focus knows
// it: a click gives it the keyboard, and a rebuilt window (a language
// switch) gives it back by name, not by its place in the focus order,
// which the rows shown at the time change.
func (p *Pane) ResultsTable() fyne.Focusable { return p.ui.table }

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
	ids := p.reading.enginesInView()
	if len(p.view.pairs) == 0 || p.answers.estimate(ids) < asyncAbove {
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
	p.answers.compiled = compiled
	clear(p.answers.verdicts)
	p.answers.forgetQueries()
	if p.tallies.tallyAtOnce() {
		p.tallies.startTally() // paints the results with the new counts: once per keystroke, not twice
		return
	}
	p.refreshResults()
	p.tallies.startTally()
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

// Engine is the reading of the results: an engine id or OwnReading.
func (p *Pane) Engine() string { return p.reading.engineID }

// SetSynchronous compiles and tallies on the caller's goroutine (for
// callers with no UI goroutine to hand results to, such as the test
// driver, where a result handed over with fyne.Do would run on the
// worker's goroutine beside the test's; and for the browser, where there
// is one thread and a result handed over needs a frame of its own).
// Slow queries are answered on the caller's goroutine too. Work already
// started (a new pane compiles its document) is waited for first (when on).
func (p *Pane) SetSynchronous(on bool) {
	if on {
		p.compiler.Wait()
		p.tallies.worker.Wait()
	}
	p.compiler.Inline = on
	p.tallies.worker.Inline = on
	p.synchronous = on
}

// Synchronous reports what SetSynchronous set.
func (p *Pane) Synchronous() bool { return p.synchronous }

// ReadingName is the reading's name as the user sees it: "Each crawler's
// own" or the engine's name.
func (p *Pane) ReadingName() string {
	if p.reading.engineID == OwnReading {
		return lang.X("testerpane.reading.own", "Each crawler's own")
	}
	return engine.NameOf(p.reading.engineID).String()
}

// SetEngine chooses the reading of the results: an engine id or
// OwnReading; unknown ids are ignored.
func (p *Pane) SetEngine(id string) {
	i := p.reading.readingIndex(id)
	if i < 0 || id == p.reading.engineID {
		return
	}
	p.reading.engineID = id
	p.ui.engineSel.SetSelectedIndex(i)
	p.ui.readingRow.refit()
	if p.selected != nil && !p.compare {
		p.selected.engine = p.reading.engineFor(p.selected.crawler)
	}
	p.tallies.startTally()
	if p.view.viewNeedsFacts() {
		p.view.applyView()
	}
	p.table.columnsFollow(p.table.tableW) // Read as shows under each crawler's own reading only
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
	if !on {
		if p.selected != nil {
			p.selected.engine = p.reading.engineFor(p.selected.crawler)
		}
		// "readings differ" filters by a difference only compare's
		// columns show: it goes off with them (it kept rows filtered by
		// nothing in sight)
		p.view.toggles[showDiffer] = false
		if t := p.ui.toggles[showDiffer]; t != nil && t.Checked {
			t.SetChecked(false)
		}
	}
	p.view.sortCol = -1 // the columns change
	p.table.layoutColumns()
	p.tallies.startTally()
	p.view.applyView()
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
	p.input.ensureEmptyRows()
	p.selected = nil
	p.input.buildRows()
	p.rowsChanged(false)
	p.table.layoutColumns() // the set's own column widths (widths.go)
	p.ui.fold.follow(len(nonEmpty(p.set.Crawlers)), len(nonEmpty(p.set.Paths)), true)
}

func (in *rowInput) ensureEmptyRows() {
	if len(in.set.Crawlers) == 0 {
		in.set.Crawlers = []string{""}
	}
	if len(in.set.Paths) == 0 {
		in.set.Paths = []string{""}
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

// recomputePairs rebuilds the result rows from the crawler and path rows:
// crawler-major, empty rows skipped, each pair once. It reports whether the
// rows changed.
func (rv *resultView) recomputePairs() bool {
	seen := map[pair]bool{}
	var out []pair
	for _, c := range rv.set.Crawlers {
		if c == "" {
			continue
		}
		for _, path := range rv.set.Paths {
			pr := pair{c, path}
			if path == "" || seen[pr] {
				continue
			}
			seen[pr] = true
			out = append(out, pr)
		}
	}
	same := len(out) == len(rv.pairs)
	for i := 0; same && i < len(out); i++ {
		same = out[i] == rv.pairs[i]
	}
	rv.pairs = out
	rv.host = commonHost(out)
	rv.mixed = mixedHosts(out)
	rv.isPair = seen
	return !same
}

// rowsChanged runs after any edit of the crawler or path rows or of the
// expectations; user says whether the user made it (and the test set is
// now modified).
func (p *Pane) rowsChanged(user bool) {
	if p.view.recomputePairs() {
		p.view.applyView()
		p.tallies.startTally()
	} else if user {
		p.tallies.startTally() // an expectation changed
	}
	// Rows and expectations decide the columns (Expected, the crawler
	// column's width); a keystroke in the file does not: not done there.
	p.table.columnsFollow(p.table.tableW)
	p.ui.fold.follow(len(nonEmpty(p.set.Crawlers)), len(nonEmpty(p.set.Paths)), false)
	p.refreshResults()
	if user && p.onTestSetChanged != nil {
		p.onTestSetChanged()
	}
}

// refreshResults redraws what shows verdicts; the table asks for the
// verdicts of its visible rows only.
func (p *Pane) refreshResults() {
	p.input.updateRowWindow()
	p.view.updateSummary()
	if len(p.view.pairs) == 0 {
		p.ui.emptyHint.Show()
		p.ui.table.Hide() // the hint takes its place, headers and all
	} else {
		p.ui.emptyHint.Hide()
		p.ui.table.Show()
		// Only a shown table: refreshing a hidden one repaints its headers
		// and asks for a frame on every key of a file with no rows.
		p.ui.table.Refresh()
	}
	p.detail.update()
}

// setLabel changes a label only when its text or importance differ.
func setLabel(l *widget.Label, text string, imp widget.Importance) {
	if l.Text == text && l.Importance == imp {
		return
	}
	l.Importance = imp
	l.SetText(text)
}

// maxCountedCrawlers is how many crawlers the summary counts by name: three
// keep it to two lines at 1280×800 in Russian and Polish (six took four,
// and the table lost a row to them); the filter and the table give the rest.
const maxCountedCrawlers = 3

// openDetail opens (or widens) the detail area to the whole explanation
// of the selected result; presenting, it stays hidden (the window explains
// the result in large type).
func (d *detailView) openDetail() {
	if d.presenting {
		return
	}
	if off := d.fitOffset(d.ui.lower); off < d.ui.lower.Offset-0.01 {
		d.ui.lower.SetOffset(off)
	}
}

// buildUI makes the pane's widgets and ties them to the parts.
func (p *Pane) buildUI() {
	ui := &p.ui
	ui.engineNames = []string{lang.X("testerpane.reading.own", "Each crawler's own")}
	for _, e := range p.reading.engines {
		ui.engineNames = append(ui.engineNames, msg.New(e.Info().Name).String())
	}
	ui.engineSel = safewidget.NewSelect(ui.engineNames, func(string) {
		i := ui.engineSel.SelectedIndex()
		if i < 0 {
			return
		}
		id := OwnReading
		if i > 0 {
			id = p.reading.engines[i-1].Info().ID
		}
		if id == p.reading.engineID {
			return
		}
		p.SetEngine(id)
		if p.onEngineChanged != nil {
			p.onEngineChanged(id)
		}
	})
	ui.engineSel.SetSelectedIndex(p.reading.readingIndex(p.reading.engineID))
	ui.compareChk = keys.NewCheck(lang.X("testerpane.compare", "Compare readings"), func(on bool) {
		if on == p.compare {
			return
		}
		p.SetCompare(on)
		if p.onCompareChanged != nil {
			p.onCompareChanged(on)
		}
	})
	ui.columnsBtn = widget.NewButtonWithIcon(lang.X("testerpane.order.button", "Columns…"), theme.ListIcon(), nil)
	ui.columnsBtn.OnTapped = func() {
		if p.compare {
			p.matrix.showEngineChooser(ui.columnsBtn)
		} else {
			p.table.showColumnChooser(ui.columnsBtn)
		}
	}
	ui.summary = safewidget.NewEllipsis("")
	// One line: the counts and the host first, the crawlers' counts last,
	// as far as they fit (a second line cost the table a row at 1280×800):
	// summaryFit.

	ui.filter = keys.NewEntry()
	ui.filter.SetPlaceHolder(lang.X("testerpane.filter", "Filter: crawler, path or rule"))
	ui.filter.OnChanged = p.view.setFilter
	toggleNames := [toggleCount]string{
		lang.X("testerpane.toggle.allowed", "allowed"),
		lang.X("testerpane.toggle.blocked", "blocked"),
		lang.X("testerpane.toggle.differ", "readings differ"),
		lang.X("testerpane.toggle.failing", "not as expected"),
	}
	flow := &flowLayout{gap: theme.Padding()}
	ui.toggleBox = container.New(flow)
	for t := range toggleCount {
		ui.toggles[t] = keys.NewCheck(toggleNames[t], func(on bool) { p.view.setToggle(t, on) })
		ui.toggleBox.Add(ui.toggles[t])
	}
	ui.copyBtn = widget.NewButtonWithIcon(lang.X("testerpane.copy", "Copy"), theme.ContentCopyIcon(), p.export.copyShown)
	ui.exportBtn = widget.NewButtonWithIcon(lang.X("testerpane.export", "Export…"), theme.DocumentSaveIcon(), nil)
	ui.exportBtn.OnTapped = func() { p.export.showExportMenu(ui.exportBtn) }

	ui.crawlerBox = container.New(newRowsLayout())
	ui.pathBox = container.New(newRowsLayout())
	p.input.buildRows()

	p.table.layoutColumns()
	ui.table = p.table.newTable()
	for i, w := range p.table.widths {
		ui.table.SetColumnWidth(i, w)
	}
	ui.emptyHint = widget.NewLabel(lang.X("testerpane.empty_hint", "Type a crawler and a path above to see whether this file lets it in."))
	ui.emptyHint.Wrapping = fyne.TextWrapWord
	ui.emptyHint.Alignment = fyne.TextAlignCenter
	tableArea := container.New(&fillLayout{tb: &p.table}, ui.table)
	ui.tip = NewHoverTip(tableArea)
	ui.results = container.NewStack(tableArea, container.NewVBox(ui.emptyHint), ui.tip.Layer())

	readingLabel := widget.NewLabel(lang.X("testerpane.engine", "Reading"))
	ui.readingRow = newReadingRow(readingLabel, ui.engineSel, ui.compareChk, ui.columnsBtn)
	header := ui.readingRow.box(container.NewBorder(nil, nil, readingLabel,
		container.NewHBox(ui.compareChk, ui.columnsBtn), ui.engineSel))
	inputs := container.NewGridWithColumns(2,
		p.input.rowSection(crawlerRows, lang.X("testerpane.crawlers", "Crawlers"), ui.crawlerBox),
		p.input.rowSection(pathRows, lang.X("testerpane.paths", "Paths"), ui.pathBox),
	)
	ui.fold.build(p.input.focusFirstRow)
	// Each half of the buttons' row wraps as the toggles do: side by side
	// they made the pane 564 px wide in Russian, and with the editor beside
	// it the window wider than a 1024×768 screen.
	addsFlow := &flowLayout{gap: theme.Padding()}
	pathsFlow := &flowLayout{gap: theme.Padding()}
	adds := container.NewGridWithColumns(2,
		container.New(addsFlow, addButtons(lang.X("testerpane.add_crawler", "Add crawler"), p.input.addCrawlerRow,
			lang.X("testerpane.from_catalogue", "Catalogue…"), p.input.addFromCatalogue)...),
		container.New(pathsFlow, append(addButtons(lang.X("testerpane.add_path", "Add path"), p.input.addPathRow, "", nil), ui.fold.fold)...))
	ui.filterRow = container.NewBorder(nil, nil, nil, container.NewHBox(ui.copyBtn, ui.exportBtn), ui.filter)
	ui.fold.bar = container.NewBorder(nil, nil, nil, container.NewHBox(ui.resultsOnly.button(), ui.fold.edit), ui.fold.label)
	ui.summaryFit = &summaryFit{label: ui.summary}
	ui.tools = container.New(&stackLayout{flow: flow, gap: theme.Padding()}, ui.filterRow, ui.toggleBox, container.New(ui.summaryFit, ui.summary))
	resultsPart := topOver(ui.tools, ui.results)
	flow.relayout = func() { ui.tools.Refresh(); resultsPart.Refresh() }
	ui.lower = container.NewVSplit(resultsPart, p.detail.object())
	ui.lower.Offset = 1 // the detail area opens when a result is selected
	ui.rowsScroll = container.NewVScroll(inputs)
	ui.rowsScroll.OnScrolled = func(fyne.Position) { p.input.updateRowWindow() }
	inputsBox := container.NewBorder(nil, adds, nil, nil, ui.rowsScroll)
	ui.inputs = inputsBox
	ui.upper = container.NewVSplit(ui.inputs, ui.lower)
	// The rows' area is laid out again around the buttons' new height,
	// not refreshed: a refresh reaches every row, hidden ones too
	// (relayout).
	addsFlow.relayout = func() { adds.Refresh(); relayout(inputsBox) }
	pathsFlow.relayout = addsFlow.relayout
	ui.upper.Offset = 0.25
	ui.root = topOver(header, ui.fold.place(ui.upper, ui.lower))
}

// RowVerdict is the verdict of one row of the test set: its crawler and
// path as written.
type RowVerdict struct {
	Crawler, Path string
	engine.Verdict
}

// Verdicts are the verdicts for doc of the test set's rows, crawler by
// crawler in the set's order, each crawler under the reading the tester
// uses for it without compare, answered as the rows answer them (a full
// User-Agent asked with its crawler's token, the usage preferences in
// force noted): the browser build's test hook gives them as `robots-studio
// test --json` prints them, and the window's status file (tests) says
// them.
func (p *Pane) Verdicts(doc *syntax.Document) []RowVerdict {
	set := p.TestSet()
	prefs := aipref.Read(doc)
	compiled := map[string]engine.Compiled{}
	var out []RowVerdict
	for _, crawler := range set.Crawlers {
		id := p.reading.engineFor(crawler)
		comp, ok := compiled[id]
		if !ok {
			e, found := engine.Get(id)
			if !found {
				continue
			}
			comp = e.Compile(doc)
			compiled[id] = comp
		}
		res := crawlers.Resolve(crawler)
		for _, path := range set.Paths {
			v := aiaccess.QueryResolved(comp, res, path)
			aiaccess.AddUsage(&v, prefs, res)
			out = append(out, RowVerdict{crawler, path, v})
		}
	}
	return out
}

// Reading is how the results read the rows without compare: the engines
// they use, and the id of the engine that answers for a crawler (the
// chosen engine, or under OwnReading the crawler's own).
func (p *Pane) Reading() (engines []engine.Engine, engineFor func(crawler string) string) {
	for _, id := range p.reading.enginesInView() {
		if e, ok := engine.Get(id); ok && !p.compare {
			engines = append(engines, e)
		}
	}
	if len(engines) == 0 {
		if e, ok := engine.Get(p.reading.engineFor("")); ok {
			engines = append(engines, e)
		}
	}
	return engines, p.reading.engineFor
}
