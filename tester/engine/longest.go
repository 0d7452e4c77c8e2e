package engine

import (
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// longestFamily is the shared compiler and matcher of the engines that read
// robots.txt the modern way (Google, RFC 9309, Bing): groups end only at a
// User-agent line that follows a rule, groups naming the same token merge, a
// named group replaces `*`, and the longest matching pattern wins with Allow
// winning ties. The options say where the engines differ.
type longestFamily struct {
	info          Info
	acceptTypos   bool // Google's typos and "Disallowed:"-style keys
	missingColon  bool // "Disallow /x" without a colon
	readLimit     int  // ignore bytes past this offset (Google: 500 KiB); 0 = none
	indexHTML     bool // Allow: /d/index.html also allows /d/ (Google)
	robotsTxtFree bool // /robots.txt itself is always allowed (RFC 9309)
	strictTokens  bool // a User-agent value must be exactly a valid token (RFC 9309) instead of its leading token
	normPattern   func(string) string
	normPath      func(string) string
	fetch         func(Fetch) FetchDecision

	// choose picks the merged rules for a crawler and says how they were
	// reached; nil is Google's choice (exact token, else `*`). Yandex's
	// YandexBot → Yandex → `*` ladder plugs in here.
	choose func(c *longestCompiled, agent string) (*ruleSet, How)
	// sortedLast explains a longest-match win as Yandex words it: rules sorted
	// by length, the last match wins (the answer is the same).
	sortedLast bool
	// emptyDisallowAllows reads `Disallow:` with no path as `Allow: /`
	// (Yandex); ignoreEmptyAllow drops `Allow:` with no path (Yandex).
	emptyDisallowAllows bool
	ignoreEmptyAllow    bool
	// crawlDelay reads Crawl-delay lines into the group (Bing); a named
	// group without one inherits the `*` group's. delayMin/delayMax clamp the
	// value to the window the crawler honours (0 = no bound).
	crawlDelay         bool
	delayMin, delayMax float64
}

func (f *longestFamily) Info() Info                        { return f.info }
func (f *longestFamily) FetchPolicy(x Fetch) FetchDecision { return f.fetch(x) }

// compiledRule is a Rule with its matcher.
type compiledRule struct {
	Rule
	pat        pattern
	fallback   *compiledRule // Google's index.html reading of an Allow, if any
	isFallback bool          // this is such a reading
	emptyAllow bool          // an empty Disallow read as `Allow: /` (Yandex)
	value      string        // the value as written; compiled on first use
	ready      bool          // Pattern, Score and pat are set
}

// ruleSet is the merged rules of one token (or of `*`): indices into the
// file's rule table. Its index (by the second byte of each pattern's literal
// prefix, so a query tries few rules) is built on the first query, so an
// edit only pays for the groups the tester actually asks about.
type ruleSet struct {
	group     Group
	idx       []int32 // rules in file order
	delay     *Delay  // the group's Crawl-delay as the crawler applies it (crawlDelay engines)
	asked     float64 // the Crawl-delay as written, before clamping
	lastFlush int     // the group (flush) that last added to this set, to add each once

	once   sync.Once
	always []int32   // rules every query must try (short literal prefix, index.html fallbacks)
	byByte [][]int32 // by the literal prefix's second byte; nil for small sets
}

const indexThreshold = 8

func (rs *ruleSet) addGroup(flush int, uaLines []int, rules []int32) {
	if rs.lastFlush == flush {
		return // the group names this token twice
	}
	rs.lastFlush = flush
	rs.group.Lines = append(rs.group.Lines, uaLines...)
	rs.idx = append(rs.idx, rules...)
}

// candidates returns the rules a query for path must try. The first query
// compiles the set's patterns and builds its index.
func (rs *ruleSet) candidates(c *longestCompiled, path string) (first, second []int32) {
	rules := c.rules
	rs.once.Do(func() {
		c.mu.Lock() // rules shared with other sets may be compiling
		for _, i := range rs.idx {
			if r := &rules[i]; !r.ready {
				c.eng.compileRule(r)
			}
		}
		c.mu.Unlock()
		if len(rs.idx) <= indexThreshold {
			return
		}
		rs.byByte = make([][]int32, 256)
		for _, i := range rs.idx {
			r := &rules[i]
			if len(r.pat.lit) < 2 || r.fallback != nil {
				rs.always = append(rs.always, i)
				continue
			}
			b := r.pat.lit[1]
			rs.byByte[b] = append(rs.byByte[b], i)
		}
	})
	if rs.byByte == nil {
		return rs.idx, nil
	}
	if len(path) > 1 {
		return rs.always, rs.byByte[path[1]]
	}
	return rs.always, nil
}

// longestCompiled is a file compiled by a longestFamily engine.
type longestCompiled struct {
	eng      *longestFamily
	rules    []compiledRule      // every rule of the file, in file order
	mu       sync.Mutex          // guards compiling rules on first use
	owner    Engine              // the registered engine when it wraps the family (Yandex); nil = eng
	specific map[string]*ruleSet // lower-case token → merged rules
	global   *ruleSet            // `*`, nil when the file has none
}

func (c *longestCompiled) Engine() Engine {
	if c.owner != nil {
		return c.owner
	}
	return c.eng
}

type uaEntry struct {
	line    int
	global  bool
	token   string // lower-case; "" never matches
	display string // the token as written, for the user
}

func (f *longestFamily) accept(l *syntax.Line) bool {
	if !f.acceptTypos && l.Flags&(syntax.FlagTypo|syntax.FlagKeyPrefix) != 0 {
		return false
	}
	if !f.missingColon && l.Has(syntax.FlagMissingColon) {
		return false
	}
	return true
}

// Compile builds the groups: consecutive User-agent lines open a group, rules
// join it, and a User-agent line after a rule opens the next one. Blank lines
// and other fields (Sitemap, Crawl-delay…) never end a group.
func (f *longestFamily) Compile(doc *syntax.Document) Compiled {
	return f.compile(doc)
}

func (f *longestFamily) compile(doc *syntax.Document) *longestCompiled {
	c := &longestCompiled{eng: f, specific: map[string]*ruleSet{}}
	nRules := 0
	for i := range doc.Lines {
		if doc.Lines[i].Kind.IsRule() {
			nRules++
		}
	}
	c.rules = make([]compiledRule, 0, nRules)
	// One copy of the text; values and rule texts are substrings of it.
	src := string(doc.Src)
	var (
		agents  []uaEntry
		rules   []int32
		sawRule bool
		delay   *Delay
		flushes int
	)
	flush := func() {
		if len(agents) == 0 {
			return
		}
		flushes++
		lines := make([]int, len(agents))
		for i, a := range agents {
			lines[i] = a.line
		}
		for _, a := range agents {
			var rs *ruleSet
			switch {
			case a.global:
				if c.global == nil {
					c.global = &ruleSet{group: Group{Token: "*", How: HowGlobal}}
				}
				rs = c.global
			case a.token != "":
				rs = c.specific[a.token]
				if rs == nil {
					rs = &ruleSet{group: Group{Token: a.display, How: HowExact}}
					c.specific[a.token] = rs
				}
			default:
				continue
			}
			rs.addGroup(flushes, lines, rules)
			if delay != nil && rs.delay == nil {
				d := *delay
				rs.asked = d.Seconds
				d.Seconds = f.clampDelay(d.Seconds)
				rs.delay = &d
			}
		}
		agents, rules, delay = agents[:0], nil, nil
	}
	for i := range doc.Lines {
		l := &doc.Lines[i]
		if f.readLimit > 0 && int(l.Start) >= f.readLimit {
			break
		}
		if !l.Kind.IsField() || !f.accept(l) {
			continue
		}
		value := src[l.Value.Start:l.Value.End]
		if f.readLimit > 0 && int(l.Value.End) > f.readLimit {
			value = src[l.Value.Start:max(int(l.Value.Start), f.readLimit)]
		}
		switch l.Kind {
		case syntax.UserAgent:
			if sawRule {
				flush()
				sawRule = false
			}
			agents = append(agents, f.uaEntry(i+1, value))
		case syntax.Allow, syntax.Disallow:
			if len(agents) == 0 {
				continue // a rule before any User-agent belongs to no group
			}
			if l.Kind == syntax.Allow && value == "" && f.ignoreEmptyAllow {
				continue
			}
			sawRule = true
			rules = append(rules, int32(len(c.rules)))
			c.rules = append(c.rules, compiledRule{Rule: Rule{Line: i + 1, Text: ruleText(src, l), Allow: l.Kind == syntax.Allow}, value: value})
		case syntax.CrawlDelay:
			// The first readable Crawl-delay of a group counts; it does not end
			// the group (only a User-agent after a rule does).
			if f.crawlDelay && len(agents) > 0 && delay == nil {
				if s, err := strconv.ParseFloat(value, 64); err == nil && s >= 0 && !math.IsInf(s, 0) {
					delay = &Delay{Seconds: s, Line: i + 1}
				}
			}
		}
	}
	flush()
	return c
}

// ruleText is the line as quoted to the user ("Disallow: /p"): a substring
// of the file when it is written that way, else rebuilt.
func ruleText(src string, l *syntax.Line) string {
	if l.Value.Start-l.Key.End == 2 && src[l.Key.End] == ':' && src[l.Key.End+1] == ' ' {
		return src[l.Key.Start:l.Value.End]
	}
	return src[l.Key.Start:l.Key.End] + ": " + src[l.Value.Start:l.Value.End]
}

func (f *longestFamily) uaEntry(line int, value string) uaEntry {
	e := uaEntry{line: line}
	if f.strictTokens {
		switch {
		case value == "*":
			e.global = true
		case ValidToken(value):
			e.token, e.display = strings.ToLower(value), value
		}
		return e
	}
	// Google: "*" alone or followed by a blank is the global group; otherwise
	// the leading [A-Za-z_-] run is the token ("Googlebot/2.1" → googlebot).
	if value != "" && value[0] == '*' && (len(value) == 1 || value[1] == ' ' || value[1] == '\t') {
		e.global = true
		return e
	}
	e.display = Token(value)
	e.token = strings.ToLower(e.display)
	return e
}

func (f *longestFamily) clampDelay(s float64) float64 {
	if f.delayMin > 0 && s < f.delayMin {
		return f.delayMin
	}
	if f.delayMax > 0 && s > f.delayMax {
		return f.delayMax
	}
	return s
}

// compileRule normalises and compiles r's pattern.
func (f *longestFamily) compileRule(r *compiledRule) {
	r.ready = true
	if !r.Allow && r.value == "" && f.emptyDisallowAllows {
		r.Allow, r.emptyAllow = true, true
		r.Pattern, r.Score = "/", 1
		r.pat = compilePattern("/", true)
		return
	}
	norm := f.normPattern(r.value)
	r.Pattern, r.Score = norm, len(norm)
	r.pat = compilePattern(norm, true)
	if r.Allow && f.indexHTML {
		if slash := strings.LastIndexByte(norm, '/'); slash >= 0 && strings.HasPrefix(norm[slash:], "/index.htm") {
			fb := norm[:slash+1] + "$"
			r.fallback = &compiledRule{
				Rule:       Rule{Line: r.Line, Text: r.Text, Allow: true, Pattern: fb, Score: len(fb)},
				pat:        compilePattern(fb, true),
				isFallback: true,
				ready:      true,
			}
		}
	}
}

// lookup finds the merged rules for the crawler's token without allocating.
func (c *longestCompiled) lookup(token string) *ruleSet {
	if token == "" {
		return nil
	}
	var buf [64]byte
	if len(token) <= len(buf) {
		for i := 0; i < len(token); i++ {
			ch := token[i]
			if 'A' <= ch && ch <= 'Z' {
				ch += 'a' - 'A'
			}
			buf[i] = ch
		}
		return c.specific[string(buf[:len(token)])]
	}
	return c.specific[strings.ToLower(token)]
}

type best struct {
	r     *compiledRule
	score int
}

func (b *best) offer(r *compiledRule, score int) {
	if b.r == nil || score > b.score || score == b.score && r.Line < b.r.Line {
		b.r, b.score = r, score
	}
}

// Query implements Compiled.
func (c *longestCompiled) Query(agent, url string) Verdict { return withURLNote(c.query(agent, url)) }

func (c *longestCompiled) query(agent, url string) Verdict {
	f := c.eng
	v := Verdict{Engine: f.info.ID, Agent: agent, URL: url, Path: f.normPath(PathOf(url))}
	// Like Google's matcher, the crawler's name is compared whole with each
	// group's token: "Googlebot" finds `User-agent: Googlebot/2.1`, but a
	// crawler called "Foo Bar" is not "Foo".
	var rs *ruleSet
	how := HowNone
	if f.choose != nil {
		rs, how = f.choose(c, agent)
	} else {
		rs = c.lookup(agent)
		if rs == nil {
			rs = c.global
		}
	}
	if rs == nil {
		v.Allowed, v.Reason, v.Group = true, ReasonNoGroup, nil
		v.noteAgent()
		return v
	}
	if rs == c.global {
		v.noteAgent()
	}
	v.Group = &rs.group
	if how != HowNone && how != rs.group.How {
		g := rs.group
		g.How = how
		v.Group = &g
	}
	if f.crawlDelay {
		c.applyDelay(&v, rs)
	}
	if f.robotsTxtFree && isRobotsTxt(v.Path) {
		v.Allowed, v.Reason = true, ReasonRobotsTxt
		return v
	}
	if len(rs.idx) == 0 {
		v.Allowed, v.Reason = true, ReasonEmptyGroup
		return v
	}
	var allow, dis best
	matches := 0
	try := func(i int32) {
		r := &c.rules[i]
		if r.pat.match(v.Path) {
			matches++
			if r.Allow {
				allow.offer(r, r.Score)
			} else {
				dis.offer(r, r.Score)
			}
		} else if r.fallback != nil && r.fallback.pat.match(v.Path) {
			matches++
			allow.offer(r.fallback, r.fallback.Score)
		}
	}
	first, second := rs.candidates(c, v.Path)
	for _, i := range first {
		try(i)
	}
	for _, i := range second {
		try(i)
	}
	if matches == 0 {
		v.Allowed, v.Reason = true, ReasonNoRule
		return v
	}
	// Blocked only when the best Disallow is strictly longer than the best
	// Allow; the deciding line is the longer one, Allow on a tie (Google's
	// matching_line).
	win, lose := &allow, &dis
	if dis.r != nil && (allow.r == nil || dis.score > allow.score) {
		win, lose = &dis, &allow
	}
	v.Reason = ReasonRule
	v.Rule = &win.r.Rule
	v.Allowed = win.r.Allow || win.score == 0
	if lose.r != nil {
		v.Runner = &lose.r.Rule
	}
	switch {
	case win.score == 0 || win.r.emptyAllow:
		v.Why = WhyEmpty
	case win.r.Allow && lose.r != nil && lose.score == win.score:
		v.Why = WhyTieAllow
	case matches == 1:
		v.Why = WhyOnly
	case f.sortedLast:
		v.Why = WhyLastAfterSort
	default:
		v.Why = WhyLongest
	}
	if win.r.isFallback {
		v.Notes = append(v.Notes, msg.New(msgIndexHTML, "Line", win.r.Line, "Pattern", win.r.Pattern))
	}
	return v
}

// applyDelay puts the Crawl-delay in force into v: the group's own, else the
// `*` group's (Bing reads `*`'s Crawl-delay even when its own group shadows
// the rest of `*`), with notes when it was inherited or clamped.
func (c *longestCompiled) applyDelay(v *Verdict, rs *ruleSet) {
	from := rs
	if from.delay == nil && rs != c.global && c.global != nil && c.global.delay != nil {
		from = c.global
		v.Notes = append(v.Notes, msg.New(msgDelayFromGlobal, "Line", from.delay.Line, "Seconds", from.asked))
	}
	if from.delay == nil {
		return
	}
	v.Delay = from.delay
	if from.asked != from.delay.Seconds {
		v.Notes = append(v.Notes, msg.New(msgDelayClamped, "Line", from.delay.Line, "Asked", from.asked,
			"Seconds", from.delay.Seconds, "Min", c.eng.delayMin, "Max", c.eng.delayMax))
	}
}

func isRobotsTxt(path string) bool {
	if i := strings.IndexAny(path, "?;"); i >= 0 {
		path = path[:i]
	}
	return path == "/robots.txt"
}
