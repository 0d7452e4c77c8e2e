//go:build !headless && !js

package main

import (
	"net"
	"strconv"
	"strings"
	"time"
)

// x11Sockets is the folder of the local X servers' sockets.
var x11Sockets = "/tmp/.X11-unix"

// displayAnswers reports whether an X server takes a connection at d, a
// DISPLAY value (":0", ":1.0", "unix:2", "host:0"). GLFW dies with a stack
// trace when it cannot open the display; asked first, the window says so
// in one line. A form not read here is left for GLFW to try.
func displayAnswers(d string) bool {
	i := strings.LastIndexByte(d, ':')
	if i < 0 || strings.HasPrefix(d, "/") { // no display number, or a launchd socket path
		return true
	}
	host, num := d[:i], d[i+1:]
	num, _, _ = strings.Cut(num, ".") // the screen
	n, err := strconv.Atoi(num)
	if err != nil || n < 0 {
		return true
	}
	if host == "" || host == "unix" {
		// Linux servers listen on an abstract socket and on a file.
		for _, addr := range []string{"@" + x11Sockets + "/X" + num, x11Sockets + "/X" + num} {
			if c, err := net.DialTimeout("unix", addr, time.Second); err == nil {
				c.Close()
				return true
			}
		}
		return false
	}
	c, err := net.DialTimeout("tcp", net.JoinHostPort(strings.Trim(host, "[]"), strconv.Itoa(6000+n)), 3*time.Second)
	if err != nil {
		return false
	}
	c.Close()
	return true
}
