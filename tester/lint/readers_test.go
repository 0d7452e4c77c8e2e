package lint

import "testing"

// Rule: Lighthouse's checks, line by line, as its robots-txt audit makes
// them (core/audits/seo/robots-txt.js, v13.4.1): the reason is its own
// error text.
func TestLighthouseRejects(t *testing.T) {
	newest, older := Readers()[0], Readers()[1]
	for _, c := range []struct {
		line    string
		afterUA bool
		newest  string
		older   string
	}{
		{"Content-Usage: train-ai=n", true, "Unknown directive", "Unknown directive"},
		{"Content-Signal: ai-train=no", true, "", "Unknown directive"},
		{"CONTENT-SIGNAL : ai-train=no # note", true, "", "Unknown directive"},
		{"Disallow /tmp/", true, "Syntax not understood", "Syntax not understood"},
		{"Disallow: /tmp/", false, "No user-agent specified", "No user-agent specified"},
		{"User-agent:", true, "No user-agent specified", "No user-agent specified"},
		{"Disallow: tmp/", true, `Pattern should either be empty, start with "/" or "*"`, `Pattern should either be empty, start with "/" or "*"`},
		{"Disallow: /a$b", true, `"$" should only be used at the end of the pattern`, `"$" should only be used at the end of the pattern`},
		{"Disallow: /a$", true, "", ""},
		{"Disallow:", true, "", ""},
		{"Sitemap: /s.xml", true, "Invalid sitemap URL", "Invalid sitemap URL"},
		{"Sitemap: gopher://example.com/s.xml", true, "Invalid sitemap URL protocol", "Invalid sitemap URL protocol"},
		{"Sitemap: ftp://example.com/s.xml", true, "", ""},
		{"# only a comment", false, "", ""},
		{"   ", false, "", ""},
		{"Clean-param: ref /", true, "", ""},
	} {
		if got := newest.Rejects(c.line, c.afterUA); got != c.newest {
			t.Errorf("%s %q: %q, want %q", newest.Versions, c.line, got, c.newest)
		}
		if got := older.Rejects(c.line, c.afterUA); got != c.older {
			t.Errorf("%s %q: %q, want %q", older.Versions, c.line, got, c.older)
		}
	}
	if seoPoints != 8 {
		t.Errorf("one failed audit costs %d SEO points; Lighthouse 13.4.1's weights give 8", seoPoints)
	}
}
