package testerpane

import (
	"cmp"
	"maps"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/aiaccess"
	"github.com/robots-studio/robots-studio/tester/crawlers"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/uri"
	"github.com/robots-studio/robots-studio/ui/latest"
)

// What the table shows of the results: a filter over crawler, path and
// rule, verdict toggles, and a sort by any column. Toggles add up: none on
// shows every row; "allowed" and "differ" on show the rows that are either.
// Filters and sorts that need verdicts of rows off screen use the tally: all
// verdicts worked out on another goroutine after each edit, which also gives
// the summary its per-crawler counts. Until it arrives the rows keep their
// last order, so typing never reshuffles the table under the pointer.

// resultView is the result rows and the rows the table shows of them,
// after the filter, the toggles and the sort.
type resultView struct {
	*paneState
	reading *readings
	answers *answerer
	cols    *engineColumns
	tallies *tallier
	ui      *paneUI // the table and the summary

	// What the view asks of the table and the pane.
	columns        func() []column // the table's columns, for the sort
	layoutColumns  func()          // the sorted column makes room for its arrow
	setCompare     func(on bool)   // the "readings differ" toggle brings compare's columns
	refreshResults func()          // the rows shown changed: show them

	pairs    []pair // the non-empty, distinct (crawler, path) rows
	isPair   map[pair]bool
	shown    []pair // pairs after filter and sort
	host     string // the scheme and host every path shares, or ""
	mixed    bool   // the rows name several hosts, or URLs and bare paths: a Host column
	filter   string // lower case
	toggles  [toggleCount]bool
	sortCol  int // -1: the order the rows were typed in
	sortDesc bool
}

// tallier works out every verdict of the rows (on another goroutine when
// there are many) for the summary's counts and for the filter and sorts
// that read verdicts of rows off screen.
type tallier struct {
	*paneState
	answers *answerer
	reading *readings
	cols    *engineColumns

	// What the tally asks of the result view and tells it.
	rows          func() (pairs []pair, allEngines bool) // the rows to tally; allEngines: under every compare engine too
	countSummary  func() string                          // the summary's counts from the facts
	updateSummary func()                                 // say in the summary that counting goes on
	tallied       func()                                 // new facts: filter, sort and show again

	worker   *latest.Worker[tallyJob, tallyOut]
	tallyGen int
	perCell  time.Duration // what a cell took in the last tally (tallyInline)
	facts    map[cell]fact
	factsOK  bool
	counts   string // the summary's per-crawler counts, from the last tally
	// counting: a tally in the background has taken longer than
	// workingDelay, and the summary says it is still counting
	counting bool
}

// workingDelay is how long a tally may run before the summary says it is
// counting: anything that may take longer than 0.2 s shows that it is
// working (issue 34, point 12), and a shorter one flickers no word.
const workingDelay = 200 * time.Millisecond

// toggle is a verdict toggle.
type toggle int

const (
	showAllowed toggle = iota
	showBlocked
	showDiffer
	showFailing
	toggleCount
)

// fact is what the tally knows of one cell.
type fact struct {
	allowed  bool
	ruleLine int
	rule     string // the rule's text, for the filter
	group    int    // the group's first line
}

// tallyJob is one document's rows to work out: each row under its own
// engine (own, by crawler) and under every engine of also.
type tallyJob struct {
	gen      int
	doc      *syntax.Document
	compiled map[string]engine.Compiled // a copy: the UI goroutine keeps its own
	pairs    []pair                     // never modified once made (recomputePairs makes a new slice)
	own      map[string]string
	also     []string
}

// cells are the job's cells, built on the worker's goroutine.
func (j tallyJob) cells() []cell {
	out := make([]cell, 0, len(j.pairs)*(1+len(j.also)))
	for _, pr := range j.pairs {
		own := j.own[pr.crawler]
		out = append(out, cell{pr, own})
		for _, id := range j.also {
			if id != own {
				out = append(out, cell{pr, id})
			}
		}
	}
	return out
}

// tallyOut is the tally's answer: facts for the cells it could answer (a
// query that may be slow is left to the visible rows' own machinery).
type tallyOut struct {
	facts    map[cell]fact
	compiled map[string]engine.Compiled
	perCell  time.Duration // what a cell took
}

