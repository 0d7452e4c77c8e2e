package engine

import (
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/temoto/robotstxt"

	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/uri"
)

var (
	msgTemotoName     = msg.Def("engine.temoto.name", "temoto/robotstxt (Go library)")
	msgTemotoShort    = msg.Def("engine.temoto.short", "temoto")
	msgTemotoDesc     = msg.Def("engine.temoto.desc", "The Go library many Go crawlers use, github.com/temoto/robotstxt v1.1.2, called for real: robot names matched by their beginning, longest rule, the first rule on ties, and rules with * or $ matched anywhere in the path (the library does not anchor them at its start)")
	msgTemotoFail     = msg.Def("engine.temoto.fail", "this crawler would fail on this file: {{.Problem}}; the library rejects the whole file, so a crawler built on it fetches nothing (the library says: {{.Library}})")
	msgTemotoBeforeUA = msg.Def("engine.temoto.problem.before_ua", "line {{.Line}} `{{.Rule}}` comes before any User-agent line")
	msgTemotoBadDelay = msg.Def("engine.temoto.problem.bad_delay", "line {{.Line}} `{{.Rule}}` has a Crawl-delay the library cannot read as a number of seconds")
	msgTemotoUnknown  = msg.Def("engine.temoto.problem.unknown", "the library reports an error this reading cannot place on a line")
	msgTemotoDisagree = msg.Def("engine.note.temoto_disagree", "this app's reconstruction of the library's rule choice says {{.Emulation}} but the library says {{.Library}}: the verdict is the library's, and the deciding line shown may be wrong")
	msgTemotoDisGroup = msg.Def("engine.note.temoto_disagree_group", "this app's reconstruction of the library's group choice differs from the library's: the group shown may be wrong")
	msgTemotoDisParse = msg.Def("engine.note.temoto_disagree_parse", "this app expected the library to {{.Emulation}} this file, but it did not: the lines shown may be wrong")
	msgTemotoReject   = msg.Def("engine.word.reject", "reject")
	msgTemotoAccept   = msg.Def("engine.word.accept", "accept")
	msgTemotoUnanch   = msg.Def("engine.note.temoto_unanchored", "the library turns line {{.Line}} into the regular expression {{.Regexp}} without anchoring it to the start, so it matches at byte {{.At}} of {{.Path}}")
	msgTemotoNoGroup  = msg.Def("engine.note.temoto_ua_only", "line {{.Line}} names {{.Token}}, but the library never creates a group that has only User-agent lines, so {{.Agent}} falls back to {{.Fallback}}")
	msgTemotoFallStar = msg.Def("engine.word.star_group", "the `*` group")
	msgTemotoFallNone = msg.Def("engine.word.no_group", "no group at all (everything allowed)")
	msgTemotoJunk     = msg.Def("engine.note.temoto_extra_words", "line {{.Line}} has more than one word after the key: the library keeps only {{.Value}} and reads the rest as a separate, unknown line")
	msgTemotoStatus   = msg.Def("fetch.temoto_status", "status {{.Status}}: FromStatusAndBytes returns an error (\"Unexpected status\"); what happens next is up to the crawler's own code")
	msgTemotoRedirect = msg.Def("fetch.temoto_redirect", "a redirect: Go's http.Client follows it (up to {{.Max}}) before the library sees the answer")
	msgTemotoTooMany  = msg.Def("fetch.temoto_too_many", "more than {{.Max}} redirects: Go's http.Client returns an error and the library is never called; the crawler's own code decides")
	msgTemotoDown     = msg.Def("fetch.temoto_down", "the server cannot be reached: the HTTP request fails before the library is called; the crawler's own code decides")
	msgTemoto4xx      = msg.Def("fetch.temoto_4xx", "{{.Status}}: the library treats every 4xx answer, 401 and 403 included, as \"allow everything\"")
	msgTemoto5xx      = msg.Def("fetch.temoto_5xx", "{{.Status}}: the library treats every 5xx answer as \"disallow everything\"")
)

