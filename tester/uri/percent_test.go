package uri

import "testing"

func TestDecode(t *testing.T) {
	cases := []struct{ rule, in, want, wantKeepSlash string }{
		{"text without '%' is returned as is", "/a/b", "/a/b", "/a/b"},
		{"an escape becomes its byte, either case of hex digit", "/%7ejoe%7E", "/~joe~", "/~joe~"},
		{"%2F decodes to '/', except where '/' is kept, which is upper-cased", "/a%2fb%2F", "/a/b/", "/a%2Fb%2F"},
		{"a '%' without two hex digits stays", "/%zz%4", "/%zz%4", "/%zz%4"},
		{"an escape at the very end is read", "/x%41", "/xA", "/xA"},
		{"a '%' one byte short of an escape stays", "/x%4", "/x%4", "/x%4"},
		{"decoded bytes are not decoded again", "/%2541", "/%41", "/%41"},
		{"bytes at or above 0x80 come out raw", "/%C3%BC", "/\xC3\xBC", "/\xC3\xBC"},
	}
	for _, c := range cases {
		if got := Decode(c.in); got != c.want {
			t.Errorf("%s: Decode(%q) = %q, want %q", c.rule, c.in, got, c.want)
		}
		if got := DecodeExcept(c.in, '/'); got != c.wantKeepSlash {
			t.Errorf("%s: DecodeExcept(%q, '/') = %q, want %q", c.rule, c.in, got, c.wantKeepSlash)
		}
	}
}

func TestEscapeAt(t *testing.T) {
	cases := []struct {
		rule string
		s    string
		i    int
		b    byte
		ok   bool
	}{
		{"an upper-case escape", "a%2F", 1, '/', true},
		{"a lower-case escape", "%7e", 0, '~', true},
		{"mixed case", "%aB", 0, 0xAB, true},
		{"not at a '%'", "a%2F", 0, 0, false},
		{"a non-hex digit", "%g0", 0, 0, false},
		{"one digit short", "%4", 0, 0, false},
		{"past the end", "%41", 3, 0, false},
	}
	for _, c := range cases {
		if b, ok := EscapeAt(c.s, c.i); b != c.b || ok != c.ok {
			t.Errorf("%s: EscapeAt(%q, %d) = %#x %v, want %#x %v", c.rule, c.s, c.i, b, ok, c.b, c.ok)
		}
	}
}

func TestHexDigits(t *testing.T) {
	for c := 0; c < 256; c++ {
		want := '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
		if IsHex(byte(c)) != want {
			t.Errorf("IsHex(%#x) = %v, want %v", c, !want, want)
		}
	}
	for _, c := range []struct {
		rule  string
		digit byte
		want  byte
	}{{"a decimal digit", '7', 7}, {"an upper-case letter", 'C', 12}, {"a lower-case letter", 'f', 15}} {
		if got := Unhex(c.digit); got != c.want {
			t.Errorf("%s: Unhex(%q) = %d, want %d", c.rule, c.digit, got, c.want)
		}
	}
}

func TestIsUnreserved(t *testing.T) {
	for _, c := range []struct {
		rule string
		c    byte
		want bool
	}{
		{"letters", 'q', true}, {"digits", '0', true}, {"hyphen", '-', true}, {"dot", '.', true},
		{"underscore", '_', true}, {"tilde", '~', true},
		{"slash is reserved", '/', false}, {"colon is reserved", ':', false}, {"percent is neither", '%', false},
		{"a byte outside ASCII", 0xC3, false},
	} {
		if got := IsUnreserved(c.c); got != c.want {
			t.Errorf("%s: IsUnreserved(%q) = %v", c.rule, c.c, got)
		}
	}
}
