//go:build !windows

package textfile

import "os"

// replace renames tmp over path (atomic on POSIX file systems).
func replace(tmp, path string) error { return os.Rename(tmp, path) }

// inUse: only Windows refuses to replace or write a file because another
// program has it open.
func inUse(error) bool { return false }
