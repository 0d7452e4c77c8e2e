package hostname

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestSeedIgnoredHostValues: every Host value seed 002 lists as ignored is
// refused under the classic rules (Yandex's old help), each for its own reason.
func TestSeedIgnoredHostValues(t *testing.T) {
	cases := []struct {
		name, value, code string
	}{
		{"label ending in a hyphen", "www.myhost-.ru", CodeTrailingHyphen},
		{"label starting with a hyphen", "www.-myhost.ru", CodeLeadingHyphen},
		{"port zero is outside 1-65535", "www.myhost.ru:0", CodePortRange},
		{"underscore is not a host name character", "www.my_host.ru", CodeUnderscore},
		{"leading dot", ".my-host.ru:8000", CodeLeadingDot},
		{"trailing root dot", "my-host.ru.", CodeTrailingDot},
		{"two dots make an empty label", "my..host.ru", CodeEmptyLabel},
		{"a slash starts a path", "www.myhost.ru/", CodePath},
		{"a path after the port", "www.myhost.ru:8080/", CodePath},
		{"a scheme is not part of the name", "http://www.myhost.ru", CodeScheme},
		// .te is not a delegated top-level domain: no crawler can resolve the
		// name, which is the likely reason the seed lists it (see docs/host.md).
		{"top-level domain that does not exist", "www.mysi.te", CodeUnknownTLD},
		{"IPv4 address", "213.180.194.129", CodeIP},
		{"two names separated by a comma", "www.firsthost.ru,www.secondhost.ru", CodeSeveral},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n := ParseName(c.value, ModeHostClassic)
			if n.Valid() {
				t.Fatalf("%q accepted, the seed lists it as ignored", c.value)
			}
			if n.Problems[0].Code != c.code {
				t.Errorf("%q: first problem %s (%s), want %s", c.value, n.Problems[0].Code, n.Problems[0].Message, c.code)
			}
			if reason := n.Problems[0].Message.String(); reason == "" || strings.Contains(reason, "{{") {
				t.Errorf("%q: reason not rendered: %q", c.value, reason)
			}
		})
	}
}

// TestClassicEquivalentHostValues: the valid examples of Yandex's old help and their equivalence.
func TestClassicEquivalentHostValues(t *testing.T) {
	a := ParseName("www.myhost.ru", ModeHostClassic)
	b := ParseName("www.myhost.ru:80", ModeHostClassic)
	if !a.Valid() || !b.Valid() {
		t.Fatalf("the classic valid Host values refused: %v / %v", a.Problems, b.Problems)
	}
	if !a.SameMirror(b) {
		t.Errorf("www.myhost.ru and www.myhost.ru:80 should be one mirror: %s vs %s", a.Origin(), b.Origin())
	}
	for _, other := range []string{"www.otherhost.ru", "www.myhost.ru:8080"} {
		if a.SameMirror(ParseName(other, ModeHostClassic)) {
			t.Errorf("%s should be a different mirror from www.myhost.ru", other)
		}
	}
}

