package sitemap

import (
	"slices"
	"strconv"
	"strings"

	"golang.org/x/net/idna"

	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/uri"
)

// scope is what a sitemap may list: URLs on its own host under its own
// directory (sitemaps.org, "Sitemap file location"), plus any URL of a host
// whose robots.txt names the sitemap ("Sitemaps & Cross Submits"). An index
// may list sitemaps anywhere on its own host.
type scope struct {
	own    string // scheme://host[:port] of the sitemap; "" when unknown
	dir    string // the sitemap's directory, ending in "/"
	robots map[string]bool
	first  string // host of the first URL, when own is unknown
	index  bool
}

func newScope(sitemapURL string, robotsHosts []string) scope {
	sc := scope{robots: map[string]bool{}}
	if host, p, ok := splitURL(sitemapURL); ok {
		sc.own = host
		sc.dir = p[:strings.LastIndexByte(p, '/')+1]
	}
	for _, h := range robotsHosts {
		if host, _, ok := splitURL(h); ok {
			sc.robots[host] = true
		}
	}
	return sc
}

// check reports a URL outside the scope.
func (s *state) checkScope(loc, host, p string, at pos) {
	sc := &s.scope
	if sc.robots[host] {
		return
	}
	switch {
	case sc.own == "":
		if sc.first == "" {
			sc.first = host
		} else if host != sc.first {
			s.add(CodeOtherHost, at, msg.New(msgOtherHostF, "URL", clip(loc), "Host", host, "Own", sc.first))
		}
	case host != sc.own:
		s.add(CodeOtherHost, at, msg.New(msgOtherHost, "URL", clip(loc), "Host", host, "Own", sc.own))
	case !sc.index && !strings.HasPrefix(p, sc.dir):
		s.add(CodeOutsideDir, at, msg.New(msgOutsideDir, "URL", clip(loc), "Dir", sc.own+sc.dir))
	}
}

// checkLoc checks one URL's form and scope; false when it is no absolute
// URL (nothing more can be said about it). n is the URL's length in
// characters: loc may be only its start.
func (s *state) checkLoc(loc string, n int, at pos) bool {
	if n >= MaxLocLen {
		s.add(CodeTooLong, at, msg.New(msgTooLong, "Len", n))
	}
	host, p, ok := s.urls.split(loc)
	if !ok {
		s.add(CodeNotAbsolute, at, msg.New(msgNotAbsolute, "URL", clip(loc)))
		return false
	}
	if needsEncoding(loc) {
		s.add(CodeNotEncoded, at, msg.New(msgNotEncoded, "Encoded", clip(EncodeURL(loc))))
	}
	s.checkScope(loc, host, p, at)
	return true
}

// splitURL returns an absolute URL's origin (uri.AbsoluteURL.Origin) and
// its path without query or fragment ("/" when empty).
func splitURL(u string) (host, p string, ok bool) {
	var m urlSplitter
	return m.split(u)
}

// urlSplitter is splitURL that keeps the last authority it split: the URLs
// of one sitemap nearly all start with the same scheme://authority, and for
// those the origin is not worked out (and built) again
// (uri.CutSameAuthority).
type urlSplitter struct{ written, origin string }

func (m *urlSplitter) split(u string) (host, p string, ok bool) {
	if rest, same := uri.CutSameAuthority(u, m.written); same {
		return m.origin, pathOnly(rest), true
	}
	a, ok := uri.SplitAbsolute(u)
	if !ok || strings.IndexByte(a.Host, ' ') >= 0 || strings.IndexByte(a.Host, '\t') >= 0 {
		return "", "", false
	}
	m.written, m.origin = a.Authority(u), a.Origin()
	return m.origin, pathOnly(a.Rest), true
}

// pathOnly is the path of a URL's Rest: without query or fragment, "/"
// when empty.
func pathOnly(p string) string {
	for i := 0; i < len(p); i++ {
		if p[i] == '?' || p[i] == '#' {
			p = p[:i]
			break
		}
	}
	if p == "" {
		p = "/"
	}
	return p
}

// isAbsolute reports whether u starts with a scheme and a host.
func isAbsolute(u string) bool {
	_, _, ok := splitURL(u)
	return ok
}

// unsafeASCII are the ASCII characters RFC 3986 never allows raw in a URL.
const unsafeASCII = " \"<>\\^`{|}"

var unsafeReplacer = strings.NewReplacer(" ", "%20", "\"", "%22", "<", "%3C", ">", "%3E", "\\", "%5C", "^", "%5E",
	"`", "%60", "{", "%7B", "|", "%7C", "}", "%7D")

func needsEncoding(u string) bool {
	for i := 0; i < len(u); i++ {
		if mustEncode[u[i]] {
			return true
		}
	}
	return false
}

// mustEncode marks the bytes needsEncoding looks for: non-ASCII, control
// characters and unsafeASCII.
var mustEncode = func() (t [256]bool) {
	for c := range t {
		t[c] = c >= 0x80 || c < 0x20 || strings.IndexByte(unsafeASCII, byte(c)) >= 0
	}
	return t
}()

