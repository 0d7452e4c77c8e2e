package logtab

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/internal/session"
	"github.com/robots-studio/robots-studio/tester/accesslog"
	"github.com/robots-studio/robots-studio/tester/history"
)

// TestHitsJudgedByTheSitesHistory (issue 38, part 3): a document fetched
// from a site whose versions are kept judges each hit by the version live
// at its time, and the tab says so; the same log against a file judges by
// the file.
func TestHitsJudgedByTheSitesHistory(t *testing.T) {
	storage := t.TempDir()
	t.Setenv(session.StorageEnv, storage)
	st, err := history.Open(storage)
	if err != nil {
		t.Fatal(err)
	}
	site := "https://example.com/robots.txt"
	jan, feb := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)
	st.Add(history.Version{Site: site, Time: jan, LastSeen: feb.Add(-time.Hour), Status: 200, Source: "watch"}, []byte("User-agent: *\nDisallow: /old\n"))
	st.Add(history.Version{Site: site, Time: feb, LastSeen: feb.AddDate(0, 1, 0), Status: 200, Source: "watch"}, []byte("User-agent: *\nDisallow: /new\n"))
	var b strings.Builder
	for _, h := range []struct{ at, path string }{{"15/Jan/2026:10:00:00 +0000", "/old"}, {"15/Feb/2026:10:00:00 +0000", "/new"}, {"15/Feb/2026:11:00:00 +0000", "/old"}} {
		fmt.Fprintf(&b, "66.249.66.1 - - [%s] \"GET %s HTTP/1.1\" 200 1 \"-\" \"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)\"\n", h.at, h.path)
	}
	log := filepath.Join(t.TempDir(), "access.log")
	if err := os.WriteFile(log, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	tab, _ := newTestTab(t)
	today := doc(t, "robots.txt")
	for _, c := range []struct {
		rule       string
		src        Source
		disallowed int64
		said       bool
	}{
		{"a fetched document is judged by the version live at each hit: /old in January, /new in February", Source{Robots: today, Site: "https://example.com/"}, 2, true},
		{"a file is judged by itself", Source{Robots: today}, -1, false},
	} {
		tab.source = func() Source { return c.src }
		run(t, tab, log)
		var google *accesslog.CrawlerStats
		for _, cr := range tab.report.Crawlers {
			if cr.Name == "Googlebot" {
				google = cr
			}
		}
		if google == nil {
			t.Fatalf("%s: no Googlebot row", c.rule)
		}
		if c.disallowed >= 0 && google.Disallowed != c.disallowed {
			t.Errorf("%s: %d hits disallowed, want %d", c.rule, google.Disallowed, c.disallowed)
		}
		if said := strings.Contains(tab.status.Text, "judged by the robots.txt of https://example.com/robots.txt live at its time (2 versions kept"); said != c.said {
			t.Errorf("%s: the status says how it judged: %v, want %v\n%s", c.rule, said, c.said, tab.status.Text)
		}
	}
}