// temoto is github.com/temoto/robotstxt v1.1.2, the library a Go crawler
// would use. The verdict is the library's own (FromBytes, FindGroup,
// TestAgent). The library does not tell which line decided, so Compile also
// emulates its scanner, parser and rule choice on the Document's lines; every
// query compares the emulation with the library and reports any disagreement
// in the verdict's notes.
type temoto struct{}

func init() { Register(temoto{}) }

// GroupRule is the library's grouping as a strategy of the one model: a
// line is the field its first token names (the scanner's token: up to a
// space, tab, VT or the line's first colon; "useragent" and "crawldelay"
// too), and a rule or a readable Crawl-delay ends the run of User-agent
// lines. The emulation reads the same token pairs; the library's rare
// lines of three or more tokens, whose third token it reads as a key, are
// the emulation's alone (a corpus test checks that the two agree).
func (temoto) GroupRule() syntax.GroupRule {
	return syntax.GroupRule{
		Kind: temotoKind,
		EndsAgents: func(k syntax.Kind) bool {
			return k.IsRule() || k == syntax.CrawlDelay
		},
	}
}

// temotoKind is the field line i is for the library: its first token read
// as a key. A Crawl-delay whose value the library cannot read fails and
// ends nothing, so it is Unknown here.
func temotoKind(doc *syntax.Document, i int) syntax.Kind {
	src, l := doc.Src, &doc.Lines[i]
	pos, end := int(l.Start), int(l.End)
	blank := func(c byte) bool { return c == ' ' || c == '\t' || c == '\v' }
	for pos < end && blank(src[pos]) {
		pos++
	}
	start := pos
	for pos < end && (pos == start || !blank(src[pos]) && src[pos] != ':') {
		pos++
	}
	if start == end || src[start] == '#' {
		return syntax.Unknown
	}
	switch temotoKey(string(src[start:pos])) {
	case "user-agent", "useragent":
		return syntax.UserAgent
	case "allow":
		return syntax.Allow
	case "disallow":
		return syntax.Disallow
	case "crawl-delay", "crawldelay":
		if pos < end && src[pos] == ':' {
			pos++
		}
		for pos < end && blank(src[pos]) {
			pos++
		}
		v := pos
		for pos < end && !blank(src[pos]) {
			pos++
		}
		if s, err := strconv.ParseFloat(string(src[v:pos]), 64); v < pos && err == nil && s >= 0 && !math.IsInf(s, 0) && !math.IsNaN(s) {
			return syntax.CrawlDelay
		}
	}
	return syntax.Unknown
}

func (temoto) Info() Info {
	// Year: v1.1.2, tagged 2021-03-31 (the Go module proxy's .info).
	// Host: parseAll stores each Host value over the one before, so the
	// last is kept. Paths: the parser trims the `*`s that end a rule.
	return Info{ID: "temoto", Order: 80, Year: 2021, Kind: KindLibrary, Name: msgTemotoName, Short: msgTemotoShort, Description: msgTemotoDesc, SlowQueries: true,
		Traits: Traits{Wildcards: true, Allow: true, LongestMatch: true, MergesGroups: true, Sitemaps: true,
			JoinedUserAgent: true, ColonOptional: true, FieldsEndAgents: true, RelativePaths: true, TokenStream: true,
			CrawlDelay: DelayHonoured, Host: HostRead, HostKept: HostKeptLast, TrailingAgentsIgnored: true, StrictParse: true,
			DollarAnchorsAnywhere: true, TrailingStarDropped: true}}
}

