//go:build unix

package sitemap

import (
	"syscall"
	"time"
)

// processCPU is the CPU time (user + system) the process has used so far:
// on a shared machine it varies less than the wall time.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
