//go:build !unix && !windows

package textfile

import "io/fs"

func links(string, fs.FileInfo) uint64 { return 1 }

func keepOwner(string, fs.FileInfo) bool { return true }
