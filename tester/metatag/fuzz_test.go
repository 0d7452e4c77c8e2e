package metatag

import (
	"strings"
	"testing"
)

// checkDirectives: every directive points at its own text, names are lower
// case, and scopes are never empty.
func checkDirectives(t *testing.T, text string, ds []Directive) {
	t.Helper()
	for _, d := range ds {
		if d.Offset < 0 || d.Offset+len(d.Raw) > len(text) || text[d.Offset:d.Offset+len(d.Raw)] != d.Raw {
			t.Fatalf("%q: directive %+v does not point at its text", text, d)
		}
		if d.Name != strings.ToLower(d.Name) || d.Scope == "" {
			t.Fatalf("%q: bad directive %+v", text, d)
		}
	}
}

func FuzzParseContent(f *testing.F) {
	for _, s := range []string{"INDEX,NOINDEX,NOFOLLOW,FOLLOW,FOLLOW", "none, nofollow", "all", "", ",,", "noindex nofollow",
		"max-snippet:-1, max-image-preview:large", "unavailable_after: Friday, 25-Jun-10 15:00:00 PST, noindex",
		"noindex; nofollow", "max-snippet:", ":", "unavailable_after: mon,1", "ÿ,\x00,noindex"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, content string) {
		ds, _ := parseContent(content, "robots")
		checkDirectives(t, content, ds)
		r := Validate(content, Options{Now: testNow})
		for _, d := range r.Diagnostics {
			if d.Source >= 0 && d.Span.Valid() && (d.Span.End > len(r.Sources[d.Source].Content) || d.Span.End < d.Span.Start) {
				t.Fatalf("%q: diagnostic %s out of range", content, d.Code)
			}
		}
		if len(r.Policies) != len(Crawlers) {
			t.Fatalf("%q: %d policies", content, len(r.Policies))
		}
	})
}

func FuzzParseHeaderValue(f *testing.F) {
	for _, s := range []string{"googlebot: nofollow", "otherbot: noindex, nofollow", "unavailable_after: 25 Jun 2010 15:00:00 PST",
		"googlebot: unavailable_after: Friday, 25-Jun-10 15:00:00 PST, bingbot: noarchive", "a:b:c:d", "googlebot:", ": :",
		"max-snipet: 20"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, value string) {
		ds, _ := parseHeaderValue(value, 0)
		checkDirectives(t, value, ds)
		line := "X-Robots-Tag: " + value
		checkDirectives(t, line, Validate(line, Options{Now: testNow}).Sources[0].Directives)
	})
}

func FuzzParseHeaders(f *testing.F) {
	for _, s := range []string{"HTTP/1.1 200 OK\r\nX-Robots-Tag: noindex\r\n", "x-robots-tag: a,\n b\n", "junk\n\tcontinued",
		"HTTP/1.1 301\nX-Robots-Tag: noindex\n\nHTTP/1.1 200\nX-Robots-Tag: googlebot: nofollow\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		lines := strings.Count(text, "\n") + 1
		for _, h := range ParseHeaders(text) {
			if h.Line < 1 || h.Line > lines {
				t.Fatalf("%q: line %d out of range", text, h.Line)
			}
			checkDirectives(t, h.Value, h.Directives)
		}
		AnalyseHeaders(Options{Headers: text, Now: testNow})
	})
}

func FuzzAnalyseHTML(f *testing.F) {
	f.Add([]byte(shopPage))
	f.Add([]byte(`<meta name=robots content="none, nofollow"><noindex><a href=x rel=nofollow>`))
	f.Add([]byte("<title><meta name=robots content=noindex></title>\n<!--noindex-->"))
	f.Fuzz(func(t *testing.T, page []byte) {
		r := AnalyseHTML(page, Options{Now: testNow})
		lines := strings.Count(string(page), "\n") + 1
		for _, s := range r.Sources {
			if s.Line < 1 || s.Line > lines {
				t.Fatalf("line %d out of range", s.Line)
			}
			checkDirectives(t, s.Content, s.Directives)
		}
	})
}

func FuzzBuild(f *testing.F) {
	f.Add("googlebot", "50", "large", "2030-12-31", "*.pdf", uint16(0x0f0f))
	f.Add("", "", "", "", "", uint16(0))
	f.Fuzz(func(t *testing.T, target, number, preview, date, files string, ticks uint16) {
		bit := func(i uint) bool { return ticks&(1<<i) != 0 }
		b := Build(Spec{Target: target, All: bit(0), None: bit(1), Index: bit(2), NoIndex: bit(3), Follow: bit(4), NoFollow: bit(5),
			NoArchive: bit(6), NoSnippet: bit(7), NoTranslate: bit(8), NoImageIndex: bit(9), IndexIfEmbedded: bit(10),
			MaxSnippet: number, MaxImagePreview: preview, MaxVideoPreview: number, UnavailableAfter: date, Files: files}, testNow)
		for _, s := range []string{b.Header, b.Apache, b.Nginx} {
			if strings.ContainsAny(s, "\r\n") {
				t.Fatalf("a header snippet spans lines: %q", s)
			}
		}
		if strings.Count(b.Apache, `"`) != 0 && strings.Count(b.Apache, `"`) != 2 {
			t.Fatalf("Apache quoting broken: %q", b.Apache)
		}
	})
}