func runTally(j tallyJob) tallyOut { return runTallyIn(j, 1) }

// runTallyIn works the job out in up to parts goroutines at once (the
// compiled engines answer from any goroutine), each on its own share of
// the cells; the facts are the same however many.
func runTallyIn(j tallyJob, parts int) tallyOut {
	start := time.Now()
	cells := j.cells()
	out := tallyOut{facts: make(map[cell]fact, len(cells)), compiled: j.compiled}
	for _, c := range cells {
		if _, ok := out.compiled[c.engine]; !ok {
			if e, found := engine.Get(c.engine); found {
				out.compiled[c.engine] = e.Compile(j.doc)
			}
		}
	}
	parts = max(1, min(parts, len(cells)/minTallyShare))
	shares := make([][]cellFact, parts)
	var wg sync.WaitGroup
	for p := range parts {
		lo, hi := p*len(cells)/parts, (p+1)*len(cells)/parts
		if p == parts-1 { // the caller's goroutine takes the last share
			shares[p] = tallyCells(cells[lo:hi], out.compiled)
			break
		}
		wg.Go(func() { shares[p] = tallyCells(cells[lo:hi], out.compiled) })
	}
	wg.Wait()
	for _, share := range shares {
		for _, cf := range share {
			out.facts[cf.cell] = cf.fact
		}
	}
	out.perCell = time.Since(start) / time.Duration(max(1, len(cells)))
	return out
}

// minTallyShare is the fewest cells worth a goroutine of their own.
const minTallyShare = 1000

// cellFact is one cell's fact.
type cellFact struct {
	cell
	fact
}

// tallyCells works out the facts of cells with the compiled engines (read
// only); a query that may be slow is left out.
func tallyCells(cells []cell, compiled map[string]engine.Compiled) []cellFact {
	out := make([]cellFact, 0, len(cells))
	resolved := map[string]crawlers.Resolution{}
	for _, c := range cells {
		comp, ok := compiled[c.engine]
		if !ok || engine.MayBeSlow(comp, c.crawler, c.path) {
			continue
		}
		r, ok := resolved[c.crawler]
		if !ok {
			r = crawlers.Resolve(c.crawler)
			resolved[c.crawler] = r
		}
		v := aiaccess.QueryResolved(comp, r, c.path)
		f := fact{allowed: v.Allowed, group: v.Group.Start()}
		if v.Rule != nil {
			f.ruleLine, f.rule = v.Rule.Line, v.Rule.Text
		}
		out = append(out, cellFact{c, f})
	}
	return out
}

// tallyJob describes the cells the tally works out: each row under the
// reading in view, and every engine when compare or the "differ" toggle
// asks.
func (tl *tallier) tallyJob() tallyJob {
	pairs, all := tl.rows()
	j := tallyJob{gen: tl.tallyGen, doc: tl.doc, compiled: maps.Clone(tl.answers.compiled), pairs: pairs, own: map[string]string{}}
	if tl.compare || all {
		j.also = tl.cols.compareEngines()
	}
	for _, c := range tl.set.Crawlers {
		if c != "" {
			j.own[c] = tl.reading.engineFor(c)
		}
	}
	return j
}

// startTally asks for the facts of the current document and rows.
func (tl *tallier) startTally() {
	tl.tallyGen++
	tl.factsOK = false
	if pairs, _ := tl.rows(); len(pairs) == 0 {
		tl.facts = map[cell]fact{}
		tl.factsOK = true
		tl.counts = tl.countSummary() // none: the last rows' counts go with them
		tl.counting = false
		return
	}
	j := tl.tallyJob()
	if tl.tallyInline(j) && j.compiledAll() {
		// small or quick: at once, no flicker of counts; the UI goroutine
		// waits for it, so the other cores share it
		tl.deliver(j, runTallyIn(j, runtime.GOMAXPROCS(0)))
		return
	}
	tl.worker.Submit(j)
	gen := tl.tallyGen
	tl.after(workingDelay, func() {
		if tl.tallyGen == gen && !tl.factsOK && !tl.counting {
			tl.counting = true
			tl.updateSummary()
		}
	})
}

