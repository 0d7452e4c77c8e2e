//go:build headless

// The headless build: `CGO_ENABLED=0 go build -tags headless` makes a static
// binary with every subcommand and its translations, for servers and CI
// machines without X11 or a C compiler. It has no window.
package main

import (
	"os"

	"github.com/robots-studio/robots-studio/internal/cli"
	"github.com/robots-studio/robots-studio/internal/i18n"
)

func main() {
	args := os.Args[1:]
	env := cli.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}
	i18n.Use()
	if cli.RouteOf(args) == cli.RouteWindow {
		os.Exit(cli.NoWindow(env))
	}
	os.Exit(cli.Run(args, env))
}
