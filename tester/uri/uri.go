// Package uri is Robots Studio's one URL toolkit: splitting a URL into
// scheme, authority and the rest (RFC 3986 §3), the path a robots.txt rule
// is matched against, and percent-encoding and -decoding (§2.1). Every part
// that takes a URL apart or reads a %XX escape uses it, so each reading of
// "://", of an escape and of a hex digit is written once.
package uri

import (
	"strconv"
	"strings"
)

// CutScheme splits s at its first "://": the text before it (the scheme as
// written, possibly empty or not a scheme at all: callers decide) and the
// text after it. found is false, and rest is s, when s has no "://".
func CutScheme(s string) (scheme, rest string, found bool) {
	scheme, rest, found = strings.Cut(s, "://")
	if !found {
		return "", s, false
	}
	return scheme, rest, true
}

// CutAuthority splits what follows "://" at the first "/", "?" or "#": the
// authority (user info, host, port) and the rest (path, query and fragment
// as written; "" when there is none).
func CutAuthority(s string) (authority, rest string) {
	if i := strings.IndexAny(s, "/?#"); i >= 0 {
		return s[:i], s[i:]
	}
	return s, ""
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
	scheme, after, found := CutScheme(u)
	if !found || !IsScheme(scheme) {
		return a, false
	}
	a.Scheme = strings.ToLower(scheme)
	auth, rest := CutAuthority(after)
	a.Rest = rest
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

// Authority is the start of u that SplitAbsolute took as scheme://authority
// (everything before a.Rest), as written; a is SplitAbsolute(u).
func (a AbsoluteURL) Authority(u string) string { return u[:len(u)-len(a.Rest)] }

// WellFormed reports whether the authority SplitAbsolute took from u (a is
// SplitAbsolute(u)) is one a client can connect to: a host without blanks,
// control characters or the characters RFC 3986 never allows in one
// (§2.2, §3.2.2), and a port, when one is written after the ":", of digits
// only, at most 65535 (§3.2.3). SplitAbsolute itself stays lenient (a
// reader of a file takes what is there); what fetches or vouches for a URL
// asks this too.
func (a AbsoluteURL) WellFormed(u string) bool {
	_, auth, _ := CutScheme(a.Authority(u))
	if at := strings.LastIndexByte(auth, '@'); at >= 0 {
		auth = auth[at+1:]
	}
	host, port := auth, ""
	if j := strings.LastIndexByte(auth, ':'); j >= 0 && !strings.HasSuffix(auth, "]") {
		host, port = auth[:j], auth[j+1:]
	}
	for i := 0; i < len(host); i++ {
		if c := host[i]; c <= ' ' || c == 0x7f || strings.IndexByte("\"<>\\^`{|}/?#@", c) >= 0 {
			return false
		}
	}
	if strings.ContainsAny(host, "[]") && !(host[0] == '[' && strings.IndexByte(host, ']') == len(host)-1 && strings.Count(host, "[") == 1) {
		return false // brackets only around an IP literal (§3.2.2)
	}
	if len(port) > 5 {
		return false
	}
	for i := 0; i < len(port); i++ {
		if port[i] < '0' || port[i] > '9' {
			return false
		}
	}
	return host != "" && a.Port <= 65535
}

// CutSameAuthority reports whether u starts with written — the
// scheme://authority of an absolute URL as Authority gives it — followed by
// the end, "/", "?" or "#": then SplitAbsolute(u) has the same scheme, host
// and port as that URL, and rest is its Rest. A reader of many URLs of one
// site splits the first and compares the others' start with it.
func CutSameAuthority(u, written string) (rest string, ok bool) {
	if len(u) < len(written) || u[:len(written)] != written || written == "" {
		return "", false
	}
	if len(u) > len(written) {
		if c := u[len(written)]; c != '/' && c != '?' && c != '#' {
			return "", false
		}
	}
	return u[len(written):], true
}

// Origin is scheme://host[:port], the default port of http and https left
// out: the site a robots.txt governs.
func (a AbsoluteURL) Origin() string {
	if a.Port == 0 || a.Scheme == "http" && a.Port == 80 || a.Scheme == "https" && a.Port == 443 {
		return a.Scheme + "://" + a.Host
	}
	return a.Scheme + "://" + a.Host + ":" + strconv.Itoa(a.Port)
}

// PathOf reduces a URL to what robots.txt rules are matched against: path,
// params and query; scheme, host and fragment dropped; "/" when empty. It
// follows Google's reading (GetPathParamsQuery): a leading "//" starts a
// network path, "://" is a scheme only before the first "/", "?" or ";".
func PathOf(url string) string {
	// Already a path (the common case of a list or a log): the same answer
	// as the general reading below, without its scans (FuzzPathOfShortcut).
	if len(url) > 0 && url[0] == '/' && (len(url) == 1 || url[1] != '/') {
		if h := strings.IndexByte(url, '#'); h >= 0 {
			return url[:h]
		}
		return url
	}
	// An http or https URL (the other common case): the general reading
	// would find this "://" and nothing before it.
	if strings.HasPrefix(url, "https://") {
		return pathAfter(url, 0, len("https://"))
	}
	if strings.HasPrefix(url, "http://") {
		return pathAfter(url, 0, len("http://"))
	}
	return pathOfURL(url)
}

// pathOfURL is PathOf's general reading.
func pathOfURL(url string) string {
	start := 0
	if strings.HasPrefix(url, "//") {
		start = 2
	}
	early := indexPathStart(url, start)
	proto := strings.Index(url[start:], "://")
	if proto >= 0 {
		proto += start
	}
	if proto < 0 || (early >= 0 && early < proto) {
		proto = start
	} else {
		proto += 3
	}
	return pathAfter(url, start, proto)
}

// pathAfter is the path of url whose authority starts at proto (after
// "scheme://", or where a path-only reading starts): from the first '/',
// '?' or ';' on, up to a '#' (one at or after start ends it).
func pathAfter(url string, start, proto int) string {
	p := indexPathStart(url, proto)
	if p < 0 {
		return "/"
	}
	end := len(url)
	if h := strings.IndexByte(url[start:], '#'); h >= 0 {
		h += start
		if h < p {
			return "/"
		}
		end = h
	}
	if url[p] != '/' {
		return "/" + url[p:end]
	}
	return url[p:end]
}

// indexPathStart is the index of the first '/', '?' or ';' in s from
// from on, or -1 (a plain loop: strings.IndexAny builds a set per call).
func indexPathStart(s string, from int) int {
	for i := from; i < len(s); i++ {
		if c := s[i]; c == '/' || c == '?' || c == ';' {
			return i
		}
	}
	return -1
}
