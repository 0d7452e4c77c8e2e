package metatag

import (
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/diag"
)

// TestBlockedCrawlerSeesNoTag: robots.txt blocks the page for Googlebot, and
// the page says noindex. The analysis must not say both "not fetched" and
// "noindex keeps the page out of the index": a blocked crawler never reads
// the tag. The error that says so leads the findings (worst first), and
// Googlebot's policy explains the block alone.
func TestBlockedCrawlerSeesNoTag(t *testing.T) {
	robots := func(token, url string) (bool, string) {
		if strings.HasPrefix(strings.ToLower(token), "googlebot") {
			return false, "robots.txt line 14"
		}
		return true, ""
	}
	r := Validate("noindex, foo", Options{URL: "https://example.com/page", Robots: robots})
	if len(r.Diagnostics) == 0 || r.Diagnostics[0].Code != codeBlockedNoindex || r.Diagnostics[0].Severity != diag.Error {
		t.Fatalf("the first finding is not the blocked-noindex error: %+v", r.Diagnostics)
	}
	for i := 1; i < len(r.Diagnostics); i++ {
		if r.Diagnostics[i].Severity > r.Diagnostics[i-1].Severity {
			t.Errorf("finding %d (%s) is worse than the one before it: not ordered by severity", i, r.Diagnostics[i].Code)
		}
	}
	for _, p := range r.Policies {
		var why []string
		for _, w := range p.Reasons {
			why = append(why, w.String())
		}
		all := strings.Join(why, " | ")
		switch p.Crawler.Name {
		case "Googlebot", "Googlebot-News":
			if !p.Blocked || strings.Contains(all, "keeps the page out of the index") || !strings.Contains(all, "never fetches the page") {
				t.Errorf("%s: blocked %v, reasons %q", p.Crawler.Name, p.Blocked, all)
			}
			if p.Crawler.Name == "Googlebot-News" && !strings.Contains(all, "Googlebot fetches the page for it") {
				t.Errorf("Googlebot-News is described as fetching on its own: %q", all)
			}
		case "YandexBot":
			if p.Blocked || !strings.Contains(all, "keeps the page out of the index") {
				t.Errorf("YandexBot reads the tag: blocked %v, reasons %q", p.Blocked, all)
			}
		}
	}
}
