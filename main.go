// Command robots-studio is a robots.txt editor and tester. With no arguments
// or a file path it opens the window; with a subcommand (test, check, …) it
// runs the same engine headless.
package main

import (
	"os"

	"fyne.io/fyne/v2/app"

	"github.com/robots-studio/robots-studio/tester/cli"
	"github.com/robots-studio/robots-studio/ui"
	_ "github.com/robots-studio/robots-studio/ui/cleanlocale" // before fyne's lang reads the locale
)

func main() {
	args := os.Args[1:]
	if len(args) > 0 && cli.IsCommand(args[0]) {
		ui.UseTranslations()
		os.Exit(cli.Run(args, cli.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}))
	}
	a := app.NewWithID(ui.AppID)
	ui.Start(a, args)
	a.Run()
}