// inlineTally is the number of cells the tally works out at once on the UI
// goroutine (about a millisecond); more go to the background, unless the
// last tally says they take at most inlineBudget. It runs inline only with
// every engine it needs already compiled: compiling a big document (tens
// of milliseconds per engine) never happens there.
const inlineTally = 1000

// inlineBudget is the UI-goroutine time a tally may take inline. In the
// real window a background tally costs the results a second frame and a
// hand-over: with 10,000 results its verdicts followed a key by ~150 ms
// (median, loaded machine) where an inline tally of ~10 ms shows them in
// the key's own frame (docs/speed-window.md).
const inlineBudget = 40 * time.Millisecond

// tallyInline says whether job j is small or cheap enough to tally on the
// UI goroutine, by the time a cell took in the last tally.
func (tl *tallier) tallyInline(j tallyJob) bool {
	n := len(j.pairs) * (1 + len(j.also))
	return n <= inlineTally || tl.perCell > 0 && time.Duration(n)*tl.perCell <= inlineBudget
}

// compiledAll says whether every engine the job asks is compiled.
func (j tallyJob) compiledAll() bool {
	for _, id := range j.own {
		if _, ok := j.compiled[id]; !ok {
			return false
		}
	}
	for _, id := range j.also {
		if _, ok := j.compiled[id]; !ok {
			return false
		}
	}
	return true
}

// deliver receives the facts on the UI goroutine.
func (tl *tallier) deliver(j tallyJob, out tallyOut) {
	tl.perCell = out.perCell
	if j.gen != tl.tallyGen || j.doc != tl.doc {
		return
	}
	tl.facts, tl.factsOK = out.facts, true
	tl.counting = false
	for id, comp := range out.compiled {
		if _, ok := tl.answers.compiled[id]; !ok {
			tl.answers.compiled[id] = comp
		}
	}
	tl.tallied()
}

// tallied follows new facts of the tally: a filter or sort that reads
// verdicts applies again, the counts follow, and the results show them.
func (rv *resultView) tallied() {
	if rv.viewNeedsFacts() {
		rv.applyView()
	}
	rv.tallies.counts = rv.countSummary()
	rv.refreshResults()
}

// viewNeedsFacts says whether the filter or the sort reads verdicts.
func (rv *resultView) viewNeedsFacts() bool {
	if slices.Contains(rv.toggles[:], true) || rv.filter != "" {
		return true
	}
	cols := rv.columns()
	return rv.sortCol >= 0 && rv.sortCol < len(cols) && cols[rv.sortCol].kind != colCrawler && cols[rv.sortCol].kind != colPath &&
		cols[rv.sortCol].kind != colEngine
}

// factOf is the tally's fact for c, or the verdict on screen.
func (tl *tallier) factOf(c cell) (fact, bool) {
	if f, ok := tl.facts[c]; ok && tl.factsOK {
		return f, true
	}
	if v, ok := tl.answers.verdicts[c]; ok && v != nil {
		f := fact{allowed: v.Allowed, group: v.Group.Start()}
		if v.Rule != nil {
			f.ruleLine, f.rule = v.Rule.Line, v.Rule.Text
		}
		return f, true
	}
	return fact{}, false
}

// rowDiffers says whether the engines in view disagree on pr.
func (rv *resultView) rowDiffers(pr pair) bool {
	yes, no := false, false
	for _, id := range rv.cols.compareEngines() {
		if f, ok := rv.tallies.factOf(cell{pr, id}); ok {
			yes = yes || f.allowed
			no = no || !f.allowed
		}
	}
	return yes && no
}

// rowFails says whether a verdict of pr in view misses its expectation.
func (rv *resultView) rowFails(pr pair) bool {
	for _, id := range rv.rowEngines(pr) {
		want, ok := rv.set.Expected(pr.crawler, pr.path, id)
		if !ok {
			continue
		}
		if f, known := rv.tallies.factOf(cell{pr, id}); known && f.allowed != want {
			return true
		}
	}
	return false
}

// rowEngines are the engines whose answers pr shows.
func (rv *resultView) rowEngines(pr pair) []string {
	if rv.compare {
		return rv.cols.compareEngines()
	}
	return []string{rv.reading.engineFor(pr.crawler)}
}

