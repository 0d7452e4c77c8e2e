//go:build !linux

package textfiletest

import (
	"os"
	"testing"

	"github.com/robots-studio/robots-studio/internal/testenv"
)

// Nobody is the unprivileged user and group id the helpers switch to.
const Nobody = 65534

// AsNobody stops the test with testenv.Need: switching users in a test is
// done on Linux only.
func AsNobody(t *testing.T, fn func()) {
	t.Helper()
	testenv.Need(t, "needs root on Linux to run a step as an unprivileged user")
}

// SharedDir is a folder the unprivileged user may create files in.
func SharedDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	os.Chmod(dir, 0o777)
	return dir
}
