//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package history

import (
	"os"
	"syscall"
)

// lockFile takes an flock on path (shared or exclusive), waiting for it;
// the kernel lets it go when the process ends, however it ends. Locks on
// separate opens of the file exclude each other in one process too.
func lockFile(path string, exclusive bool) (func(), error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	for {
		err = syscall.Flock(int(f.Fd()), how)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return func() { f.Close() }, nil
}
