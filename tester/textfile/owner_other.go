//go:build !unix

package textfile

import "io/fs"

func links(fs.FileInfo) uint64 { return 1 }

func keepOwner(string, fs.FileInfo) bool { return true }
