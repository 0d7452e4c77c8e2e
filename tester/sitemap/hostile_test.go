package sitemap

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/robots-studio/robots-studio/internal/testenv"
)

// repeat is n bytes made of pattern again and again, generated as they are
// read, so a hostile input of hundreds of megabytes is never held whole.
type repeat struct {
	pattern []byte
	n       int64
	off     int
}

func (r *repeat) Read(p []byte) (int, error) {
	if r.n <= 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > r.n {
		p = p[:r.n]
	}
	for i := range p {
		p[i] = r.pattern[r.off]
		r.off = (r.off + 1) % len(r.pattern)
	}
	r.n -= int64(len(p))
	return len(p), nil
}

const openURLSet = `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`

// memoryTarget is the most any sitemap input may make Read hold.
const memoryTarget = 100 << 20

// TestHostileSitemapsStayUnderTheMemoryTarget: millions of nested unknown
// elements (gzip-compressed), one <loc> of 100 MB, and a gzip bomb of blanks
// inside <urlset> are each read within the memory target, stopping with an
// SM027 that says why, at the place it is about.
func TestHostileSitemapsStayUnderTheMemoryTarget(t *testing.T) {
	if testing.Short() {
		t.Skip("streams hundreds of megabytes")
	}
	var nested bytes.Buffer
	zw := gzip.NewWriter(&nested)
	io.Copy(zw, io.MultiReader(strings.NewReader(openURLSet), &repeat{pattern: []byte("<a>"), n: 3 * 2_000_000}))
	zw.Close()
	var blank bytes.Buffer // one gzip member of 1 MiB of blanks, repeated to 300 MiB
	zw = gzip.NewWriter(&blank)
	zw.Write(bytes.Repeat([]byte(" "), 1<<20))
	zw.Close()
	var opened bytes.Buffer
	zw = gzip.NewWriter(&opened)
	zw.Write([]byte(openURLSet))
	zw.Close()
	cases := []struct {
		name string
		in   func() io.Reader
		say  string // in the SM027 message
		col  int
	}{
		{"2,000,000 nested unknown elements", func() io.Reader { return bytes.NewReader(nested.Bytes()) }, "nested more than", len(openURLSet) + 1 + 3*(maxDepth-1)},
		{"a <loc> of 100 MB", func() io.Reader {
			return io.MultiReader(strings.NewReader(openURLSet+"<url><loc>https://example.com/"), &repeat{pattern: []byte("a"), n: 100_000_000}, strings.NewReader("</loc></url></urlset>"))
		}, "longer than 1 MiB", len(openURLSet) + len("<url><loc>") + 1},
		{"300 MiB of blanks in <urlset>, gzip-compressed", func() io.Reader {
			return io.MultiReader(bytes.NewReader(opened.Bytes()), &repeat{pattern: blank.Bytes(), n: int64(300 * blank.Len())})
		}, "longer than 1 MiB", len(openURLSet) + 1},
	}
	for _, c := range cases {
		var res *Result
		var err error
		peak := testenv.PeakHeap(func() { res, err = Read(c.in(), Options{File: "hostile.xml"}) })
		t.Logf("%s: heap peak %d MB", c.name, peak>>20)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if peak > memoryTarget {
			t.Errorf("%s: the heap grew by %d MB (the target is %d MB)", c.name, peak>>20, memoryTarget>>20)
		}
		var stop *Finding
		for i, f := range res.Findings {
			if f.Code == CodeStopped {
				stop = &res.Findings[i]
			}
		}
		if stop == nil || !strings.Contains(stop.Message.String(), c.say) || stop.Line != 1 || stop.Col != c.col {
			t.Errorf("%s: findings %v", c.name, res.Findings)
		}
	}
}

// TestOpenStartTagsAreBounded: start tags full of namespace declarations,
// nested, stop the reading once the open ones pass 1 MiB (the decoder keeps
// every declaration until its element closes); closed ones do not count.
func TestOpenStartTagsAreBounded(t *testing.T) {
	var attrs strings.Builder
	for i := 0; attrs.Len() < 30<<10; i++ {
		fmt.Fprintf(&attrs, ` xmlns:p%d="urn:x:%d"`, i, i)
	}
	tag := "<x:a xmlns:x=\"urn:ext\"" + attrs.String() + ">"
	// Side by side, closed one after another: read to the end.
	flat := openURLSet + strings.Repeat(tag+"</x:a>", 100) + "<url><loc>https://example.com/</loc></url></urlset>"
	res := read(t, flat, Options{})
	if res.URLs != 1 || len(res.Findings) != 0 {
		t.Errorf("closed start tags: %d URLs, %v", res.URLs, res.Findings)
	}
	nested := openURLSet + strings.Repeat(tag, 50)
	res = read(t, nested, Options{})
	n := len(res.Findings)
	if n == 0 || res.Findings[n-1].Code != CodeStopped || !strings.Contains(res.Findings[n-1].Message.String(), "start tags still open") {
		t.Errorf("nested start tags: %v", res.Findings)
	}
}

