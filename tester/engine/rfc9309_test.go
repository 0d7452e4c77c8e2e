package engine

import (
	"strings"
	"testing"
)

func TestRFC9309(t *testing.T) {
	cases := []struct {
		name   string
		robots string
		checks []allowedCase
	}{
		{"/robots.txt is always allowed (§2.2.2 names that one URI: a query or parameters make another)", "User-agent: *\nDisallow: /\n",
			[]allowedCase{{"X", "/robots.txt", true}, {"X", "/robots.txt?x=1", false}, {"X", "/robots.txt;p", false}, {"X", "/robots.txt.bak", false}}},
		{"a ? in a rule meets any ? of the URL, not only the first (§2.2.2 compares characters; Google agrees)", "User-agent: *\nDisallow: /*?sle=\n",
			[]allowedCase{{"X", "/u?a=1?sle=1", false}, {"X", "/u?sle=1", false}, {"X", "/u?a=1", true}}},
		{"a : or @ compares encoded in the path too (§2.2.2: reserved characters are compared %-encoded)", "User-agent: *\nDisallow: /e:f\nDisallow: /m%40n\n",
			[]allowedCase{{"X", "/e%3Af", false}, {"X", "/e:f", false}, {"X", "/m@n", false}, {"X", "/e", true}}},
		{"a / compares as written in the path: %2F is not a segment break", "User-agent: *\nDisallow: /a/b\n",
			[]allowedCase{{"X", "/a%2Fb", true}, {"X", "/a/b/c", false}}},
		{"lines are read whole: the RFC sets no line length (Google stops at 16,664 bytes)", "User-agent: *\nDisallow: /" + strings.Repeat("x", 17000) + "$\n",
			[]allowedCase{{"X", "/" + strings.Repeat("x", 17000), false}, {"X", "/" + strings.Repeat("x", 17001), true}}},
		{"a line with a NUL is ignored: the grammar allows no control character (Google reads up to the NUL)", "User-agent: *\nDisallow: /a\x00b\n",
			[]allowedCase{{"X", "/ab", true}, {"X", "/a", true}}},
		{"%-escapes of unreserved characters are decoded on both sides", "User-agent: *\nDisallow: /%7Ejoe\nDisallow: /foo/bar/%62%61%7A\n",
			[]allowedCase{{"X", "/~joe", false}, {"X", "/%7ejoe/x", false}, {"X", "/foo/bar/baz", false}}},
		{"%2F stays encoded and does not match /", "User-agent: *\nDisallow: /a%2Fb\n",
			[]allowedCase{{"X", "/a/b", true}, {"X", "/a%2fb", false}}},
		{"non-ASCII compares %-encoded", "User-agent: *\nDisallow: /foo/bar/ツ\n",
			[]allowedCase{{"X", "/foo/bar/%E3%83%84", false}, {"X", "/foo/bar/ツ", false}}},
		{"%2A in a rule is a literal star", "User-agent: *\nDisallow: /a%2Ab\n",
			[]allowedCase{{"X", "/a*b", false}, {"X", "/aXb", true}}},
		{"a User-agent value must be a product token", "User-agent: Googlebot/2.1\nDisallow: /\n",
			[]allowedCase{{"Googlebot", "/", true}}},
		{"typos are not read", "User-agent: *\nDissallow: /a\n",
			[]allowedCase{{"X", "/a", true}}},
		{"longest match, Allow on ties", "User-agent: *\nDisallow: /page\nAllow: /page\nDisallow: /p\nAllow: /pag\n",
			[]allowedCase{{"X", "/page", true}, {"X", "/pa", false}}},
		{"rules before the first group are ignored", "Disallow: /\nUser-agent: x\nAllow: /a\n",
			[]allowedCase{{"y", "/", true}, {"x", "/", true}}},
		{"other records do not end a group", "User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /\n",
			[]allowedCase{{"a", "/", false}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { checkAllowed(t, "rfc9309", c.robots, c.checks) })
	}
}

// TestRFC9309ExampleTable is RFC 9309 §2.2.2's table of paths and the
// encoded URIs they must match.
func TestRFC9309ExampleTable(t *testing.T) {
	cases := []struct{ rule, uri string }{
		{"/foo/bar?baz=quz", "/foo/bar?baz=quz"},
		{"/foo/bar?baz=https://foo.bar", "/foo/bar?baz=https%3A%2F%2Ffoo.bar"},
		{"/foo/bar/ツ", "/foo/bar/%E3%83%84"},
		{"/foo/bar/%E3%83%84", "/foo/bar/%E3%83%84"},
		{"/foo/bar/%62%61%7A", "/foo/bar/baz"},
	}
	for _, c := range cases {
		v := query(t, "rfc9309", "User-agent: *\nDisallow: "+c.rule+"\n", "X", c.uri)
		if v.Allowed || v.Rule == nil {
			t.Errorf("rule %q must match %q (path %q)", c.rule, c.uri, v.Path)
		}
	}
	// The query's own delimiters keep their meaning.
	if v := query(t, "rfc9309", "User-agent: *\nDisallow: /a?x=1&y\n", "X", "/a?x=1%26y"); !v.Allowed {
		t.Error("an encoded & in a query is data, not the & delimiter")
	}
}

func TestFetchPolicyGoogleAndRFC(t *testing.T) {
	cases := []struct {
		name   string
		engine string
		fetch  Fetch
		want   FetchOutcome
	}{
		{"200 is parsed", "google", Fetch{Status: 200}, FetchUseFile},
		{"a redirect is followed", "google", Fetch{Status: 301, Redirects: 1}, FetchFollow},
		{"the 6th redirect gives up: as 404, allow all", "google", Fetch{Status: 302, Redirects: 5}, FetchAllowAll},
		{"401 allows all for Google", "google", Fetch{Status: 401}, FetchAllowAll},
		{"403 allows all for Google", "google", Fetch{Status: 403}, FetchAllowAll},
		{"404 allows all", "google", Fetch{Status: 404}, FetchAllowAll},
		{"429 is a server error for Google", "google", Fetch{Status: 429}, FetchDisallowAll},
		{"503 blocks all for Google", "google", Fetch{Status: 503}, FetchDisallowAll},
		{"unreachable blocks all for Google", "google", Fetch{Unreachable: true}, FetchDisallowAll},
		{"RFC: 4xx incl. 429 is unavailable, allow all", "rfc9309", Fetch{Status: 429}, FetchAllowAll},
		{"RFC: 500 is unreachable, complete disallow", "rfc9309", Fetch{Status: 500}, FetchDisallowAll},
		{"RFC: unreachable, complete disallow", "rfc9309", Fetch{Unreachable: true}, FetchDisallowAll},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e, _ := Get(c.engine)
			d := e.FetchPolicy(c.fetch)
			if d.Outcome != c.want {
				t.Errorf("outcome = %s, want %s", d.Outcome, c.want)
			}
			if d.Why.String() == "" {
				t.Error("no reason given")
			}
		})
	}
}
