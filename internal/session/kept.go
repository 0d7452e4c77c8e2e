package session

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"

	"github.com/robots-studio/robots-studio/tester/testset"
)

// AppID identifies the app for its preferences and storage.
const AppID = "io.github.robots_studio.robots_studio"

// StorageEnv names a folder that stands in for the app's storage (for the
// command line on a server, and for tests): AppStorage returns it.
const StorageEnv = "ROBOTS_STUDIO_STORAGE"

// AppStorage is the folder the window keeps its storage in (Fyne's app
// storage for AppID), found without Fyne so the command line finds what
// the window saved: <config>/fyne/AppID, where <config> is the user's
// configuration folder as Fyne chooses it on each system; StorageEnv, when
// set, instead.
func AppStorage() string {
	if d := os.Getenv(StorageEnv); d != "" {
		return d
	}
	home, _ := os.UserHomeDir()
	var config string
	switch runtime.GOOS {
	case "windows":
		config = filepath.Join(home, "AppData", "Roaming")
	case "darwin":
		config = filepath.Join(home, "Library", "Preferences")
	default:
		config, _ = os.UserConfigDir()
	}
	return filepath.Join(config, "fyne", AppID)
}

// TestsFor reads the test set kept for the robots file at robotsPath,
// wherever places keeps it (beside the file, or in the app's folder), and
// says where that is. A file with no set has an empty one (err nil).
func TestsFor(robotsPath string, places Places) (*testset.Set, string, error) {
	path, _ := places.For(robotsPath)
	set, err := testset.Load(path)
	switch {
	case err == nil:
		return set, path, nil
	case errors.Is(err, fs.ErrNotExist):
		return testset.New(), path, nil
	}
	return testset.New(), path, err
}