// FetchPolicy is FromStatusAndBytes behind Go's http.Client: 2xx parse, 4xx
// allow all, 5xx disallow all, other statuses an error; the client follows
// up to 10 redirects before the library sees an answer.
func (temoto) FetchPolicy(f Fetch) FetchDecision {
	const maxRedirects = 10
	switch {
	case f.Unreachable:
		return FetchDecision{FetchFail, msg.New(msgTemotoDown)}
	case f.Status >= 300 && f.Status < 400 && f.Redirects < maxRedirects:
		return FetchDecision{FetchFollow, msg.New(msgTemotoRedirect, "Max", maxRedirects)}
	case f.Status >= 300 && f.Status < 400:
		return FetchDecision{FetchFail, msg.New(msgTemotoTooMany, "Max", maxRedirects)}
	case f.Status >= 200 && f.Status < 300:
		return FetchDecision{FetchUseFile, msg.New(msgFetchOK)}
	case f.Status >= 400 && f.Status < 500:
		return FetchDecision{FetchAllowAll, msg.New(msgTemoto4xx, "Status", f.Status)}
	case f.Status >= 500 && f.Status < 600:
		return FetchDecision{FetchDisallowAll, msg.New(msgTemoto5xx, "Status", f.Status)}
	}
	return FetchDecision{FetchFail, msg.New(msgTemotoStatus, "Status", f.Status)}
}

// temotoToken is one token of the library's scanner and the line it is on.
type temotoToken struct {
	text string
	line int
	eol  bool
}

// temotoRule is one emulated rule: a raw prefix, or a wildcard pattern the
// library compiles to an unanchored regular expression.
type temotoRule struct {
	Rule
	wild   bool
	never  bool     // a `$` followed by more text: the regexp can never match
	pieces []string // literal pieces between `*`s
	anchor bool     // ends at the end of the path
	regexp string   // the library's regexp source (for wild rules)
}

type temotoGroup struct {
	group Group
	rules []*temotoRule
	delay *Delay
	// The library's group for the same key, looked up on first use: the
	// library only offers FindGroup, which walks every group, so looking
	// all of them up at compile time made compiling quadratic.
	libOnce sync.Once
	lib     *robotstxt.Group
}

// libGroup is the library's group for g's key.
func (c *temotoCompiled) libGroup(g *temotoGroup) *robotstxt.Group {
	g.libOnce.Do(func() { g.lib = c.data.FindGroup(g.group.Token) })
	return g.lib
}

// uaOnly is a User-agent value the library made no group for.
type uaOnly struct {
	key  string
	line int
}

type temotoCompiled struct {
	doc      *syntax.Document
	data     *robotstxt.RobotsData
	err      error
	problem  msg.Text // the first parse error the emulation found
	groups   map[string]*temotoGroup
	byLength []*temotoGroup // named groups, longest key first: FindGroup's order of preference
	uaLines  map[string]int // every User-agent key → its first line, groups or not
	uaOnly   []uaOnly       // keys with no group, longest first
	extra    map[int]bool   // lines with words after the value
	libEmpty *robotstxt.Group
}

func (temoto) Compile(doc *syntax.Document) Compiled {
	c := &temotoCompiled{doc: doc, groups: map[string]*temotoGroup{}, uaLines: map[string]int{}, extra: map[int]bool{}}
	c.data, c.err = robotstxt.FromBytes(doc.Src)
	c.emulate(temotoScan(doc))
	for key, g := range c.groups {
		if key != "*" {
			c.byLength = append(c.byLength, g)
		}
	}
	sort.Slice(c.byLength, func(i, j int) bool {
		a, b := c.byLength[i].group.Token, c.byLength[j].group.Token
		return len(a) > len(b) || len(a) == len(b) && a < b
	})
	for key, line := range c.uaLines {
		if key != "*" && c.groups[key] == nil {
			c.uaOnly = append(c.uaOnly, uaOnly{key, line})
		}
	}
	sort.Slice(c.uaOnly, func(i, j int) bool {
		a, b := c.uaOnly[i], c.uaOnly[j]
		return len(a.key) > len(b.key) || len(a.key) == len(b.key) && a.key < b.key
	})
	if c.data != nil {
		// With no `*` group, FindGroup("") is the library's shared empty group.
		c.libEmpty = c.data.FindGroup("")
	}
	return c
}

