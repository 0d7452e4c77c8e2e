//go:build !js

package cli_test

import (
	"os"
	"testing"

	"github.com/robots-studio/robots-studio/internal/cli"
	"github.com/robots-studio/robots-studio/internal/session"
)

// TestMain keeps the catalogue's user layer of these tests in a folder of
// their own, never in the user's real storage; run with asCLI set, the test
// binary is the command line itself (the Dask workers run it so).
func TestMain(m *testing.M) {
	if os.Getenv(asCLI) == "1" {
		os.Exit(cli.Run(os.Args[1:], cli.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}))
	}
	dir, err := os.MkdirTemp("", "cli-storage-")
	if err != nil {
		panic(err)
	}
	os.Setenv(session.StorageEnv, dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
