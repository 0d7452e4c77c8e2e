package textfile

import (
	"errors"
	"os"
	"syscall"
	"time"
	"unsafe"
)

// Windows error codes a busy file gives (winerror.h).
const (
	errorAccessDenied     syscall.Errno = 5
	errorSharingViolation syscall.Errno = 32
	errorLockViolation    syscall.Errno = 33
)

const (
	movefileReplaceExisting = 0x1
	movefileWriteThrough    = 0x8
)

var procMoveFileExW = syscall.NewLazyDLL("kernel32.dll").NewProc("MoveFileExW")

// replaceRetries are the pauses between attempts to rename over a busy
// file: a virus scanner, an indexer or a backup tool holds a file for a
// moment after it changes; about two seconds in all, then the save fails.
var replaceRetries = []time.Duration{20, 40, 80, 160, 300, 400, 400, 400}

// replace renames tmp over path with MoveFileEx (replace existing, write
// through: the rename is on disk when it returns). Windows refuses while
// another program holds path open without FILE_SHARE_DELETE (most do, Go
// itself included): that is retried for a while, then reported as in use.
func replace(tmp, path string) error {
	err := moveFile(tmp, path)
	for _, pause := range replaceRetries {
		if err == nil || !busy(err) {
			break
		}
		time.Sleep(pause * time.Millisecond)
		err = moveFile(tmp, path)
	}
	if err != nil {
		return &os.LinkError{Op: "rename", Old: tmp, New: path, Err: err}
	}
	return nil
}

func moveFile(from, to string) error {
	f, err := syscall.UTF16PtrFromString(from)
	if err != nil {
		return err
	}
	t, err := syscall.UTF16PtrFromString(to)
	if err != nil {
		return err
	}
	r, _, e := procMoveFileExW.Call(uintptr(unsafe.Pointer(f)), uintptr(unsafe.Pointer(t)), movefileReplaceExisting|movefileWriteThrough)
	if r == 0 {
		if e == nil || e == syscall.Errno(0) {
			return syscall.EINVAL
		}
		return e
	}
	return nil
}

// busy: the error Windows gives for a file another program holds open.
// Access denied is among them: a rename over an open file reports it, and
// a file that is really read-only was refused before the rename.
func busy(err error) bool {
	return errors.Is(err, errorAccessDenied) || errors.Is(err, errorSharingViolation) || errors.Is(err, errorLockViolation)
}

// inUse: the save failed because another program has the file open. A
// rename that still fails after the retries counts; so does an open for
// writing refused for sharing (the in-place rewrite of a hard-linked file).
func inUse(err error) bool {
	var le *os.LinkError
	if errors.As(err, &le) {
		return busy(le.Err)
	}
	return errors.Is(err, errorSharingViolation) || errors.Is(err, errorLockViolation)
}
