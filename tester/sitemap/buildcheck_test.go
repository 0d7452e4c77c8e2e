package sitemap

import (
	"strings"
	"testing"
)

// TestCheckBuildNamesBlockedURLsAndPatterns: a list for the builder with a
// URL the robots.txt blocks for Googlebot (named with its crawler and the
// deciding rule, SM101), a rule pattern taken from the tester's paths
// (SM106), and a plain URL (nothing). Without leaves the flagged ones out.
func TestCheckBuildNamesBlockedURLsAndPatterns(t *testing.T) {
	list := "https://example.com/\nhttps://example.com/private/a\n/*.pdf\n/end$\n"
	entries, fs := ParseURLList(strings.NewReader(list), "list.txt", "https://example.com")
	if HasError(fs) || len(entries) != 4 {
		t.Fatalf("setup: %d entries, findings %v", len(entries), fs)
	}
	r, err := NewRobots("robots.txt", []byte("User-agent: Googlebot\nDisallow: /private/\n"), []string{"Googlebot", "bingbot"}, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	c := CheckBuild(entries, r, "list.txt")
	var got []string
	for _, f := range c.Findings {
		got = append(got, f.Code+" "+f.Agent+" "+f.Message.String())
	}
	all := strings.Join(got, "\n")
	for _, want := range []string{"SM101 Googlebot", "line 2 `Disallow: /private/`", "SM106", "holds `*`", "holds `$`"} {
		if !strings.Contains(all, want) {
			t.Errorf("findings lack %q:\n%s", want, all)
		}
	}
	if strings.Contains(all, "SM101 bingbot") {
		t.Errorf("bingbot is not blocked, yet:\n%s", all)
	}
	if len(c.Out) != 3 || c.Out[1] {
		t.Errorf("lines to leave out: %v", c.Out)
	}
	kept := Without(entries, c.Out)
	if len(kept) != 1 || kept[0].Loc != "https://example.com/" {
		t.Errorf("left %v", kept)
	}
	if c := CheckBuild(entries[:1], r, "list.txt"); len(c.Findings) != 0 {
		t.Errorf("a plain allowed URL is flagged: %v", c.Findings)
	}
}