// EncodeURL writes u the way a sitemap must carry it: a non-ASCII host in
// its IDNA (punycode) form, every other non-ASCII byte and every unsafe
// ASCII character %-encoded as UTF-8 (ümlat.php → %C3%BCmlat.php). XML
// escaping (& → &amp;) is a separate step.
func EncodeURL(u string) string {
	if !needsEncoding(u) {
		return u
	}
	prefix, rest := "", u
	if scheme, after, ok := uri.CutScheme(u); ok && scheme != "" {
		host, path := uri.CutAuthority(after)
		if a, err := idna.Lookup.ToASCII(host); err == nil {
			host = a
		}
		prefix, rest = scheme+"://"+host, path
	}
	return prefix + unsafeReplacer.Replace(uri.EscapeNonASCII(rest))
}

// W3C Datetime (www.w3.org/TR/NOTE-datetime) check results.
type w3cResult int

const (
	w3cOK     w3cResult = iota
	w3cBad              // not W3C Datetime
	w3cNoZone           // a time without its zone designator
)

// checkW3C accepts YYYY, YYYY-MM, YYYY-MM-DD and YYYY-MM-DDThh:mm[:ss[.s+]]TZD.
func checkW3C(v string) w3cResult {
	if isPlainDate(v) {
		return w3cOK
	}
	return checkW3CForms(v)
}

// isPlainDate reports whether v is a valid YYYY-MM-DD, the usual form,
// read without splitting it (FuzzPlainDate holds it to checkW3CForms).
func isPlainDate(v string) bool {
	if len(v) != 10 || v[4] != '-' || v[7] != '-' {
		return false
	}
	d := func(i int) int {
		if c := v[i]; '0' <= c && c <= '9' {
			return int(c - '0')
		}
		return -100000
	}
	y := d(0)*1000 + d(1)*100 + d(2)*10 + d(3)
	m, day := d(5)*10+d(6), d(8)*10+d(9)
	return y >= 0 && m >= 1 && m <= 12 && day >= 1 && day <= daysIn(y, m)
}

// checkW3CForms is checkW3C for every form.
func checkW3CForms(v string) w3cResult {
	num := func(s string, lo, hi int) bool {
		for i := 0; i < len(s); i++ {
			if s[i] < '0' || s[i] > '9' {
				return false
			}
		}
		n, err := strconv.Atoi(s)
		return err == nil && len(s) > 0 && n >= lo && n <= hi
	}
	date, clock, hasTime := strings.Cut(v, "T")
	parts := strings.Split(date, "-")
	if len(parts) > 3 || len(parts[0]) != 4 || !num(parts[0], 0, 9999) {
		return w3cBad
	}
	if len(parts) >= 2 && (len(parts[1]) != 2 || !num(parts[1], 1, 12)) {
		return w3cBad
	}
	if len(parts) == 3 {
		y, _ := strconv.Atoi(parts[0])
		m, _ := strconv.Atoi(parts[1])
		if len(parts[2]) != 2 || !num(parts[2], 1, daysIn(y, m)) {
			return w3cBad
		}
	}
	if !hasTime {
		return w3cOK
	}
	if len(parts) != 3 {
		return w3cBad
	}
	zone := ""
	if i := strings.IndexAny(clock, "Z+-"); i >= 0 {
		clock, zone = clock[:i], clock[i:]
	}
	hms := strings.Split(clock, ":")
	if len(hms) < 2 || len(hms) > 3 || len(hms[0]) != 2 || !num(hms[0], 0, 23) || len(hms[1]) != 2 || !num(hms[1], 0, 59) {
		return w3cBad
	}
	if len(hms) == 3 {
		sec, frac, hasFrac := strings.Cut(hms[2], ".")
		if len(sec) != 2 || !num(sec, 0, 59) || hasFrac && !num(frac, 0, int(^uint(0)>>1)) {
			return w3cBad
		}
	}
	switch {
	case zone == "":
		return w3cNoZone
	case zone == "Z":
		return w3cOK
	case len(zone) == 6 && zone[3] == ':' && num(zone[1:3], 0, 23) && num(zone[4:], 0, 59):
		return w3cOK
	}
	return w3cBad
}

func daysIn(y, m int) int {
	switch m {
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// isChangefreq reports whether v is one of the protocol's <changefreq>
// values.
func isChangefreq(v string) bool {
	switch v {
	case "always", "hourly", "daily", "weekly", "monthly", "yearly", "never":
		return true
	}
	return false
}

// validPriority accepts a plain decimal number from 0.0 to 1.0.
func validPriority(v string) bool {
	if v == "" || strings.Count(v, ".") > 1 || v == "." {
		return false
	}
	for i := 0; i < len(v); i++ {
		if c := v[i]; c != '.' && (c < '0' || c > '9') {
			return false
		}
	}
	f, err := strconv.ParseFloat(v, 64)
	return err == nil && f >= 0 && f <= 1
}

// sortFindings orders one file's findings by position.
func sortFindings(fs []Finding) {
	slices.SortStableFunc(fs, func(a, b Finding) int {
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return a.Col - b.Col
	})
}