func (c *temotoCompiled) Engine() Engine { return temoto{} }

// temotoScan splits the Document the way the library's byteScanner does:
// tokens separated by space, tab and vertical tab; the first `:` of a line
// ends the key token; `#` starts a comment only at the start of a token;
// invalid UTF-8 bytes become U+FFFD; each line break is an end-of-line token,
// except after a comment that runs to the end of the file. So, unlike Google,
// the library splits a line without a colon at a VT too (`Disallow\v/` is a
// rule; FF is not a blank to it), and a cut-off byte order mark before the
// first key is a token of its own (U+FFFD), not skipped: the User-agent
// line is lost and the library rejects the file at its first rule.
func temotoScan(doc *syntax.Document) []temotoToken {
	src := doc.Src
	whole := string(src) // one copy; tokens are substrings of it
	toks := make([]temotoToken, 0, len(doc.Lines)*3)
	for i := range doc.Lines {
		l := &doc.Lines[i]
		n := i + 1
		pos, end := int(l.Start), int(l.End)
		keyFound, comment := false, false
		for pos < end {
			c := src[pos]
			if c == ' ' || c == '\t' || c == '\v' {
				pos++
				continue
			}
			if c == '#' {
				comment = true
				break
			}
			start, valid, colon := pos, true, false
			for first := true; pos < end; first = false {
				r, w := rune(src[pos]), 1
				if r >= utf8.RuneSelf {
					r, w = utf8.DecodeRune(src[pos:end])
					valid = valid && !(r == utf8.RuneError && w == 1)
				}
				if !first && (r == ' ' || r == '\t' || r == '\v') {
					break
				}
				if !first && r == ':' && !keyFound {
					keyFound, colon = true, true
					break
				}
				pos += w
			}
			text := whole[start:pos]
			if !valid {
				text = replaceInvalid(text)
			}
			if colon {
				pos++ // the colon ends the key and is dropped
			}
			toks = append(toks, temotoToken{text: text, line: n})
		}
		if l.EOL == syntax.EOLNone {
			continue
		}
		if comment {
			rest := int(l.Next)
			for rest < len(src) && (src[rest] == '\n' || src[rest] == '\r') {
				rest++
			}
			if rest == len(src) {
				continue
			}
		}
		toks = append(toks, temotoToken{text: "\n", line: n, eol: true})
	}
	return toks
}

// replaceInvalid writes each byte of an invalid UTF-8 sequence as U+FFFD,
// as the library's scanner does (utf8.DecodeRune, then WriteRune).
func replaceInvalid(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		b.WriteRune(r)
		i += w
	}
	return b.String()
}

