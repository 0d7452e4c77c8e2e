package testerpane

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"

	"github.com/robots-studio/robots-studio/internal/corpus"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/testset"
)

// bigRobots is a ~500 KiB robots.txt: many named groups with Allow and
// Disallow rules (some with wildcards) and a `*` group, like a large shop's.
func bigRobots(size int) []byte {
	var b strings.Builder
	b.WriteString("# generated for BenchmarkPaneUpdate\nUser-agent: *\nDisallow: /private/\nAllow: /private/public/\nDisallow: /*.php$\n\n")
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "User-agent: bot%d\n", i)
		for j := range 8 {
			fmt.Fprintf(&b, "Disallow: /section%d/item%d/\nAllow: /section%d/item%d/open*.html$\n", i, j, i, j)
		}
		b.WriteString("\n")
	}
	return []byte(b.String())
}

// benchSet is 5 crawlers × 10 paths = 50 result rows.
func benchSet() *testset.Set {
	s := testset.New()
	s.Crawlers = []string{"Googlebot", "bot7", "bot1200", "bingbot", "YandexBot"}
	for i := range 10 {
		s.Paths = append(s.Paths, fmt.Sprintf("/section%d/item%d/open%d.html", i*100, i%8, i))
	}
	return s
}

// BenchmarkPaneUpdate is what a keystroke in the editor costs the pane: a
// new Document (500 KiB, 50 result rows) → compile the engines in view →
// verdicts for the visible rows → widgets updated. Parsing is the editor's
// cost and is measured separately ("parse").
func BenchmarkPaneUpdate(b *testing.B) {
	src := bigRobots(500 * 1024)
	for _, bc := range []struct {
		name    string
		size    fyne.Size
		compare bool
	}{
		{"list/window", fyne.NewSize(760, 900), false},
		{"list/all-50-rows-visible", fyne.NewSize(760, 8000), false},
		{"compare/window", fyne.NewSize(1400, 900), true},
	} {
		b.Run(bc.name, func(b *testing.B) {
			p, w := newTestPane(b, "")
			p.SetTestSet(benchSet())
			p.SetCompare(bc.compare)
			w.Resize(bc.size)
			doc := syntax.Parse(src)
			p.SetDocument(doc)
			if len(p.view.pairs) != 50 {
				b.Fatalf("%d rows", len(p.view.pairs))
			}
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				p.SetDocument(doc)
			}
			b.StopTimer()
			b.ReportMetric(float64(len(p.answers.verdicts)), "verdicts/op")
		})
	}
	// The pane's own share: verdicts and widgets, engines already compiled.
	b.Run("list/window/without-compile", func(b *testing.B) {
		p, w := newTestPane(b, "")
		p.SetTestSet(benchSet())
		w.Resize(fyne.NewSize(760, 900))
		doc := syntax.Parse(src)
		p.SetDocument(doc)
		// The tally runs on its own goroutine as in the window; only the
		// UI goroutine's share is timed.
		p.tallies.worker.Inline = false
		p.toUI = func(func()) {}
		b.ReportAllocs()
		b.ResetTimer()
		for range b.N {
			p.install(doc, p.answers.compiled)
		}
	})
	b.Run("parse", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for range b.N {
			syntax.Parse(src)
		}
	})
}

// BenchmarkCompile500K is each engine's share of a compare-mode update.
func BenchmarkCompile500K(b *testing.B) {
	doc := syntax.Parse(bigRobots(500 * 1024))
	for _, e := range engine.All() {
		b.Run(e.Info().ID, func(b *testing.B) {
			for range b.N {
				e.Compile(doc).Query("Googlebot", "/section1/item1/x")
			}
		})
	}
}

// tenThousand is a pane at 1280×800 with 20 crawlers × 500 paths = 10,000
// results on the repository's sample robots.txt. Background work (the
// tally) runs on its own goroutine as in the window; its hand-over is
// dropped, so only the UI goroutine's share is timed.
func tenThousand(b *testing.B, compare bool) (*Pane, [2]*syntax.Document) {
	b.Helper()
	src, err := os.ReadFile("../../assets/sample/robots.txt")
	if err != nil {
		b.Fatal(err)
	}
	return manyResults(b, compare, src, 500)
}

// manyResults is a pane at 1280×800 with 20 crawlers × paths results on
// src, read by each crawler's own rules (or compared).
func manyResults(b *testing.B, compare bool, src []byte, paths int) (*Pane, [2]*syntax.Document) {
	b.Helper()
	p, w := newTestPane(b, "")
	p.tallies.worker.Inline = false
	p.toUI = func(func()) {}
	docs := [2]*syntax.Document{syntax.Parse(src), syntax.Parse(append(slices.Clone(src), "\nDisallow: /x\n"...))}
	s := testset.New()
	for i := range 20 {
		s.Crawlers = append(s.Crawlers, []string{"Googlebot", "YandexBot", "bingbot", "GPTBot", "Lycos"}[i%5]+fmt.Sprint(i/5))
	}
	for i := range paths {
		s.Paths = append(s.Paths, fmt.Sprintf("/dir%d/page-%d.html?q=%d", i%37, i, i%3))
	}
	p.SetCompare(compare)
	p.SetTestSet(s)
	w.Resize(fyne.NewSize(1280*0.58, 800))
	p.SetDocument(docs[0])
	if len(p.view.shown) != 20*paths {
		b.Fatalf("%d rows", len(p.view.shown))
	}
	return p, docs
}

