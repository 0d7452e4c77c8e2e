//go:build linux

// Package textfiletest helps tests that need an unprivileged user: saving
// and reading files is where permissions matter, and the tests run as root.
package textfiletest

import (
	"os"
	"runtime"
	"syscall"
	"testing"
)

// Nobody is the unprivileged user and group id the helpers switch to.
const Nobody = 65534

// AsNobody runs fn with the real and effective user and group set to nobody
// (65534) and no supplementary groups, then becomes root again (the saved
// user id stays 0). It skips with one line when the test is not root.
func AsNobody(t *testing.T, fn func()) {
	t.Helper()
	if os.Geteuid() != 0 || runtime.GOOS != "linux" {
		t.Skip("needs root on Linux to run a step as an unprivileged user")
	}
	groups, _ := syscall.Getgroups()
	if err := syscall.Setgroups([]int{}); err != nil {
		t.Skipf("cannot drop groups here: %v", err)
	}
	if err := syscall.Setresgid(Nobody, Nobody, 0); err != nil {
		syscall.Setgroups(groups)
		t.Skipf("cannot change group here: %v", err)
	}
	if err := syscall.Setresuid(Nobody, Nobody, 0); err != nil {
		syscall.Setresgid(0, 0, 0)
		syscall.Setgroups(groups)
		t.Skipf("cannot change user here: %v", err)
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
