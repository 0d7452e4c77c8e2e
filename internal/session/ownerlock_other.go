//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly || windows || js)

package session

import (
	"os"
	"time"
)

// Where there is no lock the system releases when a process ends (the
// browser build: its file system lives in the page, and the owner is this
// tab), an owner shows it is alive by touching its lock file: the window's
// autosave does every few seconds (Keep), so a lock untouched for
// staleAfter belongs to a tab that is gone.
const staleAfter = 5 * AutosaveEvery

func holdLock(path string) (func(), error) {
	if err := os.WriteFile(path, nil, 0o600); err != nil {
		return nil, err
	}
	return func() { os.Remove(path) }, nil
}

func lockHeld(path string) bool {
	st, err := os.Stat(path)
	return err == nil && time.Since(st.ModTime()) < staleAfter
}

func beat(path string) {
	now := time.Now()
	os.Chtimes(path, now, now)
}
