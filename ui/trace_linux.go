package ui

import (
	"syscall"
	"time"
)

// threadCPU is the CPU time the calling thread used so far (the speed
// trace calls it on the UI thread, which Fyne locks to the main thread).
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(1, &ru) != nil { // RUSAGE_THREAD
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
