//go:build !js

package keys

import "testing"

// On the desktop (and under the test driver) the drivers call key methods
// on the UI goroutine already: Run runs the work at once.
func TestRunIsACallOnTheDesktop(t *testing.T) {
	if Queued() {
		t.Fatal("keys.Run queues on the desktop")
	}
	ran := false
	Run(func() { ran = true })
	if !ran {
		t.Fatal("keys.Run did not run the work at once")
	}
}
