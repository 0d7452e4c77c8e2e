package history

import (
	"fmt"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/diag"
)

// Every new version is graded with at least one finding, so a watch's
// report of it says what changed (watch --merge refuses a changed site
// with none): a status that changed while every reading does as before,
// and a version that differs only by its redirects, are said as info.
func TestGradeSaysEveryNewVersion(t *testing.T) {
	redirected := ver(404)
	redirected.Hops = []Hop{{URL: exampleSite, Status: 301}, {URL: "https://www.example.com/robots.txt", Status: 404}}
	for _, c := range []struct {
		rule     string
		old, new *Version
		want     string
	}{
		{"a 404 that becomes a 410: the same outcome for every reading", ver(404), ver(410), "now answers 410 (was 404)"},
		{"a 500 that becomes a 503: the same outcome for every reading", ver(500), ver(503), "now answers 503 (was 500)"},
		{"a 404 now reached through a redirect", ver(404), redirected, "still answers 404, by other redirects"},
	} {
		t.Run(c.rule, func(t *testing.T) {
			fs := Grade(Change{Old: c.old, New: c.new}, GradeOptions{})
			if len(fs) == 0 {
				t.Fatal("no finding for a new version")
			}
			var texts []string
			for _, f := range fs {
				texts = append(texts, f.Text.String())
				if f.Severity != diag.Info {
					t.Errorf("%q is %v, want info: nothing any reading does changed", f.Text.String(), f.Severity)
				}
			}
			if !strings.Contains(strings.Join(texts, "\n"), c.want) {
				t.Errorf("findings %q, want one saying %q", texts, c.want)
			}
		})
	}
}

// A file that names many crawlers is graded on a spread of at most
// maxReadingAgents of them (with the one no group names and the user's),
// and the harmless finding says how many of how many were asked: a file of
// 20,000 names asked every reading about each, for every path.
func TestGradeSamplesManyCrawlerNames(t *testing.T) {
	var b strings.Builder
	for i := range 300 {
		fmt.Fprintf(&b, "User-agent: bot%d\nDisallow: /p%d/\n\n", i, i)
	}
	old := b.String()
	fs := Grade(Change{Old: ver(200), New: ver(200), OldBody: []byte(old), NewBody: []byte(old + "# a comment\n")}, GradeOptions{})
	if len(fs) != 1 || fs[0].Code != "harmless" {
		t.Fatalf("findings %v, want one harmless", fs)
	}
	var names, all int
	if _, err := fmt.Sscanf(fs[0].Text.String()[strings.Index(fs[0].Text.String(), "for the "):], "for the %d of %d crawler names", &names, &all); err != nil {
		t.Fatalf("the finding says %q: %v", fs[0].Text.String(), err)
	}
	if names != maxReadingAgents || all < 301 { // 300 named, one unnamed, and the names diff adds
		t.Errorf("asked about %d of %d names, want %d of at least 301", names, all, maxReadingAgents)
	}
}
