//go:build linux

// Package textfiletest helps tests that need an unprivileged user: saving
// and reading files is where permissions matter, and the tests run as root.
package textfiletest

import (
	"fmt"
	"os"
	"runtime"
	"syscall"
	"testing"

	"github.com/robots-studio/robots-studio/internal/testenv"
)

// Nobody is the unprivileged user and group id the helpers switch to.
const Nobody = 65534

// AsNobody runs fn with the real and effective user and group set to nobody
// (65534) and no supplementary groups, then becomes root again (the saved
// user id stays 0). When the test is not root it stops with testenv.Need.
func AsNobody(t *testing.T, fn func()) {
	t.Helper()
	if os.Geteuid() != 0 || runtime.GOOS != "linux" {
		testenv.Need(t, "needs root on Linux to run a step as an unprivileged user")
	}
	groups, _ := syscall.Getgroups()
	if err := syscall.Setgroups([]int{}); err != nil {
		testenv.Need(t, fmt.Sprintf("cannot drop groups here: %v", err))
	}
	if err := syscall.Setresgid(Nobody, Nobody, 0); err != nil {
		syscall.Setgroups(groups)
		testenv.Need(t, fmt.Sprintf("cannot change group here: %v", err))
	}
	if err := syscall.Setresuid(Nobody, Nobody, 0); err != nil {
		syscall.Setresgid(0, 0, 0)
		syscall.Setgroups(groups)
		testenv.Need(t, fmt.Sprintf("cannot change user here: %v", err))
	}
	defer func() {
		if err := syscall.Setresuid(0, 0, 0); err != nil {
			panic("cannot become root again: " + err.Error())
		}
		syscall.Setresgid(0, 0, 0)
		syscall.Setgroups(groups)
	}()
	fn()
}

// SharedDir is a folder the unprivileged user may create files in.
func SharedDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "textfile-shared-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	os.Chmod(dir, 0o777)
	return dir
}
