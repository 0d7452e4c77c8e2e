// Command corescale measures what this machine gives a job that shares
// nothing between its cores, so build/bench.sh can print that ceiling
// beside the logs figure: the same work done by one goroutine on one
// core, then split across every core (GOMAXPROCS), best of five each.
//
//	compute    arithmetic in registers: no memory traffic at all
//	read       reading a 64 MiB buffer per core, as a parser reads a log
//	copy       copying 4 MiB blocks between 64 MiB buffers, as a read(2)
//	           into a chunk buffer does
//
// On a machine whose cores are real and idle all three are near the
// number of cores; a shared or busy host shows here first.
package main

import (
	"fmt"
	"runtime"
	"sync"
	"time"
)

const (
	bufSize = 64 << 20
	block   = 4 << 20
)

var sink [64]uint64 // one per worker, far apart enough not to matter here

func compute(w, units int) {
	x := uint64(w + 1)
	for u := 0; u < units; u++ {
		for i := 0; i < 50_000_000; i++ {
			x = x*6364136223846793005 + 1442695040888963407
		}
	}
	sink[w%len(sink)] += x
}

func read(buf []byte) func(w, units int) {
	return func(w, units int) {
		b := buf[w*bufSize : (w+1)*bufSize]
		var s uint64
		for u := 0; u < units; u++ {
			for i := 0; i+8 <= len(b); i += 8 {
				s += uint64(b[i]) + uint64(b[i+3]) + uint64(b[i+7])
			}
		}
		sink[w%len(sink)] += s
	}
}

func copying(src, dst []byte) func(w, units int) {
	return func(w, units int) {
		s, d := src[w*bufSize:(w+1)*bufSize], dst[w*bufSize:(w+1)*bufSize]
		for u := 0; u < units; u++ {
			for off := 0; off < bufSize; off += block {
				copy(d[off:off+block], s[off:off+block])
			}
		}
	}
}

// timeIt runs work on `workers` goroutines, `units` each, best of five.
func timeIt(workers, units int, work func(w, units int)) time.Duration {
	best := time.Duration(1<<63 - 1)
	for r := 0; r < 5; r++ {
		start := time.Now()
		var wg sync.WaitGroup
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func(w int) {
				defer wg.Done()
				work(w, units)
			}(w)
		}
		wg.Wait()
		best = min(best, time.Since(start))
	}
	return best
}

func main() {
	cores := runtime.NumCPU()
	if cores < 2 {
		fmt.Println("  one core: nothing to compare")
		return
	}
	// Real pages, not the zero page the kernel maps untouched memory to.
	a, b := make([]byte, cores*bufSize), make([]byte, cores*bufSize)
	for i := range a {
		a[i] = byte(i * 7)
	}
	copy(b, a)
	const units = 4 // per core in the split run; one core does them all
	for _, job := range []struct {
		name string
		work func(w, units int)
	}{
		{"compute (registers only)", compute},
		{"read memory (64 MiB per core)", read(a)},
		{"copy memory (4 MiB blocks)", copying(a, b)},
	} {
		runtime.GOMAXPROCS(1)
		one := timeIt(1, units*cores, func(_, n int) {
			// one goroutine does every core's share, each on its own buffer
			for w := 0; w < cores; w++ {
				job.work(w, n/cores)
			}
		})
		runtime.GOMAXPROCS(cores)
		all := timeIt(cores, units, job.work)
		fmt.Printf("  %-32s 1 core %6.3f s, %d cores %6.3f s  => %.2fx\n", job.name, one.Seconds(), cores, all.Seconds(), one.Seconds()/all.Seconds())
	}
}
