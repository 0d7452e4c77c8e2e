package uitest

import "sync"

// Loop stands in for the UI goroutine the test driver lacks. The driver's
// fyne.Do runs a function at once on the caller's goroutine, so what a
// worker hands to the UI runs beside the test and races with it (a real
// window runs it on its one UI goroutine). A worker given Loop.Do instead
// queues the function; the test runs the queue on its own goroutine with
// Drain or Until, as a window's event loop would between events. (keys'
// keystest.UI is the other way round: a UI goroutine of its own, for tests
// that send keys from elsewhere as the web driver does.)
type Loop struct {
	mu    sync.Mutex
	queue []func()
	wake  chan struct{}
}

// NewLoop returns an empty loop.
func NewLoop() *Loop { return &Loop{wake: make(chan struct{}, 1)} }

// Do queues fn, as fyne.Do does; with wait it returns once fn has run, as
// fyne.DoAndWait does.
func (l *Loop) Do(fn func(), wait bool) {
	done := make(chan struct{})
	l.mu.Lock()
	l.queue = append(l.queue, func() { fn(); close(done) })
	l.mu.Unlock()
	select {
	case l.wake <- struct{}{}:
	default:
	}
	if wait {
		<-done
	}
}

// Hand queues fn: the Hand of a latest.Worker.
func (l *Loop) Hand(fn func()) { l.Do(fn, false) }

// Drain runs every queued function, and those they queue, on the caller's
// goroutine.
func (l *Loop) Drain() {
	for {
		l.mu.Lock()
		q := l.queue
		l.queue = nil
		l.mu.Unlock()
		if len(q) == 0 {
			return
		}
		for _, fn := range q {
			fn()
		}
	}
}

// Until runs queued functions as they arrive until done, asked after each
// batch, reports true. A worker that never hands over the awaited result
// leaves the test to go test's own timeout.
func (l *Loop) Until(done func() bool) {
	for {
		l.Drain()
		if done() {
			return
		}
		<-l.wake
	}
}
