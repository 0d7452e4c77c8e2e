package engine

import (
	"strings"
	"unicode/utf8"

	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/uri"
)

var (
	msgRPName       = msg.Def("engine.robots-parser.name", "robots-parser (Node.js)")
	msgRPShort      = msg.Def("engine.robots-parser.short", "Node.js")
	msgRPDesc       = msg.Def("engine.robots-parser.desc", "robots-parser 3.0.1, the common Node.js library (npm): a robot's name is matched whole, up to its first `/`, case-insensitively; groups naming it merge; longest rule, Allow wins ties, * and $ wildcards; a name followed by an empty Disallow replaces `*`, one followed by no rule line at all does not")
	msgRPUnbound    = msg.Def("engine.note.rp_no_rules", "line {{.Line}} names {{.Token}}, but no Allow, Disallow or Crawl-delay line follows while the name is in force, so the library made no group for it and {{.Agent}} falls back to {{.Fallback}}")
	msgFetchCaller  = msg.Def("fetch.caller_decides", "{{.Status}}: the library does not fetch robots.txt; what happens now is up to the crawler's own code")
	msgFetchCallerD = msg.Def("fetch.caller_down", "the server cannot be reached: the library does not fetch robots.txt; the crawler's own code decides")
	msgFetchNodeR   = msg.Def("fetch.node_redirect", "a redirect: Node's fetch follows it (up to {{.Max}} times) before the library sees the answer")
)

// robotsParser is robots-parser 3.0.1 from npm (github.com/samclarke/
// robots-parser), the robots.txt parser most Node.js crawlers use: an
// emulation of its parseRobots and isAllowed, held to the real library
// (installed by the tests with npm) by a differential test.
type robotsParser struct{}

func init() { Register(robotsParser{}) }

func (robotsParser) Info() Info {
	// Year: robots-parser 3.0.1, published on npm in 2023.
	// Host: each non-empty Host value replaces the one before
	// (getPreferredHost is the last).
	return Info{ID: "robots-parser", Order: 86, Year: 2023, Kind: KindLibrary, Name: msgRPName, Short: msgRPShort, Description: msgRPDesc,
		Traits: Traits{Wildcards: true, Allow: true, LongestMatch: true, AllowWinsTie: true, MergesGroups: true, Sitemaps: true,
			FieldsEndAgents: true, EncodesNonASCII: true, UTF8Only: true, CrawlDelay: DelayHonoured, Host: HostRead, HostKept: HostKeptLast,
			TrailingAgentsIgnored: true}}
}

// rpSplit is how the library reads a line: the comment cut, split at the
// first colon, both sides trimmed; ok false for a line it skips.
func rpSplit(line string) (key, value string, ok bool) {
	k, v, colon := strings.Cut(cutComment(line), ":")
	if !colon {
		return "", "", false
	}
	k = jsTrim(k)
	return pyLower(k), jsTrim(v), k != ""
}

func rpKind(key string) syntax.Kind {
	switch key {
	case "user-agent":
		return syntax.UserAgent
	case "allow":
		return syntax.Allow
	case "disallow":
		return syntax.Disallow
	case "crawl-delay":
		return syntax.CrawlDelay
	case "sitemap":
		return syntax.Sitemap
	case "host":
		return syntax.Host
	}
	return syntax.Unknown
}

// GroupRule: any field after User-agent lines ends them; blank lines end
// nothing.
func (robotsParser) GroupRule() syntax.GroupRule {
	return syntax.GroupRule{
		Kind: func(d *syntax.Document, i int) syntax.Kind {
			l := &d.Lines[i]
			k, _, ok := rpSplit(pyDecode(d.Src[l.Start:l.End]))
			if !ok {
				return syntax.Invalid
			}
			return rpKind(k)
		},
		EndsAgents: func(k syntax.Kind) bool { return k != syntax.UserAgent },
	}
}

// FetchPolicy: the library is given a body and fetches nothing; a crawler
// on Node's fetch follows up to 20 redirects and decides the rest itself.
func (robotsParser) FetchPolicy(f Fetch) FetchDecision {
	const maxRedirects = 20
	switch {
	case f.Unreachable:
		return FetchDecision{FetchFail, msg.New(msgFetchCallerD)}
	case f.Status >= 200 && f.Status < 300:
		return FetchDecision{FetchUseFile, msg.New(msgFetchOK)}
	case f.Status >= 300 && f.Status < 400 && f.Redirects < maxRedirects:
		return FetchDecision{FetchFollow, msg.New(msgFetchNodeR, "Max", maxRedirects)}
	}
	return FetchDecision{FetchFail, msg.New(msgFetchCaller, "Status", f.Status)}
}

// rpAgent is formatUserAgent: lower case, cut at the first `/`, trimmed.
func rpAgent(ua string) string {
	ua = pyLower(ua)
	if i := strings.IndexByte(ua, '/'); i >= 0 {
		ua = ua[:i]
	}
	return jsTrim(ua)
}

