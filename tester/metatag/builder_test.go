package metatag

import (
	"slices"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/diag"
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
	b.Problems = slices.DeleteFunc(b.Problems, func(d Diagnostic) bool { return d.Severity == diag.Info })
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
		{"none with nofollow repeats (an error under the 1996 rules, when asked for)", Spec{None: true, NoFollow: true, With1996: true}, codeRepeated, false},
		{"none with nofollow for today's crawlers is a warning", Spec{None: true, NoFollow: true}, codeRepeated, true},
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

// TestBuild1996NotesOnlyWhenAsked: a modern directive gets no "a 1996 robot
// skips it" note unless the user asked for the 1996 reading.
func TestBuild1996NotesOnlyWhenAsked(t *testing.T) {
	spec := Spec{NoIndex: true, NoArchive: true, NoSnippet: true}
	concerns1996 := func(b Built) bool {
		for _, d := range b.Problems {
			if slices.Contains(d.Engines, Strict1996) {
				return true
			}
		}
		return false
	}
	if b := Build(spec, testNow); concerns1996(b) {
		t.Errorf("1996 notes without being asked: %v", b.Problems)
	}
	spec.With1996 = true
	if b := Build(spec, testNow); !concerns1996(b) {
		t.Errorf("asked for the 1996 reading, got no note about it: %v", b.Problems)
	}
}

// TestBuildHtaccessPattern: the .htaccess snippet uses the pattern the user
// typed, and without one it has no <Files> block at all (no placeholder the
// user never filled in) and says the header then covers every file.
func TestBuildHtaccessPattern(t *testing.T) {
	b := Build(Spec{NoIndex: true, Files: "*.docx"}, testNow)
	if !strings.Contains(b.Htaccess, `<Files "*.docx">`) {
		t.Errorf("typed pattern not used: %q", b.Htaccess)
	}
	b = Build(Spec{NoIndex: true}, testNow)
	if strings.Contains(b.Htaccess, "<Files") || strings.Contains(b.Htaccess, "pdf") {
		t.Errorf("no pattern typed, yet a <Files> block: %q", b.Htaccess)
	}
	if want := "<IfModule mod_headers.c>\n  Header set X-Robots-Tag \"noindex\"\n</IfModule>"; b.Htaccess != want {
		t.Errorf("htaccess %q, want %q", b.Htaccess, want)
	}
	if !slices.ContainsFunc(b.Problems, func(d Diagnostic) bool { return d.Code == codeEveryFile }) {
		t.Errorf("no note that the header covers every file: %v", b.Problems)
	}
}
