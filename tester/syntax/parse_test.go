package syntax

import (
	"bytes"
	"strings"
	"testing"
)

func TestLineKinds(t *testing.T) {
	type want struct {
		kind         Kind
		key, value   string
		comment      string
		flags, unset Flags
	}
	cases := []struct {
		name string
		line string
		want want
	}{
		{"plain field with comment", "User-agent: Googlebot # the main one", want{UserAgent, "User-agent", "Googlebot", "# the main one", FlagComment, 0}},
		{"field names are case-insensitive", "dISALLOW: /x", want{Disallow, "dISALLOW", "/x", "", 0, FlagTypo}},
		{"blanks around key and value are trimmed", " \tAllow \t:\t /a b \t", want{Allow, "Allow", "/a b", "", FlagIndented, 0}},
		{"missing colon with exactly two words", "Disallow /private", want{Disallow, "Disallow", "/private", "", FlagMissingColon, 0}},
		{"missing colon with three words is invalid", "Disallow /a /b", want{Invalid, "", "", "", 0, FlagMissingColon}},
		{"one word without colon is invalid", "Disallow", want{Invalid, "", "", "", 0, 0}},
		{"empty key is invalid", ": /x", want{Invalid, "", "", "", 0, 0}},
		{"accepted typo Dissallow", "Dissallow: /x", want{Disallow, "Dissallow", "/x", "", FlagTypo, FlagKeyPrefix}},
		{"accepted typo useragent", "useragent: x", want{UserAgent, "useragent", "x", "", FlagTypo, 0}},
		{"accepted typo user agent with a space", "User agent: x", want{UserAgent, "User agent", "x", "", FlagTypo, 0}},
		{"accepted typo site-map", "Site-map: https://e.com/s.xml", want{Sitemap, "Site-map", "https://e.com/s.xml", "", FlagTypo, 0}},
		{"key matched by prefix", "Disallowed: /x", want{Disallow, "Disallowed", "/x", "", FlagKeyPrefix, FlagTypo}},
		{"empty value", "Disallow:", want{Disallow, "Disallow", "", "", 0, 0}},
		{"colon inside value", "Sitemap: https://e.com/a:b", want{Sitemap, "Sitemap", "https://e.com/a:b", "", 0, 0}},
		{"hash anywhere starts a comment", "Disallow: /a#b", want{Disallow, "Disallow", "/a", "#b", FlagComment, 0}},
		{"comment-only line", "   # hello", want{Comment, "", "", "# hello", FlagComment, 0}},
		{"blank line", " \t ", want{Blank, "", "", "", 0, 0}},
		{"host", "Host: www.example.ru", want{Host, "Host", "www.example.ru", "", 0, 0}},
		{"crawl-delay", "Crawl-delay: 2.5", want{CrawlDelay, "Crawl-delay", "2.5", "", 0, 0}},
		{"clean-param", "Clean-param: ref&sid /forum/", want{CleanParam, "Clean-param", "ref&sid /forum/", "", 0, 0}},
		{"request-rate", "Request-rate: 1/5", want{RequestRate, "Request-rate", "1/5", "", 0, 0}},
		{"visit-time", "Visit-time: 0600-0845", want{VisitTime, "Visit-time", "0600-0845", "", 0, 0}},
		{"noindex", "Noindex: /x", want{Noindex, "Noindex", "/x", "", 0, 0}},
		{"content-signal", "Content-Signal: search=yes, ai-train=no", want{ContentSignal, "Content-Signal", "search=yes, ai-train=no", "", 0, 0}},
		{"content-usage with a path", "content-usage: /blog/ train-ai=n", want{ContentUsage, "content-usage", "/blog/ train-ai=n", "", 0, 0}},
		{"exact-only fields are not matched by prefix", "Hostname: x", want{Unknown, "Hostname", "x", "", 0, 0}},
		{"unknown field", "Foo: bar", want{Unknown, "Foo", "bar", "", 0, 0}},
		{"non-ASCII value", "Disallow: /каталог", want{Disallow, "Disallow", "/каталог", "", FlagNonASCII, FlagBadUTF8}},
		{"invalid UTF-8 is kept as bytes", "Disallow: /\xff\xfe", want{Disallow, "Disallow", "/\xff\xfe", "", FlagNonASCII | FlagBadUTF8, 0}},
		{"NUL ends what Google reads", "Disallow: /a\x00/b", want{Disallow, "Disallow", "/a", "", FlagNUL, 0}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := Parse([]byte(c.line))
			if len(d.Lines) != 1 {
				t.Fatalf("got %d lines, want 1", len(d.Lines))
			}
			l := &d.Lines[0]
			if l.Kind != c.want.kind {
				t.Errorf("kind = %v, want %v", l.Kind, c.want.kind)
			}
			if got := d.Text(l.Key); got != c.want.key {
				t.Errorf("key = %q, want %q", got, c.want.key)
			}
			if got := d.Text(l.Value); got != c.want.value {
				t.Errorf("value = %q, want %q", got, c.want.value)
			}
			if got := d.Text(l.Comment); got != c.want.comment {
				t.Errorf("comment = %q, want %q", got, c.want.comment)
			}
			if l.Flags&c.want.flags != c.want.flags {
				t.Errorf("flags = %b, want %b set", l.Flags, c.want.flags)
			}
			if l.Flags&c.want.unset != 0 {
				t.Errorf("flags = %b, want %b unset", l.Flags, c.want.unset)
			}
		})
	}
}

