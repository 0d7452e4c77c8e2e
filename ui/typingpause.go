package ui

import (
	"sync"
	"time"

	"fyne.io/fyne/v2"

	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/ui/webfile"
)

// lintPause is how long the browser build waits after the last edit before
// it lints. A page runs Go on one thread: lint and the Problems panel's
// redraw (about half of a key's work on linkedin's file) would otherwise
// run between the key and its frame. On the desktop lint runs on the other
// core at once, as before.
const lintPause = 300 * time.Millisecond

// lintWaitsForTyping: lint waits for lintPause (the browser build; a
// variable so that the desktop's tests can check the browser's way).
var lintWaitsForTyping = webfile.Enabled

// toUI brings the pause's end back to the UI goroutine (a variable: the
// test driver has no UI goroutine, so a test plays its part).
var toUI = fyne.Do

// lintAfterEdit asks for the document to be linted: at once on the
// desktop, after a pause in typing in the browser.
func (k *checks) lintAfterEdit(doc *syntax.Document) {
	s := k.w
	if !lintWaitsForTyping {
		k.lints.Submit(doc)
		return
	}
	s.lint.pause.after(lintPause, toUI, func() { k.lints.Submit(s.ed.Document()) })
}

// idleTimer runs a function once calls to after have stopped for a while:
// each call replaces the one before it. It is called on the UI goroutine;
// hand brings the function back there (fyne.Do), and a call that was
// replaced while its hand-over was queued does not run.
type idleTimer struct {
	mu    sync.Mutex
	timer *time.Timer
	gen   uint64 // the newest call; older hand-overs see a newer number and do nothing
}

func (t *idleTimer) after(d time.Duration, hand func(func()), f func()) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.timer != nil {
		t.timer.Stop()
	}
	t.gen++
	gen := t.gen
	t.timer = time.AfterFunc(d, func() {
		hand(func() {
			t.mu.Lock()
			current := t.gen == gen
			if current {
				t.timer = nil
			}
			t.mu.Unlock()
			if current {
				f()
			}
		})
	})
}

// stop cancels a waiting call.
func (t *idleTimer) stop() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.timer != nil {
		t.timer.Stop()
		t.timer = nil
	}
	t.gen++
}