// BenchmarkTable10k: (scroll) what one scroll step costs the table — the
// cells of the rows that come into view filled, their verdicts asked for;
// (keystroke) an edit of the document until the visible results show it.
// A frame is 16 ms.
func BenchmarkTable10k(b *testing.B) {
	for _, compare := range []bool{false, true} {
		mode := "list"
		if compare {
			mode = "compare"
		}
		b.Run(mode+"/scroll", func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			p, _ := tenThousand(b, compare)
			rowH := p.ui.table.MinSize().Height
			step := float32(0)
			b.ResetTimer()
			cpu := threadCPU()
			for range b.N {
				step += 700 // about a screenful: every visible cell changes row
				if step > 10000*rowH {
					step = 0
				}
				p.ui.table.ScrollToOffset(fyne.NewPos(0, step))
			}
			b.ReportMetric(float64(threadCPU()-cpu)/1e6/float64(b.N), "ui-cpu-ms/op")
		})
		b.Run(mode+"/keystroke", func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			p, docs := tenThousand(b, compare)
			b.ResetTimer()
			cpu := threadCPU()
			for i := range b.N {
				p.SetDocument(docs[i%2])
			}
			b.ReportMetric(float64(threadCPU()-cpu)/1e6/float64(b.N), "ui-cpu-ms/op")
		})
	}
}

// BenchmarkKeystrokeBig is an edit of a big robots.txt (linkedin.robots.txt
// when the corpus is there, and a generated 500 KiB one) with 20 crawlers ×
// 500 paths taken from its rules = 10,000 results (and × 50 = 1,000), each
// crawler read by its own rules, as in the window: the background compile
// and tally hand their results to the UI goroutine (the benchmark's locked
// thread), which runs them. ui-cpu-ms/op is all the UI goroutine spends on
// one keystroke until the visible rows and the counts show the new
// document; max-ui-ms is the longest single piece of it (what one frame
// waits for). A frame is 16 ms.
func BenchmarkKeystrokeBig(b *testing.B) {
	for _, in := range []struct {
		name string
		src  func(b *testing.B) []byte
	}{
		{"generated-500KiB", func(*testing.B) []byte { return corpus.Generated(500 * 1024) }},
		{"linkedin", func(b *testing.B) []byte { return corpus.File(b, "linkedin.robots.txt") }},
	} {
		for _, n := range []int{50, 500} {
			b.Run(fmt.Sprintf("%s/%d-results", in.name, 20*n), func(b *testing.B) {
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				src := in.src(b)
				p, w := newTestPane(b, "")
				p.tallies.worker.Inline = false
				ui := make(chan func(), 64)
				p.toUI = func(f func()) { ui <- f }
				docs := [2]*syntax.Document{syntax.Parse(src), syntax.Parse(append(slices.Clone(src), "\nDisallow: /x\n"...))}
				p.SetTestSet(realisticSet(docs[0], n))
				w.Resize(fyne.NewSize(1280*0.58, 800))
				var longest time.Duration
				run := func(f func()) {
					start := threadCPU()
					f()
					longest = max(longest, threadCPU()-start)
				}
				settle := func(doc *syntax.Document) {
					run(func() { p.SetDocument(doc) })
					for p.doc != doc || !p.tallies.factsOK || p.compiler.Busy() || p.tallies.worker.Busy() || len(ui) > 0 {
						select {
						case f := <-ui:
							run(f)
						case <-time.After(time.Millisecond):
						}
					}
				}
				settle(docs[1])
				settle(docs[0])
				if len(p.view.shown) != 20*n {
					b.Fatalf("%d rows", len(p.view.shown))
				}
				longest = 0
				b.ResetTimer()
				cpu := threadCPU()
				for i := range b.N {
					settle(docs[(i+1)%2])
				}
				b.ReportMetric(float64(threadCPU()-cpu)/1e6/float64(b.N), "ui-cpu-ms/op")
				b.ReportMetric(float64(longest)/1e6, "max-ui-ms")
			})
		}
	}
}

// realisticSet is 20 well-known crawlers (four engines under "each
// crawler's own") × n paths made from the document's Disallow rules.
func realisticSet(doc *syntax.Document, n int) *testset.Set {
	s := testset.New()
	s.Crawlers = []string{"Googlebot", "YandexBot", "bingbot", "GPTBot", "Applebot", "DuckDuckBot", "Baiduspider", "Slurp",
		"Googlebot-Image", "YandexImages", "AdsBot-Google", "ClaudeBot", "CCBot", "facebookexternalhit", "Twitterbot",
		"PetalBot", "SemrushBot", "AhrefsBot", "MJ12bot", "Amazonbot"}
	seen := map[string]bool{}
	for _, l := range strings.Split(string(doc.Src), "\n") {
		v, ok := strings.CutPrefix(strings.TrimSpace(l), "Disallow:")
		v = strings.ReplaceAll(strings.TrimSuffix(strings.TrimSpace(v), "$"), "*", "x")
		if !ok || v == "" || seen[v] {
			continue
		}
		seen[v] = true
		s.Paths = append(s.Paths, v+"page")
		if len(s.Paths) == n {
			break
		}
	}
	for i := 0; len(s.Paths) < n; i++ {
		s.Paths = append(s.Paths, fmt.Sprintf("/dir%d/page-%d.html", i%37, i))
	}
	return s
}
