package metatag

import (
	"slices"
	"strings"
	"testing"
)

func TestBuildOutputs(t *testing.T) {
	b := Build(Spec{Target: "GoogleBot-News", NoIndex: true, MaxSnippet: "0", UnavailableAfter: "2030-12-31", Files: "report-*.pdf"}, testNow)
	want := Built{
		Content:  "noindex, max-snippet:0, unavailable_after: 2030-12-31",
		Meta:     `<meta name="googlebot-news" content="noindex, max-snippet:0, unavailable_after: 2030-12-31">`,
		Header:   "X-Robots-Tag: googlebot-news: noindex, max-snippet:0, unavailable_after: 2030-12-31",
		Apache:   `Header set X-Robots-Tag "googlebot-news: noindex, max-snippet:0, unavailable_after: 2030-12-31"`,
		Nginx:    `add_header X-Robots-Tag "googlebot-news: noindex, max-snippet:0, unavailable_after: 2030-12-31" always;`,
		Htaccess: "<IfModule mod_headers.c>\n  <Files \"report-*.pdf\">\n    Header set X-Robots-Tag \"googlebot-news: noindex, max-snippet:0, unavailable_after: 2030-12-31\"\n  </Files>\n</IfModule>",
	}
	b.Problems = slices.DeleteFunc(b.Problems, func(d Diagnostic) bool { return d.Severity == Info })
	if len(b.Problems) != 0 || b.Content != want.Content || b.Meta != want.Meta || b.Header != want.Header ||
		b.Apache != want.Apache || b.Nginx != want.Nginx || b.Htaccess != want.Htaccess {
		t.Errorf("got  %+v\nwant %+v", b, want)
	}
}

func TestBuildExplainsInvalidCombinations(t *testing.T) {
	cases := []struct {
		name string
		spec Spec
		code string
		ok   bool // Built.OK
	}{
		{"nothing chosen needs no tag", Spec{}, codeDefault, true},
		{"all alone only states the default", Spec{All: true}, codeDefault, true},
		{"indexifembedded needs noindex", Spec{IndexIfEmbedded: true}, codeNeedsNoindex, true},
		{"all with noindex contradicts", Spec{All: true, NoIndex: true}, codeContradictory, false},
		{"none with nofollow repeats (an error under the 1996 rules)", Spec{None: true, NoFollow: true}, codeRepeated, false},
		{"none with nofollow for Google only is a warning", Spec{Target: "googlebot", None: true, NoFollow: true}, codeRepeated, true},
		{"yandex does not read nosnippet", Spec{Target: "yandex", NoSnippet: true}, codeIgnored, true},
		{"a bad number", Spec{MaxVideoPreview: "ten"}, codeBadValue, false},
		{"a bad date", Spec{UnavailableAfter: "31/12/2030"}, codeBadValue, false},
		{"a passed date", Spec{UnavailableAfter: "2020-01-01"}, codeDatePassed, true},
		{"a target with blanks", Spec{Target: "google bot", NoIndex: true}, codeBadTarget, false},
		{"a Files pattern with a slash", Spec{NoIndex: true, Files: "docs/*.pdf"}, codeBadFiles, false},
		{"an unmodelled crawler is noted", Spec{Target: "otherbot", NoIndex: true}, codeOtherCrawler, true},
		{"a yandex header prefix is unverified", Spec{Target: "yandex", NoIndex: true}, codeUnverifiedNote, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := Build(tc.spec, testNow)
			var got []string
			for _, d := range b.Problems {
				got = append(got, d.Code)
			}
			if !slices.Contains(got, tc.code) {
				t.Errorf("problems %v lack %s", got, tc.code)
			}
			if b.OK() != tc.ok {
				t.Errorf("OK() = %v, want %v (%v)", b.OK(), tc.ok, got)
			}
		})
	}
}

func TestBuildEscapesAndNeverBreaksTheSnippets(t *testing.T) {
	b := Build(Spec{Target: "robots", MaxSnippet: `5" onload="x`, UnavailableAfter: "2030-01-01\nX-Evil: 1"}, testNow)
	for _, s := range []string{b.Meta, b.Header, b.Apache, b.Nginx, b.Htaccess} {
		if strings.Count(s, `"`)%2 != 0 || strings.Contains(s, "X-Evil: 1\n") {
			t.Errorf("snippet broken by the input: %q", s)
		}
	}
	if b.OK() {
		t.Error("the malformed values must be reported")
	}
}
