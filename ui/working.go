package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"github.com/robots-studio/robots-studio/editor/keys"
)

// What may take longer than a fifth of a second (presenter mode on and off,
// a zoom, a language switch: each lays out and draws the whole window again
// at a new size) says so first: the status bar shows "Working…", a frame is
// painted with it, and only then does the work run, on the UI goroutine as
// before; the word goes when the work is done. Fyne paints nothing while a
// handler runs, so the word must reach the screen before the work starts.

// slowWork runs slow work once the status bar shows it is under way.
type slowWork struct {
	bar func() *statusBar // the window's status bar (nil before it is built)
	// afterPaint runs a function after the next frame is painted; nil
	// under Fyne's test driver (it has no paint to wait for), where the
	// work runs at once.
	afterPaint func(func())
	trace      func() *tracer // the opt-in speed trace
}

// run runs f after the status bar has shown that it is under way.
func (w *slowWork) run(f func()) {
	var bar *statusBar
	if w.bar != nil {
		bar = w.bar()
	}
	if w.afterPaint == nil || bar == nil {
		f()
		return
	}
	bar.setBusy(true)
	if w.trace != nil {
		w.trace().shown("working")
	}
	w.afterPaint(func() {
		defer bar.setBusy(false)
		f()
	})
}

// afterPaint runs f on the UI goroutine after the next frame is painted:
// queued with fyne.Do from the animation tick right before that paint
// (keys.NextTick).
func afterPaint(f func()) {
	keys.NextTick(func() { fyne.Do(f) })
}

// setBusy shows or hides the status bar's "Working…".
func (b *statusBar) setBusy(on bool) {
	if on {
		b.busy.SetText(lang.X("window.status.working", "Working…"))
		b.busy.Show()
		return
	}
	b.busy.Hide()
}
