package session

import (
	"errors"
	"os"
	"syscall"
)

// errorSharingViolation: another handle holds the file without sharing it.
const errorSharingViolation syscall.Errno = 32

// holdLock creates path and keeps it open with no sharing at all for as long
// as this process lives; Windows closes the handle when the process ends,
// however it ends, and only then can another process open the file.
func holdLock(path string) (func(), error) {
	p, err := syscall.UTF16PtrFromString(path)
	if err != nil {
		return nil, err
	}
	h, err := syscall.CreateFile(p, syscall.GENERIC_READ|syscall.GENERIC_WRITE, 0, nil, syscall.OPEN_ALWAYS,
		syscall.FILE_ATTRIBUTE_NORMAL, 0)
	if err != nil {
		return nil, err
	}
	return func() { syscall.CloseHandle(h); os.Remove(path) }, nil
}

// lockHeld reports whether a live process holds the lock at path: opening
// it fails for sharing while the owner's handle is open.
func lockHeld(path string) bool {
	p, err := syscall.UTF16PtrFromString(path)
	if err != nil {
		return false
	}
	h, err := syscall.CreateFile(p, syscall.GENERIC_READ, syscall.FILE_SHARE_READ|syscall.FILE_SHARE_WRITE|syscall.FILE_SHARE_DELETE,
		nil, syscall.OPEN_EXISTING, syscall.FILE_ATTRIBUTE_NORMAL, 0)
	if err != nil {
		return errors.Is(err, errorSharingViolation)
	}
	syscall.CloseHandle(h)
	return false
}

// beat is not needed where the system keeps the lock.
func beat(string) {}