// keep says whether pr passes the filter and the toggles.
func (rv *resultView) keep(pr pair) bool {
	if q := rv.filter; q != "" {
		hit := strings.Contains(strings.ToLower(pr.crawler), q) || strings.Contains(strings.ToLower(pr.path), q)
		for _, id := range rv.rowEngines(pr) {
			if f, ok := rv.tallies.factOf(cell{pr, id}); ok && !hit {
				hit = strings.Contains(strings.ToLower(f.rule), q)
			}
		}
		if !hit {
			return false
		}
	}
	if !slices.Contains(rv.toggles[:], true) {
		return true
	}
	if rv.toggles[showDiffer] && rv.rowDiffers(pr) || rv.toggles[showFailing] && rv.rowFails(pr) {
		return true
	}
	if rv.toggles[showAllowed] || rv.toggles[showBlocked] {
		for _, id := range rv.rowEngines(pr) {
			if f, ok := rv.tallies.factOf(cell{pr, id}); ok && (f.allowed && rv.toggles[showAllowed] || !f.allowed && rv.toggles[showBlocked]) {
				return true
			}
		}
	}
	return false
}

// applyView rebuilds the rows on screen from the results, the filter, the
// toggles and the sort, and keeps the selection on its row.
func (rv *resultView) applyView() {
	rows := rv.shown[:0:0]
	for _, pr := range rv.pairs {
		if rv.keep(pr) {
			rows = append(rows, pr)
		}
	}
	if cols := rv.columns(); rv.sortCol >= 0 && rv.sortCol < len(cols) {
		col := cols[rv.sortCol]
		sort.SliceStable(rows, func(i, j int) bool {
			c := rv.compareRows(col, rows[i], rows[j])
			if rv.sortDesc {
				return c > 0
			}
			return c < 0
		})
	}
	rv.shown = rows
	if rv.ui.table == nil {
		return
	}
	rv.suppressSelection = true
	rv.ui.table.UnselectAll()
	rv.suppressSelection = false
}

// compareRows orders two rows by col; rows it cannot tell apart keep their
// order (the sort is stable).
func (rv *resultView) compareRows(col column, a, b pair) int {
	switch col.kind {
	case colCrawler:
		return cmp.Compare(strings.ToLower(a.crawler), strings.ToLower(b.crawler))
	case colPath:
		return cmp.Compare(rv.displayPath(a.path), rv.displayPath(b.path))
	case colHost:
		return cmp.Compare(rv.displayHost(a.path), rv.displayHost(b.path))
	case colEngine:
		return cmp.Compare(shortName(rv.reading.engineFor(a.crawler)), shortName(rv.reading.engineFor(b.crawler)))
	}
	ca, cb := rv.cellAtPair(a, col), rv.cellAtPair(b, col)
	fa, oka := rv.tallies.factOf(ca)
	fb, okb := rv.tallies.factOf(cb)
	if !oka || !okb {
		return cmp.Compare(boolInt(!oka), boolInt(!okb)) // unknown last
	}
	switch col.kind {
	case colVerdict, colEngineVerdict:
		return cmp.Compare(boolInt(fa.allowed), boolInt(fb.allowed)) // blocked first
	case colRule:
		return cmp.Compare(fa.ruleLine, fb.ruleLine)
	case colGroup:
		return cmp.Compare(fa.group, fb.group)
	case colExpect:
		return cmp.Compare(boolInt(!rv.rowFails(a)), boolInt(!rv.rowFails(b))) // failing first
	}
	return 0
}

