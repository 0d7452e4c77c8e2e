//go:build js

package textfile

// openNonblock is 0 in the browser: its file system (web/vfs.js) has no
// pipes, and syscall has no O_NONBLOCK on js.
const openNonblock = 0