func TestParseNameInput(t *testing.T) {
	cases := []struct {
		name, input string
		mode        Mode
		valid       bool
		code        string // first problem when invalid
		origin      string // when valid
		hostValue   string
	}{
		{"bare name", "www.example.ru", ModeInput, true, "", "http://www.example.ru", "www.example.ru"},
		{"https scheme accepted as input", "https://www.example.ru", ModeInput, true, "", "https://www.example.ru", "https://www.example.ru"},
		{"http scheme accepted as input", "HTTP://Example.RU", ModeInput, true, "", "http://example.ru", "example.ru"},
		{"URL pasted with final slash", "https://example.ru/", ModeInput, true, "", "https://example.ru", "https://example.ru"},
		{"default https port dropped", "https://example.ru:443", ModeInput, true, "", "https://example.ru", "https://example.ru"},
		{"non-default port kept", "example.ru:8080", ModeInput, true, "", "http://example.ru:8080", "example.ru:8080"},
		{"highest port", "example.ru:65535", ModeInput, true, "", "http://example.ru:65535", "example.ru:65535"},
		{"digit-first label is RFC 1123", "1c.ru", ModeInput, true, "", "http://1c.ru", "1c.ru"},
		{"63-byte label", strings.Repeat("a", 63) + ".ru", ModeInput, true, "", "http://" + strings.Repeat("a", 63) + ".ru", strings.Repeat("a", 63) + ".ru"},
		{"port above 65535", "example.ru:65536", ModeInput, false, CodePortRange, "", ""},
		{"huge port does not overflow", "example.ru:99999999999999999999", ModeInput, false, CodePortRange, "", ""},
		{"port with letters", "example.ru:80a", ModeInput, false, CodePortSyntax, "", ""},
		{"colon without port", "example.ru:", ModeInput, false, CodePortEmpty, "", ""},
		{"ftp is not crawled", "ftp://example.ru", ModeInput, false, CodeScheme, "", ""},
		{"a real path is not a name", "https://example.ru/shop", ModeInput, false, CodePath, "", ""},
		{"query is a path", "example.ru?x=1", ModeInput, false, CodePath, "", ""},
		{"IPv6 in brackets", "[2001:db8::1]:8080", ModeInput, false, CodeIP, "", ""},
		{"bare IPv6", "2001:db8::1", ModeInput, false, CodeIP, "", ""},
		{"IPv4 with port", "127.0.0.1:8080", ModeInput, false, CodeIP, "", ""},
		{"numeric top-level label", "1.2.3", ModeInput, false, CodeNumericTLD, "", ""},
		{"single label", "localhost", ModeInput, false, CodeSingleLabel, "", ""},
		{"reserved .test is no public TLD", "www.example.test", ModeInput, false, CodeUnknownTLD, "", ""},
		{"64-byte label", strings.Repeat("a", 64) + ".ru", ModeInput, false, CodeLabelLong, "", ""},
		{"name over 253 bytes", strings.Repeat(strings.Repeat("a", 60)+".", 5) + "ru", ModeInput, false, CodeNameLong, "", ""},
		{"other character", "exa!mple.ru", ModeInput, false, CodeBadChar, "", ""},
		{"user info is not a name", "user@example.ru", ModeInput, false, CodeBadChar, "", ""},
		{"space separates two names", "a.ru b.ru", ModeInput, false, CodeSeveral, "", ""},
		{"empty", "   ", ModeInput, false, CodeEmpty, "", ""},
		{"broken punycode", "xn--zz.ru", ModeInput, false, CodeBadIDN, "", ""},
		{"https accepted by Yandex 2017", "https://www.gazeta.ru", ModeHostYandex2017, true, "", "https://www.gazeta.ru", "https://www.gazeta.ru"},
		{"http refused by Yandex 2017", "http://www.gazeta.ru", ModeHostYandex2017, false, CodeSchemeHTTP, "", ""},
		{"https refused by the seed", "https://www.gazeta.ru", ModeHostClassic, false, CodeScheme, "", ""},
		{"Unicode Host value wants punycode", "главное-зеркало.рф", ModeHostClassic, false, CodeUnicodeInHost, "", ""},
		{"punycode Host value is fine", "xn----7sbbgdobp2adirnh0a.xn--p1ai", ModeHostClassic, true, "", "http://xn----7sbbgdobp2adirnh0a.xn--p1ai", "xn----7sbbgdobp2adirnh0a.xn--p1ai"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n := ParseName(c.input, c.mode)
			if n.Valid() != c.valid {
				t.Fatalf("%q: valid=%v, want %v (problems %v)", c.input, n.Valid(), c.valid, n.Problems)
			}
			if !c.valid {
				if n.Problems[0].Code != c.code {
					t.Errorf("%q: code %s (%s), want %s", c.input, n.Problems[0].Code, n.Problems[0].Message, c.code)
				}
				return
			}
			if got := n.Origin(); got != c.origin {
				t.Errorf("%q: origin %q, want %q", c.input, got, c.origin)
			}
			if got := n.HostValue(); got != c.hostValue {
				t.Errorf("%q: Host value %q, want %q", c.input, got, c.hostValue)
			}
		})
	}
}

