package testenv

import (
	"runtime"
	"runtime/debug"
	"sync/atomic"
	"time"
)

// PeakHeap runs fn while sampling the heap in use every 2 ms, and returns
// the most it grew above where it was (after a collection) before fn: a
// test's measure of how much an input makes the code hold at once. The
// collector runs at GOGC=20 meanwhile, so the heap in use stays near what
// is held, not what was held plus the garbage the default pacing lets pile
// up (up to as much again: a fetch that held 10 MB was once sampled at
// 25 MB, the test server's gzip buffers beside it).
func PeakHeap(fn func()) uint64 {
	defer debug.SetGCPercent(debug.SetGCPercent(20))
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.HeapInuse
	var peak atomic.Uint64
	done := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		var ms runtime.MemStats
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > base && ms.HeapInuse-base > peak.Load() {
				peak.Store(ms.HeapInuse - base)
			}
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	fn()
	close(done)
	<-sampled
	return peak.Load()
}
