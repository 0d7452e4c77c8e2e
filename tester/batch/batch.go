// Package batch answers many (crawler, URL) queries at once: the input is
// read as a stream of jobs, the jobs are spread over the cores, each worker
// keeps a cache of verdicts per (engine, crawler, URL), and the results come
// out in input order through a buffer. `robots-studio test --count --urls`
// and `robots-studio logs` run on it.
package batch

import (
	"context"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"math/bits"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"

	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// Ask answers one query on one compiled file; nil means c.Query.
type Ask func(c engine.Compiled, crawler, url string) engine.Verdict

// Evaluator holds the documents every query is asked against (a robots.txt,
// or a robots.txt and a draft) and compiles them once per engine, on first
// use. It is safe for concurrent use.
type Evaluator struct {
	docs []*syntax.Document
	ask  Ask
	// judged: ask is Query's, so the tables decide with the engines'
	// Judges (the same Allowed, Reason and Rule, without a Verdict).
	judged bool
	// Slots is the size of each cache table (the answers of one crawler
	// under one engine, per worker); 0 means 8192.
	Slots int
	// Compile compiles a document for an engine; nil means e.Compile(doc).
	// The command line sets it to apply a fetch outcome or a time limit.
	Compile func(e engine.Engine, doc *syntax.Document) engine.Compiled

	mu       sync.Mutex
	compiled map[string][]engine.Compiled
}

// New makes an evaluator over docs.
func New(ask Ask, docs ...*syntax.Document) *Evaluator {
	judged := ask == nil
	if judged {
		ask = func(c engine.Compiled, crawler, url string) engine.Verdict { return c.Query(crawler, url) }
	}
	return &Evaluator{docs: docs, ask: ask, judged: judged, compiled: map[string][]engine.Compiled{}}
}

// Docs is how many documents each answer covers.
func (e *Evaluator) Docs() int { return len(e.docs) }

// Compiled returns the documents compiled by engine id (compiling them on
// first use).
func (e *Evaluator) Compiled(id string) []engine.Compiled {
	e.mu.Lock()
	defer e.mu.Unlock()
	if c, ok := e.compiled[id]; ok {
		return c
	}
	eng, ok := engine.Get(id)
	if !ok {
		eng, _ = engine.Get(engine.Default)
	}
	c := make([]engine.Compiled, len(e.docs))
	for i, d := range e.docs {
		if e.Compile != nil {
			c[i] = e.Compile(eng, d)
		} else {
			c[i] = eng.Compile(d)
		}
	}
	e.compiled[id] = c
	return c
}

// Result is one document's answer (Allowed, Reason and the deciding rule,
// which lives in the compiled file), kept small so a cache holds many.
type Result = engine.Decision

// Answer is every document's result for one (engine, crawler, URL). Its
// Results belong to the cache: read them before the next Get on the same
// table.
type Answer struct {
	URL     string
	Results []Result // one per document, in the order given to New
}

// Cache is one worker's verdict cache. It is not safe for concurrent use:
// give each worker its own.
type Cache struct {
	ev     *Evaluator
	tables map[tableKey]*Table
}

type tableKey struct{ engine, crawler string }

// NewCache makes an empty cache for one worker.
func (e *Evaluator) NewCache() *Cache {
	return &Cache{ev: e, tables: map[tableKey]*Table{}}
}

// maxTables bounds the tables a cache keeps. Past it (a log with endless
// made-up crawler names), a new crawler's table has one slot and is not
// kept: it answers as well, caches next to nothing, and the cache stays
// the size of maxTables tables however many names come.
const maxTables = 256

// Table returns the cache of one crawler under one engine; keep it to
// skip this lookup on every query.
func (c *Cache) Table(engineID, crawler string) *Table {
	k := tableKey{engineID, crawler}
	t, ok := c.tables[k]
	if !ok {
		slots := c.ev.Slots
		if slots <= 0 {
			slots = 1 << 13
		}
		keep := len(c.tables) < maxTables
		if !keep {
			slots = 1
		}
		slots = 1 << bits.Len(uint(slots-1)) // a power of two
		docs := len(c.ev.docs)
		t = &Table{crawler: crawler, compiled: c.ev.Compiled(engineID), ask: c.ev.ask,
			keys: make([]string, slots), results: make([]Result, slots*docs), mask: uint64(slots - 1), docs: docs,
			scratch: make([]Result, docs)}
		if c.ev.judged {
			t.judges = make([]engine.Judge, docs)
			for d, comp := range t.compiled {
				t.judges[d] = engine.JudgeFor(comp, crawler)
			}
		}
		if keep {
			c.tables[k] = t
		}
	}
	return t
}

// Get answers (engine, crawler, url), from the cache when it can.
func (c *Cache) Get(engineID, crawler, url string) Answer {
	return c.Table(engineID, crawler).Get(url)
}

// Table caches the answers of one crawler under one engine: a fixed array
// of slots indexed by the URL's hash, a newer URL replacing an older one in
// its slot, so its memory is set when it is made.
type Table struct {
	crawler  string
	compiled []engine.Compiled
	ask      Ask
	judges   []engine.Judge // one per document when the evaluator is judged
	keys     []string
	results  []Result
	mask     uint64
	docs     int
	scratch  []Result
	// Caching pays only when URLs repeat: a table that finds less than a
	// quarter of its URLs in the cache stops storing new ones until that
	// changes (a log repeats its paths; a list of distinct URLs may not).
	lookups, hits int
	bypass        bool
}

const sampleSize = 1 << 14

var seed = maphash.MakeSeed()

func (t *Table) tally(hit bool) {
	t.lookups++
	if hit {
		t.hits++
	}
	if t.lookups == sampleSize {
		t.bypass = t.hits*4 < t.lookups
		t.lookups, t.hits = 0, 0
	}
}

// Get answers url (a URL or a path), from the cache when it can.
func (t *Table) Get(url string) Answer {
	i := maphash.String(seed, url) & t.mask
	if t.keys[i] == url && url != "" {
		t.tally(true)
		return Answer{URL: t.keys[i], Results: t.results[int(i)*t.docs : int(i+1)*t.docs]}
	}
	t.tally(false)
	return t.fill(i, url, func() string { return strings.Clone(url) })
}

// GetBytes is Get for a URL held in bytes: a cached answer costs no
// allocation.
func (t *Table) GetBytes(url []byte) Answer {
	i := maphash.Bytes(seed, url) & t.mask
	if t.keys[i] == string(url) && len(url) > 0 {
		t.tally(true)
		return Answer{URL: t.keys[i], Results: t.results[int(i)*t.docs : int(i+1)*t.docs]}
	}
	t.tally(false)
	return t.fill(i, string(url), nil)
}

// fill asks every document about url; keep, when the answer is to be
// cached, gives the key to store (a copy that does not pin the caller's
// buffer).
func (t *Table) fill(i uint64, url string, keep func() string) Answer {
	out := t.scratch
	if !t.bypass {
		if keep != nil {
			url = keep()
		}
		t.keys[i] = url
		out = t.results[int(i)*t.docs : int(i+1)*t.docs]
	}
	if t.judges != nil {
		for d, judge := range t.judges {
			out[d] = judge(url)
		}
		return Answer{URL: url, Results: out}
	}
	for d, c := range t.compiled {
		out[d] = engine.DecisionOf(t.ask(c, t.crawler, url))
	}
	return Answer{URL: url, Results: out}
}

// Workers is how many goroutines Run uses by default: one per core.
func Workers() int { return runtime.GOMAXPROCS(0) }

var msgPanic = msg.Def("batch.panic", "an internal error stopped the work ({{.Error}}); the results before it are kept. Please report it with the input that caused it.")

// PanicError is a panic inside one of Run's functions, caught: the run
// stops with it as its error instead of taking the process down (the
// window would lose unsaved text).
type PanicError struct {
	Value any    // what was passed to panic
	Stack []byte // the goroutine's stack where it panicked
}

func (e *PanicError) Error() string {
	return msg.New(msgPanic, "Error", fmt.Sprint(e.Value)).String()
}

// Catch runs f; a panic in it becomes a *PanicError, for a goroutine
// of its own that feeds Run (a reader) and must not take the process
// down either.
func Catch(f func()) error { return catch(f) }

// catch runs f; a panic in it becomes a *PanicError.
func catch(f func()) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = &PanicError{Value: v, Stack: debug.Stack()}
		}
	}()
	f()
	return nil
}

