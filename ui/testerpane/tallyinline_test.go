package testerpane

import (
	"testing"
	"time"
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
