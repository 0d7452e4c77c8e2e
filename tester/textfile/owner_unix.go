//go:build unix

package textfile

import (
	"io/fs"
	"os"
	"syscall"
)

// links is the number of hard links to the file.
func links(_ string, st fs.FileInfo) uint64 {
	if sys, ok := st.Sys().(*syscall.Stat_t); ok {
		return uint64(sys.Nlink)
	}
	return 1
}

// keepOwner gives the new file tmp the owner and group of the old one; false
// when this user may not (then only an in-place write keeps them).
func keepOwner(tmp string, st fs.FileInfo) bool {
	sys, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return true
	}
	cur, err := os.Stat(tmp)
	if err != nil {
		return false
	}
	if now, ok := cur.Sys().(*syscall.Stat_t); ok && now.Uid == sys.Uid && now.Gid == sys.Gid {
		return true
	}
	return os.Chown(tmp, int(sys.Uid), int(sys.Gid)) == nil
}
