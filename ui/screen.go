package ui

import "fyne.io/fyne/v2"

// ScreenPixels, when set (by the window build's main), reports the
// screen's work area in pixels.
var ScreenPixels func() (w, h int, ok bool)

// maximised asks and sets a window's maximised state: the system's calls
// (frame_*.go; only Windows has them). Tests replace them, the test
// driver's windows having no such state.
var maximised = struct {
	is  func(fyne.Window) bool
	set func(fyne.Window)
}{windowMaximised, maximiseWindow}

// defaultWindowSize is the size a window opens at on a screen with room.
var defaultWindowSize = fyne.NewSize(1280, 800)

// fitScreen makes a window that was opened at the default size fit a
// smaller screen: a window larger than the screen would hide its status bar
// (or its menu bar) off the edge. Where the system says how big the
// window's frame is (Windows), the frame fits too; and a window the user
// left maximised opens maximised.
func (v *viewSide) fitScreen() {
	if ScreenPixels == nil {
		return
	}
	w, h, ok := ScreenPixels()
	if !ok {
		return
	}
	fw, fh, known := windowFrame(v.w.win)
	v.w.win.Resize(fitSize(defaultWindowSize, w, h, v.w.win.Canvas().Scale(), frame{fw, fh, known}))
	keepOnWorkArea(v.w.win)
	if v.w.app.Preferences().Bool(prefMaximised) {
		maximised.set(v.w.win)
	}
}

// rememberMaximised keeps whether the window is maximised, for the next
// start.
func (v *viewSide) rememberMaximised() {
	v.w.app.Preferences().SetBool(prefMaximised, maximised.is(v.w.win))
}

// frame is what the system's frame adds to a window, in pixels; known is
// false where the system does not say (then a margin is guessed when the
// window does not fit).
type frame struct {
	w, h  int
	known bool
}

// fitSize is want shrunk to a screen of w×h pixels at scale (pixels per
// Fyne unit), frame included: unchanged when it fits, else the screen less
// the frame.
func fitSize(want fyne.Size, w, h int, scale float32, f frame) fyne.Size {
	if scale <= 0 {
		scale = 1
	}
	if !f.known {
		sw, sh := float32(w)/scale, float32(h)/scale
		if want.Width <= sw && want.Height <= sh {
			return want
		}
		const guess = 40 // title bar and borders drawn by the window manager
		return fyne.NewSize(min(want.Width, sw), min(want.Height, sh-guess))
	}
	sw, sh := float32(w-f.w)/scale, float32(h-f.h)/scale
	return fyne.NewSize(min(want.Width, sw), min(want.Height, sh))
}
