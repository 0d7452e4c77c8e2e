//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package sources

import (
	"os"
	"syscall"
)

// lockFile holds an exclusive flock on path, waiting for another process
// that holds it; the kernel lets go of it when a process ends, however it
// ends (kill -9 included), so a crashed writer never blocks the store.
func lockFile(path string) (func(), error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW, 0o600)
	if err != nil {
		return nil, err
	}
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return func() { syscall.Flock(int(f.Fd()), syscall.LOCK_UN); f.Close() }, nil
}
