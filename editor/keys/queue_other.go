//go:build !js

package keys

// platformQueue: the desktop and test drivers call key methods on the UI
// goroutine already, so key work runs at once.
var platformQueue func(func())

// heldOn: the desktop driver reports every key that makes a character
// (Held.Stray).
const heldOn = true

// beforeFrame: only tests that play the web driver queue off js, and for
// them the queue is enough.
func beforeFrame(q func(func()), f func()) { q(f) }
