package testerpane

import (
	"syscall"
	"time"
)

// threadCPU is the CPU time of the calling OS thread (RUSAGE_THREAD): with
// the benchmark's goroutine locked to its thread, that is the UI
// goroutine's own work, whatever else the machine runs.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(1, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
