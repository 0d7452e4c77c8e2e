package testerpane

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

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
			if len(p.pairs) != 50 {
				b.Fatalf("%d rows", len(p.pairs))
			}
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				p.SetDocument(doc)
			}
			b.StopTimer()
			b.ReportMetric(float64(len(p.verdicts)), "verdicts/op")
		})
	}
	// The pane's own share: verdicts and widgets, engines already compiled.
	b.Run("list/window/without-compile", func(b *testing.B) {
		p, w := newTestPane(b, "")
		p.SetTestSet(benchSet())
		w.Resize(fyne.NewSize(760, 900))
		doc := syntax.Parse(src)
		p.SetDocument(doc)
		b.ReportAllocs()
		b.ResetTimer()
		for range b.N {
			p.install(doc, p.compiled)
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
