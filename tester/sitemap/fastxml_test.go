package sitemap

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// fastSeeds are inputs in and around what the fast reader takes.
var fastSeeds = []string{
	head + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.example/x?a=1&amp;b=2</loc><lastmod>2024-01-02</lastmod></url></urlset>`,
	"<?xml version='1.0'?>\r\n<urlset xmlns='http://www.sitemaps.org/schemas/sitemap/0.9'>\r\n <url>\r\n  <loc> https://a.example/\xc3\xa9 </loc>\r\n </url>\r\n</urlset>\r\n",
	`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"><url><loc>https://a.example/</loc><image:image><image:loc>https://a.example/i.png</image:loc></image:image></url><!-- a comment --></urlset>`,
	`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://a.example/s1.xml</loc></sitemap><sitemap/></sitemapindex>`,
	`<urlset><url><loc>&#104;ttps://a.example/&#x41;&lt;&gt;&quot;&apos;</loc><priority>0.5</priority><changefreq>daily</changefreq></url></urlset>`,
	`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.example/</loc></url>`,
	`<urlset xmlns="x"><url><loc>a &bad; b</loc></url></urlset>`,
	`<urlset><url><loc>https://a.example/]]></loc></url></urlset>`,
	`<urlset><a:b xmlns:a="u"><a:c/></a:b><p:q></p:q></urlset>`,
	`<urlset><url></uri></urlset>`,
	"<urlset><url><loc>\x01</loc></url></urlset>",
	"<urlset><url><loc>\xff</loc></url></urlset>",
	`<!DOCTYPE urlset [<!ENTITY x "y">]><urlset><url><loc>&x;</loc></url></urlset>`,
	`<urlset><url><loc><![CDATA[https://a.example/]]></loc></url></urlset>`,
	`<?xml version="1.0" encoding="ISO-8859-1"?><urlset/>`,
	`<urlset><!-- a -- b --></urlset>`,
	`<urlset x="1"y="2"><url a = "b" ><loc>https://a.example/</loc ></url ></urlset >`,
	`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url xmlns=""><loc>https://a.example/</loc></url></urlset>`,
}

// FuzzFastTokens: until it gives up, the fast reader gives encoding/xml's
// tokens (type, name and namespace, text) with encoding/xml's line, column
// and offset after each; at the end of the input both end.
func FuzzFastTokens(f *testing.F) {
	for _, s := range fastSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ft := newFastTokens(bytes.NewReader(data))
		d := xml.NewDecoder(bytes.NewReader(data))
		d.CharsetReader = func(_ string, in io.Reader) (io.Reader, error) { return in, nil }
		for i := 0; ; i++ {
			a, aerr := ft.next()
			if errors.Is(aerr, errSlowPath) {
				return
			}
			b, berr := decoderNext(d)
			if aerr != nil || berr != nil {
				if aerr != io.EOF || berr != io.EOF {
					t.Fatalf("token %d: fast %v, encoding/xml %v", i, aerr, berr)
				}
				return
			}
			if got, want := tokenText(a), tokenText(b); got != want {
				t.Fatalf("token %d: fast %s, encoding/xml %s", i, got, want)
			}
			al, ac := ft.InputPos()
			bl, bc := d.InputPos()
			if al != bl || ac != bc || ft.InputOffset() != d.InputOffset() {
				t.Fatalf("token %d %s: fast at %d:%d (%d), encoding/xml at %d:%d (%d)", i, tokenText(a), al, ac, ft.InputOffset(), bl, bc, d.InputOffset())
			}
		}
	})
}

// tokenText is what readXML uses of a token.
func tokenText(t token) string {
	switch t.kind {
	case tokStart:
		return fmt.Sprintf("start{%q %q}", t.name.Space, t.name.Local)
	case tokEnd:
		return fmt.Sprintf("end{%q %q}", t.name.Space, t.name.Local)
	case tokText:
		return fmt.Sprintf("text%q", t.text)
	}
	return "other" // comments, the declaration: readXML skips them
}

// onlyReader hides Seek, so Read takes encoding/xml from the start.
type onlyReader struct{ io.Reader }

