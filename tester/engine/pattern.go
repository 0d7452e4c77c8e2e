package engine

import (
	"strings"

	"github.com/robots-studio/robots-studio/tester/uri"
)

// pattern is a compiled path pattern with `*` (any run of bytes) and a final
// `$` (end of path). It matches without backtracking: the literal prefix is
// anchored, each later piece is found leftmost-first, and an anchored last
// piece is checked as a suffix. This is exact for patterns whose only
// wildcard is `*`, and linear in the path for each piece.
type pattern struct {
	lit       string   // literal prefix up to the first `*`
	pieces    []string // literal pieces after each `*`
	anchorEnd bool     // the pattern ends with `$`
	wild      bool     // the pattern has a `*`
}

// compilePattern compiles p. With wildcards false, `*` and `$` are literal
// (the 1994 and 1996 readings); a pattern is then a plain prefix.
func compilePattern(p string, wildcards bool) pattern {
	if !wildcards {
		return pattern{lit: p}
	}
	var c pattern
	if strings.HasSuffix(p, "$") {
		c.anchorEnd = true
		p = p[:len(p)-1]
	}
	i := strings.IndexByte(p, '*')
	if i < 0 {
		c.lit = p
		return c
	}
	c.wild = true
	c.lit = p[:i]
	rest := p[i+1:]
	for {
		j := strings.IndexByte(rest, '*')
		if j < 0 {
			c.pieces = append(c.pieces, rest)
			break
		}
		if j > 0 { // `**` is one `*`
			c.pieces = append(c.pieces, rest[:j])
		}
		rest = rest[j+1:]
	}
	return c
}

// match reports whether the pattern matches path from its first byte.
func (c *pattern) match(path string) bool {
	return strings.HasPrefix(path, c.lit) && c.matchAfterLit(path)
}

// matchAfterLit is match for a path known to start with the literal prefix.
func (c *pattern) matchAfterLit(path string) bool {
	if !c.wild {
		return !c.anchorEnd || len(path) == len(c.lit)
	}
	pos := len(c.lit)
	last := len(c.pieces) - 1
	for i, piece := range c.pieces {
		if i == last && c.anchorEnd {
			return len(path)-len(piece) >= pos && strings.HasSuffix(path, piece)
		}
		j := strings.Index(path[pos:], piece)
		if j < 0 {
			return false
		}
		pos += j + len(piece)
	}
	return true
}

// rfcNormalize brings a path or a pattern to RFC 9309's comparison form
// (§2.2.2: reserved characters and bytes outside ASCII are compared
// %-encoded, escapes of other ASCII characters decoded): escapes of
// unreserved characters are decoded, other escapes upper-cased (so %2F stays
// %2F), bytes outside ASCII %-encoded, and ':' and '@', which delimit nothing
// in a path or a query, compare encoded everywhere (`/e:f` matches
// `/e%3Af`). '/' delimits path segments and compares as written in the path;
// in the query (after the first '?') it compares encoded, so the RFC's
// example rule `/foo/bar?baz=https://foo.bar` matches
// `/foo/bar?baz=https%3A%2F%2Ffoo.bar`. '?' always compares as written: a
// rule cannot say whether its '?' is the URL's first, and `/*?sle=` must
// reach `/u?a=1?sle=1` as it does at Google. In a path, a literal `*` or `$`
// is written %2A/%24 so that a rule's %2A (a literal star) matches it; in a
// pattern the same is done for a `$` that is not at the end.
func rfcNormalize(s string, isPattern bool) string {
	need := false
	inQuery := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 || c == '%' || c == ':' || c == '@' || !isPattern && (c == '*' || c == '$') || isPattern && c == '$' && i != len(s)-1 ||
			inQuery && c == '/' {
			need = true
			break
		}
		inQuery = inQuery || c == '?'
	}
	if !need {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	inQuery = false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if v, ok := uri.EscapeAt(s, i); ok {
			if uri.IsUnreserved(v) {
				b.WriteByte(v)
			} else {
				uri.WriteEscape(&b, v)
			}
			i += 2
			continue
		}
		switch {
		case c >= 0x80 || c == ':' || c == '@' || inQuery && c == '/':
			uri.WriteEscape(&b, c)
		case c == '*' && !isPattern:
			b.WriteString("%2A")
		case c == '$' && (!isPattern || i != len(s)-1):
			b.WriteString("%24")
		default:
			b.WriteByte(c)
			inQuery = inQuery || c == '?'
		}
	}
	return b.String()
}

// Token is the crawler's product token as Google extracts it: the leading run
// of [A-Za-z_-] ("Googlebot/2.1 (+http://…)" → "Googlebot").
func Token(agent string) string {
	i := 0
	for i < len(agent) && isTokenByte(agent[i]) {
		i++
	}
	return agent[:i]
}

func isTokenByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '-' || c == '_'
}

// ValidToken reports whether s is an RFC 9309 product token: [A-Za-z_-]+.
func ValidToken(s string) bool {
	return s != "" && Token(s) == s
}

// MatchPattern reports whether a robots.txt path pattern (with `*` and a
// final `$`) matches path from its first byte, as Allow and Disallow do.
// Content-Usage lines use it: the IETF AI Preferences attachment draft
// matches their paths the way RFC 9309 matches rules.
func MatchPattern(p, path string) bool {
	c := compilePattern(p, true)
	return c.match(path)
}
