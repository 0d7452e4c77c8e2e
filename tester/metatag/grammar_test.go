package metatag

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/tester/diag"
)

var testNow = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// codes lists "severity:code" of the diagnostics that concern engines.
func codes(r Report, engines []Engine) []string {
	var out []string
	for _, d := range r.Filter(engines) {
		out = append(out, d.Severity.String()+":"+d.Code)
	}
	return out
}

func TestStrict1996Grammar(t *testing.T) {
	strict := []Engine{Strict1996}
	cases := []struct {
		name    string
		content string
		errors  []string // every error code for a 1996 robot, in order
		invalid bool     // HasError for strict1996
	}{
		{name: "ALL stands alone", content: "ALL"},
		{name: "NONE stands alone", content: "NONE"},
		{name: "a list of one index and one follow directive", content: "INDEX,NOFOLLOW"},
		{name: "names are case-insensitive", content: "NoIndex,follow"},
		{name: "blanks around commas are allowed", content: " noindex , follow "},
		{name: "1996 guide's bad example: repeated and contradictory values",
			content: "INDEX,NOINDEX,NOFOLLOW,FOLLOW,FOLLOW", errors: []string{"contradictory", "contradictory", "repeated"}, invalid: true},
		{name: "1996 guide's bad example: none already says nofollow", content: "none, nofollow", errors: []string{"repeated"}, invalid: true},
		{name: "all already says index", content: "all,index", errors: []string{"repeated"}, invalid: true},
		{name: "all contradicts none", content: "all, none", errors: []string{"contradictory"}, invalid: true},
		{name: "a directive given twice is repeated", content: "noindex,noindex", errors: []string{"repeated"}, invalid: true},
		{name: "an unknown word is an error", content: "noindex, nocrawl", errors: []string{"unknown"}, invalid: true},
		{name: "directives need commas, not blanks", content: "noindex nofollow", errors: []string{"missing-comma"}, invalid: true},
		{name: "a modern directive is outside the grammar, skipped, not an error", content: "noarchive"},
		{name: "empty content means the default", content: ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := Validate(tc.content, Options{Now: testNow, Engines: strict})
			var errs []string
			for _, d := range r.Diagnostics {
				if d.Severity == diag.Error {
					errs = append(errs, d.Code)
				}
			}
			if !slices.Equal(errs, tc.errors) {
				t.Errorf("errors %v, want %v (all: %v)", errs, tc.errors, codes(r, strict))
			}
			if r.HasError(strict) != tc.invalid {
				t.Errorf("HasError = %v, want %v", !tc.invalid, tc.invalid)
			}
		})
	}
}

func TestDiagnosticsPerEngine(t *testing.T) {
	cases := []struct {
		name    string
		content string
		engine  Engine
		want    string // a "severity:code" that must be reported for engine
		absent  string // and one that must not
	}{
		{name: "a repeat is only a warning for Google", content: "none, nofollow", engine: Google, want: "warning:repeated", absent: "error:repeated"},
		{name: "Yandex ignores nosnippet", content: "nosnippet", engine: Yandex, want: "info:ignored"},
		{name: "Google reads nosnippet", content: "nosnippet", engine: Google, absent: "info:ignored"},
		{name: "Bing reads nocache, Google does not", content: "nocache", engine: Google, want: "info:ignored"},
		{name: "noarchive is moot for Google", content: "noarchive", engine: Google, want: "info:moot"},
		{name: "a contradiction is an error for every engine", content: "index, noindex", engine: Yandex, want: "error:contradictory"},
		{name: "different max-snippet values disagree", content: "max-snippet:10, max-snippet:20", engine: Google, want: "error:contradictory"},
		{name: "nosnippet overrides max-snippet", content: "nosnippet, max-snippet:20", engine: Bing, want: "warning:conflict"},
		{name: "max-snippet:0 is nosnippet", content: "max-snippet:0", engine: Google, want: "info:same-as"},
		{name: "a flag directive takes no value", content: "noindex:yes", engine: Google, want: "error:bad-value"},
		{name: "max-snippet needs a number", content: "max-snippet:many", engine: Google, want: "error:bad-value"},
		{name: "max-snippet below -1 is invalid", content: "max-snippet:-2", engine: Google, want: "error:bad-value"},
		{name: "max-image-preview has three values", content: "max-image-preview:huge", engine: Google, want: "error:bad-value"},
		{name: "unavailable_after needs a date", content: "unavailable_after: soon", engine: Google, want: "error:bad-value"},
		{name: "unavailable_after needs a value", content: "unavailable_after", engine: Google, want: "error:bad-value"},
		{name: "a passed date is a warning", content: "unavailable_after: 2020-01-01", engine: Google, want: "warning:date-passed"},
		{name: "indexifembedded without noindex does nothing", content: "indexifembedded", engine: Google, want: "warning:needs-noindex"},
		{name: "indexifembedded with noindex is fine", content: "noindex, indexifembedded", engine: Google, absent: "warning:needs-noindex"},
		{name: "obsolete directives are recognised", content: "noodp", engine: Google, want: "info:obsolete", absent: "error:unknown"},
		{name: "semicolons are not separators", content: "noindex; nofollow", engine: Google, want: "warning:semicolon"},
		{name: "a trailing comma leaves an empty item", content: "noindex,", engine: Google, want: "info:empty-item"},
		{name: "only defaults say nothing", content: "index, follow", engine: Google, want: "info:default"},
		{name: "empty content is a warning", content: "  ", engine: Google, want: "warning:empty-content"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := Validate(tc.content, Options{Now: testNow, Engines: []Engine{tc.engine}})
			got := codes(r, []Engine{tc.engine})
			if tc.want != "" && !slices.Contains(got, tc.want) {
				t.Errorf("%q for %s: %v lacks %s", tc.content, tc.engine, got, tc.want)
			}
			if tc.absent != "" && slices.Contains(got, tc.absent) {
				t.Errorf("%q for %s: %v has %s", tc.content, tc.engine, got, tc.absent)
			}
		})
	}
}

