package uri

import "testing"

func TestPathOf(t *testing.T) {
	cases := map[string]string{
		"":                         "/",
		"http://www.example.com":   "/",
		"http://www.example.com/":  "/",
		"http://www.example.com/a": "/a",
		"http://www.example.com/a/b?c=http://d.e/":    "/a/b?c=http://d.e/",
		"http://www.example.com/a/b?c=d&e=f#fragment": "/a/b?c=d&e=f",
		"example.com":            "/",
		"example.com/a/":         "/a/",
		"a":                      "/",
		"a/b":                    "/b",
		"/a":                     "/a",
		"example.com?a":          "/?a",
		"example.com/a;b#c":      "/a;b",
		"//a/b/c":                "/b/c",
		"/a#/b":                  "/a",
		"http://e.com#x/y":       "/",
		"https://e.com:8080/x?q": "/x?q",
	}
	for in, want := range cases {
		if got := PathOf(in); got != want {
			t.Errorf("PathOf(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestEscapeNonASCII(t *testing.T) {
	cases := map[string]string{
		"http://www.example.com": "http://www.example.com",
		"/a/b/c":                 "/a/b/c",
		"á":                      "%C3%A1",
		"%aa":                    "%AA",
		"%zz%a":                  "%zz%a",
		"/%7ejoe":                "/%7Ejoe",
	}
	for in, want := range cases {
		if got := EscapeNonASCII(in); got != want {
			t.Errorf("EscapeNonASCII(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSplitAbsolute(t *testing.T) {
	cases := []struct {
		rule, in string
		ok       bool
		want     AbsoluteURL
		origin   string
	}{
		{"scheme and host are lower-cased, the rest kept", "HTTPS://Example.COM/A?b#c", true, AbsoluteURL{"https", "example.com", 0, "/A?b#c"}, "https://example.com"},
		{"a port is split off; the default one leaves the origin", "http://h:80/x", true, AbsoluteURL{"http", "h", 80, "/x"}, "http://h"},
		{"another port stays in the origin", "https://h:8443", true, AbsoluteURL{"https", "h", 8443, ""}, "https://h:8443"},
		{"user info is not the host", "ftp://u:p@h.example/f", true, AbsoluteURL{"ftp", "h.example", 0, "/f"}, "ftp://h.example"},
		{"an IPv6 literal keeps its colons", "http://[::1]/", true, AbsoluteURL{"http", "[::1]", 0, "/"}, "http://[::1]"},
		{"a path is no absolute URL", "/a://b", false, AbsoluteURL{}, ""},
		{"no host", "https:///x", false, AbsoluteURL{}, ""},
		{"a scheme starts with a letter", "1x://h/", false, AbsoluteURL{}, ""},
	}
	for _, c := range cases {
		got, ok := SplitAbsolute(c.in)
		if ok != c.ok || ok && (got != c.want || got.Origin() != c.origin) {
			t.Errorf("%s: SplitAbsolute(%q) = %+v %v (origin %q), want %+v %v (%q)", c.rule, c.in, got, ok, got.Origin(), c.want, c.ok, c.origin)
		}
	}
}

func TestWellFormed(t *testing.T) {
	for _, c := range []struct {
		rule, in string
		want     bool
	}{
		{"a host alone", "https://example.com/a b", true},
		{"a port of digits", "http://example.com:8080", true},
		{"an empty port is no port", "http://example.com:/", true},
		{"user info is not the host", "https://u:p@example.com/", true},
		{"an IPv6 literal with a port", "http://[::1]:8080/", true},
		{"brackets only around an IP literal", "http://[::1/", false},
		{"a bracket inside a name", "http://ex]ample.com/", false},
		{"a port must be digits", "https://example.com:abc/", false},
		{"a port has no sign", "https://example.com:+80/", false},
		{"a port is at most 65535", "https://example.com:65536/", false},
		{"a host has no blank", "https://exa mple.com/", false},
		{"a host has no control character", "https://exa\x01mple.com/", false},
		{"a host has no quote or angle bracket", "https://ex<a>mple.com/", false},
	} {
		a, ok := SplitAbsolute(c.in)
		if !ok {
			t.Fatalf("%s: %q does not split", c.rule, c.in)
		}
		if got := a.WellFormed(c.in); got != c.want {
			t.Errorf("%s: WellFormed(%q) = %v, want %v", c.rule, c.in, got, c.want)
		}
	}
}

func TestCutSchemeAndAuthority(t *testing.T) {
	cases := []struct {
		rule, in                string
		scheme, rest            string
		found                   bool
		authority, afterAuthAll string
	}{
		{"scheme, authority, path", "https://e.com/a?b#c", "https", "e.com/a?b#c", true, "e.com", "/a?b#c"},
		{"the scheme is as written", "HTTP://E.com", "HTTP", "E.com", true, "E.com", ""},
		{"the first :// splits, later ones are the rest's", "a://b?c=d://e", "a", "b?c=d://e", true, "b", "?c=d://e"},
		{"an empty scheme is still found", "://host/x", "", "host/x", true, "host", "/x"},
		{"no :// leaves the whole text as the rest", "e.com/a", "", "e.com/a", false, "e.com", "/a"},
		{"a query ends the authority", "h?q", "", "h?q", false, "h", "?q"},
		{"a fragment ends the authority", "h#f", "", "h#f", false, "h", "#f"},
		{"';' does not end the authority", "h;p/x", "", "h;p/x", false, "h;p", "/x"},
	}
	for _, c := range cases {
		scheme, rest, found := CutScheme(c.in)
		if scheme != c.scheme || rest != c.rest || found != c.found {
			t.Errorf("%s: CutScheme(%q) = %q %q %v, want %q %q %v", c.rule, c.in, scheme, rest, found, c.scheme, c.rest, c.found)
		}
		auth, after := CutAuthority(rest)
		if auth != c.authority || after != c.afterAuthAll {
			t.Errorf("%s: CutAuthority(%q) = %q %q, want %q %q", c.rule, rest, auth, after, c.authority, c.afterAuthAll)
		}
	}
}
