// Package latest runs background work where only the newest input matters:
// the linter and the engines' compile on every keystroke. One input is
// worked on at a time; inputs submitted meanwhile replace each other, so a
// burst of typing costs one more run, not one run per key.
package latest

import "sync"

// Worker works on the newest submitted input in the background and hands
// each result over through Hand (fyne.Do in the window, so results reach
// the UI goroutine in order).
type Worker[In, Out any] struct {
	Work    func(In) Out         // runs on the worker goroutine; must not touch UI state
	Deliver func(in In, out Out) // runs through Hand
	Hand    func(func())         // how Deliver reaches its goroutine (nil: call it directly)
	// Inline runs Work and Deliver at once in Submit, on the caller: for
	// callers that have no second goroutine to wait on (a test driver with
	// no UI goroutine).
	Inline bool
	// Failed is told (through Hand) when Work panics, with what it panicked
	// with; the worker goes on with the next input. Nil: the panic is
	// swallowed all the same, so a bad input never ends the program.
	Failed func(in In, panicked any)

	mu      sync.Mutex
	next    In
	waiting bool
	running bool
	idle    *sync.Cond
}

// Submit asks for in to be worked on, replacing any input still waiting.
func (w *Worker[In, Out]) Submit(in In) {
	if w.Inline {
		out, panicked, failed := w.work(in)
		switch {
		case !failed:
			w.Deliver(in, out)
		case w.Failed != nil:
			w.Failed(in, panicked)
		}
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.next, w.waiting = in, true
	if !w.running {
		w.running = true
		go w.loop()
	}
}

// Busy reports whether work is running or waiting.
func (w *Worker[In, Out]) Busy() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.running
}

// Wait blocks until nothing is running or waiting (Deliver of the last
// result has been handed over).
func (w *Worker[In, Out]) Wait() {
	w.mu.Lock()
	defer w.mu.Unlock()
	for w.running {
		w.cond().Wait()
	}
}

func (w *Worker[In, Out]) cond() *sync.Cond {
	if w.idle == nil {
		w.idle = sync.NewCond(&w.mu)
	}
	return w.idle
}

func (w *Worker[In, Out]) loop() {
	for {
		w.mu.Lock()
		if !w.waiting {
			w.running = false
			w.cond().Broadcast()
			w.mu.Unlock()
			return
		}
		in := w.next
		var zero In
		w.next, w.waiting = zero, false
		w.mu.Unlock()
		out, panicked, failed := w.work(in)
		deliver := func() { w.Deliver(in, out) }
		if failed {
			if w.Failed == nil {
				continue
			}
			deliver = func() { w.Failed(in, panicked) }
		}
		if w.Hand != nil {
			w.Hand(deliver)
		} else {
			deliver()
		}
	}
}

// work runs Work, turning a panic into failed.
func (w *Worker[In, Out]) work(in In) (out Out, panicked any, failed bool) {
	defer func() {
		if v := recover(); v != nil {
			panicked, failed = v, true
		}
	}()
	return w.Work(in), nil, false
}
