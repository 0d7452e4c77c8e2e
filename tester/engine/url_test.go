package engine

import "testing"

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