func TestIDN(t *testing.T) {
	cases := []struct {
		name, input, ascii, unicode string
	}{
		{"Cyrillic name under .рф", "главное-зеркало.рф", "xn----7sbbgdobp2adirnh0a.xn--p1ai", "главное-зеркало.рф"},
		{"upper case mapped to lower", "Главное.РФ", "xn--80aebk1aoh.xn--p1ai", "главное.рф"},
		{"punycode shown decoded", "xn--d1acpjx3f.xn--p1ai", "xn--d1acpjx3f.xn--p1ai", "яндекс.рф"},
		{"Latin IDN label under an ASCII TLD", "https://münchen.de", "xn--mnchen-3ya.de", "münchen.de"},
		{"ideographic full stop separates labels", "яндекс。рф", "xn--d1acpjx3f.xn--p1ai", "яндекс.рф"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n := ParseName(c.input, ModeInput)
			if !n.Valid() {
				t.Fatalf("%q refused: %v", c.input, n.Problems)
			}
			if n.ASCII != c.ascii || n.Unicode != c.unicode {
				t.Errorf("%q: ascii %q unicode %q, want %q %q", c.input, n.ASCII, n.Unicode, c.ascii, c.unicode)
			}
			if !n.IDN() {
				t.Errorf("%q: IDN() false", c.input)
			}
			noted := false
			for _, note := range n.Notes {
				noted = noted || strings.Contains(note.String(), c.ascii)
			}
			if !noted {
				t.Errorf("%q: no note shows the punycode %s: %v", c.input, c.ascii, n.Notes)
			}
		})
	}
	// The classic IDN example has an underscore: refused, for that reason.
	if n := ParseName("www.главное_имя.ru", ModeInput); n.Valid() || n.Problems[0].Code != CodeUnderscore {
		t.Errorf("www.главное_имя.ru: %v, want underscore", n.Problems)
	}
}

func TestNotes(t *testing.T) {
	n := ParseName("www.myhost.ru:80", ModeInput)
	if len(n.Notes) == 0 || !strings.Contains(n.Notes[0].String(), "default port") {
		t.Errorf("default port not noted: %v", n.Notes)
	}
	n = ParseName("https://www.myhost.ru", ModeInput)
	if len(n.Notes) == 0 || !strings.Contains(n.Notes[0].String(), "https") {
		t.Errorf("scheme not noted: %v", n.Notes)
	}
}

// FuzzParseName: any input parses without panicking, and a valid name's
// ASCII form is a clean host name that parses back to the same origin.
func FuzzParseName(f *testing.F) {
	for _, s := range []string{"www.myhost.ru", "www.myhost.ru:8080", "https://главное-зеркало.рф/", "[::1]:80",
		"xn--zz.ru", "a..b", "www.firsthost.ru,www.secondhost.ru", "213.180.194.129", ":", "://", "\xff.ru"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, mode := range []Mode{ModeInput, ModeHostClassic, ModeHostYandex2017} {
			n := ParseName(s, mode)
			if !n.Valid() {
				if n.Problems[0].Message.String() == "" {
					t.Fatalf("%q: empty reason", s)
				}
				continue
			}
			if n.ASCII == "" || len(n.ASCII) > 253 || !utf8.ValidString(n.Unicode) {
				t.Fatalf("%q: bad valid name %+v", s, n)
			}
			for _, c := range []byte(n.ASCII) {
				if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '.') {
					t.Fatalf("%q: ASCII form %q has %q", s, n.ASCII, c)
				}
			}
			again := ParseName(n.Origin(), ModeInput)
			if !again.Valid() || again.Origin() != n.Origin() {
				t.Fatalf("%q: origin %q does not parse back (%v)", s, n.Origin(), again.Problems)
			}
		}
	})
}