// Run reads jobs with next (from one goroutine, in order) until it returns
// io.EOF, runs work on each in one of workers goroutines (worker is its
// index, for per-worker state such as a Cache), and gives the results to
// emit in the order of the jobs. At most a few jobs per worker are in
// flight, so memory does not grow with the input. Run stops at the first
// error of next or emit, or when ctx is done, and returns that error. A
// panic in next, work or emit stops the run the same way, with a
// *PanicError: it never takes the process down.
func Run[J, R any](ctx context.Context, workers int, next func() (J, error), work func(worker int, job J) R, emit func(R) error) error {
	if workers < 1 {
		workers = 1
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type item struct {
		job  J
		res  R
		done chan struct{}
	}
	jobs := make(chan *item, workers)
	order := make(chan *item, 2*workers)
	var wg sync.WaitGroup
	// The first panic of a worker or of next. A job whose work panicked
	// is not emitted, nor is any after it; a panic in next ends the jobs
	// as a read error does.
	var panicMu sync.Mutex
	var panicErr error
	panicked := func(err error) {
		panicMu.Lock()
		if panicErr == nil {
			panicErr = err
		}
		panicMu.Unlock()
		cancel()
	}
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for it := range jobs {
				if err := catch(func() { it.res = work(w, it.job) }); err != nil {
					panicked(err)
				}
				close(it.done)
			}
		}(w)
	}
	var readErr error
	go func() {
		defer close(order)
		defer close(jobs)
		for {
			var j J
			var err error
			if perr := catch(func() { j, err = next() }); perr != nil {
				// Like a read error: the jobs read before it still count.
				panicMu.Lock()
				if panicErr == nil {
					panicErr = perr
				}
				panicMu.Unlock()
				return
			}
			if err != nil {
				if !errors.Is(err, io.EOF) {
					readErr = err
				}
				return
			}
			it := &item{job: j, done: make(chan struct{})}
			select {
			case order <- it:
			case <-ctx.Done():
				return
			}
			select {
			case jobs <- it:
			case <-ctx.Done():
				close(it.done)
				return
			}
		}
	}()
	var emitErr error
	for it := range order {
		<-it.done
		if emitErr == nil && ctx.Err() == nil {
			var err error
			if perr := catch(func() { err = emit(it.res) }); perr != nil {
				err = perr
			}
			if err != nil {
				emitErr = err
				cancel()
			}
		}
	}
	wg.Wait()
	switch {
	case panicErr != nil:
		return panicErr
	case emitErr != nil:
		return emitErr
	case readErr != nil:
		return readErr
	}
	return context.Cause(ctx)
}
