//go:build linux

package ui

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/corpus"
	"github.com/robots-studio/robots-studio/tester/testset"
)

// BenchmarkKeystroke10k is one keystroke in the editor of the window with
// 20 crawlers × 500 paths = 10,000 results (and × 50 = 1,000) on
// linkedin.robots.txt, each crawler read by its own rules. ui-cpu-ms/op is
// what the keystroke costs the calling goroutine: the edit, the re-parse,
// the pane's update of the visible rows, and here (the test driver has no
// UI goroutine to hand background results to, so the pane runs
// synchronously) also the compile and the tally that the window does on
// other goroutines: an upper bound of the UI goroutine's share. A frame is
// 16 ms. ui/testerpane's BenchmarkKeystrokeBig measures the pane with its
// background work in the background.
func BenchmarkKeystroke10k(b *testing.B) {
	for _, n := range []int{50, 500} {
		b.Run(fmt.Sprintf("%d-results", 20*n), func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			s := linkedinStudio(b, n)
			s.checks.lints.Inline = false
			typeOrErase(s, 0)
			typeOrErase(s, 1)
			s.checks.lints.Wait() // the pane runs synchronously here; lint is the work left
			b.ResetTimer()
			cpu := threadCPU()
			for i := range b.N {
				typeOrErase(s, i)
			}
			b.ReportMetric(float64(threadCPU()-cpu)/1e6/float64(b.N), "ui-cpu-ms/op")
		})
	}
}

// linkedinStudio is a window on linkedin.robots.txt with 20 crawlers and up
// to paths paths taken from its Disallow rules, the cursor mid-file in the
// focused editor: the keystroke benchmarks' common start.
func linkedinStudio(b *testing.B, paths int) *studio {
	s := newTestStudio(b)
	src := corpus.File(b, "linkedin.robots.txt")
	s.openPath(writeFile(b, "robots.txt", src))
	set := testset.New()
	set.Crawlers = []string{"Googlebot", "YandexBot", "bingbot", "GPTBot", "Applebot", "DuckDuckBot", "Baiduspider", "Slurp",
		"Googlebot-Image", "YandexImages", "AdsBot-Google", "ClaudeBot", "CCBot", "facebookexternalhit", "Twitterbot",
		"PetalBot", "SemrushBot", "AhrefsBot", "MJ12bot", "Amazonbot"}
	for _, l := range strings.Split(string(src), "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(l), "Disallow:"); ok && strings.TrimSpace(v) != "" && len(set.Paths) < paths {
			set.Paths = append(set.Paths, strings.ReplaceAll(strings.TrimSpace(v), "*", "x")+"page")
		}
	}
	s.pane.SetTestSet(set)
	s.win.Canvas().Focus(s.ed)
	mid := int(s.ed.Document().Lines[len(s.ed.Document().Lines)/2].Start) + 10
	s.ed.SetSelection(mid, mid)
	return s
}

// BenchmarkKeystrokeWeb is one keystroke as the browser build pays for it:
// WebAssembly runs Go on one thread, so the work a key starts on other
// goroutines (lint, the compile, the tally, the change list) runs before
// the next frame all the same. Here all of it runs on the caller, with
// GOMAXPROCS 1, on linkedin.robots.txt with 100 results (20 crawlers × 5
// paths) — the browser budget is 50 ms from key to frame, and wasm
// runs this code 2-4 times slower than amd64. The frame's painting (WebGL
// in the browser) is not in it.
//
//	go test -run '^$' -bench KeystrokeWeb -benchtime 400x -cpuprofile cpu.out ./ui/
func BenchmarkKeystrokeWeb(b *testing.B) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	s := linkedinStudio(b, 5)
	if n := len(s.pane.TestSet().Crawlers) * len(s.pane.TestSet().Paths); n != 100 {
		b.Fatalf("%d results", n)
	}
	typeOrErase(s, 0)
	typeOrErase(s, 1)
	b.ResetTimer()
	for i := range b.N {
		typeOrErase(s, i)
	}
	b.StopTimer()
	if s.checks.lintDoc != s.ed.Document() {
		b.Fatal("the lint of the last keystroke is not shown")
	}
}
