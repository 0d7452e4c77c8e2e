package testerpane

import "testing"

// TestRowsOfOneSiteShareTheirHost: rows name one host when their URLs have
// one origin (uri.AbsoluteURL.Origin), however scheme and host are cased
// and whether the default port is written; another port, scheme or host,
// or a bare path among URLs, is another host.
func TestRowsOfOneSiteShareTheirHost(t *testing.T) {
	rows := func(paths ...string) []pair {
		var out []pair
		for _, p := range paths {
			out = append(out, pair{"Googlebot", p})
		}
		return out
	}
	for _, c := range []struct {
		rule   string
		rows   []pair
		common string
		mixed  bool
	}{
		{"case and the default port set aside", rows("https://Example.com/a", "HTTPS://example.com:443/b"), "https://example.com", false},
		{"user info is not the host", rows("http://u@example.com/a", "http://example.com:80/b"), "http://example.com", false},
		{"another port is another host", rows("https://example.com/a", "https://example.com:8443/b"), "", true},
		{"another scheme is another host", rows("https://example.com/a", "http://example.com/b"), "", true},
		{"paths name no host", rows("/a", "/b"), "", false},
		{"a path among URLs", rows("https://example.com/a", "/b"), "", true},
	} {
		if got := commonHost(c.rows); got != c.common {
			t.Errorf("%s: commonHost = %q, want %q", c.rule, got, c.common)
		}
		if got := mixedHosts(c.rows); got != c.mixed {
			t.Errorf("%s: mixedHosts = %v, want %v", c.rule, got, c.mixed)
		}
	}
}
