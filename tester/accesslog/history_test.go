package accesslog

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/tester/history"
)

// TestHitsAreJudgedByTheVersionInForce (issue 38, part 3): with a site's
// history, a hit is disallowed only when every version a crawler could
// still have obeyed at its time (24 hours of caching) disallows it, the
// newest such version is named, a hit before the first version is not
// judged, a hit after a hole in the history says so, and --as-of-now
// judges every hit by the newest version.
func TestHitsAreJudgedByTheVersionInForce(t *testing.T) {
	day := func(d, h int) time.Time { return time.Date(2026, 1, d, h, 0, 0, 0, time.UTC) }
	versions := []history.Version{
		{Site: "https://example.com/robots.txt", Time: day(1, 0), LastSeen: day(9, 0), Status: 200},
		{Site: "https://example.com/robots.txt", Time: day(10, 0), LastSeen: day(20, 0), Status: 200},
	}
	bodies := [][]byte{[]byte("User-agent: *\nDisallow: /a\n"), []byte("User-agent: *\nDisallow: /b\n")}
	hits := []struct {
		rule string
		at   time.Time
		path string
		// want: "" allowed, else the deciding version ("v1") and "+gap"
		want, asOfNow string
	}{
		{"a hit before the first version is not judged", day(1, 0).Add(-time.Hour), "/a", "", ""},
		{"a hit under the first version alone is judged by it", day(5, 0), "/a", "v1", ""},
		{"a hit the newer version allows is no violation while the older may still be obeyed", day(10, 2), "/a", "", ""},
		{"a hit the older version allows is no violation while a crawler may still obey it", day(10, 2), "/b", "", "v2"},
		{"a hit once the older version is past its cache is judged by the newer", day(12, 0), "/b", "v2", "v2"},
		{"a hit more than a day after the last sighting is in a hole", day(25, 0), "/b", "v2+gap", "v2"},
	}
	var log strings.Builder
	for _, h := range hits {
		fmt.Fprintf(&log, "66.249.66.1 - - [%s] \"GET %s HTTP/1.1\" 200 1 \"-\" \"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)\"\n",
			h.at.Format("02/Jan/2006:15:04:05 -0700"), h.path)
	}
	name := filepath.Join(t.TempDir(), "access.log")
	if err := os.WriteFile(name, []byte(log.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, asOfNow := range []bool{false, true} {
		h := NewHistory(versions, bodies)
		h.AsOfNow = asOfNow
		got := map[int]string{}
		rep := analyze(t, Options{Names: []string{name}, History: h, Workers: 1, OnViolation: func(v Violation) {
			s := fmt.Sprintf("v%d", v.Version)
			if v.Gap {
				s += "+gap"
			}
			got[v.At.Line] = s
		}})
		for i, c := range hits {
			want := c.want
			if asOfNow {
				want = c.asOfNow
			}
			if got[i+1] != want {
				t.Errorf("as of now %v: %s: line %d judged %q, want %q", asOfNow, c.rule, i+1, got[i+1], want)
			}
		}
		if !rep.History || !rep.HasRobots {
			t.Errorf("as of now %v: the report does not say it judged by a history", asOfNow)
		}
		if wantBefore := map[bool]int64{false: 1, true: 0}[asOfNow]; rep.BeforeHistory != wantBefore {
			t.Errorf("as of now %v: %d hits before the history, want %d", asOfNow, rep.BeforeHistory, wantBefore)
		}
	}
}
