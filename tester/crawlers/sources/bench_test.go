package sources

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkUpdateLargeList merges a robots.json of MaxEntries new names
// into an empty store and saves it: the merge is linear in the entries
// (an index by name), so the time per entry stays flat as the list grows
// (compare -bench with the sizes below).
func BenchmarkUpdateLargeList(b *testing.B) {
	for _, n := range []int{MaxEntries / 10, MaxEntries} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			m := map[string]map[string]string{}
			for i := 0; i < n; i++ {
				m[fmt.Sprintf("GenBot%06d", i)] = map[string]string{"operator": "Op", "respect": "Yes", "function": "AI Search"}
			}
			data, _ := json.Marshal(m)
			src := filepath.Join(b.TempDir(), "robots.json")
			os.WriteFile(src, data, 0o644)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				s := Store{Dir: filepath.Join(b.TempDir(), "catalogue")}
				b.StartTimer()
				if _, err := s.Update(context.Background(), []string{src}, opts()); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/entry")
		})
	}
}
