package testenv

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Tool finds the first of names on PATH or in /usr/sbin and /sbin (where
// Debian puts nginx and apache2ctl), or stops the test with Need.
func Tool(tb testing.TB, names ...string) string {
	tb.Helper()
	for _, n := range names {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
		for _, dir := range []string{"/usr/sbin", "/sbin"} {
			p := filepath.Join(dir, n)
			if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0 {
				return p
			}
		}
	}
	Need(tb, strings.Join(names, "/")+" not installed: cannot run its config test (apt-get install nginx apache2)")
	return ""
}
