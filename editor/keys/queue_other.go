//go:build !js

package keys

// platformQueue: the desktop and test drivers call key methods on the UI
// goroutine already, so key work runs at once.
var platformQueue func(func())