// emulate runs the library's parser (parseAll/parseLine) over the tokens,
// keeping line numbers.
func (c *temotoCompiled) emulate(toks []temotoToken) {
	var agents []string
	isEmpty := true
	pos := 0
	fail := func(key string, line int) {
		if c.problem.IsZero() {
			c.problem = msg.New(key, "Line", line, "Rule", c.doc.RuleText(line))
		}
	}
	lineTokens := make([]int, len(c.doc.Lines)+1)
	for _, t := range toks {
		if !t.eol {
			lineTokens[t.line]++
		}
	}
	addGroup := func(fn func(g *temotoGroup)) {
		for _, a := range agents {
			g := c.groups[a]
			if g == nil {
				g = &temotoGroup{group: Group{Token: a, How: HowPrefix}}
				if a == "*" {
					g.group.How = HowGlobal
				}
				c.groups[a] = g
			}
			fn(g)
		}
	}
	uaLinesOf := map[string][]int{}
	for pos < len(toks) {
		t1 := toks[pos]
		pos++
		if pos >= len(toks) {
			break
		}
		t2 := toks[pos]
		key := temotoKey(t1.text)
		if t1.eol {
			continue
		}
		pos++ // every other line kind consumes its value
		if lineTokens[t1.line] > 2 {
			c.extra[t1.line] = true
		}
		switch key {
		case "user-agent", "useragent":
			if !isEmpty {
				agents = nil
			}
			if len(agents) == 0 {
				isEmpty = true
			}
			a := strings.ToLower(t2.text)
			agents = append(agents, a)
			if _, ok := c.uaLines[a]; !ok {
				c.uaLines[a] = t1.line
			}
			uaLinesOf[a] = appendLine(uaLinesOf[a], t1.line)
		case "disallow", "allow":
			r := c.temotoRule(t1.line, key == "allow", t2.text)
			if len(agents) == 0 {
				fail(msgTemotoBeforeUA, t1.line)
				continue
			}
			isEmpty = false
			addGroup(func(g *temotoGroup) { g.rules = append(g.rules, r) })
		case "crawl-delay", "crawldelay":
			s, err := strconv.ParseFloat(t2.text, 64)
			if err != nil || s < 0 || math.IsInf(s, 0) || math.IsNaN(s) {
				fail(msgTemotoBadDelay, t1.line)
				continue
			}
			if len(agents) == 0 {
				fail(msgTemotoBeforeUA, t1.line)
				continue
			}
			isEmpty = false
			d := &Delay{Seconds: s, Line: t1.line}
			addGroup(func(g *temotoGroup) { g.delay = d })
		}
	}
	for key, g := range c.groups {
		g.group.Lines = uaLinesOf[key]
	}
}

// temotoKey is strings.ToLower(key), as parseLine compares keys, without
// allocating for the usual ASCII keys.
func temotoKey(key string) string {
	for _, k := range [...]string{"user-agent", "useragent", "disallow", "allow", "crawl-delay", "crawldelay"} {
		if len(key) == len(k) && asciiFoldEqual(key, k) {
			return k
		}
	}
	return strings.ToLower(key)
}

// asciiFoldEqual compares s with lower-case ASCII k. A non-ASCII byte in s
// never matches: no key contains a letter whose lower case is ASCII from
// outside ASCII (only the Kelvin sign lowers to "k").
func asciiFoldEqual(s, k string) bool {
	for i := 0; i < len(k); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != k[i] {
			return false
		}
	}
	return true
}

func appendLine(lines []int, n int) []int {
	if len(lines) > 0 && lines[len(lines)-1] == n {
		return lines
	}
	return append(lines, n)
}

// temotoRule is returnPathVal: a missing leading `/` added, trailing `*`s
// cut, and a value with `*` or `$` made a regular expression whose source
// length is its score. (QuoteMeta leaves nothing that could fail to compile.)
func (c *temotoCompiled) temotoRule(line int, allow bool, v string) *temotoRule {
	if !strings.HasPrefix(v, "*") && !strings.HasPrefix(v, "/") {
		v = "/" + v
	}
	v = strings.TrimRight(v, "*")
	r := &temotoRule{Rule: Rule{Line: line, Text: c.doc.RuleText(line), Allow: allow, Pattern: v, Score: len(v)}}
	if !strings.ContainsAny(v, "*$") {
		return r
	}
	src := strings.ReplaceAll(strings.ReplaceAll(regexp.QuoteMeta(v), `\*`, `.*`), `\$`, `$`)
	r.wild, r.regexp, r.Score = true, src, len(src)
	body := v
	if d := strings.IndexByte(v, '$'); d >= 0 {
		body, r.anchor = v[:d], true
		r.never = strings.Trim(v[d:], "*$") != ""
	}
	r.pieces = strings.Split(body, "*")
	return r
}

