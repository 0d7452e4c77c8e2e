// Package version says which build of Robots Studio this is: the CLI's
// --version, the window's Help ▸ About and the browser build's automation
// hook all read it.
package version

import (
	"runtime/debug"
	"strings"
)

// Version is set at link time by `make dist` and the build scripts:
//
//	-ldflags "-X github.com/robots-studio/robots-studio/internal/version.Version=$(git describe --tags --always --dirty)"
//
// Left empty (a plain `go build`), String falls back to the commit Go
// recorded in the binary.
var Version string

// String is the version to show: the one set at link time, else "dev" with
// the recorded commit (and "+dirty" when the tree had changes), else "dev".
func String() string {
	if v := strings.TrimSpace(Version); v != "" {
		return v
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "dev"
	}
	var rev string
	dirty := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "dev"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "+dirty"
	}
	return "dev-" + rev
}
