package metatag

import (
	"slices"
	"strings"
	"testing"
)

// brief renders directives as "scope/name=value" for compact comparison.
func brief(ds []Directive) []string {
	var out []string
	for _, d := range ds {
		s := d.Scope + "/" + d.Name
		if d.HasValue {
			s += "=" + d.Value
		}
		out = append(out, s)
	}
	return out
}

func TestParseHeaderValue(t *testing.T) {
	cases := []struct {
		name  string
		value string
		want  []string
	}{
		{"no prefix speaks to every crawler", "noindex, nofollow", []string{"robots/noindex", "robots/nofollow"}},
		{"a botname prefix scopes the directive", "googlebot: nofollow", []string{"googlebot/nofollow"}},
		{"a prefix lasts until the next prefix", "googlebot: noindex, nofollow, otherbot: noarchive",
			[]string{"googlebot/noindex", "googlebot/nofollow", "otherbot/noarchive"}},
		{"bot names and directives are case-insensitive", "GoogleBot: NoIndex", []string{"googlebot/noindex"}},
		{"a date with colons stays one directive", "unavailable_after: 25 Jun 2010 15:00:00 PST",
			[]string{"robots/unavailable_after=25 Jun 2010 15:00:00 PST"}},
		{"a prefix before a dated directive", "googlebot: unavailable_after: 25 Jun 2010 15:00:00 PST",
			[]string{"googlebot/unavailable_after=25 Jun 2010 15:00:00 PST"}},
		{"an RFC 850 date keeps its comma", "unavailable_after: Friday, 25-Jun-10 15:00:00 PST, noindex",
			[]string{"robots/unavailable_after=Friday, 25-Jun-10 15:00:00 PST", "robots/noindex"}},
		{"a weekday alone is not joined to a directive", "unavailable_after: Friday, noindex",
			[]string{"robots/unavailable_after=Friday", "robots/noindex"}},
		{"a misspelt directive with a value is not a bot name", "max-snipet: 20", []string{"robots/max-snipet=20"}},
		{"an unknown bot with a valued directive", "otherbot: max-snippet:20", []string{"otherbot/max-snippet=20"}},
		{"a prefix with nothing after it", "googlebot:", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := ParseHeaderValue(tc.value)
			if b := brief(got); !slices.Equal(b, tc.want) {
				t.Errorf("got %q, want %q", b, tc.want)
			}
			for _, d := range got {
				if tc.value[d.Offset:d.Offset+len(d.Raw)] != d.Raw {
					t.Errorf("offset %d does not point at %q", d.Offset, d.Raw)
				}
			}
		})
	}
}

func TestParseHeaders(t *testing.T) {
	text := "HTTP/1.1 302 Found\r\nX-Robots-Tag: noindex\r\n\r\n" +
		"HTTP/2 200\r\n" +
		"content-type: application/pdf\r\n" +
		"x-robots-tag: googlebot: nofollow,\r\n" +
		"\tnoarchive\r\n" +
		"X-ROBOTS-TAG: unavailable_after: 25 Jun 2030 15:00:00 PST\r\n" +
		"this is not a header\r\n"
	b := parseHeaders(text)
	if b.responses != 2 {
		t.Errorf("responses = %d, want 2", b.responses)
	}
	if len(b.lines) != 2 {
		t.Fatalf("only the last response counts: got %d lines %+v", len(b.lines), b.lines)
	}
	if b.lines[0].Line != 6 || b.lines[1].Line != 8 {
		t.Errorf("line numbers %d, %d; want 6, 8", b.lines[0].Line, b.lines[1].Line)
	}
	if got := brief(b.lines[0].Directives); !slices.Equal(got, []string{"googlebot/nofollow", "googlebot/noarchive"}) {
		t.Errorf("a folded line continues the header: %q", got)
	}
	if !slices.Equal(b.junk, []int{9}) {
		t.Errorf("junk lines %v, want [9]", b.junk)
	}
	r := AnalyseHeaders(Options{Headers: text, Now: testNow})
	for _, want := range []string{"info:redirects", "warning:not-header"} {
		if !slices.Contains(codes(r, nil), want) {
			t.Errorf("%v lacks %s", codes(r, nil), want)
		}
	}
	for _, d := range r.Diagnostics {
		if d.Code == codeNotHeader && (!d.Headers || d.Line != 9) {
			t.Errorf("the skipped line is located in the headers: %+v", d)
		}
	}
}

func TestValidateReadsAHeaderLine(t *testing.T) {
	line := "X-Robots-Tag: googlebot: noindex, otherbot: nofollow"
	r := Validate(line, Options{Now: testNow})
	if s := r.Sources[0]; s.Kind != FromHeader || !slices.Equal(brief(s.Directives), []string{"googlebot/noindex", "otherbot/nofollow"}) {
		t.Fatalf("got %+v", r.Sources[0])
	}
	for _, d := range r.Sources[0].Directives {
		if line[d.Offset:d.Offset+len(d.Raw)] != d.Raw {
			t.Errorf("offset %d does not point at %q", d.Offset, d.Raw)
		}
	}
	if policyOf(t, r, "Googlebot").Index || !policyOf(t, r, "bingbot").Follow {
		t.Errorf("googlebot: noindex binds Googlebot only, otherbot binds no modelled crawler")
	}
	if !slices.Contains(codes(r, nil), "info:other-crawler") {
		t.Errorf("otherbot should be noted: %v", codes(r, nil))
	}
	y := Validate("X-Robots-Tag: yandex: noarchive", Options{Now: testNow})
	if !slices.Contains(codes(y, nil), "info:unverified-prefix") {
		t.Errorf("a yandex: prefix is a guess: %v", codes(y, nil))
	}
	if !strings.Contains(y.Filter([]Engine{Yandex})[0].Message.String(), "not documented") {
		t.Error("the note must say it is not documented")
	}
}

// TestSourceCountsSplitsTagsFromHeaders: the page summary (the meta
// command's first line and the Meta tab's) counts the page's robots meta
// tags apart from the X-Robots-Tag headers given with it.
func TestSourceCountsSplitsTagsFromHeaders(t *testing.T) {
	page := []byte(`<html><head><meta name="robots" content="noindex"><meta name="googlebot" content="nofollow"></head></html>`)
	r := AnalyseHTML(page, Options{Headers: "X-Robots-Tag: noarchive\nX-Robots-Tag: bingbot: nocache\n", Now: testNow})
	if tags, headers := r.SourceCounts(); tags != 2 || headers != 2 {
		t.Errorf("SourceCounts() = %d tags, %d headers; want 2, 2 (sources %+v)", tags, headers, r.Sources)
	}
}