// match reports whether the library's regexp for r matches path, and where
// the match starts. `.` does not match a line feed, so a match lies inside
// one line of the path (the last one when anchored at the end).
func (r *temotoRule) match(path string) (int, bool) {
	if r.never {
		return 0, false
	}
	base := 0
	for {
		seg := path[base:]
		nl := strings.IndexByte(seg, '\n')
		if nl >= 0 {
			seg = seg[:nl]
		}
		if nl < 0 || !r.anchor {
			if at, ok := r.matchLine(seg); ok {
				return base + at, true
			}
		}
		if nl < 0 {
			return 0, false
		}
		base += nl + 1
	}
}

func (r *temotoRule) matchLine(s string) (int, bool) {
	first := r.pieces[0]
	last := len(r.pieces) - 1
	if last == 0 {
		if r.anchor {
			return len(s) - len(first), strings.HasSuffix(s, first)
		}
		at := strings.Index(s, first)
		return at, at >= 0
	}
	at := strings.Index(s, first)
	if at < 0 {
		return 0, false
	}
	pos := at + len(first)
	for i := 1; i <= last; i++ {
		p := r.pieces[i]
		if i == last && r.anchor {
			return at, len(s)-len(p) >= pos && strings.HasSuffix(s, p)
		}
		j := strings.Index(s[pos:], p)
		if j < 0 {
			return 0, false
		}
		pos += j + len(p)
	}
	return at, true
}

// findGroup is FindGroup: the longest key that is a prefix of the
// lower-cased agent; `*` counts as length 1.
func (c *temotoCompiled) findGroup(agent string) *temotoGroup {
	return c.findGroupLower(strings.ToLower(agent))
}

func (c *temotoCompiled) findGroupLower(lower string) *temotoGroup {
	star := c.groups["*"]
	for _, g := range c.byLength {
		if star != nil && len(g.group.Token) <= 1 {
			break
		}
		if strings.HasPrefix(lower, g.group.Token) {
			return g
		}
	}
	return star
}

// findRule is Group.findRule: the highest score wins, the first on ties;
// a plain `/` is the weakest match of all.
func findTemotoRule(rules []*temotoRule, path string) (win *temotoRule, at int, matched []*temotoRule) {
	best := 0
	for _, r := range rules {
		switch {
		case r.wild:
			if a, ok := r.match(path); ok {
				matched = append(matched, r)
				if r.Score > best {
					best, win, at = r.Score, r, a
				}
			}
		case r.Pattern == "/" && best == 0:
			matched = append(matched, r)
			best, win, at = 1, r, 0
		case strings.HasPrefix(path, r.Pattern):
			if r.Pattern != "" {
				matched = append(matched, r)
			}
			if len(r.Pattern) > best {
				best, win, at = len(r.Pattern), r, 0
			}
		}
	}
	return
}

func (c *temotoCompiled) Query(agent, url string) Verdict { return withURLNote(c.query(agent, url)) }

