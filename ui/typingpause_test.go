package ui

import (
	"sync"
	"testing"
	"time"
)

// TestIdleTimerRunsOnceAfterTheLastCall: calls closer together than the
// pause replace each other; the newest one runs once, after the pause.
func TestIdleTimerRunsOnceAfterTheLastCall(t *testing.T) {
	var mu sync.Mutex
	var ran []int
	var it idleTimer
	direct := func(f func()) { f() }
	start := time.Now()
	for i := 1; i <= 5; i++ {
		i := i
		it.after(60*time.Millisecond, direct, func() { mu.Lock(); ran = append(ran, i); mu.Unlock() })
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(200 * time.Millisecond)
	mu.Lock()
	defer mu.Unlock()
	if len(ran) != 1 || ran[0] != 5 {
		t.Fatalf("ran %v, want only the last call [5]", ran)
	}
	if el := time.Since(start); el < 100*time.Millisecond {
		t.Fatalf("elapsed %v", el)
	}
}

// TestIdleTimerDropsAReplacedHandOver: a call whose hand-over is already
// queued when a newer call comes does not run; stop cancels the newest.
func TestIdleTimerDropsAReplacedHandOver(t *testing.T) {
	var it idleTimer
	queued := make(chan func(), 4)
	hand := func(f func()) { queued <- f }
	n := 0
	it.after(time.Millisecond, hand, func() { n++ })
	first := <-queued // fired, waiting for the UI goroutine
	it.after(time.Hour, hand, func() { n += 10 })
	first()
	if n != 0 {
		t.Fatalf("a replaced call ran (n=%d)", n)
	}
	it.stop()
	it.after(time.Millisecond, hand, func() { n += 100 })
	(<-queued)()
	if n != 100 {
		t.Fatalf("n=%d, want the newest call only (100)", n)
	}
}