func TestUnknownDirectiveSuggestsTheKnownOne(t *testing.T) {
	for word, want := range map[string]string{"noindx": "noindex", "no-index": "noindex", "unavailable-after": "unavailable_after",
		"max_snippet": "max-snippet", "NOFOLOW": "nofollow", "banana": ""} {
		if got := suggest(word); got != want {
			t.Errorf("suggest(%q) = %q, want %q", word, got, want)
		}
	}
}

func TestParseContentOffsets(t *testing.T) {
	content := " NOINDEX ,max-snippet: 20,, unavailable_after: Friday, 25-Jun-10 15:00:00 PST "
	got := ParseContent(content)
	want := []Directive{
		{Name: "noindex", Raw: "NOINDEX", Offset: 1, Scope: "robots"},
		{Name: "max-snippet", Value: "20", HasValue: true, Raw: "max-snippet: 20", Offset: 10, Scope: "robots"},
		{Name: "unavailable_after", Value: "Friday, 25-Jun-10 15:00:00 PST", HasValue: true,
			Raw: "unavailable_after: Friday, 25-Jun-10 15:00:00 PST", Offset: 28, Scope: "robots"},
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got  %+v\nwant %+v", got, want)
	}
	for _, d := range got {
		if content[d.Offset:d.Offset+len(d.Raw)] != d.Raw {
			t.Errorf("offset %d does not point at %q", d.Offset, d.Raw)
		}
	}
}

