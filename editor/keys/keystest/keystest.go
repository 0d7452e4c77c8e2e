// Package keystest plays the web driver's threading on the desktop, for
// tests: a UI goroutine of the test's own that runs queued work and draws
// frames, while the test sends keys from another goroutine, as Fyne's web
// driver does. keys.Run queues onto it for the test's duration.
package keystest

import (
	"sync"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/editor/keys"
)

// UI is the stand-in UI goroutine.
type UI struct {
	mu     sync.Mutex
	queue  []func()
	wake   chan struct{}
	stop   chan struct{}
	done   chan struct{}
	frame  func()
	Frames int // frames drawn (read after Stop or Wait)
}

// FrameEvery is how often the stand-in draws a frame while work is queued
// or not; a frame that took longer (the race detector slows painting ten
// times) waits as long again, so drawing never takes more than half of the
// UI goroutine.
const FrameEvery = 2 * time.Millisecond

// Start starts the UI goroutine, which calls frame every FrameEvery and
// runs queued work in order in between, and makes keys.Run queue onto it
// until the test ends.
func Start(t testing.TB, frame func()) *UI {
	u := &UI{wake: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{}), frame: frame}
	restore := keys.UseQueue(u.Do)
	go u.loop()
	t.Cleanup(func() {
		u.Stop()
		restore()
	})
	return u
}

// Do queues f for the UI goroutine. It never waits.
func (u *UI) Do(f func()) {
	u.mu.Lock()
	u.queue = append(u.queue, f)
	u.mu.Unlock()
	select {
	case u.wake <- struct{}{}:
	default:
	}
}

// Wait returns once everything queued before it has run.
func (u *UI) Wait() {
	ran := make(chan struct{})
	u.Do(func() { close(ran) })
	<-ran
}

// Stop ends the UI goroutine after the work queued so far.
func (u *UI) Stop() {
	select {
	case <-u.stop:
	default:
		u.Wait()
		close(u.stop)
	}
	<-u.done
}

func (u *UI) loop() {
	defer close(u.done)
	tick := time.NewTicker(FrameEvery)
	defer tick.Stop()
	last, gap := time.Now(), FrameEvery
	draw := func() {
		start := time.Now()
		if u.frame != nil {
			u.frame()
		}
		u.Frames++
		last = time.Now()
		gap = max(FrameEvery, last.Sub(start))
	}
	for {
		u.mu.Lock()
		batch := u.queue
		u.queue = nil
		u.mu.Unlock()
		for _, f := range batch {
			f()
			if time.Since(last) >= gap {
				draw()
			}
		}
		select {
		case <-u.stop:
			return
		case <-u.wake:
		case <-tick.C:
			if time.Since(last) >= gap {
				draw()
			}
		}
	}
}
