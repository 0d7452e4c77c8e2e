package testerpane

import (
	"maps"
	"os"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/internal/loggen"
	"github.com/robots-studio/robots-studio/tester/crawlers"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// TestTallyInline: a tally runs on the UI goroutine when it is small, or
// when the last tally says it fits inlineBudget; otherwise (and before any
// tally was timed) in the background.
func TestTallyInline(t *testing.T) {
	pairs := func(n int) []pair { return make([]pair, n) }
	for _, c := range []struct {
		rule    string
		pairs   int
		also    int
		perCell time.Duration
		want    bool
	}{
		{"small: inline whatever it cost", inlineTally, 0, 0, true},
		{"big, never timed: background", 10_000, 0, 0, false},
		{"big, cheap last time: inline", 10_000, 0, time.Microsecond, true},
		{"big, dear last time: background", 10_000, 0, 10 * time.Microsecond, false},
		{"compare counts every engine's cell", 10_000, 7, time.Microsecond, false},
	} {
		tl := &tallier{perCell: c.perCell}
		j := tallyJob{pairs: pairs(c.pairs), also: make([]string, c.also)}
		if got := tl.tallyInline(j); got != c.want {
			t.Errorf("%s: tallyInline(%d pairs, %d more engines, %v a cell) = %v, want %v", c.rule, c.pairs, c.also, c.perCell, got, c.want)
		}
	}
}

// TestTallyInPartsAgrees: the tally the UI goroutine shares with the other
// cores finds, cell for cell, the facts one goroutine finds: linkedin's
// file, 20 crawlers × 500 paths under each crawler's own reading and under
// every engine (compare), in 1 to 4 parts.
func TestTallyInPartsAgrees(t *testing.T) {
	src, err := os.ReadFile("../../release/webtest/testdata/linkedin.robots.txt")
	if err != nil {
		t.Fatal(err)
	}
	doc := syntax.Parse(src)
	set := loggen.TestSet(src, 20, 500, "")
	job := func(also []string) tallyJob {
		j := tallyJob{doc: doc, compiled: map[string]engine.Compiled{}, own: map[string]string{}, also: also}
		for _, c := range set.Crawlers {
			j.own[c] = engine.ForCrawler(crawlers.Resolve(c).Token).Info().ID
			for _, p := range set.Paths {
				j.pairs = append(j.pairs, pair{c, p})
			}
		}
		return j
	}
	for _, also := range [][]string{nil, {"google", "rfc9309", "yandex", "bing", "temoto"}} {
		one := runTallyIn(job(also), 1)
		if len(one.facts) < len(job(also).pairs) {
			t.Fatalf("one goroutine: %d facts for %d rows", len(one.facts), len(job(also).pairs))
		}
		for parts := 2; parts <= 4; parts++ {
			got := runTallyIn(job(also), parts)
			if !maps.Equal(got.facts, one.facts) {
				differ := 0
				for c, f := range one.facts {
					if got.facts[c] != f {
						differ++
					}
				}
				t.Errorf("%d parts, %d more engines: %d facts of %d differ from one goroutine's (%d found)", parts, len(also), differ, len(one.facts), len(got.facts))
			}
		}
	}
}
