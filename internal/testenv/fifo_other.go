//go:build !unix

package testenv

import "testing"

// Mkfifo stops the test with Need: named pipes are made on unix systems
// only.
func Mkfifo(tb testing.TB, path string) {
	tb.Helper()
	Need(tb, "named pipes are made on unix systems only")
}
