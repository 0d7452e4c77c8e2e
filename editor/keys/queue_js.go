//go:build js

package keys

import "fyne.io/fyne/v2"

// platformQueue: the web driver calls key methods off the UI goroutine, so
// key work is queued there, behind the mouse events already waiting.
var platformQueue func(func()) = fyne.Do

// heldOn: the browser's driver gives an input method's text with no key of
// its own, so a character is never held back there (Held.Stray).
const heldOn = false

// framed holds what BeforeFrame was given until Fyne's next animation
// tick (UI goroutine only).
var framed struct {
	runs    []func()
	waiting bool
}

// beforeFrame runs f from the next animation tick (NextTick): Fyne's loop
// ticks its animations and then paints, on the UI goroutine, in one pass.
// A fyne.Do would run whenever the loop next takes from its queue, which
// may be after the frame, and then the browser paints the whole window
// twice for one key, the second time before it shows the first (the
// paint loop does not wait in between). q is not used: the tick is on
// the UI goroutine already.
func beforeFrame(_ func(func()), f func()) {
	framed.runs = append(framed.runs, f)
	if framed.waiting {
		return
	}
	framed.waiting = true
	NextTick(func() {
		runs := framed.runs
		framed.runs, framed.waiting = nil, false
		for _, r := range runs {
			r()
		}
	})
}
