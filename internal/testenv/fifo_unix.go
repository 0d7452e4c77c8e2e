//go:build unix

package testenv

import (
	"fmt"
	"syscall"
	"testing"
)

// Mkfifo makes a named pipe (FIFO) at path, for the tests that prove a
// reader refuses one instead of waiting on it; where none can be made it
// stops the test with Need.
func Mkfifo(tb testing.TB, path string) {
	tb.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		Need(tb, fmt.Sprintf("cannot make a named pipe here: %v", err))
	}
}
