//go:build !headless

// Command robots-studio is a robots.txt editor and tester. With no arguments
// or a file path it opens the window; with a subcommand (test, check, …) it
// runs the same engine headless. `go build -tags headless` (no cgo needed)
// leaves the window out: see main_headless.go.
package main

import (
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"github.com/robots-studio/robots-studio/internal/session"
	"github.com/robots-studio/robots-studio/internal/version"
	"github.com/robots-studio/robots-studio/tester/history"
	"github.com/robots-studio/robots-studio/ui"
	_ "github.com/robots-studio/robots-studio/ui/cleanlocale" // before fyne's lang reads the locale
)

func main() {
	args := os.Args[1:]
	commandLine(args) // a command runs and exits here; so does a window with no display
	// Every fetch of a robots.txt (Open from Site, Compare) is kept as a
	// version of the site (tester/history; off with `history keep off`).
	history.Open(session.AppStorage())
	app.SetMetadata(metadata())
	a := app.NewWithID(ui.AppID)
	ui.ScreenPixels = screenPixels
	ui.KeyHook = keyHook
	ui.Start(a, args)
	a.Run()
}

// metadata is what `fyne package` would generate from FyneApp.toml, for
// every build (a plain `go build`, the Windows and web builds too): the
// version, and the fyneDo migration — the app updates widgets only on the
// UI goroutine (fyne.Do), so Fyne need not check each call. Without it,
// Fyne's check answers a call it thinks is off that goroutine by waiting for
// the UI goroutine, which let the browser build draw an edit half done.
func metadata() fyne.AppMetadata {
	return fyne.AppMetadata{
		ID:         ui.AppID,
		Name:       "Robots Studio",
		Version:    version.String(),
		Icon:       ui.Icon,
		Release:    version.Version != "",
		Migrations: map[string]bool{"fyneDo": true},
	}
}
