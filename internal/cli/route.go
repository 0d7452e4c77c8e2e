package cli

import (
	"fmt"
	"os"
	"strings"

	"github.com/robots-studio/robots-studio/tester/msg"
)

// Route is what the process does with its arguments.
type Route int

const (
	RouteWindow  Route = iota // no arguments, or a file to open in the window
	RouteCommand              // a subcommand (or help): run headless
	RouteUnknown              // neither: a usage error, not a file name
)

// RouteOf tells a subcommand from a file to open: an existing path, or an
// argument that looks like one (it has a path separator or a dot, like
// "robots.txt" that is not created yet), opens the window; any other word is
// an unknown command, so a typo never becomes an empty document.
func RouteOf(args []string) Route {
	if len(args) == 0 {
		return RouteWindow
	}
	if IsCommand(args[0]) {
		return RouteCommand
	}
	if _, err := os.Stat(args[0]); err == nil || strings.ContainsAny(args[0], `/\.`) {
		return RouteWindow
	}
	return RouteUnknown
}

var (
	msgNoDisplay = msg.Def("cli.no_display", "robots-studio: the window needs a display, and neither DISPLAY nor WAYLAND_DISPLAY is set; the commands work without one (robots-studio help)")
	msgNoServer  = msg.Def("cli.no_x_server", "robots-studio: the window cannot open the display {{.Display}} (DISPLAY): no X server answers there; the commands work without one (robots-studio help)")
	msgNoWindow  = msg.Def("cli.no_window", "robots-studio: this build has no window (it was built with -tags headless); the commands are all here (robots-studio help)")
)

// NoDisplay prints why the window cannot open on this machine and returns
// ExitUsage.
func NoDisplay(env Env) int {
	fmt.Fprintln(env.Stderr, msg.New(msgNoDisplay))
	return ExitUsage
}

// DisplayUnreachable prints that no X server answers at display (the
// DISPLAY value) and returns ExitUsage.
func DisplayUnreachable(env Env, display string) int {
	fmt.Fprintln(env.Stderr, msg.New(msgNoServer, "Display", display))
	return ExitUsage
}

// NoWindow prints that this binary is the headless build and returns
// ExitUsage.
func NoWindow(env Env) int {
	fmt.Fprintln(env.Stderr, msg.New(msgNoWindow))
	return ExitUsage
}