// FuzzReadFast: Read with the fast reader (a seekable input) and with
// encoding/xml alone give the same result — URLs, findings with their
// lines and columns, size — and pass on the same entries; and so does the
// fast reader on one goroutine (Workers 1) and with the search for
// duplicates beside it from the first URL on.
func FuzzReadFast(f *testing.F) {
	for _, s := range fastSeeds {
		f.Add([]byte(s))
	}
	f.Add([]byte(generateBench(300)))
	f.Add([]byte(urlset(u("https://a.example/x", "") + u("https://a.example/y", "") + u("https://a.example/x", "") +
		u("https://b.example/x", "<priority>2</priority>") + u("https://a.example/y", ""))))
	dupsBeside = 0
	f.Cleanup(func() { dupsBeside = 4096 })
	f.Fuzz(func(t *testing.T, data []byte) {
		one, err := Read(bytes.NewReader(data), Options{URL: "https://a.example/sitemap.xml", File: "s.xml", Workers: 1})
		two, err2 := Read(bytes.NewReader(data), Options{URL: "https://a.example/sitemap.xml", File: "s.xml", Workers: 2})
		if (err == nil) != (err2 == nil) || err == nil && !reflect.DeepEqual(one, two) {
			t.Fatalf("one goroutine %v %+v\nthe search beside %v %+v", err, one, err2, two)
		}
		var fastEntries, slowEntries []Entry
		opt := Options{URL: "https://a.example/sitemap.xml", File: "s.xml"}
		opt.OnEntry = func(e Entry) { fastEntries = append(fastEntries, e) }
		fast, err1 := Read(bytes.NewReader(data), opt)
		opt.OnEntry = func(e Entry) { slowEntries = append(slowEntries, e) }
		slow, err2 := Read(onlyReader{bytes.NewReader(data)}, opt)
		if (err1 == nil) != (err2 == nil) {
			t.Fatalf("errors: fast %v, encoding/xml %v", err1, err2)
		}
		if err1 != nil {
			return
		}
		if !reflect.DeepEqual(fast, slow) {
			t.Fatalf("fast %+v\nencoding/xml %+v", fast, slow)
		}
		if !reflect.DeepEqual(fastEntries, slowEntries) {
			t.Fatalf("entries: fast %v\nencoding/xml %v", fastEntries, slowEntries)
		}
	})
}

func generateBench(n int) string {
	var b strings.Builder
	b.WriteString(head + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "<url><loc>https://a.example/p/%d</loc><lastmod>2024-%02d-01</lastmod><changefreq>weekly</changefreq><priority>0.%d</priority></url>\n", i, 1+i%12, i%10)
	}
	b.WriteString("</urlset>\n")
	return b.String()
}

// TestFastReaderTakesSitemaps: the fast reader reads the usual sitemaps to
// their end without giving up (else it would only cost a second reading).
func TestFastReaderTakesSitemaps(t *testing.T) {
	for i, s := range append([]string{generateBench(2000)}, fastSeeds[:5]...) {
		res, err := readWith(bytes.NewReader([]byte(s)), Options{File: "s.xml"}, true)
		if err != nil || res.URLs == 0 {
			t.Errorf("input %d: %v, %d URLs", i, err, res.URLs)
		}
	}
}

// TestFastAndSlowAgreeOnSize: past the 10 MB limit both readers put the
// finding at the same token, and the fast one reads such a file to its end.
func TestFastAndSlowAgreeOnSize(t *testing.T) {
	var b strings.Builder
	b.WriteString("\xEF\xBB\xBF" + head + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for i := 0; b.Len() < 11<<20; i++ {
		fmt.Fprintf(&b, "<url><loc>https://a.example/%s/%d</loc><lastmod>2024-01-02</lastmod></url>\n", strings.Repeat("p", i%300), i)
	}
	b.WriteString("</urlset>\n")
	data := []byte(b.String())
	if _, err := readWith(bytes.NewReader(data), Options{File: "s.xml"}, true); err != nil {
		t.Fatalf("the fast reader gave up on an 11 MB sitemap: %v", err)
	}
	fast, err1 := Read(bytes.NewReader(data), Options{File: "s.xml"})
	slow, err2 := Read(onlyReader{bytes.NewReader(data)}, Options{File: "s.xml"})
	if err1 != nil || err2 != nil || !reflect.DeepEqual(fast, slow) {
		t.Fatalf("fast %v %+v\nencoding/xml %v %+v", err1, fast.Findings, err2, slow.Findings)
	}
	if !slices.ContainsFunc(fast.Findings, func(f Finding) bool { return f.Code == CodeOldSize }) {
		t.Fatalf("no %s: %+v", CodeOldSize, fast.Findings)
	}
}

// FuzzPlainDate: the shortcut for YYYY-MM-DD accepts exactly the ten-byte
// values the reading of every W3C form accepts.
func FuzzPlainDate(f *testing.F) {
	for _, s := range []string{"2024-01-02", "2024-02-29", "2023-02-29", "2024-13-01", "2024-00-10", "0000-01-01",
		"2024-1-02 ", "2024-04-31", "2024-01-0a", "+024-01-02", "2024-01-02T10:00Z"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		fast, forms := isPlainDate(v), checkW3CForms(v)
		if fast && forms != w3cOK || len(v) == 10 && v[4] == '-' && v[7] == '-' && forms == w3cOK && !fast {
			t.Fatalf("%q: shortcut %v, every form %v", v, fast, forms)
		}
	})
}
