package ui

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/robots-studio/robots-studio/ui/look"
)

// What may take longer than a fifth of a second says so first: F11, a zoom
// and a language switch show "Working…" in the status bar, and their work
// waits for the frame that paints it (here: until the test runs the
// queued function, as the draw loop would after that paint). The word goes
// when the work is done. Two quick F11 presses, both queued before either
// ran, come back to where they started.
func TestSlowSwitchesSayTheyAreWorkingFirst(t *testing.T) {
	s := newTestStudio(t)
	var queued []func()
	s.slow.afterPaint = func(f func()) { queued = append(queued, f) }
	runQueued := func() {
		for len(queued) > 0 {
			f := queued[0]
			queued = queued[1:]
			f()
		}
	}
	f11 := func() { s.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyF11}) }

	f11()
	if !s.bar.busy.Visible() || s.bar.busy.Text != "Working…" || s.class.present.on {
		t.Fatalf("after F11, before the paint: busy shown %v (%q), presenter %v; want the word shown and the switch waiting", s.bar.busy.Visible(), s.bar.busy.Text, s.class.present.on)
	}
	runQueued()
	if s.bar.busy.Visible() || !s.class.present.on {
		t.Fatalf("after the paint: busy shown %v, presenter %v; want the switch done and the word gone", s.bar.busy.Visible(), s.class.present.on)
	}
	f11()
	f11()
	runQueued()
	if !s.class.present.on {
		t.Error("two quick F11 presses did not come back to presenter mode")
	}
	s.class.setPresenter(false)

	zoom := s.view.zoom()
	s.view.userZoom(look.ZoomIn)
	s.view.userZoom(look.ZoomIn)
	if !s.bar.busy.Visible() || s.view.zoom() != zoom {
		t.Fatalf("Zoom In before the paint: busy %v, zoom %d (was %d)", s.bar.busy.Visible(), s.view.zoom(), zoom)
	}
	runQueued()
	if want := look.ZoomIn(look.ZoomIn(zoom)); s.view.zoom() != want || s.bar.busy.Visible() {
		t.Errorf("two Zoom Ins: zoom %d, want %d; busy shown %v", s.view.zoom(), want, s.bar.busy.Visible())
	}
}