func TestLineEndings(t *testing.T) {
	cases := []struct {
		name  string
		src   string
		lines []string
		eols  []EOL
	}{
		{"LF", "a\nb\n", []string{"a", "b", ""}, []EOL{EOLLF, EOLLF, EOLNone}},
		{"CRLF is one terminator", "a\r\nb", []string{"a", "b"}, []EOL{EOLCRLF, EOLNone}},
		{"CR alone ends a line", "a\rb\r", []string{"a", "b", ""}, []EOL{EOLCR, EOLCR, EOLNone}},
		{"CR CR LF is two lines", "a\r\r\nb", []string{"a", "", "b"}, []EOL{EOLCR, EOLCRLF, EOLNone}},
		{"LF CR is two terminators", "a\n\rb", []string{"a", "", "b"}, []EOL{EOLLF, EOLCR, EOLNone}},
		{"empty input is one empty line", "", []string{""}, []EOL{EOLNone}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := Parse([]byte(c.src))
			if len(d.Lines) != len(c.lines) {
				t.Fatalf("got %d lines, want %d", len(d.Lines), len(c.lines))
			}
			for i := range d.Lines {
				if got := d.Text(d.Lines[i].Content()); got != c.lines[i] {
					t.Errorf("line %d = %q, want %q", i+1, got, c.lines[i])
				}
				if d.Lines[i].EOL != c.eols[i] {
					t.Errorf("line %d eol = %v, want %v", i+1, d.Lines[i].EOL, c.eols[i])
				}
			}
		})
	}
}

func TestBOMIsSkippedAndKept(t *testing.T) {
	src := []byte("\xEF\xBB\xBFUser-agent: *\nDisallow: /\n")
	d := Parse(src)
	if !d.BOM || !d.Lines[0].Has(FlagBOM) {
		t.Fatal("BOM not recorded")
	}
	if d.Lines[0].Kind != UserAgent || d.Key(1) != "User-agent" {
		t.Fatalf("line 1 = %v %q, want user-agent", d.Lines[0].Kind, d.Key(1))
	}
	if !bytes.Equal(d.Reassemble(), src) {
		t.Fatal("BOM lost in reassembly")
	}
}

func TestDamagedBOMIsNotABOM(t *testing.T) {
	// A BOM decoded as Latin-1 and re-encoded as UTF-8 (corpus investcab-ru-bitrix).
	d := Parse([]byte("\xC3\xAF\xC2\xBB\xC2\xBFUser-agent: *\r\n"))
	if d.BOM {
		t.Fatal("damaged BOM taken for a BOM")
	}
	if d.Lines[0].Kind != Unknown {
		t.Fatalf("kind = %v, want unknown: the damaged BOM is part of the key", d.Lines[0].Kind)
	}
}

