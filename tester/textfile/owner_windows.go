package textfile

import (
	"io/fs"
	"syscall"
)

// links is the number of hard links to the file (NTFS has them too:
// mklink /H); a rename over one name would split it from the others, so
// WriteAtomic rewrites such a file in place.
func links(path string, _ fs.FileInfo) uint64 {
	p, err := syscall.UTF16PtrFromString(path)
	if err != nil {
		return 1
	}
	// No access rights asked: reading the link count needs none, and a file
	// another program holds open without sharing can still be asked.
	h, err := syscall.CreateFile(p, 0, syscall.FILE_SHARE_READ|syscall.FILE_SHARE_WRITE|syscall.FILE_SHARE_DELETE,
		nil, syscall.OPEN_EXISTING, syscall.FILE_FLAG_BACKUP_SEMANTICS, 0)
	if err != nil {
		return 1
	}
	defer syscall.CloseHandle(h)
	var info syscall.ByHandleFileInformation
	if syscall.GetFileInformationByHandle(h, &info) != nil {
		return 1
	}
	return uint64(info.NumberOfLinks)
}

// keepOwner: a file made by this user in the same folder inherits the
// folder's permissions (ACLs), as the old file did; Windows has no owner and
// group to copy the way POSIX does.
func keepOwner(string, fs.FileInfo) bool { return true }
