package ui

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
)

// What may take longer than a fifth of a second (presenter mode on and off,
// a zoom, a language switch: each lays out and draws the whole window again
// at a new size) says so first: the status bar shows "Working…", a frame is
// painted with it, and only then does the work run, on the UI goroutine as
// before; the word goes when the work is done. Fyne paints nothing while a
// handler runs, so the word must reach the screen before the work starts.

// working runs f after the status bar has shown that it is under way. The
// studio's afterPaint is nil in tests made with Fyne's test driver (it has
// no paint to wait for): f runs at once there.
func (s *studio) working(f func()) {
	if s.afterPaint == nil || s.bar == nil {
		f()
		return
	}
	s.bar.setBusy(true)
	s.trace.shown("working")
	s.afterPaint(func() {
		defer s.bar.setBusy(false)
		f()
	})
}

// afterPaint runs f on the UI goroutine after the next frame is painted.
// Fyne has no frame callback: an animation is ticked right before the
// draw loop paints, and a function queued with fyne.Do from that tick runs
// after the paint (docs/speed-window.md).
func afterPaint(f func()) {
	queued := false
	a := fyne.NewAnimation(time.Millisecond, func(float32) {
		if !queued {
			queued = true
			fyne.Do(f)
		}
	})
	a.Start()
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