func (c *temotoCompiled) query(agent, url string) Verdict {
	v := Verdict{Engine: "temoto", Agent: agent, URL: url, Path: uri.PathOf(url)}
	if c.err != nil {
		problem := c.problem
		if problem.IsZero() {
			problem = msg.New(msgTemotoUnknown)
			v.Notes = append(v.Notes, msg.New(msgTemotoDisParse, "Emulation", msg.New(msgTemotoAccept)))
		}
		v.Reason = ReasonFileError
		v.Error = msg.New(msgTemotoFail, "Problem", problem, "Library", libErrorText(c.err))
		return v
	}
	if !c.problem.IsZero() {
		v.Notes = append(v.Notes, msg.New(msgTemotoDisParse, "Emulation", msg.New(msgTemotoReject)))
	}
	v.Allowed = c.data.TestAgent(v.Path, agent)
	libGroup := c.data.FindGroup(agent)
	lower := strings.ToLower(agent)
	g := c.findGroupLower(lower)
	if g == nil && libGroup != c.libEmpty || g != nil && c.libGroup(g) != libGroup {
		v.Notes = append(v.Notes, msg.New(msgTemotoDisGroup))
	}
	c.noteUAOnly(&v, lower, g)
	if g == nil {
		v.Reason = ReasonNoGroup
		c.checkEmulation(&v, true)
		return v
	}
	v.Group = &g.group
	v.Delay = g.delay
	if len(g.rules) == 0 {
		v.Reason = ReasonEmptyGroup
		c.checkEmulation(&v, true)
		return v
	}
	win, at, matched := findTemotoRule(g.rules, v.Path)
	if win == nil {
		v.Reason = ReasonNoRule
		c.checkEmulation(&v, true)
		return v
	}
	v.Reason, v.Rule = ReasonRule, &win.Rule
	// The runner is the strongest rule for the other answer: one as long as
	// the winner (it lost only by coming later), else the longest.
	v.Why = WhyOnly
	var runner *temotoRule
	for _, r := range matched {
		switch {
		case r == win:
		case r.Allow == win.Allow:
			v.Why = WhyLongest
		case r.Score == win.Score:
			if runner == nil || runner.Score != win.Score {
				runner = r
			}
		case runner == nil || r.Score > runner.Score:
			runner = r
		}
	}
	if runner != nil {
		v.Runner = &runner.Rule
		v.Why = WhyLongest
		if runner.Score == win.Score {
			v.Why = WhyFirstOfEqual
		}
	}
	if win.wild && at > 0 {
		v.Notes = append(v.Notes, msg.New(msgTemotoUnanch, "Line", win.Line, "Regexp", win.regexp, "At", at, "Path", v.Path))
	}
	if c.extra[win.Line] {
		v.Notes = append(v.Notes, msg.New(msgTemotoJunk, "Line", win.Line, "Value", win.Pattern))
	}
	c.checkEmulation(&v, win.Allow)
	return v
}

// checkEmulation compares the emulated answer with the library's.
func (c *temotoCompiled) checkEmulation(v *Verdict, emulated bool) {
	if emulated == v.Allowed {
		return
	}
	word := func(b bool) msg.Text {
		if b {
			return msg.New(msgAllowed)
		}
		return msg.New(msgBlocked)
	}
	v.Notes = append(v.Notes, msg.New(msgTemotoDisagree, "Emulation", word(emulated), "Library", word(v.Allowed)))
}

// noteUAOnly explains a fallback caused by a User-agent line whose group the
// library never created (it had no rule and no Crawl-delay).
func (c *temotoCompiled) noteUAOnly(v *Verdict, lower string, g *temotoGroup) {
	for _, u := range c.uaOnly {
		if g != nil && (g.group.How == HowGlobal && len(u.key) == 1 || g.group.How != HowGlobal && len(g.group.Token) >= len(u.key)) {
			return
		}
		if !strings.HasPrefix(lower, u.key) {
			continue
		}
		fallback := msg.New(msgTemotoFallNone)
		if g != nil {
			fallback = describeTemotoGroup(g)
		}
		v.Notes = append(v.Notes, msg.New(msgTemotoNoGroup, "Line", u.line, "Token", c.doc.Value(u.line), "Agent", v.agentText(), "Fallback", fallback))
		return
	}
}

func describeTemotoGroup(g *temotoGroup) msg.Text {
	if g.group.How == HowGlobal {
		return msg.New(msgTemotoFallStar)
	}
	return msg.New(msgGroupExact, "Line", g.group.Start(), "Token", g.group.Token)
}

// libErrorText flattens the library's multi-line ParseError to its first
// two messages.
func libErrorText(err error) string {
	var msgs []string
	for _, line := range strings.Split(err.Error(), "\n") {
		if line = strings.TrimSpace(line); line != "" && line != "Parse error(s):" {
			msgs = append(msgs, line)
		}
	}
	if len(msgs) > 2 {
		msgs = append(msgs[:2], "…")
	}
	return strings.Join(msgs, "; ")
}
