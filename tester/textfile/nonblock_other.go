//go:build !js

package textfile

import "syscall"

// openNonblock makes an open of a path swapped for a named pipe return at
// once instead of waiting for a writer (see openRegular).
const openNonblock = syscall.O_NONBLOCK
