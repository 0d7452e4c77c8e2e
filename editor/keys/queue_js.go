//go:build js

package keys

import "fyne.io/fyne/v2"

// platformQueue: the web driver calls key methods off the UI goroutine, so
// key work is queued there, behind the mouse events already waiting.
var platformQueue func(func()) = fyne.Do

// heldOn: the browser's driver gives an input method's text with no key of
// its own, so a character is never held back there (Held.Stray).
const heldOn = false
