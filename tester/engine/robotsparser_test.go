package engine

import "testing"

// TestWhatwgPathAsNode20: the path and query robots-parser gets from Node
// 20's URL (Ada 2.9), as node printed them (new URL(u).pathname + search):
// the URL Standard's escaping, except `^`, and its dot segments, except
// where Ada's shortcut keeps them.
func TestWhatwgPathAsNode20(t *testing.T) {
	for _, c := range []struct{ rule, url, want string }{
		{"a space and non-ASCII are escaped", "http://example.com/a b/é", "/a%20b/%C3%A9"},
		{"^ | ' stay in a path", "http://example.com/a^|'b", "/a^|'b"},
		{"' is escaped in a query", "http://example.com/a?x='", "/a?x=%27"},
		{"an empty query is no query", "http://example.com/a?", "/a"},
		{"the fragment goes", "http://example.com/a#b", "/a"},
		{"a backslash is a slash", "http://example.com/a\\b", "/a/b"},
		{"dot segments resolve", "http://example.com/a/b/../c/./d", "/a/c/d"},
		{"%2e is a dot", "http://example.com/a/b/%2E%2e", "/a/"},
		{"Ada keeps them after a first /. that starts a name", "http://example.com/a/.b/../c", "/a/.b/../c"},
		{"… and after /.php", "http://example.com/x/.php/y/..", "/x/.php/y/.."},
		{"… but not when the first /. is /..", "http://example.com/a/..b/c/..", "/a/..b/"},
		{"… nor when the path starts with a dot", "http://example.com/.a/b/..", "/.a/"},
		{"… nor when something is escaped", "http://example.com/a/.b/ /..", "/a/.b/"},
		{"… nor with a %", "http://example.com/a/.b/.%2e", "/a/"},
		{"tabs and line breaks are removed first", "http://example.com/a\t/.b/..", "/a/.b/.."},
		{"no path is /", "http://example.com", "/"},
	} {
		if got := whatwgPath(c.url); got != c.want {
			t.Errorf("%s: whatwgPath(%q) = %q, want %q", c.rule, c.url, got, c.want)
		}
	}
}