// TestLongURLIsMeasuredWhole: a URL too long to keep is still measured
// whole — a text-sitemap line of 100 MB, and a <loc> given in many CDATA
// pieces — so SM009 gives its real length.
func TestLongURLIsMeasuredWhole(t *testing.T) {
	const n = 100_000_000
	res, err := Read(io.MultiReader(strings.NewReader("https://example.com/"), &repeat{pattern: []byte("é"), n: 2 * n}, strings.NewReader("  \n")), Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("the URL is %d characters long", len("https://example.com/")+n)
	if len(res.Findings) == 0 || res.Findings[0].Code != CodeTooLong || !strings.Contains(res.Findings[0].Message.String(), want) {
		t.Errorf("text line: %v", res.Findings)
	}
	piece := "<![CDATA[" + strings.Repeat("a", 10_000) + "]]>"
	src := openURLSet + "<url><loc> https://example.com/" + strings.Repeat(piece, 10) + "\n</loc></url></urlset>"
	res = read(t, src, Options{})
	want = fmt.Sprintf("the URL is %d characters long", len("https://example.com/")+100_000)
	if len(res.Findings) == 0 || res.Findings[0].Code != CodeTooLong || !strings.Contains(res.Findings[0].Message.String(), want) {
		t.Errorf("CDATA pieces: %v", res.Findings)
	}
}

// utf16Of encodes s as UTF-16 in the byte order asked, with a BOM or not.
func utf16Of(s string, big, bom bool) []byte {
	var out []byte
	put := func(c uint16) {
		if big {
			out = append(out, byte(c>>8), byte(c))
		} else {
			out = append(out, byte(c), byte(c>>8))
		}
	}
	if bom {
		put(0xFEFF)
	}
	for _, c := range utf16.Encode([]rune(s)) {
		put(c)
	}
	return out
}

// TestUTF16IsNamedAndReadThrough: a sitemap saved as UTF-16 (either byte
// order, with a BOM or without) is one SM001 that names UTF-16; the rest
// is checked as the text it holds, with no bogus SM008 or SM002.
func TestUTF16IsNamedAndReadThrough(t *testing.T) {
	xmlDoc := `<?xml version="1.0" encoding="UTF-16"?>` + "\n" + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n" +
		"<url><loc>https://example.com/a</loc></url>\n<url><loc>https://example.com/𝄞</loc></url>\n</urlset>\n"
	text := "https://example.com/a\nhttps://example.com/b\n"
	for _, c := range []struct {
		src   string
		big   bool
		bom   bool
		kind  Kind
		order string
	}{
		{xmlDoc, false, true, KindURLSet, "UTF-16LE"}, {xmlDoc, true, true, KindURLSet, "UTF-16BE"},
		{xmlDoc, false, false, KindURLSet, "UTF-16LE"}, {xmlDoc, true, false, KindURLSet, "UTF-16BE"},
		{text, false, true, KindText, "UTF-16LE"}, {text, true, false, KindText, "UTF-16BE"},
	} {
		data := utf16Of(c.src, c.big, c.bom)
		res, err := Read(bytes.NewReader(data), Options{})
		if err != nil {
			t.Fatal(err)
		}
		// The XML lists 𝄞 (U+1D11E) raw: its SM010 shows it was decoded right.
		want := []string{CodeNotUTF8, CodeNotEncoded}
		if c.kind == KindText {
			want = want[:1]
		}
		if got := codes(res.Findings); !slices.Equal(got, want) {
			t.Errorf("%s bom %v %v: %v", c.order, c.bom, c.kind, res.Findings)
			continue
		}
		if res.Kind != c.kind || res.URLs != 2 || !strings.Contains(res.Findings[0].Message.String(), c.order) {
			t.Errorf("%s bom %v: kind %v, %d URLs, %v", c.order, c.bom, res.Kind, res.URLs, res.Findings)
		}
	}
}
