package historytab

import (
	"fmt"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/tester/history"
)

// BenchmarkSitesView reads a history of 500 watched sites, each with two
// versions (the second a staging file), and grades every site's last
// change, as the Sites view does when it comes into view (first time: no
// grade remembered).
func BenchmarkSitesView(b *testing.B) {
	const sites = 500
	st := history.In(b.TempDir())
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := 0; i < sites; i++ {
		site := fmt.Sprintf("https://site%d.example/robots.txt", i)
		old := fmt.Sprintf("User-agent: *\nDisallow: /private/%d/\n\nSitemap: https://site%d.example/sitemap.xml\n", i, i)
		for k, body := range []string{old, "User-agent: *\nDisallow: /\n"} {
			if _, _, err := st.Add(history.Version{Site: site, Time: t0.Add(time.Duration(k) * time.Hour), Source: history.SourceWatch, Status: 200}, []byte(body)); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var g grades
		rows, err := g.loadSites(st, history.GradeOptions{})
		if err != nil || len(rows) != sites || !rows[0].matters() {
			b.Fatalf("%d rows, %v", len(rows), err)
		}
	}
}
