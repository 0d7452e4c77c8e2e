package testerpane

import (
	"time"

	"github.com/robots-studio/robots-studio/tester/aiaccess"
	"github.com/robots-studio/robots-studio/tester/crawlers"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// Queries never hold the window. Most take microseconds and are answered on
// the UI goroutine at once; but a reading can be slow on hostile input (the
// temoto library's regular expressions need seconds for a 4 KB path against
// a file of wildcard rules), so a query that engine.MayBeSlow runs on its own
// goroutine and the UI goroutine waits for it only while a small time budget
// lasts. A query
// that outlives the budget finishes in the background: its row says "still
// working…" with a Cancel button, and its verdict is shown when it arrives,
// unless the document changed meanwhile (the newest document wins) or the
// user cancelled it. Each engine has at most one query in the background;
// the others wait their turn, so a slow engine cannot pile up goroutines.

// queryBudget is how long the UI goroutine may wait for verdicts in any
// budgetWindow: well under a frame's worth of the editor's time.
const (
	queryBudget  = 30 * time.Millisecond
	budgetWindow = 100 * time.Millisecond
)

// answerer answers cells: it compiles each engine once per document and
// computes each verdict once, only when a visible row asks for it, on the
// UI goroutine within its time budget or in the background.
type answerer struct {
	*paneState
	compiling      func() bool // a document is compiling in the background
	refreshResults func()      // a verdict arrived or was given up on: show it

	// Per-document caches.
	compiled map[string]engine.Compiled
	verdicts map[cell]*engine.Verdict
	cost     compileCosts

	// Per-engine background lanes, the cells waiting for one or cancelled,
	// and the UI goroutine's time budget.
	runners    map[string]*queryRunner
	pending    map[cell]bool
	cancelled  map[cell]bool
	budget     time.Duration
	budgetFrom time.Time
}

// queryJob is a query waiting for, or running in, the background.
type queryJob struct {
	c    cell
	gen  int
	comp engine.Compiled
	// doc is the document comp was compiled from: while a big document
	// compiles in the background, gen is already the new one's but the shared doc
	// and comp are still the old one's, so an answer is kept only if doc is
	// still the one on screen.
	doc *syntax.Document
}

// queryRunner is one engine's background lane.
type queryRunner struct {
	running bool
	queue   []queryJob
}

// cellState is what a cell without a verdict is doing.
type cellState uint8

const (
	cellReady     cellState = iota // a verdict is (or can at once be) there
	cellWorking                    // its query is running or queued in the background
	cellCancelled                  // the user gave up on it for this document
)

// state says whether c is waiting for a background query or was cancelled.
func (an *answerer) state(c cell) cellState {
	switch {
	case an.cancelled[c]:
		return cellCancelled
	case an.pending[c]:
		return cellWorking
	}
	return cellReady
}

// spend returns how long the UI goroutine may still wait for a verdict.
func (an *answerer) spend() time.Duration {
	if now := time.Now(); now.Sub(an.budgetFrom) > budgetWindow {
		an.budgetFrom, an.budget = now, queryBudget
	}
	return an.budget
}

func (an *answerer) runner(id string) *queryRunner {
	r := an.runners[id]
	if r == nil {
		r = &queryRunner{}
		an.runners[id] = r
	}
	return r
}

// query answers c with comp: at once when that fits the budget, else in the
// background (then it returns nil and c is cellWorking).
func (an *answerer) query(c cell, comp engine.Compiled) *engine.Verdict {
	if !engine.MayBeSlow(comp, c.crawler, c.path) || an.synchronous {
		v := answer(comp, c)
		return &v
	}
	r := an.runner(c.engine)
	budget := an.spend()
	if r.running || budget <= 0 {
		an.pending[c] = true
		r.queue = append(r.queue, queryJob{c, an.gen, comp, an.doc})
		an.runNext(c.engine)
		return nil
	}
	done := make(chan engine.Verdict, 1)
	go func() { done <- answer(comp, c) }()
	start := time.Now()
	timer := time.NewTimer(budget)
	defer timer.Stop()
	select {
	case v := <-done:
		an.budget -= time.Since(start)
		return &v
	case <-timer.C:
		an.budget = 0
		an.pending[c] = true
		r.running = true
		gen, doc := an.gen, an.doc
		go func() {
			v := <-done
			an.toUI(func() { an.delivered(c, gen, doc, v) })
		}()
		return nil
	}
}

// answer is c's verdict from comp as the tester asks: a full User-Agent is
// asked with the token its crawler obeys. It touches no pane state, so it
// runs on any goroutine.
func answer(comp engine.Compiled, c cell) engine.Verdict {
	return aiaccess.QueryResolved(comp, crawlers.Resolve(c.crawler), c.path)
}

// withUsage adds the usage preferences in force for c's crawler (UI
// goroutine: they belong to the current document).
func (an *answerer) withUsage(c cell, v *engine.Verdict) {
	aiaccess.AddUsage(v, an.prefs, crawlers.Resolve(c.crawler))
}

// runNext starts the engine's next waiting query that still matters.
func (an *answerer) runNext(id string) {
	r := an.runner(id)
	if r.running {
		return
	}
	for len(r.queue) > 0 {
		job := r.queue[0]
		r.queue = r.queue[1:]
		if job.gen != an.gen || job.doc != an.doc || !an.pending[job.c] {
			continue // superseded by a newer document, or cancelled
		}
		r.running = true
		go func() {
			v := answer(job.comp, job.c)
			an.toUI(func() { an.delivered(job.c, job.gen, job.doc, v) })
		}()
		return
	}
	r.queue = nil
}

// delivered receives a background verdict on the UI goroutine.
func (an *answerer) delivered(c cell, gen int, doc *syntax.Document, v engine.Verdict) {
	an.runner(c.engine).running = false
	if gen == an.gen && doc == an.doc && an.pending[c] {
		delete(an.pending, c)
		an.withUsage(c, &v)
		an.verdicts[c] = &v
		an.refreshResults()
	}
	an.runNext(c.engine)
}

func (an *answerer) anyRunning() bool {
	for _, r := range an.runners {
		if r.running {
			return true
		}
	}
	return an.compiling()
}

// cancel gives up on c for this document: its row says so, and a late
// answer is dropped. Editing the file or the rows asks again.
func (an *answerer) cancel(c cell) {
	if !an.pending[c] {
		return
	}
	delete(an.pending, c)
	an.cancelled[c] = true
	an.refreshResults()
}

// forgetQueries drops the per-document query state (a new document).
func (an *answerer) forgetQueries() {
	clear(an.pending)
	clear(an.cancelled)
}

// compile returns engine id compiled for the document shown, compiling it
// here when it is not yet.
func (an *answerer) compile(id string) (engine.Compiled, bool) {
	if comp, ok := an.compiled[id]; ok {
		return comp, true
	}
	e, found := engine.Get(id)
	if !found {
		return nil, false
	}
	start := time.Now()
	comp := e.Compile(an.doc)
	an.cost.note(id, time.Since(start))
	an.compiled[id] = comp
	return comp, true
}

// verdict returns the (cached) verdict of c, compiling its engine once per
// document.
func (an *answerer) verdict(c cell) *engine.Verdict {
	if v, ok := an.verdicts[c]; ok {
		return v
	}
	if an.state(c) != cellReady {
		return nil
	}
	comp, ok := an.compile(c.engine)
	if !ok {
		return nil
	}
	// A full User-Agent is tested with the token its crawler obeys (answer),
	// and a catalogue crawler that may fetch the path gets the usage
	// preferences in force beside the verdict.
	v := an.query(c, comp)
	if v != nil {
		an.withUsage(c, v)
		an.verdicts[c] = v
	}
	return v
}

func (an *answerer) estimate(ids []string) time.Duration {
	var sum time.Duration
	for _, id := range ids {
		sum += an.cost.of(id)
	}
	return sum
}

// compileCosts are the times each engine's last two compiles took.
type compileCosts map[string][2]time.Duration

// note keeps d as engine id's last compile time.
func (c compileCosts) note(id string, d time.Duration) {
	last := c[id]
	c[id] = [2]time.Duration{d, last[0]}
}

// of is what a compile of engine id is expected to take: the shorter of
// its last two. One slow compile (the collector, or the other core busy
// painting, stopped it midway: 10–14 ms where 0.3 ms is usual on
// linkedin's file in the real window) would otherwise send the next
// keystroke's compile to the background, and its results a frame or two
// later; a document that really grew slow is slow twice.
func (c compileCosts) of(id string) time.Duration {
	last := c[id]
	if last[1] == 0 {
		return last[0]
	}
	return min(last[0], last[1])
}
