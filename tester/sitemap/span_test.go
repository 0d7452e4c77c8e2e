package sitemap

import (
	"bytes"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/diag"
)

// TestFindingsHaveTheirSpan: a finding of the reader is a diag.Diagnostic
// whose span starts at the byte its Line and Col name, in XML read by
// either reader, in a text sitemap and after a byte order mark; so
// diag.List sorts a file's findings as their lines and columns do.
func TestFindingsHaveTheirSpan(t *testing.T) {
	xmlFile := "\xEF\xBB\xBF<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"" + Namespace + "\">\n" +
		"<url><loc>https://example.com/a</loc><lastmod>yesterday</lastmod></url>\n" +
		"<url><loc>\n  https://other.example/b</loc><priority>2</priority></url>\n" +
		"<url><loc>https://example.com/a</loc></url>\n<url></url>\n</urlset>\n"
	textFile := "https://example.com/a\r\nnot a url\nhttps://other.example/b\nhttps://example.com/a\n"
	for _, c := range []struct {
		name string
		data string
		slow bool
		want []string // the codes with a span, in order
	}{
		{"XML, fast reader", xmlFile, false, []string{CodeLastmod, CodeOtherHost, CodePriority, CodeDuplicate, CodeNoLoc}},
		{"XML, encoding/xml", xmlFile, true, []string{CodeLastmod, CodeOtherHost, CodePriority, CodeDuplicate, CodeNoLoc}},
		{"text", textFile, false, []string{CodeNotAbsolute, CodeOtherHost, CodeDuplicate}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var r interface{ Read([]byte) (int, error) } = bytes.NewReader([]byte(c.data))
			if c.slow {
				r = onlyReader{bytes.NewReader([]byte(c.data))}
			}
			res, err := Read(r, Options{URL: "https://example.com/sitemap.xml", File: "s"})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range res.Findings {
				if !f.Span.Valid() {
					continue
				}
				got = append(got, f.Code)
				line, col := lineCol(c.data, f.Span.Start)
				if line != f.Line || col != f.Col {
					t.Errorf("%s at %d:%d has its span at %d:%d (offset %d)", f.Code, f.Line, f.Col, line, col, f.Span.Start)
				}
			}
			if strings.Join(got, " ") != strings.Join(c.want, " ") {
				t.Errorf("findings with a span %v, want %v", got, c.want)
			}
			sorted := append(diag.List[Finding]{}, res.Findings...)
			sorted.Sort()
			for i := range sorted {
				if sorted[i].Line != res.Findings[i].Line || sorted[i].Col != res.Findings[i].Col {
					t.Fatalf("diag.List sorts finding %d to %d:%d, the reader has %d:%d", i, sorted[i].Line, sorted[i].Col,
						res.Findings[i].Line, res.Findings[i].Col)
				}
			}
		})
	}
}

// lineCol is the line and byte column of offset off in s, a UTF-8 byte
// order mark counted as the reader counts it (not a column).
func lineCol(s string, off int) (line, col int) {
	before := s[:off]
	line = 1 + strings.Count(before, "\n")
	start := strings.LastIndexByte(before, '\n') + 1
	if start == 0 && strings.HasPrefix(s, "\xEF\xBB\xBF") {
		start = 3
	}
	return line, off - start + 1
}

// TestRobotsFindingsHaveTheirSpan: the robots.txt cross-check's findings
// about a Sitemap line start at its value; "no Sitemap line" is about the
// whole file.
func TestRobotsFindingsHaveTheirSpan(t *testing.T) {
	for _, c := range []struct{ robots, at string }{
		{"User-agent: *\nDisallow: /maps/\nSitemap:  http://www.example.com/maps/none.xml\n", "http://www.example.com/maps/none.xml"},
		{"User-agent: *\nDisallow:\n", ""},
	} {
		r, err := NewRobots("robots.txt", []byte(c.robots), nil, "", func(string, string) (string, bool) { return "", false })
		if err != nil {
			t.Fatal(err)
		}
		fs := r.Check()
		if len(fs) == 0 {
			t.Fatalf("%q: no findings", c.robots)
		}
		for _, f := range fs {
			switch {
			case c.at == "" && f.Span.Valid():
				t.Errorf("%s: a finding about the whole file has the span %v", f.Code, f.Span)
			case c.at != "" && (!f.Span.Valid() || !strings.HasPrefix(c.robots[f.Span.Start:], c.at)):
				t.Errorf("%s: span %v, want the start of %q", f.Code, f.Span, c.at)
			}
		}
	}
}
