package accesslog

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestPruneKeepsTheSortedTop: prune by selection keeps exactly the items a
// full sort would list first, and adds the largest dropped count to lost.
func TestPruneKeepsTheSortedTop(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for round := 0; round < 200; round++ {
		keep := 1 + rng.IntN(20)
		a, b := newTop[struct{}](keep), newTop[struct{}](keep)
		n := rng.IntN(5 * keep)
		for i := 0; i < n; i++ {
			key := fmt.Sprint(rng.IntN(3 * keep))
			inc := int64(1 + rng.IntN(3)) // ties on purpose
			for _, c := range []*topCounter[struct{}]{a, b} {
				it := c.items[key]
				if it == nil {
					it = &topItem[struct{}]{Key: key}
					c.items[key] = it
				}
				it.Count += inc
			}
		}
		all := b.sorted()
		var want []string
		var lost int64
		for i, it := range all {
			if i < keep {
				want = append(want, it.Key)
			} else if i == keep {
				lost = it.Count
			}
		}
		a.prune()
		var got []string
		for _, it := range a.sorted() {
			got = append(got, it.Key)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) || a.lost != lost {
			t.Fatalf("round %d keep %d: kept %v lost %d, a full sort keeps %v lost %d", round, keep, got, a.lost, want, lost)
		}
	}
}