func TestLongLineIsCutWhereGoogleStops(t *testing.T) {
	long := "Disallow: /" + strings.Repeat("a", MaxLineBytes) + "#tail"
	d := Parse([]byte(long + "\nAllow: /x\n"))
	l := d.Lines[0]
	if !l.Has(FlagTooLong) {
		t.Fatal("FlagTooLong not set")
	}
	if int(l.Cut-l.Start) != MaxLineBytes {
		t.Fatalf("cut after %d bytes, want %d", l.Cut-l.Start, MaxLineBytes)
	}
	if l.Value.End != l.Cut || !l.Comment.Empty() {
		t.Fatal("value must end at the cut and the comment past it must be ignored")
	}
	if d.Lines[1].Kind != Allow {
		t.Fatal("the line after a long line must parse normally")
	}
	short := Parse([]byte("Disallow: /" + strings.Repeat("a", MaxLineBytes-11)))
	if short.Lines[0].Has(FlagTooLong) {
		t.Fatal("a line of exactly MaxLineBytes is not too long")
	}
}

func TestRuleTextAndLineAt(t *testing.T) {
	d := Parse([]byte("User-agent: *\n  Disallow :  /p  # c\n"))
	if got := d.RuleText(2); got != "Disallow: /p" {
		t.Errorf("RuleText = %q", got)
	}
	for off, want := range map[int]int{0: 1, 13: 1, 14: 2, 30: 2, 35: 2, 36: 3} {
		if got := d.LineAt(off); got != want {
			t.Errorf("LineAt(%d) = %d, want %d", off, got, want)
		}
	}
}

func TestDominantEOLAndFinalNewline(t *testing.T) {
	if Parse([]byte("a\r\nb\r\nc\n")).DominantEOL() != EOLCRLF {
		t.Error("CRLF file not recognised")
	}
	if Parse([]byte("a\rb\r")).DominantEOL() != EOLCR {
		t.Error("CR file not recognised")
	}
	if !Parse([]byte("a\n")).FinalNewline() || Parse([]byte("a\nb")).FinalNewline() {
		t.Error("FinalNewline wrong")
	}
}

// checkInvariants is what every Document must satisfy.
func checkInvariants(t *testing.T, src []byte) {
	d := Parse(src)
	if !bytes.Equal(d.Reassemble(), src) {
		t.Fatalf("reassembly differs for %q", src)
	}
	pos := 0
	if d.BOM {
		pos = 3
	}
	for i := range d.Lines {
		l := &d.Lines[i]
		if int(l.Start) != pos {
			t.Fatalf("line %d starts at %d, want %d", i+1, l.Start, pos)
		}
		if l.Start > l.Cut || l.Cut > l.End || l.End > l.Next {
			t.Fatalf("line %d offsets out of order: %+v", i+1, *l)
		}
		for _, s := range []Span{l.Key, l.Value, l.Comment} {
			if !s.Empty() && (s.Start < l.Start || s.End > l.Cut) {
				t.Fatalf("line %d span %v outside [%d,%d)", i+1, s, l.Start, l.Cut)
			}
		}
		if l.Kind.IsField() && l.Key.Empty() {
			t.Fatalf("line %d is a field without a key", i+1)
		}
		if bytes.ContainsAny(src[l.Start:l.End], "\r\n") {
			t.Fatalf("line %d contains a terminator", i+1)
		}
		pos = int(l.Next)
	}
	if pos != len(src) || d.Lines[len(d.Lines)-1].EOL != EOLNone {
		t.Fatal("lines do not cover the input")
	}
}

func FuzzParseRoundTrip(f *testing.F) {
	for _, s := range []string{
		"", "\n", "\r", "\r\n", "User-agent: *\nDisallow: /\n", "\xEF\xBB\xBFa\r\nb\rc\n",
		"Disallow /x\x00y#z", "a:b:c # d\r\n\r\n", "\xff\xfe\x00", "useragent x\nDissallow: *.php$",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(checkInvariants)
}

func TestCorpusInvariants(t *testing.T) {
	for name, data := range corpusFiles(t) {
		t.Run(name, func(t *testing.T) { checkInvariants(t, data) })
	}
}
