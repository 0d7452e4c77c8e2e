package metatag

import (
	"slices"
	"strings"
	"testing"
)

const shopPage = `<!DOCTYPE html>
<HTML><HEAD>
<TITLE>Shop</TITLE>
<META NAME="ROBOTS" CONTENT="NOINDEX">
<meta name="GoogleBot" content="nosnippet">
<meta name="bingbot" content="noarchive">
<meta name="otherbot" content="noindex, nofollow">
<meta name="viewport" content="width=device-width">
<meta name="keywords" content="shop, cheap">
<meta name="Description" content="A shop">
<meta name="document-state" content="sometimes">
<meta name="url" content="/relative">
<meta name="revisit-after" content="7 days">
<meta http-equiv="X-Robots-Tag" content="noindex">
<script>var s = '<meta name="robots" content="all">';</script>
</HEAD>
<body>
<noindex>hidden from Yandex</noindex>
<!-- noindex -->also hidden<!--/noindex-->
<a href="/1">1</a> <a href="/2" rel="nofollow">2</a> <a href="/3" rel="UGC NoFollow">3</a>
<a href="/4" rel="sponsored">4</a> <a name="anchor">no href</a>
<meta name="robots" content="noimageindex">
<noindex>never closed
</body></HTML>`

func TestAnalyseHTMLFindsEveryRobotsTag(t *testing.T) {
	r := AnalyseHTML([]byte(shopPage), Options{Now: testNow})
	var names []string
	for _, s := range r.Sources {
		names = append(names, s.Name)
	}
	if want := []string{"robots", "googlebot", "bingbot", "otherbot", "robots"}; !slices.Equal(names, want) {
		t.Errorf("robots metas %v, want %v (viewport, historical and the one in <script> are not robots tags)", names, want)
	}
	if r.Sources[0].Line != 4 || r.Sources[4].Line != 22 {
		t.Errorf("lines %d and %d, want 4 and 22", r.Sources[0].Line, r.Sources[4].Line)
	}
	if !r.Sources[0].InHead || r.Sources[4].InHead {
		t.Errorf("head detection: first in head = %v, last in head = %v", r.Sources[0].InHead, r.Sources[4].InHead)
	}
	if r.Links != (LinkCount{Total: 4, Nofollow: 2, UGC: 1, Sponsored: 1}) {
		t.Errorf("links %+v", r.Links)
	}
	if r.Noindex.Count != 2 || r.Noindex.Unclosed != 1 || !slices.Equal(r.Noindex.Lines, []int{18, 19}) {
		t.Errorf("noindex blocks %+v", r.Noindex)
	}
	var hist []string
	for _, h := range r.Historical {
		hist = append(hist, h.Name)
		if h.Explanation.String() == "" {
			t.Errorf("%s has no explanation", h.Name)
		}
	}
	if want := []string{"keywords", "description", "document-state", "url", "revisit-after"}; !slices.Equal(hist, want) {
		t.Errorf("historical %v, want %v", hist, want)
	}
	got := codes(r, nil)
	for _, want := range []string{"warning:outside-head", "warning:http-equiv", "info:other-crawler", "info:noindex-block",
		"warning:unclosed-noindex", "warning:historical-value"} {
		if !slices.Contains(got, want) {
			t.Errorf("%v lacks %s", got, want)
		}
	}
	if n := strings.Count(strings.Join(got, " "), "historical-value"); n != 2 {
		t.Errorf("document-state “sometimes” and url “/relative” are both wrong, got %d findings", n)
	}
	g := policyOf(t, r, "Googlebot")
	if g.Index || g.Snippet != 0 || g.ImageIndex {
		t.Errorf("Googlebot obeys robots + googlebot tags: %+v", g)
	}
	b := policyOf(t, r, "bingbot")
	if b.Index || b.Archive || b.Snippet != -1 {
		t.Errorf("bingbot obeys robots + bingbot tags, not googlebot: %+v", b)
	}
}

func TestAnalyseHTMLEdgeCases(t *testing.T) {
	cases := []struct {
		name string
		page string
		want string // a severity:code that must be reported
	}{
		{"no robots tag at all means the default", `<html><body>hi</body></html>`, "info:no-directives"},
		{"a robots meta without content", `<meta name="robots">`, "warning:empty-content"},
		{"a meta after body text is outside head", `<p>text</p><meta name="robots" content="noindex">`, "warning:outside-head"},
		{"a typo in a page is an error", `<meta name="robots" content="noindx">`, "error:unknown"},
		{"several tags that repeat each other are fine", `<meta name="robots" content="noindex"><meta name="robots" content="noindex">`, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := AnalyseHTML([]byte(tc.page), Options{Now: testNow})
			got := codes(r, nil)
			if tc.want == "" {
				if r.HasError(nil) {
					t.Errorf("unexpected error: %v", got)
				}
				return
			}
			if !slices.Contains(got, tc.want) {
				t.Errorf("%v lacks %s", got, tc.want)
			}
		})
	}
}

func TestImplicitHeadKeepsMetaInHead(t *testing.T) {
	r := AnalyseHTML([]byte("<title>t</title>\n<meta name=robots content=noindex>"), Options{Now: testNow})
	if len(r.Sources) != 1 || !r.Sources[0].InHead || r.Sources[0].Line != 2 {
		t.Errorf("a meta before any body content is in the (implicit) head: %+v", r.Sources)
	}
}
