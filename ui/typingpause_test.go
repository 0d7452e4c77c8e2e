package ui

import (
	"sync"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/tester/lint"
	"github.com/robots-studio/robots-studio/tester/syntax"
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

// TestBrowserLintWaitsForAPauseInTyping: the browser's way, in the window:
// no lint while keys come faster than the pause, then one lint of the
// newest text.
func TestBrowserLintWaitsForAPauseInTyping(t *testing.T) {
	defer func(v bool) { lintWaitsForTyping = v }(lintWaitsForTyping)
	lintWaitsForTyping = true
	s := newTestStudio(t)
	s.openPath(writeFile(t, "robots.txt", []byte("User-agent: *\nDisallow: /x\n")))
	time.Sleep(2 * lintPause) // a lint the opening asked for is done
	linted := make(chan *syntax.Document, 16)
	deliver := s.lints.Deliver
	s.lints.Deliver = func(doc *syntax.Document, diags []lint.Diagnostic) {
		deliver(doc, diags)
		linted <- doc
	}
	s.win.Canvas().Focus(s.ed)
	s.ed.SetSelection(len(s.ed.Bytes()), len(s.ed.Bytes()))
	for _, r := range "Crawl-delay: x" {
		s.ed.TypedRune(r)
		time.Sleep(lintPause / 6)
	}
	select {
	case <-linted:
		t.Fatal("linted while the keys came faster than the pause")
	default:
	}
	typed := s.ed.Document()
	select {
	case doc := <-linted:
		if doc != typed {
			t.Fatal("the lint after the pause is not of the newest text")
		}
		if len(s.diags) == 0 {
			t.Errorf("no findings for %q", s.ed.Bytes())
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no lint after the pause")
	}
	select {
	case <-linted:
		t.Fatal("linted twice for one pause")
	case <-time.After(2 * lintPause):
	}
}
