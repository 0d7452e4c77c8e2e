//go:build !headless && !js

package main

import (
	"net"
	"path/filepath"
	"strconv"
	"testing"
)

// The window asks the display before GLFW does: a DISPLAY where no X
// server listens is said in one line, not a GLFW stack trace.
func TestDisplayAnswers(t *testing.T) {
	dir := t.TempDir()
	old := x11Sockets
	x11Sockets = dir
	t.Cleanup(func() { x11Sockets = old })
	l, err := net.Listen("unix", filepath.Join(dir, "X7"))
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	tcp, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := tcp.Addr().(*net.TCPAddr).Port
	tcp.Close() // a port nothing listens on now
	for _, c := range []struct {
		rule    string
		display string
		want    bool
	}{
		{"a local display whose socket takes a connection", ":7", true},
		{"its screen number is no part of the socket's name", ":7.0", true},
		{"unix: is the local socket too", "unix:7", true},
		{"a local display with no server", ":8", false},
		{"a remote display with no server on its port", "127.0.0.1:" + strconv.Itoa(port-6000), false},
		{"a form not read here is left to GLFW", "nonsense", true},
		{"a display number that is no number is left to GLFW", ":x", true},
	} {
		if port-6000 < 0 && c.rule == "a remote display with no server on its port" {
			continue // the free port lies below 6000: no display number reaches it
		}
		if got := displayAnswers(c.display); got != c.want {
			t.Errorf("%s: displayAnswers(%q) = %v, want %v", c.rule, c.display, got, c.want)
		}
	}
}