type rpGroup struct {
	token string
	lines []int
	rules []*Rule
	delay *Delay
	run   int // the run of User-agent lines whose lines were last added
}

type rpCompiled struct {
	groups map[string]*rpGroup
	named  map[string]int // every name a User-agent line gives → its first line
}

func (robotsParser) Compile(doc *syntax.Document) Compiled {
	c := &rpCompiled{groups: map[string]*rpGroup{}, named: map[string]int{}}
	// The names in force, each once (the library may list one twice, which
	// only repeats its rules), and their User-agent lines in this run.
	var current []string
	currentLines := map[string][]int{}
	run := 0
	noneState := true
	group := func(ua string) *rpGroup {
		g := c.groups[ua]
		if g == nil {
			g = &rpGroup{token: ua}
			c.groups[ua] = g
		}
		if g.run != run {
			g.run = run
			g.lines = append(g.lines, currentLines[ua]...)
		}
		return g
	}
	for _, ln := range jsLines(doc) {
		key, value, ok := rpSplit(ln.text)
		if !ok {
			continue
		}
		switch rpKind(key) {
		case syntax.UserAgent:
			if noneState {
				current = current[:0]
				currentLines = map[string][]int{}
				run++
			}
			if value != "" {
				ua := rpAgent(value)
				if _, seen := currentLines[ua]; !seen {
					current = append(current, ua)
				}
				currentLines[ua] = append(currentLines[ua], ln.n)
				if _, seen := c.named[ua]; !seen {
					c.named[ua] = ln.n
				}
			}
		case syntax.Allow, syntax.Disallow:
			var r *Rule
			if value != "" {
				p := rpNormalise(value)
				r = &Rule{Line: ln.n, Text: doc.RuleText(ln.n), Allow: rpKind(key) == syntax.Allow, Pattern: p, Score: utf16Len(p)}
			}
			for _, ua := range current {
				g := group(ua)
				if r != nil {
					g.rules = append(g.rules, r)
				}
			}
		case syntax.CrawlDelay:
			s, ok := jsNumber(value)
			for _, ua := range current {
				g := group(ua)
				if ok {
					g.delay = &Delay{Seconds: s, Line: ln.n}
				}
			}
		}
		noneState = rpKind(key) != syntax.UserAgent
	}
	return c
}

// utf16Len is a JavaScript string's length.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
}

// jsNumber is Number(s) for a Crawl-delay: a decimal number, blank as 0;
// false for NaN.
func jsNumber(s string) (float64, bool) {
	s = jsTrim(s)
	if s == "" {
		return 0, true
	}
	var f float64
	var frac float64 = 0
	digits, dot, scale := 0, false, 1.0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
			if dot {
				scale /= 10
				frac += float64(c-'0') * scale
			} else {
				f = f*10 + float64(c-'0')
			}
		case c == '.' && !dot:
			dot = true
		default:
			return 0, false
		}
	}
	return f + frac, digits > 0
}

// rpNormalise is normaliseEncoding: encodeURI, which leaves letters,
// digits and -_.!~*'();/?:@&=+$,# as they are and %-escapes the rest as
// UTF-8, except that `%` itself stays; then every %-escape in upper case.
func rpNormalise(p string) string {
	var sb strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c < utf8.RuneSelf && (isAlnum(c) || strings.IndexByte("-_.!~*'();/?:@&=+$,#%", c) >= 0) {
			sb.WriteByte(c)
			continue
		}
		uri.WriteEscape(&sb, c)
	}
	return upperEscapes(sb.String())
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// upperEscapes is urlEncodeToUpper: %-escapes in upper case.
func upperEscapes(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	b := []byte(s)
	for i := 0; i+2 < len(b); i++ {
		if b[i] != '%' || !uri.IsHex(b[i+1]) || !uri.IsHex(b[i+2]) {
			continue
		}
		b[i+1], b[i+2] = upper(b[i+1]), upper(b[i+2])
		i += 2
	}
	return string(b)
}

func upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// whatwgPath is the pathname and search of an http(s) URL as the WHATWG URL
// parser (Node's URL) gives them: tabs and line breaks removed, `\` read as
// `/`, dot segments resolved, and the characters of the path and query
// %-encode sets escaped; an empty query is no query.
func whatwgPath(url string) string {
	url = strings.TrimFunc(url, func(r rune) bool { return r <= ' ' })
	if strings.ContainsAny(url, "\t\r\n") {
		url = strings.NewReplacer("\t", "", "\r", "", "\n", "").Replace(url)
	}
	rest := url
	if i := strings.Index(rest, "://"); i >= 0 && !strings.ContainsAny(rest[:i], "/?#") {
		rest = rest[i+3:]
		end := strings.IndexAny(rest, "/\\?#")
		if end < 0 {
			end = len(rest)
		}
		rest = rest[end:]
	}
	if h := strings.IndexByte(rest, '#'); h >= 0 {
		rest = rest[:h]
	}
	query, hasQuery := "", false
	if q := strings.IndexByte(rest, '?'); q >= 0 {
		rest, query, hasQuery = rest[:q], rest[q+1:], true
	}
	if rest != "" && (rest[0] == '/' || rest[0] == '\\') {
		rest = rest[1:]
	}
	if adaKeepsDots(rest) {
		out := "/" + rest
		if hasQuery && query != "" {
			out += "?" + escapeSet(query, " \"#<>'")
		}
		return out
	}
	var segs []string
	for {
		end := strings.IndexAny(rest, "/\\")
		last := end < 0
		seg := rest
		if !last {
			seg = rest[:end]
		}
		switch lower := strings.ToLower(seg); lower {
		case "..", ".%2e", "%2e.", "%2e%2e":
			if len(segs) > 0 {
				segs = segs[:len(segs)-1]
			}
			if last {
				segs = append(segs, "")
			}
		case ".", "%2e":
			if last {
				segs = append(segs, "")
			}
		default:
			segs = append(segs, escapeSet(seg, " \"#<>?`{}"))
		}
		if last {
			break
		}
		rest = rest[end+1:]
	}
	out := "/" + strings.Join(segs, "/")
	if hasQuery && query != "" {
		out += "?" + escapeSet(query, " \"#<>'")
	}
	return out
}

// adaKeepsDots reports whether Node 20's URL parser (Ada 2.9) takes the
// path view (after its first `/`) as it is, dot segments and all: when it
// holds nothing to escape, no `%` and no `\`, Ada looks only at the first
// "/." in it and resolves dot segments only when that one starts "/./",
// "/.." or ends the path (or the path starts with "."); so "/a/.b/../c"
// stays as written where the URL Standard makes it "/a/c".
func adaKeepsDots(view string) bool {
	for i := 0; i < len(view); i++ {
		if c := view[i]; c < 0x20 || c >= 0x7f || strings.IndexByte(" \"<>`{}%\\", c) >= 0 {
			return false
		}
	}
	if strings.HasPrefix(view, ".") {
		return false
	}
	i := strings.Index(view, "/.")
	if i < 0 {
		return false // no dot segment to resolve: the same either way
	}
	j := i + 2
	return j < len(view) && view[j] != '/' && view[j] != '.'
}

// escapeSet %-escapes the C0 controls, DEL, the bytes beyond ASCII and the
// characters of set.
func escapeSet(s, set string) string {
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c >= 0x7f || strings.IndexByte(set, c) >= 0 {
			uri.WriteEscape(&sb, c)
			continue
		}
		sb.WriteByte(c)
	}
	return sb.String()
}

func (c *rpCompiled) Engine() Engine { return robotsParser{} }

func (c *rpCompiled) Query(agent, url string) Verdict {
	v := Verdict{Engine: "robots-parser", Agent: agent, URL: url, Path: upperEscapes(whatwgPath(pyDecode([]byte(libURL(url)))))}
	ua := agent
	if ua == "" {
		ua = "*"
	}
	name := rpAgent(ua)
	g, how := c.groups[name], HowExact
	if g == nil {
		g, how = c.groups["*"], HowGlobal
		if g != nil || name != "*" {
		}
		if n, ok := c.named[name]; ok && name != "*" {
			fallback := msg.New(msgTemotoFallNone)
			if g != nil {
				fallback = msg.New(msgTemotoFallStar)
			}
			v.Notes = append(v.Notes, msg.New(msgRPUnbound, "Line", n, "Token", name, "Agent", v.agentText(), "Fallback", fallback))
		}
	}
	if g == nil {
		v.Allowed, v.Reason = true, ReasonNoGroup
		return withURLNote(v)
	}
	v.Group = &Group{Lines: g.lines, Token: g.token, How: how}
	v.Delay = g.delay
	if len(g.rules) == 0 {
		v.Allowed, v.Reason = true, ReasonEmptyGroup
		return withURLNote(v)
	}
	var win, runner *Rule
	matches := 0
	for _, r := range g.rules {
		if !globMatch(r.Pattern, v.Path) {
			continue
		}
		matches++
		switch {
		case win == nil:
			win = r
		case r.Score > win.Score || r.Score == win.Score && r.Allow && !win.Allow:
			if win.Allow != r.Allow {
				runner = win
			}
			win = r
		case r.Allow != win.Allow && (runner == nil || r.Score > runner.Score):
			runner = r
		}
	}
	if win == nil {
		v.Allowed, v.Reason = true, ReasonNoRule
		return withURLNote(v)
	}
	v.Reason, v.Rule, v.Allowed, v.Runner = ReasonRule, win, win.Allow, runner
	switch {
	case matches == 1:
		v.Why = WhyOnly
	case runner != nil && runner.Score == win.Score:
		v.Why = WhyTieAllow
	default:
		v.Why = WhyLongest
	}
	return withURLNote(v)
}
