package ui

import (
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/tester/lint"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// TestIdleTimerRunsOnceAfterTheLastCall: calls closer together than the
// pause replace each other; the newest one runs once, after its pause. The
// test plays the UI goroutine: it runs the hand-overs as they come, so a
// call's timer that fired before the next call (on a slow machine) only
// queues a hand-over that must do nothing; it waits for hand-overs, never
// for a fixed time.
func TestIdleTimerRunsOnceAfterTheLastCall(t *testing.T) {
	var ran []int
	var it idleTimer
	queued := make(chan func(), 8)
	hand := func(f func()) { queued <- f }
	// Each call waits longer than the one before it, so without the
	// replacing the first call would be the first to run.
	var last time.Time
	var pause time.Duration
	for i := 1; i <= 5; i++ {
		last, pause = time.Now(), time.Duration(i)*20*time.Millisecond
		it.after(pause, hand, func() { ran = append(ran, i) })
	}
	for len(ran) == 0 {
		(<-queued)()
	}
	if el := time.Since(last); el < pause {
		t.Fatalf("the last call ran %v after it was made, before its pause of %v", el, pause)
	}
	for len(queued) > 0 {
		(<-queued)()
	}
	if len(ran) != 1 || ran[0] != 5 {
		t.Fatalf("ran %v, want only the last call [5]", ran)
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

// TestBrowserLintWaitsForAPauseInTyping: the browser's way, in the window:
// no lint while keys come faster than the pause, then one lint of the
// newest text.
func TestBrowserLintWaitsForAPauseInTyping(t *testing.T) {
	defer func(v bool, h func(func())) { lintWaitsForTyping, toUI = v, h }(lintWaitsForTyping, toUI)
	ui := make(chan func(), 16) // this goroutine is the UI goroutine
	lintWaitsForTyping, toUI = true, func(f func()) { ui <- f }
	s := newTestStudio(t)
	s.openPath(writeFile(t, "robots.txt", []byte("User-agent: *\nDisallow: /x\n")))
	var linted []*syntax.Document
	deliver := s.checks.lints.Deliver
	s.checks.lints.Deliver = func(doc *syntax.Document, diags []lint.Diagnostic) {
		deliver(doc, diags)
		linted = append(linted, doc)
	}
	// run does what reached the UI goroutine within d.
	run := func(d time.Duration) {
		deadline := time.After(d)
		for {
			select {
			case f := <-ui:
				f()
			case <-deadline:
				return
			}
		}
	}
	run(2 * lintPause) // the opening's lint
	linted = nil
	s.win.Canvas().Focus(s.ed)
	s.ed.SetSelection(len(s.ed.Bytes()), len(s.ed.Bytes()))
	for _, r := range "Crawl-delay: x" {
		s.ed.TypedRune(r)
		run(lintPause / 6)
	}
	if len(linted) != 0 {
		t.Fatalf("linted %d times while the keys came faster than the pause", len(linted))
	}
	typed := s.ed.Document()
	run(3 * lintPause)
	switch {
	case len(linted) != 1:
		t.Fatalf("linted %d times after one pause, want once", len(linted))
	case linted[0] != typed:
		t.Fatal("the lint after the pause is not of the newest text")
	case len(s.checks.diags) == 0:
		t.Errorf("no findings for %q", s.ed.Bytes())
	}
}
