package testerpane

import (
	"cmp"
	"maps"
	"net/url"
	"slices"
	"sort"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"

	"github.com/robots-studio/robots-studio/tester/aiaccess"
	"github.com/robots-studio/robots-studio/tester/crawlers"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// What the table shows of the results: a filter over crawler, path and
// rule, verdict toggles, and a sort by any column. Toggles add up: none on
// shows every row; "allowed" and "differ" on show the rows that are either.
// Filters and sorts that need verdicts of rows off screen use the tally: all
// verdicts worked out on another goroutine after each edit, which also gives
// the summary its per-crawler counts. Until it arrives the rows keep their
// last order, so typing never reshuffles the table under the pointer.

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

func runTally(j tallyJob) tallyOut {
	start := time.Now()
	cells := j.cells()
	out := tallyOut{facts: make(map[cell]fact, len(cells)), compiled: j.compiled}
	resolved := map[string]crawlers.Resolution{}
	for _, c := range cells {
		comp, ok := out.compiled[c.engine]
		if !ok {
			e, found := engine.Get(c.engine)
			if !found {
				continue
			}
			comp = e.Compile(j.doc)
			out.compiled[c.engine] = comp
		}
		if engine.MayBeSlow(comp, c.crawler, c.path) {
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
		out.facts[c] = f
	}
	out.perCell = time.Since(start) / time.Duration(max(1, len(cells)))
	return out
}

// tallyJob describes the cells the tally works out: each row under the
// reading in view, and every engine when compare or the "differ" toggle
// asks.
func (p *Pane) tallyJob() tallyJob {
	j := tallyJob{gen: p.tallyGen, doc: p.doc, compiled: maps.Clone(p.answers.compiled), pairs: p.pairs, own: map[string]string{}}
	if p.compare || p.toggles[showDiffer] {
		j.also = p.compareEngines()
	}
	for _, c := range p.set.Crawlers {
		if c != "" {
			j.own[c] = p.engineFor(c)
		}
	}
	return j
}

// startTally asks for the facts of the current document and rows.
func (p *Pane) startTally() {
	p.tallyGen++
	p.factsOK = false
	if len(p.pairs) == 0 {
		p.facts = map[cell]fact{}
		p.factsOK = true
		return
	}
	j := p.tallyJob()
	if p.tallyInline(j) && j.compiledAll() {
		p.tallied(j, runTally(j)) // small: at once, no flicker of counts
		return
	}
	p.tally.Submit(j)
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
func (p *Pane) tallyInline(j tallyJob) bool {
	n := len(j.pairs) * (1 + len(j.also))
	return n <= inlineTally || p.tallyPerCell > 0 && time.Duration(n)*p.tallyPerCell <= inlineBudget
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

// tallied receives the facts on the UI goroutine.
func (p *Pane) tallied(j tallyJob, out tallyOut) {
	p.tallyPerCell = out.perCell
	if j.gen != p.tallyGen || j.doc != p.doc {
		return
	}
	p.facts, p.factsOK = out.facts, true
	for id, comp := range out.compiled {
		if _, ok := p.answers.compiled[id]; !ok {
			p.answers.compiled[id] = comp
		}
	}
	if p.viewNeedsFacts() {
		p.applyView()
	}
	p.counts = p.countSummary()
	p.refreshResults()
}

// viewNeedsFacts says whether the filter or the sort reads verdicts.
func (p *Pane) viewNeedsFacts() bool {
	if slices.Contains(p.toggles[:], true) || p.filter != "" {
		return true
	}
	return p.sortCol >= 0 && p.sortCol < len(p.cols) && p.cols[p.sortCol].kind != colCrawler && p.cols[p.sortCol].kind != colPath &&
		p.cols[p.sortCol].kind != colEngine
}

// factOf is the tally's fact for c, or the verdict on screen.
func (p *Pane) factOf(c cell) (fact, bool) {
	if f, ok := p.facts[c]; ok && p.factsOK {
		return f, true
	}
	if v, ok := p.answers.verdicts[c]; ok && v != nil {
		f := fact{allowed: v.Allowed, group: v.Group.Start()}
		if v.Rule != nil {
			f.ruleLine, f.rule = v.Rule.Line, v.Rule.Text
		}
		return f, true
	}
	return fact{}, false
}

// rowDiffers says whether the engines in view disagree on pr.
func (p *Pane) rowDiffers(pr pair) bool {
	yes, no := false, false
	for _, id := range p.compareEngines() {
		if f, ok := p.factOf(cell{pr, id}); ok {
			yes = yes || f.allowed
			no = no || !f.allowed
		}
	}
	return yes && no
}

// rowFails says whether a verdict of pr in view misses its expectation.
func (p *Pane) rowFails(pr pair) bool {
	for _, id := range p.rowEngines(pr) {
		want, ok := p.set.Expected(pr.crawler, pr.path, id)
		if !ok {
			continue
		}
		if f, known := p.factOf(cell{pr, id}); known && f.allowed != want {
			return true
		}
	}
	return false
}

// rowEngines are the engines whose answers pr shows.
func (p *Pane) rowEngines(pr pair) []string {
	if p.compare {
		return p.compareEngines()
	}
	return []string{p.engineFor(pr.crawler)}
}

// keep says whether pr passes the filter and the toggles.
func (p *Pane) keep(pr pair) bool {
	if q := p.filter; q != "" {
		hit := strings.Contains(strings.ToLower(pr.crawler), q) || strings.Contains(strings.ToLower(pr.path), q)
		for _, id := range p.rowEngines(pr) {
			if f, ok := p.factOf(cell{pr, id}); ok && !hit {
				hit = strings.Contains(strings.ToLower(f.rule), q)
			}
		}
		if !hit {
			return false
		}
	}
	if !slices.Contains(p.toggles[:], true) {
		return true
	}
	if p.toggles[showDiffer] && p.rowDiffers(pr) || p.toggles[showFailing] && p.rowFails(pr) {
		return true
	}
	if p.toggles[showAllowed] || p.toggles[showBlocked] {
		for _, id := range p.rowEngines(pr) {
			if f, ok := p.factOf(cell{pr, id}); ok && (f.allowed && p.toggles[showAllowed] || !f.allowed && p.toggles[showBlocked]) {
				return true
			}
		}
	}
	return false
}

// applyView rebuilds the rows on screen from the results, the filter, the
// toggles and the sort, and keeps the selection on its row.
func (p *Pane) applyView() {
	rows := p.shown[:0:0]
	for _, pr := range p.pairs {
		if p.keep(pr) {
			rows = append(rows, pr)
		}
	}
	if p.sortCol >= 0 && p.sortCol < len(p.cols) {
		col := p.cols[p.sortCol]
		sort.SliceStable(rows, func(i, j int) bool {
			c := p.compareRows(col, rows[i], rows[j])
			if p.sortDesc {
				return c > 0
			}
			return c < 0
		})
	}
	p.shown = rows
	if p.ui.table == nil {
		return
	}
	p.suppressSelection = true
	p.ui.table.UnselectAll()
	p.suppressSelection = false
}

// compareRows orders two rows by col; rows it cannot tell apart keep their
// order (the sort is stable).
func (p *Pane) compareRows(col column, a, b pair) int {
	switch col.kind {
	case colCrawler:
		return cmp.Compare(strings.ToLower(a.crawler), strings.ToLower(b.crawler))
	case colPath:
		return cmp.Compare(a.path, b.path)
	case colEngine:
		return cmp.Compare(shortName(p.engineFor(a.crawler)), shortName(p.engineFor(b.crawler)))
	}
	ca, cb := p.cellAtPair(a, col), p.cellAtPair(b, col)
	fa, oka := p.factOf(ca)
	fb, okb := p.factOf(cb)
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
		return cmp.Compare(boolInt(!p.rowFails(a)), boolInt(!p.rowFails(b))) // failing first
	}
	return 0
}

func (p *Pane) cellAtPair(pr pair, col column) cell {
	if col.kind == colEngineVerdict {
		return cell{pr, col.engine}
	}
	return cell{pr, p.engineFor(pr.crawler)}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// sortBy sorts by column col; a second tap on it reverses the order, a
// third goes back to the order the rows were typed in.
func (p *Pane) sortBy(col int) {
	switch {
	case p.sortCol != col:
		p.sortCol, p.sortDesc = col, false
	case !p.sortDesc:
		p.sortDesc = true
	default:
		p.sortCol = -1
	}
	p.viewChanged()
}

// viewChanged follows a new filter, toggle or sort: the rows shown change,
// the table starts at its first row (a filter that kept the scroll
// position hid its first matches above the view), and the counts describe
// the rows shown.
func (p *Pane) viewChanged() {
	p.applyView()
	if p.selected != nil && !slices.Contains(p.shown, p.selected.pair) {
		// the filter or a toggle hid the selected result: the detail area
		// must not go on describing a row the table no longer shows
		p.selected = nil
		if p.ui.table != nil {
			p.ui.table.UnselectAll()
		}
	}
	if p.factsOK {
		p.counts = p.countSummary()
	}
	if p.ui.table != nil {
		p.ui.table.ScrollToTop()
	}
	p.refreshResults()
}

func (p *Pane) sortArrow(col int) fyne.Resource {
	if col != p.sortCol {
		return nil
	}
	if p.sortDesc {
		return theme.MoveDownIcon()
	}
	return theme.MoveUpIcon()
}

// setFilter filters the rows by text in the crawler, the path or the rule.
func (p *Pane) setFilter(q string) {
	q = strings.ToLower(strings.TrimSpace(q))
	if q == p.filter {
		return
	}
	p.filter = q
	p.viewChanged()
}

// setToggle switches a verdict toggle.
func (p *Pane) setToggle(t toggle, on bool) {
	if p.toggles[t] == on {
		return
	}
	p.toggles[t] = on
	if t == showDiffer && !p.compare {
		p.startTally() // the other engines' answers are needed
	}
	p.viewChanged()
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

func hostOf(raw string) string {
	if !strings.Contains(raw, "://") {
		return ""
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return ""
	}
	return u.Scheme + "://" + u.Host
}

// displayPath is a path as its column shows it.
func (p *Pane) displayPath(path string) string {
	if p.host != "" && strings.HasPrefix(path, p.host) {
		if rest := path[len(p.host):]; rest != "" {
			return rest
		}
		return "/"
	}
	return path
}

// crawlerCounts is the summary's "Googlebot: 180 allowed, 40 blocked" for
// each crawler (list mode), from the tally.
func (p *Pane) crawlerCounts() []string {
	type count struct{ allowed, blocked int }
	counts := map[string]*count{}
	var order []string
	for _, pr := range p.shown { // the rows shown: the counts follow the filter
		f, ok := p.factOf(cell{pr, p.engineFor(pr.crawler)})
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
func (p *Pane) differCount() int {
	n := 0
	for _, pr := range p.shown {
		if p.rowDiffers(pr) {
			n++
		}
	}
	return n
}
