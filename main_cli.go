//go:build !headless && !js

package main

import (
	"os"
	"runtime"

	"github.com/robots-studio/robots-studio/internal/cli"
	"github.com/robots-studio/robots-studio/internal/i18n"
)

// commandLine runs a subcommand (test, check, …) and exits with its
// status; with none it returns and the window opens, unless there is no
// display to open it on: then it says so in one line and exits.
func commandLine(args []string) {
	env := cli.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}
	switch cli.RouteOf(args) {
	case cli.RouteCommand, cli.RouteUnknown:
		i18n.Use()
		os.Exit(cli.Run(args, env))
	}
	if needsDisplay() && os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		i18n.Use()
		os.Exit(cli.NoDisplay(env))
	}
	if d := os.Getenv("DISPLAY"); needsDisplay() && d != "" && !displayAnswers(d) {
		i18n.Use()
		os.Exit(cli.DisplayUnreachable(env, d))
	}
}

// needsDisplay: on these systems the window is an X11 or Wayland client,
// and without a server GLFW fails with a stack trace.
func needsDisplay() bool {
	switch runtime.GOOS {
	case "linux", "freebsd", "openbsd", "netbsd", "dragonfly":
		return true
	}
	return false
}
