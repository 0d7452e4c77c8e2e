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

// queryJob is a query waiting for, or running in, the background.
type queryJob struct {
	c    cell
	gen  int
	comp engine.Compiled
	// doc is the document comp was compiled from: while a big document
	// compiles in the background, gen is already the new one's but p.doc
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
func (p *Pane) state(c cell) cellState {
	switch {
	case p.cancelled[c]:
		return cellCancelled
	case p.pending[c]:
		return cellWorking
	}
	return cellReady
}

// spend returns how long the UI goroutine may still wait for a verdict.
func (p *Pane) spend() time.Duration {
	if now := time.Now(); now.Sub(p.budgetFrom) > budgetWindow {
		p.budgetFrom, p.budget = now, queryBudget
	}
	return p.budget
}

func (p *Pane) runner(id string) *queryRunner {
	r := p.runners[id]
	if r == nil {
		r = &queryRunner{}
		p.runners[id] = r
	}
	return r
}

// query answers c with comp: at once when that fits the budget, else in the
// background (then it returns nil and c is cellWorking).
func (p *Pane) query(c cell, comp engine.Compiled) *engine.Verdict {
	if !engine.MayBeSlow(comp, c.crawler, c.path) || p.synchronous {
		v := answer(comp, c)
		return &v
	}
	r := p.runner(c.engine)
	budget := p.spend()
	if r.running || budget <= 0 {
		p.pending[c] = true
		r.queue = append(r.queue, queryJob{c, p.gen, comp, p.doc})
		p.runNext(c.engine)
		return nil
	}
	done := make(chan engine.Verdict, 1)
	go func() { done <- answer(comp, c) }()
	start := time.Now()
	timer := time.NewTimer(budget)
	defer timer.Stop()
	select {
	case v := <-done:
		p.budget -= time.Since(start)
		return &v
	case <-timer.C:
		p.budget = 0
		p.pending[c] = true
		r.running = true
		gen, doc := p.gen, p.doc
		go func() {
			v := <-done
			p.toUI(func() { p.delivered(c, gen, doc, v) })
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
func (p *Pane) withUsage(c cell, v *engine.Verdict) {
	aiaccess.AddUsage(v, p.prefs, crawlers.Resolve(c.crawler))
}

// runNext starts the engine's next waiting query that still matters.
func (p *Pane) runNext(id string) {
	r := p.runner(id)
	if r.running {
		return
	}
	for len(r.queue) > 0 {
		job := r.queue[0]
		r.queue = r.queue[1:]
		if job.gen != p.gen || job.doc != p.doc || !p.pending[job.c] {
			continue // superseded by a newer document, or cancelled
		}
		r.running = true
		go func() {
			v := answer(job.comp, job.c)
			p.toUI(func() { p.delivered(job.c, job.gen, job.doc, v) })
		}()
		return
	}
	r.queue = nil
}

// delivered receives a background verdict on the UI goroutine.
func (p *Pane) delivered(c cell, gen int, doc *syntax.Document, v engine.Verdict) {
	p.runner(c.engine).running = false
	if gen == p.gen && doc == p.doc && p.pending[c] {
		delete(p.pending, c)
		p.withUsage(c, &v)
		p.verdicts[c] = &v
		p.refreshResults()
	}
	p.runNext(c.engine)
}

func (p *Pane) anyRunning() bool {
	for _, r := range p.runners {
		if r.running {
			return true
		}
	}
	return p.compiler.Busy()
}

// cancel gives up on c for this document: its row says so, and a late
// answer is dropped. Editing the file or the rows asks again.
func (p *Pane) cancel(c cell) {
	if !p.pending[c] {
		return
	}
	delete(p.pending, c)
	p.cancelled[c] = true
	p.refreshResults()
}

// forgetQueries drops the per-document query state (a new document).
func (p *Pane) forgetQueries() {
	clear(p.pending)
	clear(p.cancelled)
}