func (rv *resultView) cellAtPair(pr pair, col column) cell {
	if col.kind == colEngineVerdict {
		return cell{pr, col.engine}
	}
	return cell{pr, rv.reading.engineFor(pr.crawler)}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// sortBy sorts by column col; a second tap on it reverses the order, a
// third goes back to the order the rows were typed in.
func (rv *resultView) sortBy(col int) {
	switch {
	case rv.sortCol != col:
		rv.sortCol, rv.sortDesc = col, false
	case !rv.sortDesc:
		rv.sortDesc = true
	default:
		rv.sortCol = -1
	}
	rv.viewChanged()
	rv.layoutColumns() // the sorted column makes room for its arrow
}

// viewChanged follows a new filter, toggle or sort: the rows shown change,
// the table starts at its first row (a filter that kept the scroll
// position hid its first matches above the view), and the counts describe
// the rows shown.
func (rv *resultView) viewChanged() {
	rv.applyView()
	if rv.selected != nil && !slices.Contains(rv.shown, rv.selected.pair) {
		// the filter or a toggle hid the selected result: the detail area
		// must not go on describing a row the table no longer shows
		rv.selected = nil
		if rv.ui.table != nil {
			rv.ui.table.UnselectAll()
		}
	}
	if rv.tallies.factsOK {
		rv.tallies.counts = rv.countSummary()
	}
	if rv.ui.table != nil {
		rv.ui.table.ScrollToTop()
	}
	rv.refreshResults()
}

func (rv *resultView) sortArrow(col int) fyne.Resource {
	if col != rv.sortCol {
		return nil
	}
	if rv.sortDesc {
		return theme.MoveDownIcon()
	}
	return theme.MoveUpIcon()
}

// setFilter filters the rows by text in the crawler, the path or the rule.
func (rv *resultView) setFilter(q string) {
	q = strings.ToLower(strings.TrimSpace(q))
	if q == rv.filter {
		return
	}
	rv.filter = q
	rv.viewChanged()
}

// setToggle switches a verdict toggle.
func (rv *resultView) setToggle(t toggle, on bool) {
	if rv.toggles[t] == on {
		return
	}
	rv.toggles[t] = on
	if t == showDiffer && on && !rv.compare {
		// the difference is seen in compare's columns: they come with it
		rv.viewChanged()
		rv.setCompare(true)
		if rv.onCompareChanged != nil {
			rv.onCompareChanged(true)
		}
		return
	}
	rv.viewChanged()
}

// commonHost is the scheme and host every path row shares ("" when the rows
// are paths or name different hosts): the path column then shows the path
// alone and the summary names the host once.
func commonHost(pairs []pair) string {
	host := ""
	for i, pr := range pairs {
		h := hostOf(pr.path)
		if h == "" || i > 0 && h != host {
			return ""
		}
		host = h
	}
	return host
}

// mixedHosts reports whether the rows name more than one host, or mix
// URLs with bare paths: the host then has a column of its own, and the
// path column still starts at the path.
func mixedHosts(pairs []pair) bool {
	first := ""
	for i, pr := range pairs {
		h := hostOf(pr.path)
		if i == 0 {
			first = h
		} else if h != first {
			return true
		}
	}
	return false
}

// hostOf is the origin of an absolute URL (uri.AbsoluteURL.Origin: case
// and a default port set aside, as for the robots.txt that governs it), ""
// for a path.
func hostOf(raw string) string {
	a, ok := uri.SplitAbsolute(raw)
	if !ok {
		return ""
	}
	return a.Origin()
}

// displayPath is a path as its column shows it: an absolute URL from its
// path on (its host is said once in the summary, or in the Host column).
func (rv *resultView) displayPath(path string) string {
	if a, ok := uri.SplitAbsolute(path); ok {
		if a.Rest == "" {
			return "/"
		}
		return a.Rest
	}
	return path
}

// displayHost is the Host column's text: the host of an absolute URL, its
// scheme said when it is not https; empty for a bare path.
func (rv *resultView) displayHost(path string) string {
	h := hostOf(path)
	if rest, ok := strings.CutPrefix(h, "https://"); ok {
		return rest
	}
	return h
}

// crawlerCounts is the summary's "Googlebot: 180 allowed, 40 blocked" for
// each crawler (list mode), from the tally.
func (rv *resultView) crawlerCounts() []string {
	type count struct{ allowed, blocked int }
	counts := map[string]*count{}
	var order []string
	for _, pr := range rv.shown { // the rows shown: the counts follow the filter
		f, ok := rv.tallies.factOf(cell{pr, rv.reading.engineFor(pr.crawler)})
		if !ok {
			continue
		}
		c := counts[pr.crawler]
		if c == nil {
			c = &count{}
			counts[pr.crawler] = c
			order = append(order, pr.crawler)
		}
		if f.allowed {
			c.allowed++
		} else {
			c.blocked++
		}
	}
	out := make([]string, 0, len(order))
	for _, name := range order {
		c := counts[name]
		out = append(out, lang.X("testerpane.summary.crawler", "{{.Crawler}}: {{.Allowed}}, {{.Blocked}}", map[string]any{
			"Crawler": name,
			"Allowed": lang.XN("testerpane.summary.allowed", "{{.Count}} allowed", c.allowed, map[string]any{"Count": c.allowed}),
			"Blocked": lang.XN("testerpane.summary.blocked", "{{.Count}} blocked", c.blocked, map[string]any{"Count": c.blocked}),
		}))
	}
	return out
}

// differCount is how many rows the engines in view disagree on.
func (rv *resultView) differCount() int {
	n := 0
	for _, pr := range rv.shown {
		if rv.rowDiffers(pr) {
			n++
		}
	}
	return n
}

// tallyAtOnce compiles the engines a small tally needs (the ones the
// results show, for a small set) and reports whether the tally will run at
// once on this goroutine, where it paints the results itself.
func (tl *tallier) tallyAtOnce() bool {
	if pairs, _ := tl.rows(); len(pairs) == 0 {
		return false
	}
	j := tl.tallyJob()
	if !tl.tallyInline(j) {
		return false
	}
	for _, id := range j.own {
		tl.answers.compile(id)
	}
	for _, id := range j.also {
		tl.answers.compile(id)
	}
	for _, id := range j.own {
		if _, ok := tl.answers.compiled[id]; !ok {
			return false
		}
	}
	for _, id := range j.also {
		if _, ok := tl.answers.compiled[id]; !ok {
			return false
		}
	}
	return true
}

// updateSummary counts the expectations of the engines in view and says
// how many more exist for other engines.
func (rv *resultView) updateSummary() {
	pass, fail, other := 0, 0, 0
	for _, e := range rv.set.Expect {
		pr := pair{e.Crawler, e.Path}
		if !rv.isPair[pr] {
			continue
		}
		if !slices.Contains(rv.rowEngines(pr), e.Engine) {
			other++
			continue
		}
		c := cell{pr, e.Engine}
		v := rv.answers.verdict(c)
		if v == nil && rv.answers.state(c) != cellReady {
			continue // not known yet: neither passed nor failed
		}
		if v != nil && v.Allowed == e.Allowed {
			pass++
		} else {
			fail++
		}
	}
	text := lang.XN("testerpane.summary.results", "{{.Count}} results", len(rv.pairs), map[string]any{"Count": len(rv.pairs)})
	if len(rv.shown) != len(rv.pairs) {
		text = lang.X("testerpane.summary.shown", "{{.Shown}} of {{.Results}}", map[string]any{"Shown": len(rv.shown), "Results": text})
	}
	if rv.host != "" {
		text += " · " + lang.X("testerpane.summary.host", "on {{.Host}}", map[string]any{"Host": rv.host})
	}
	if rv.tallies.counting {
		text += " · " + lang.X("testerpane.summary.counting", "counting…")
	}
	if pass+fail > 0 {
		text += " · " + lang.X("testerpane.summary.expectations", "expectations: {{.Pass}} pass, {{.Fail}} fail",
			map[string]any{"Pass": pass, "Fail": fail})
	}
	if other > 0 {
		text += " · " + lang.XN("testerpane.summary.other", "{{.Count}} more for other engines (see Compare)",
			other, map[string]any{"Count": other})
	}
	// the crawlers' counts last: what a narrow line leaves out (summaryFit)
	if !rv.tallies.counting && rv.tallies.counts != "" {
		text += " · " + rv.tallies.counts
	}
	imp := widget.MediumImportance
	if fail > 0 {
		imp = widget.DangerImportance
	}
	rv.ui.summaryFit.set(text, imp)
}

// countSummary is the summary's tally part: per-crawler counts, or in
// compare how many rows the readings disagree on.
func (rv *resultView) countSummary() string {
	if rv.compare {
		n := rv.differCount()
		return lang.XN("testerpane.summary.differ", "the readings differ on {{.Count}} rows", n, map[string]any{"Count": n})
	}
	counts := rv.crawlerCounts()
	if len(counts) > maxCountedCrawlers {
		more := len(counts) - maxCountedCrawlers
		counts = append(counts[:maxCountedCrawlers], lang.XN("testerpane.summary.more_crawlers", "{{.Count}} more crawlers", more, map[string]any{"Count": more}))
	}
	return strings.Join(counts, " · ")
}