func TestCanonical(t *testing.T) {
	for in, want := range map[string]string{"NoIndex": "noindex", "MAX-SNIPPET: 5": "max-snippet:5",
		"unavailable_after:2030-01-01": "unavailable_after: 2030-01-01"} {
		if got := ParseContent(in)[0].Canonical(); got != want {
			t.Errorf("Canonical(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestParseEngine: every id the command line's --engine accepted when the
// ids became data still chooses the same engines.
func TestParseEngine(t *testing.T) {
	cases := []struct {
		rule string
		id   string
		want []Engine // nil: refused
	}{
		{"no id is every engine", "", Engines},
		{"all is every engine", "all", Engines},
		{"case and blanks do not matter", " ALL ", Engines},
		{"an engine's own id", "google", []Engine{Google}},
		{"a crawler's name chooses its engine", "googlebot", []Engine{Google}},
		{"RFC 9309 is read as Google reads meta tags", "rfc9309", []Engine{Google}},
		{"an id in any case", "Google", []Engine{Google}},
		{"an engine's own id", "yandex", []Engine{Yandex}},
		{"an engine's own id", "bing", []Engine{Bing}},
		{"a crawler's name chooses its engine", "bingbot", []Engine{Bing}},
		{"an engine's own id", "strict1996", []Engine{Strict1996}},
		{"the year names the 1996 grammar", "1996", []Engine{Strict1996}},
		{"the 1996 draft's robots.txt reading goes with the 1996 grammar", "draft1996", []Engine{Strict1996}},
		{"Lycos 1996's robots.txt reading goes with the 1996 grammar", "lycos1996", []Engine{Strict1996}},
		{"the 1994 standard's robots.txt reading goes with the 1996 grammar", "original1994", []Engine{Strict1996}},
		{"an engine nobody has is refused", "altavista", nil},
		{"a library's robots.txt reading has no meta tag reading", "temoto", nil},
		{"an alias is matched whole, not as a prefix", "goog", nil},
	}
	for _, c := range cases {
		got, ok := ParseEngine(c.id)
		if ok != (c.want != nil) || !slices.Equal(got, c.want) {
			t.Errorf("%s: ParseEngine(%q) = %v, %v; want %v", c.rule, c.id, got, ok, c.want)
		}
	}
}

// TestEveryEngineHasALabel: each engine of the table is named for people.
func TestEveryEngineHasALabel(t *testing.T) {
	for _, e := range Engines {
		if e.Label().IsZero() {
			t.Errorf("%s has no label", e)
		}
	}
}

func TestParseDate(t *testing.T) {
	pst := time.FixedZone("", -8*3600)
	cases := []struct {
		in   string
		want time.Time
		ok   bool
	}{
		{"2030-09-21", time.Date(2030, 9, 21, 0, 0, 0, 0, time.UTC), true},
		{"2030-09-21T15:00:00+02:00", time.Date(2030, 9, 21, 13, 0, 0, 0, time.UTC), true},
		{"25 Jun 2010 15:00:00 PST", time.Date(2010, 6, 25, 15, 0, 0, 0, pst), true},
		{"Friday, 25-Jun-10 15:00:00 PST", time.Date(2010, 6, 25, 15, 0, 0, 0, pst), true},
		{"Fri, 25 Jun 2010 15:00:00 GMT", time.Date(2010, 6, 25, 15, 0, 0, 0, time.UTC), true},
		{"25 jun 2010", time.Date(2010, 6, 25, 0, 0, 0, 0, time.UTC), true},
		{"next week", time.Time{}, false},
		{"2030-13-01", time.Time{}, false},
		{"", time.Time{}, false},
	}
	for _, tc := range cases {
		got, ok := ParseDate(tc.in)
		if ok != tc.ok || ok && !got.Equal(tc.want) {
			t.Errorf("ParseDate(%q) = %v, %v; want %v, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestMessagesRender(t *testing.T) {
	r := Validate("INDEX,NOINDEX,NOFOLLOW,FOLLOW,FOLLOW, noindx, max-snippet:x", Options{Now: testNow})
	for _, d := range r.Diagnostics {
		s := d.Message.String()
		if s == "" || strings.Contains(s, "{{") || strings.Contains(s, "<no value>") {
			t.Errorf("%s renders badly: %q", d.Code, s)
		}
	}
}

// TestOneStatementPerCrawler: a crawler is never told both that a
// directive has an effect on it and that it does not read it. Yandex reads
// neither nosnippet nor max-snippet (its documented directives are in the
// catalogue's readBy), so "nosnippet overrides max-snippet" is said to
// Google and Bing only, and Yandex hears "not read" of both.
func TestOneStatementPerCrawler(t *testing.T) {
	for _, content := range []string{"noindex, nosnippet, max-snippet:50", "max-snippet:50, nosnippet", "nosnippet, max-snippet:20, max-image-preview:large, noarchive"} {
		r := Validate(content, Options{Now: testNow})
		ignored := map[Engine]map[string]bool{} // engine → directive it does not read
		var overrides [][]Engine
		for _, d := range r.Diagnostics {
			switch d.Code {
			case codeIgnored:
				name := content[d.Span.Start:d.Span.End]
				name, _, _ = strings.Cut(name, ":")
				for _, e := range d.Engines {
					if ignored[e] == nil {
						ignored[e] = map[string]bool{}
					}
					ignored[e][name] = true
				}
			case codeConflict:
				overrides = append(overrides, d.Engines)
			}
		}
		if len(overrides) != 1 {
			t.Errorf("%q: %d override statements, want 1", content, len(overrides))
			continue
		}
		for _, e := range overrides[0] {
			if ignored[e]["nosnippet"] || ignored[e]["max-snippet"] {
				t.Errorf("%q: %s is told both that nosnippet overrides max-snippet and that it does not read them", content, e)
			}
		}
		if !contains(overrides[0], Google) || !contains(overrides[0], Bing) || contains(overrides[0], Yandex) {
			t.Errorf("%q: the override is said to %v, want Google and Bing", content, overrides[0])
		}
		if !ignored[Yandex]["nosnippet"] || !ignored[Yandex]["max-snippet"] {
			t.Errorf("%q: Yandex is not told it reads neither: %v", content, ignored[Yandex])
		}
	}
	// Two values of a directive Yandex does not read disagree for Google
	// and Bing only.
	r := Validate("max-snippet:50, max-snippet:20, nocache, nocache", Options{Now: testNow})
	for _, d := range r.Diagnostics {
		if (d.Code == codeContradictory || d.Code == codeRepeated) && (contains(d.Engines, Yandex) || (contains(d.Engines, Google) && strings.Contains(d.Message.String(), "nocache"))) {
			t.Errorf("said to %v of directives they do not read: %s", d.Engines, d.Message)
		}
	}
}
