package sources

import (
	"errors"
	"syscall"
	"time"
)

// errorSharingViolation: another handle holds the file without sharing it.
const errorSharingViolation syscall.Errno = 32

// lockFile opens path with no sharing at all, waiting while another
// process has it open; Windows closes the handle when a process ends,
// however it ends, so a crashed writer never blocks the store.
func lockFile(path string) (func(), error) {
	p, err := syscall.UTF16PtrFromString(path)
	if err != nil {
		return nil, err
	}
	wait := time.Millisecond
	for {
		h, err := syscall.CreateFile(p, syscall.GENERIC_READ|syscall.GENERIC_WRITE, 0, nil, syscall.OPEN_ALWAYS,
			syscall.FILE_ATTRIBUTE_NORMAL|syscall.FILE_FLAG_OPEN_REPARSE_POINT, 0)
		if err == nil {
			return func() { syscall.CloseHandle(h) }, nil
		}
		if !errors.Is(err, errorSharingViolation) {
			return nil, err
		}
		time.Sleep(wait) // the holder is writing a few small files
		if wait < 50*time.Millisecond {
			wait *= 2
		}
	}
}
