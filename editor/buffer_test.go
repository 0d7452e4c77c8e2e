package editor

import (
	"reflect"
	"testing"

	"github.com/robots-studio/robots-studio/tester/syntax"
)

// checkReplace applies one replacement incrementally and compares the
// result with a full parse of the same bytes.
func checkReplace(t *testing.T, src string, start, end int, text string) {
	t.Helper()
	var b buffer
	b.set([]byte(src))
	b.replace(start, end, []byte(text))
	want := src[:start] + text + src[end:]
	if string(b.doc.Src) != want {
		t.Fatalf("text %q, want %q", b.doc.Src, want)
	}
	full := syntax.Parse([]byte(want))
	if b.doc.BOM != full.BOM || !reflect.DeepEqual(b.doc.Lines, full.Lines) {
		t.Fatalf("replace(%q, %d, %d, %q): incremental lines differ from a full parse\n got %+v\nwant %+v",
			src, start, end, text, b.doc.Lines, full.Lines)
	}
	var w buffer
	w.set([]byte(want))
	if !reflect.DeepEqual(b.widths, w.widths) || b.maxWidth != w.maxWidth {
		t.Fatalf("widths %v max %d, want %v max %d", b.widths, b.maxWidth, w.widths, w.maxWidth)
	}
}

func TestIncrementalParseMatchesFull(t *testing.T) {
	cases := []struct {
		name, src  string
		start, end int
		text       string
	}{
		{"typing inside a field", "User-agent: *\nDisallow: /a\n", 22, 22, "b"},
		{"typing turns a comment into a field", "#Disallow: /\nAllow: /\n", 0, 1, ""},
		{"newline splits a line", "Disallow: /a/b\n", 12, 12, "\n"},
		{"deleting a terminator joins lines", "a\nb\nc", 1, 2, ""},
		{"LF after a lone CR makes CRLF", "a\rb\n", 2, 2, "\n"},
		{"splitting CRLF leaves CR and LF lines", "a\r\nb", 2, 2, "x"},
		{"deleting between CR and LF joins into CRLF", "a\rx\nb", 2, 3, ""},
		{"edit in the last unterminated line", "a\nb", 3, 3, "cd"},
		{"edit right after a BOM", "\xEF\xBB\xBFa: b\n", 3, 3, "x"},
		{"removing the BOM", "\xEF\xBB\xBFa\n", 0, 3, ""},
		{"creating BOM bytes at a line start", "a\nb\n", 2, 2, "\xEF\xBB\xBF"},
		{"paste of many lines", "A: 1\nB: 2\n", 5, 5, "C: 3\nD: 4\r\nE: 5\n"},
		{"delete everything", "a\r\nb\r\n", 0, 6, ""},
		{"NUL and invalid bytes", "Disallow: /\x00x\xff\n", 12, 12, "\xfe"},
		{"replace across three lines", "a\nb\nc\nd\n", 1, 5, "XY"},
		{"tab changes width", "a\tb\n", 0, 0, "xx"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { checkReplace(t, c.src, c.start, c.end, c.text) })
	}
}

func FuzzIncrementalParse(f *testing.F) {
	f.Add("User-agent: *\r\nDisallow: /a\r\n", 3, 7, "x\ny")
	f.Add("a\rb\n", 2, 2, "\n")
	f.Add("\xEF\xBB\xBFa", 0, 1, "\r")
	f.Fuzz(func(t *testing.T, src string, a, b int, text string) {
		if len(src) == 0 {
			a, b = 0, 0
		} else {
			a = abs(a) % (len(src) + 1)
			b = abs(b) % (len(src) + 1)
		}
		if a > b {
			a, b = b, a
		}
		checkReplace(t, src, a, b, text)
	})
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func TestDisplayColumns(t *testing.T) {
	cases := []struct {
		name, line string
		off, col   int
	}{
		{"ASCII is one cell a byte", "Disallow: /a", 5, 5},
		{"Cyrillic is one cell a character", "Disallow: /каталог", 15, 13},
		{"CJK takes two cells", "Allow: /文章", 14, 12},
		{"tab goes to the next stop", "\tx", 1, 4},
		{"invalid byte is one cell", "a\xffb", 2, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := syntax.Parse([]byte(c.line))
			if got := colOf(d.Src, &d.Lines[0], c.off); got != c.col {
				t.Fatalf("colOf(%d) = %d, want %d", c.off, got, c.col)
			}
			if got := offsetAtCol(d.Src, &d.Lines[0], float32(c.col)); got != c.off {
				t.Fatalf("offsetAtCol(%d) = %d, want %d", c.col, got, c.off)
			}
		})
	}
}
