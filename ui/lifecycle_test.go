package ui

import (
	"runtime"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/internal/session"
	"github.com/robots-studio/robots-studio/internal/testenv"
	"github.com/robots-studio/robots-studio/ui/uitest"
)

// TestClosingAWindowEndsItsGoroutines: every goroutine a window starts
// (the autosave, the watch on the open file, the background workers) has
// an owner that stops it when the window closes, so opening and closing a
// window many times leaves the goroutine count where it was.
func TestClosingAWindowEndsItsGoroutines(t *testing.T) {
	a := uitest.NewApp(t)
	storage := t.TempDir()
	p := writeFile(t, "robots.txt", []byte("User-agent: *\nDisallow: /x\n"))
	cycle := func() {
		s := testStudio(a, storage)
		s.disk.off = false // the real window watches its file
		s.clock = &testenv.ManualClock{}
		openWindow(s, []string{p})
		if s.autosaver == nil || s.disk.watch == nil {
			t.Fatal("setup: the window did not start its autosave and its watch")
		}
		s.win.Close()
	}
	cycle() // the first window starts what lives as long as the program (fsnotify's, Fyne's)
	before := runtime.NumGoroutine()
	const n = 20
	for range n {
		cycle()
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		now := runtime.NumGoroutine()
		if now <= before {
			break
		}
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<20)
			t.Fatalf("after %d windows opened and closed: %d goroutines, %d before\n%s", n, now, before, buf[:runtime.Stack(buf, true)])
		}
		runtime.Gosched()
		time.Sleep(10 * time.Millisecond) // polls for the goroutines' end; not a wait for a fixed time
	}
}

// TestAutosaveRunsOnTheWindowsClock: the window's autosave copies unsaved
// text at a tick of the clock it is given, and not before.
func TestAutosaveRunsOnTheWindowsClock(t *testing.T) {
	a := uitest.NewApp(t)
	p := writeFile(t, "robots.txt", []byte("User-agent: *\n"))
	s := testStudio(a, t.TempDir())
	clock := &testenv.ManualClock{}
	s.clock = clock
	openWindow(s, []string{p})
	defer s.win.Close()
	test.Type(s.ed, "Disallow: /precious\n")
	if s.doc.HasCopy(p) {
		t.Fatal("a copy was written before the clock ticked")
	}
	s.autosaver.Stop() // the test plays the autosave's goroutine: the tick below is handled here
	s.autosaver = session.StartAutosave(clock, session.AutosaveEvery, func(f func()) { f() }, s.autosave)
	done := make(chan struct{})
	go func() { clock.Tick(); close(done) }()
	<-done
	s.autosaver.Stop() // returns once the tick's autosave has run
	if !s.doc.HasCopy(p) {
		t.Fatal("the tick did not copy the unsaved text")
	}
}
