package engine

import (
	"strconv"
	"strings"
)

// AbsoluteURL is an absolute URL split into the parts robots.txt tools need.
type AbsoluteURL struct {
	Scheme string // lower-case
	Host   string // lower-case, without user info or port
	Port   int    // as written; 0 when the URL writes none
	Rest   string // path, params, query and fragment, as written ("" for none)
}

// SplitAbsolute splits u when it starts with scheme://authority (RFC 3986
// §3); ok is false for a path, a relative reference or an empty host.
func SplitAbsolute(u string) (a AbsoluteURL, ok bool) {
	i := strings.Index(u, "://")
	if i <= 0 || !IsScheme(u[:i]) {
		return a, false
	}
	a.Scheme = strings.ToLower(u[:i])
	auth := u[i+3:]
	if j := strings.IndexAny(auth, "/?#"); j >= 0 {
		a.Rest, auth = auth[j:], auth[:j]
	}
	if at := strings.LastIndexByte(auth, '@'); at >= 0 {
		auth = auth[at+1:]
	}
	a.Host = auth
	if j := strings.LastIndexByte(auth, ':'); j >= 0 && !strings.HasSuffix(auth, "]") {
		a.Host = auth[:j]
		a.Port, _ = strconv.Atoi(auth[j+1:])
	}
	a.Host = strings.ToLower(a.Host)
	return a, a.Host != ""
}

// Origin is scheme://host[:port], the default port of http and https left
// out: the site a robots.txt governs.
func (a AbsoluteURL) Origin() string {
	if a.Port == 0 || a.Scheme == "http" && a.Port == 80 || a.Scheme == "https" && a.Port == 443 {
		return a.Scheme + "://" + a.Host
	}
	return a.Scheme + "://" + a.Host + ":" + strconv.Itoa(a.Port)
}

// IsScheme reports whether s is a URI scheme: a letter, then letters,
// digits, "+", "-" or "." (RFC 3986 §3.1).
func IsScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false
		}
	}
	return s != ""
}
