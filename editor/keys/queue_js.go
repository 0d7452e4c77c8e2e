//go:build js

package keys

import "fyne.io/fyne/v2"

// platformQueue: the web driver calls key methods off the UI goroutine, so
// key work is queued there, behind the mouse events already waiting.
var platformQueue func(func()) = fyne.Do
