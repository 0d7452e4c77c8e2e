package engine

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/internal/testenv"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// Size-driven fuzz targets: the fuzzer picks how big an input grows, not
// only what it contains, and each input has a time budget proportional to
// its size. A quadratic path (compile per group, join per line, match per
// star) fails here long before it freezes a user's window.

// budgetFor allows a fixed start-up plus 2 µs per input byte: far above the
// linear cost (a few ns per byte) on a busy machine, far below the quadratic
// cost of any size worth fuzzing (stretched under -race: testenv.Budget).
func budgetFor(size int) time.Duration {
	return testenv.Budget(500*time.Millisecond + time.Duration(size)*2*time.Microsecond)
}

// FuzzCompileManyGroups: a file of up to 20,000 groups, each for its own
// crawler (the shape that made temoto's compile quadratic), compiles in
// every engine within the budget, and a query stays cheap.
func FuzzCompileManyGroups(f *testing.F) {
	f.Add(uint16(10), uint8(2), "bot", "/private/")
	f.Add(uint16(5000), uint8(1), "Googlebot-", "/*.php$")
	f.Add(uint16(20000), uint8(3), "a", "/")
	f.Fuzz(func(t *testing.T, groups uint16, rules uint8, agent, rule string) {
		n := int(groups) % 20001
		perGroup := int(rules)%8 + 1
		if len(agent) > 64 || len(rule) > 64 || strings.ContainsAny(agent+rule, "\r\n") {
			return
		}
		var b strings.Builder
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "User-agent: %s%d\n", agent, i)
			for r := 0; r < perGroup; r++ {
				fmt.Fprintf(&b, "Disallow: %s%d\n", rule, r)
			}
		}
		src := []byte(b.String())
		took := testenv.Elapsed()
		doc := syntax.Parse(src)
		for _, e := range All() {
			c := e.Compile(doc)
			c.Query(fmt.Sprint(agent, n/2), "/private/1")
		}
		if d, limit := took(), budgetFor(len(src)); d > limit {
			t.Fatalf("%d groups (%d bytes): parse, compile and query took %v, budget %v", n, len(src), d, limit)
		}
	})
}

// FuzzLongPathManyStars: rules full of `*` against a path of up to 8 KB are
// matched within the budget by every engine that matches patterns itself.
// The temoto engine is left out: its verdict is the library's regular
// expression, slow on such input by design, and bounded instead by the
// window's and the command line's time limits.
func FuzzLongPathManyStars(f *testing.F) {
	f.Add(uint16(4096), uint8(60), uint8(200), "a", "b")
	f.Add(uint16(8000), uint8(255), uint8(50), "ab", "$")
	f.Fuzz(func(t *testing.T, pathLen uint16, stars, ruleCount uint8, piece, tail string) {
		if piece == "" || len(piece) > 8 || len(tail) > 8 || strings.ContainsAny(piece+tail, "\r\n#") {
			return
		}
		path := "/" + strings.Repeat(piece, int(pathLen)%8192/len(piece))
		var b strings.Builder
		b.WriteString("User-agent: *\n")
		for i := 0; i < int(ruleCount); i++ {
			fmt.Fprintf(&b, "Disallow: /%s%s%d\nAllow: /%s*%s\n", strings.Repeat("*"+piece, int(stars)), tail, i, piece, tail)
		}
		doc := syntax.Parse([]byte(b.String()))
		for _, e := range All() {
			if e.Info().ID == "temoto" {
				continue
			}
			c := e.Compile(doc)
			took := testenv.Elapsed()
			c.Query("Googlebot", path)
			if d, limit := took(), budgetFor(len(path)+len(doc.Src)); d > limit {
				t.Fatalf("%s: one query, %d-byte path, %d rules of %d stars: %v, budget %v", e.Info().ID, len(path), 2*int(ruleCount), stars, d, limit)
			}
		}
	})
}
