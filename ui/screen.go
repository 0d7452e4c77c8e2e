package ui

import "fyne.io/fyne/v2"

// ScreenPixels, when set (by the window build's main), reports the
// screen's work area in pixels.
var ScreenPixels func() (w, h int, ok bool)

// defaultWindowSize is the size a window opens at on a screen with room.
var defaultWindowSize = fyne.NewSize(1280, 800)

// fitScreen makes a window that was opened at the default size fit a
// smaller screen: a window larger than the screen would hide its status bar
// (or its menu bar) off the edge.
func (v *viewSide) fitScreen() {
	s := v.s
	if ScreenPixels == nil {
		return
	}
	w, h, ok := ScreenPixels()
	if !ok {
		return
	}
	s.win.Resize(fitSize(defaultWindowSize, w, h, s.win.Canvas().Scale()))
}

// fitSize is want shrunk to a screen of w×h pixels at scale (pixels per
// Fyne unit): unchanged when it fits, else the screen less a margin for
// the window's frame.
func fitSize(want fyne.Size, w, h int, scale float32) fyne.Size {
	if scale <= 0 {
		scale = 1
	}
	sw, sh := float32(w)/scale, float32(h)/scale
	if want.Width <= sw && want.Height <= sh {
		return want
	}
	const frame = 40 // title bar and borders drawn by the window manager
	return fyne.NewSize(min(want.Width, sw), min(want.Height, sh-frame))
}
