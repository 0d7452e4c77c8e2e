//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly || windows)

package sources

// lockFile: where the system has no file lock (the browser build, whose
// file system lives in the page and belongs to one program), the
// in-process lock the store takes first is the whole lock.
func lockFile(string) (func(), error) { return func() {}, nil }
