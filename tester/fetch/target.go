// Package fetch gets a site's robots.txt the way a crawler does: it finds the
// file that governs a URL, follows redirects one hop at a time, reads the body
// byte for byte (gzip undone), and asks every engine's fetch policy what the
// crawler concludes from the answer. It uses only net/http and never touches
// the network unless asked.
package fetch

import (
	"net"
	"net/url" // origin reads the *url.URL net/http hands back
	"strings"

	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/uri"
)

var (
	msgBadInput    = msg.Def("live.err.bad_input", "{{.Input}} is not a host name or an http(s) URL")
	msgBadScheme   = msg.Def("live.err.scheme", "{{.Scheme}}: only http and https robots.txt files exist (RFC 9309 §2.3)")
	msgEmptyInput  = msg.Def("live.err.empty", "give a host name or an http(s) URL")
	msgGovernsPage = msg.Def("live.note.governs_page", "{{.Input}} is a page: the robots.txt that governs it is {{.Robots}} (one file per scheme, host and port)")
)

// Target is the robots.txt a user's input leads to.
type Target struct {
	Input     string
	RobotsURL string   // scheme://host[:port]/robots.txt
	FromPage  bool     // the input was a page URL, not the robots.txt itself
	Variants  []string // the same site's other files: http/https, www/bare
}

// Note says which file governs the page, when the input was a page.
func (t Target) Note() msg.Text {
	if !t.FromPage {
		return msg.Text{}
	}
	return msg.New(msgGovernsPage, "Input", t.Input, "Robots", t.RobotsURL)
}

// InputError is a host or URL that cannot be fetched, with a sentence for the user.
type InputError struct{ Text msg.Text }

func (e *InputError) Error() string { return e.Text.String() }

// IsURL reports whether s is an http:// or https:// URL (a ROBOTS_FILE
// argument that should be fetched rather than read from disk).
func IsURL(s string) bool {
	l := strings.ToLower(s)
	return strings.HasPrefix(l, "http://") || strings.HasPrefix(l, "https://")
}

// Resolve turns a host ("example.com"), a page URL or a robots.txt URL into
// the robots.txt URL that governs it. A bare host gets https.
func Resolve(input string) (Target, error) {
	in := strings.TrimSpace(input)
	if in == "" {
		return Target{}, &InputError{msg.New(msgEmptyInput)}
	}
	raw := in
	if !strings.Contains(raw, "://") {
		raw = "https://" + raw
	}
	a, ok := uri.SplitAbsolute(raw)
	if !ok || !a.WellFormed(raw) {
		return Target{}, &InputError{msg.New(msgBadInput, "Input", in)}
	}
	if a.Scheme != "http" && a.Scheme != "https" {
		scheme, _, _ := uri.CutScheme(raw)
		return Target{}, &InputError{msg.New(msgBadScheme, "Scheme", scheme)}
	}
	// One file per scheme, host and port: the origin, its default port
	// left out (https://example.com:443/ is https://example.com/'s).
	origin := a.Origin()
	t := Target{Input: in, RobotsURL: origin + "/robots.txt"}
	path, _, _ := strings.Cut(a.Rest, "#")
	t.FromPage = !(path == "" || path == "/" || path == "/robots.txt")
	t.Variants = variants(a.Scheme, strings.TrimPrefix(origin, a.Scheme+"://"))
	return t, nil
}

// variants lists the robots.txt of the other scheme and of the www/bare name:
// each is a separate file a crawler fetches separately.
func variants(scheme, host string) []string {
	hostname, port := host, ""
	if h, p, err := net.SplitHostPort(host); err == nil {
		hostname, port = h, p
	}
	names := []string{hostname}
	if net.ParseIP(strings.Trim(hostname, "[]")) == nil && strings.Contains(hostname, ".") {
		if rest, ok := strings.CutPrefix(hostname, "www."); ok {
			names = append(names, rest)
		} else {
			names = append(names, "www."+hostname)
		}
	}
	var out []string
	for _, s := range []string{"https", "http"} {
		for _, n := range names {
			h := n
			if port != "" {
				h = net.JoinHostPort(strings.Trim(n, "[]"), port)
			}
			if s == scheme && n == hostname {
				continue
			}
			out = append(out, s+"://"+h+"/robots.txt")
		}
	}
	return out
}

// origin is the origin of u (uri.AbsoluteURL.Origin: case and a default
// port set aside), for telling a cross-host redirect.
func origin(u *url.URL) string {
	s := u.String()
	if a, ok := uri.SplitAbsolute(s); ok {
		return a.Origin()
	}
	return s
}
