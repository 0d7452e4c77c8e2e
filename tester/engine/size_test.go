package engine

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/temoto/robotstxt"
)

// manyGroups is a robots.txt of n groups, each for its own crawler, with
// two rules: the shape that made the temoto engine's compile quadratic.
func manyGroups(n int) []byte {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "User-agent: bot%d\nDisallow: /private/%d/\nAllow: /private/%d/open\n\n", i, i, i)
	}
	return []byte(b.String())
}

// fastest is the shortest of three runs of fn (the machine is shared).
func fastest(fn func()) time.Duration {
	best := time.Duration(1 << 62)
	for i := 0; i < 3; i++ {
		t0 := time.Now()
		fn()
		if d := time.Since(t0); d < best {
			best = d
		}
	}
	return best
}

// TestTemotoCompileIsLinearInGroups: four times the groups may cost about
// four times as much (8× allowed for noise), not sixteen. The library's own
// parse is left out: it is what it is.
func TestTemotoCompileIsLinearInGroups(t *testing.T) {
	const small = 3000
	costs := make([]time.Duration, 2)
	for i, n := range []int{small, 4 * small} {
		doc := syntax.Parse(manyGroups(n))
		if _, err := robotstxt.FromBytes(doc.Src); err != nil {
			t.Fatal(err)
		}
		lib := fastest(func() { robotstxt.FromBytes(doc.Src) })
		all := fastest(func() { temoto{}.Compile(doc) })
		costs[i] = all - lib
		if costs[i] < time.Millisecond {
			costs[i] = time.Millisecond
		}
	}
	if ratio := float64(costs[1]) / float64(costs[0]); ratio > 8 {
		t.Fatalf("compile beyond the library's parse: %v for %d groups, %v for %d (×%.1f): not linear", costs[0], small, costs[1], 4*small, ratio)
	}
}

// TestTemotoAnswersStayTheLibrarysAfterLazyGroups: the library's group for
// each emulated group is looked up on first use; it must still agree.
func TestTemotoAnswersStayTheLibrarysAfterLazyGroups(t *testing.T) {
	doc := syntax.Parse(manyGroups(50))
	c := temoto{}.Compile(doc)
	for _, agent := range []string{"bot7", "bot49", "bot4", "nobody", ""} {
		for _, p := range []string{"/private/7/", "/private/7/open", "/x"} {
			v := c.Query(agent, p)
			for _, n := range v.Notes {
				if strings.Contains(n.String(), "differ") || strings.Contains(n.String(), "disagree") {
					t.Fatalf("%s %s: %s", agent, p, n)
				}
			}
		}
	}
}

// BenchmarkTemotoCompile10MB compiles a 10 MB file of many groups with the
// temoto engine, beside the library's own parse of the same bytes.
func BenchmarkTemotoCompile10MB(b *testing.B) {
	src := manyGroups(10 * 1000 * 1000 / 70)
	doc := syntax.Parse(src)
	b.Run("engine-compile", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for i := 0; i < b.N; i++ {
			temoto{}.Compile(doc)
		}
	})
	b.Run("library-parse", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for i := 0; i < b.N; i++ {
			robotstxt.FromBytes(src)
		}
	})
}
