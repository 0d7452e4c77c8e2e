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

// TestTemotoCompileIsLinearInGroups: on a file of 12,000 groups the
// engine's compile (the library's parse plus the emulation that names the
// lines) costs a small multiple of the library's own parse, which is linear;
// looking every group up with the library's FindGroup made it 60 times that.
// Both are timed side by side, so a busy machine slows both alike.
func TestTemotoCompileIsLinearInGroups(t *testing.T) {
	for _, n := range []int{3000, 12000} {
		doc := syntax.Parse(manyGroups(n))
		lib := fastest(func() { robotstxt.FromBytes(doc.Src) })
		all := fastest(func() { temoto{}.Compile(doc) })
		t.Logf("%d groups: compile %v, library parse %v", n, all, lib)
		if ratio := float64(all) / float64(lib); ratio > 10 {
			t.Fatalf("%d groups: compile %v is %.0f× the library's parse (%v): not linear", n, all, ratio, lib)
		}
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
