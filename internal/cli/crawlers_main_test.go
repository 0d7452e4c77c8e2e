package cli_test

import (
	"os"
	"testing"

	"github.com/robots-studio/robots-studio/internal/session"
)

// TestMain keeps the catalogue's user layer of these tests in a folder of
// their own, never in the user's real storage.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "cli-storage-")
	if err != nil {
		panic(err)
	}
	os.Setenv(session.StorageEnv, dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
