package sitemap

import (
	"fmt"
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

// TestBuildRefusesOtherHosts: a sitemap lists the URLs of its own host
// (sitemaps.org, "Sitemap file location"), so the builder refuses a URL of
// another host with the reason the Check gives for it (SM011), and what it
// accepts reads back without SM011.
func TestBuildRefusesOtherHosts(t *testing.T) {
	for _, c := range []struct {
		rule, list, host string
		refused          []int // lines refused as another host's
	}{
		{"a URL of another host than the site's is refused", "/a\nhttps://other.example.org/x\nhttps://www.linkedin.com/b\n", "https://www.linkedin.com", []int{2}},
		{"another scheme is another site", "http://www.linkedin.com/a\n", "https://www.linkedin.com", []int{1}},
		{"without a site address the first URL's host is the sitemap's", "https://a.example/x\nhttps://b.example/y\nhttps://a.example/z\n", "", []int{2}},
		{"the site address's path does not matter, its host does", "/a\nhttps://www.linkedin.com/b\n", "https://www.linkedin.com/blog/", nil},
	} {
		entries, fs := ParseURLList(strings.NewReader(c.list), "list.txt", c.host)
		var refused []int
		for _, f := range fs {
			if f.Code == CodeOtherHost {
				refused = append(refused, f.Line)
				if !strings.Contains(f.Message.String(), "a sitemap") {
					t.Errorf("%s: the refusal gives no reason: %s", c.rule, f.Message)
				}
			}
		}
		if fmt.Sprint(refused) != fmt.Sprint(c.refused) {
			t.Errorf("%s: refused lines %v, want %v (findings %v)", c.rule, refused, c.refused, fs)
		}
		if len(c.refused) > 0 && !HasError(fs) {
			t.Errorf("%s: a refused URL is no error, so the file would be built", c.rule)
		}
		if len(entries) == 0 {
			continue
		}
		files := Build(entries, "sitemap", DirURL(c.host, entries))
		res := read(t, string(files[0].Data), Options{URL: DirURL(c.host, entries) + "sitemap.xml"})
		for _, f := range res.Findings {
			if f.Code == CodeOtherHost {
				t.Errorf("%s: what the builder kept reads back with %s", c.rule, f.Message)
			}
		}
	}
}
