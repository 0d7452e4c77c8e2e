package engine

import (
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/uri"
)

// longestFamily is the shared compiler and matcher of the engines that read
// robots.txt the modern way (Google, RFC 9309, Bing): groups end only at a
// User-agent line that follows a rule, groups naming the same token merge, a
// named group replaces `*`, and the longest matching pattern wins with Allow
// winning ties. Each engine is this family with its own parts: a small file
// of choices (google.go, bing.go, yandex.go).
type longestFamily struct {
	info      Info
	fetch     func(Fetch) FetchDecision
	readLimit int // bytes read (Google: 500 KiB); 0 = all

	keys   keyReading   // how a line's field is read (nil: standardKeys)
	agents agentReading // how a User-agent value names a crawler (nil: leadingToken)
	// choose picks the merged rules for a crawler and says how they were
	// reached; nil is Google's choice (exact token, else `*`). Yandex's
	// YandexBot → Yandex → `*` ladder plugs in here.
	choose func(c *longestCompiled, agent string) (*ruleSet, How)
	rules  ruleReading         // how a rule's value becomes a pattern
	path   func(string) string // how the URL's path is brought to the rules' form
	exempt func(string) bool   // paths always allowed, whatever the rules (nil: none)
	// why names the reason the winning rule won; the winner itself is the
	// family's (longest, Allow on a tie). nil: longestWhy.
	why   func(win, lose *best, matches int) Why
	delay *delayReading // how Crawl-delay is read (nil: not at all)

	described sync.Once // info.Traits completed from the fields above (traits.go)

	// last is the last document compiled, with its own variant's whole
	// names (compileWith): the family's plain reading and its own variant
	// of one document share one compile (the tester asks both of each
	// document it shows: Googlebot by Google's reading, Googlebot-Image by
	// its own).
	last struct {
		mu  sync.Mutex
		doc *syntax.Document
		c   *longestCompiled
	}
}

// agentReading reads one User-agent value: the global `*`, a token, or
// nothing the crawler can be called (named false).
type agentReading func(value string) (token, display string, global, named bool)

// leadingToken is Google's reading: `*` alone or before a blank is global;
// otherwise the leading [A-Za-z_-] run is the token ("Googlebot/2.1" →
// googlebot), "" when there is none, which names only a crawler called "".
func leadingToken(value string) (token, display string, global, named bool) {
	if syntax.IsStar(value) {
		return "", "", true, true
	}
	display = Token(value)
	return strings.ToLower(display), display, false, true
}

// productToken is RFC 9309's reading (§2.2.1): the value must be exactly `*`
// or a product token; anything else names no one.
func productToken(value string) (token, display string, global, named bool) {
	switch {
	case value == "*":
		return "", "", true, true
	case ValidToken(value):
		return strings.ToLower(value), value, false, true
	}
	return "", "", false, false
}

// ruleReading turns a rule's value into its pattern.
type ruleReading struct {
	pattern func(string) string // the value normalised for comparison
	// emptyDisallowAllows reads `Disallow:` with no path as `Allow: /`
	// (Yandex's help).
	emptyDisallowAllows bool
	// indexHTML: `Allow: /d/index.html` also allows `/d/` (Google's parser).
	indexHTML bool
}

// delayReading is how an engine reads Crawl-delay: the first readable one of
// a group counts, and a named group without one inherits the `*` group's.
type delayReading struct {
	min, max float64 // the window the crawler honours (0 = no bound)
	// ignored, when set, is the note said instead of applying the delay
	// (Yandex has ignored Crawl-delay since 2018).
	ignored string
}

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

	treeOnce sync.Once
	tree     *prefixTree // the index Judges walk, built for the first one
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
	rs.prepare(c)
	if rs.byByte == nil {
		return rs.idx, nil
	}
	if len(path) > 1 {
		return rs.always, rs.byByte[path[1]]
	}
	return rs.always, nil
}

// prepare compiles the set's patterns and builds its index, once.
func (rs *ruleSet) prepare(c *longestCompiled) {
	rules := c.table.rules
	rs.once.Do(func() {
		c.table.mu.Lock() // rules shared with other sets may be compiling
		for _, i := range rs.idx {
			if r := &rules[i]; !r.ready {
				c.eng.compileRule(r)
			}
		}
		c.table.mu.Unlock()
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
}

// prefixTree is the set's prefix tree, built on first use.
func (rs *ruleSet) prefixTree(c *longestCompiled) *prefixTree {
	rs.prepare(c)
	rs.treeOnce.Do(func() { rs.tree = newPrefixTree(c, rs.idx) })
	return rs.tree
}

// ruleTable is every rule of a compiled file, in file order; mu guards
// compiling them on first use.
type ruleTable struct {
	mu    sync.Mutex
	rules []compiledRule
}

// longestCompiled is a file compiled by a longestFamily engine.
type longestCompiled struct {
	eng      *longestFamily
	table    *ruleTable          // every rule of the file, shared with the compile's other views
	owner    Engine              // the registered engine when it wraps the family (Yandex, an own variant); nil = eng
	id       string              // the id of Engine(), which verdicts carry
	specific map[string]*ruleSet // lower-case token → merged rules
	global   *ruleSet            // `*`, nil when the file has none
	// whole is, for an own variant (own.go), the merged rules of each
	// User-agent value compared whole (lower-case); nil otherwise.
	whole map[string]*ruleSet
}

func (c *longestCompiled) Engine() Engine {
	if c.owner != nil {
		return c.owner
	}
	return c.eng
}

// field is how an engine reads one line: the field it is for that engine
// (syntax.Unknown: a line it ignores), its key (Google's may start after a
// cut-off byte order mark) and its value.
type field struct {
	kind  syntax.Kind
	key   syntax.Span
	value syntax.Span
}

// keyReading is how an engine reads line i of doc.
type keyReading func(doc *syntax.Document, i int) field

// standardKeys reads only field names spelt as the standards write them;
// the line is read as the parser cut it (at Google's line limit and at a NUL).
// A field needs its colon (RFC 9309 §2.2, the 1994 and 1996 texts), so how
// Google splits a line without one, at a space or tab but never at a VT or
// FF, does not arise; and a cut-off byte order mark (EF, or EF BB) before
// the first key is part of that key, which then names no field: no standard
// says to skip one, and only Google's parser is known to.
func standardKeys(doc *syntax.Document, i int) field {
	if l := &doc.Lines[i]; l.Standard() {
		return field{l.Kind, l.Key, l.Value}
	}
	return field{kind: syntax.Unknown}
}

// Compile builds the groups (Document.Groups: consecutive User-agent lines
// open a group, rules join it, and a User-agent line after a rule opens the
// next one; blank lines and other fields never end one) and merges the
// groups that name the same token.
func (f *longestFamily) Compile(doc *syntax.Document) Compiled {
	return f.compile(doc)
}

// agentReading is f.agents, leadingToken when unset.
func (f *longestFamily) agentReading() agentReading {
	if f.agents == nil {
		return leadingToken
	}
	return f.agents
}

// GroupRule: the modern rule (a User-agent line after Allow or Disallow
// opens the next group) over the lines as the engine's keys read them, up
// to its read limit.
func (f *longestFamily) GroupRule() syntax.GroupRule {
	keys := f.keyReading()
	return syntax.GroupRule{
		Kind:  func(d *syntax.Document, i int) syntax.Kind { return keys(d, i).kind },
		Limit: f.readLimit,
	}
}

// keyReading is f.keys, standardKeys when unset.
func (f *longestFamily) keyReading() keyReading {
	if f.keys == nil {
		return standardKeys
	}
	return f.keys
}

func (f *longestFamily) compile(doc *syntax.Document) *longestCompiled {
	return f.compileWith(doc, false)
}

// compileWith compiles doc; whole also keeps every named User-agent value
// whole (an own variant's groups, own.go). The family compiles a document
// once, whole, and gives each caller a view of it: the plain reading's has
// no whole names. The views share the rules and the merged sets (the rules
// are compiled and the sets indexed on first use, once for both).
func (f *longestFamily) compileWith(doc *syntax.Document, whole bool) *longestCompiled {
	f.last.mu.Lock()
	c := f.last.c
	if f.last.doc != doc {
		c = nil
	}
	f.last.mu.Unlock()
	if c == nil {
		c = f.compileWhole(doc)
		f.last.mu.Lock()
		f.last.doc, f.last.c = doc, c
		f.last.mu.Unlock()
	}
	view := *c
	if !whole {
		view.whole = nil
	}
	return &view
}

// compileWhole compiles doc with every named User-agent value also kept
// whole.
func (f *longestFamily) compileWhole(doc *syntax.Document) *longestCompiled {
	c := &longestCompiled{eng: f, id: f.info.ID, specific: map[string]*ruleSet{}, table: &ruleTable{}}
	c.whole = map[string]*ruleSet{}
	keys, agents := f.keyReading(), f.agentReading()
	groups := doc.Groups(f.GroupRule())
	nRules := 0
	for _, g := range groups.Groups {
		nRules += len(g.Fields)
	}
	c.table.rules = make([]compiledRule, 0, nRules)
	// One copy of the text; values and rule texts are substrings of it.
	src := string(doc.Src)
	// limited is fd as far as the engine reads it: a value the read limit
	// cuts is cut, in the rule's quoted text too.
	limited := func(fd field) field {
		if f.readLimit > 0 && int(fd.value.End) > f.readLimit {
			fd.value.End = int32(max(int(fd.value.Start), f.readLimit))
		}
		return fd
	}
	value := func(fd field) string {
		fd = limited(fd)
		return src[fd.value.Start:fd.value.End]
	}
	for gi := range groups.Groups {
		g := &groups.Groups[gi]
		lines := make([]int, len(g.Agents))
		for i, n := range g.Agents {
			lines[i] = int(n)
		}
		var rules []int32
		var delay *Delay
		for _, n := range g.Fields {
			fd := keys(doc, int(n)-1)
			switch fd.kind {
			case syntax.Allow, syntax.Disallow:
				rules = append(rules, int32(len(c.table.rules)))
				c.table.rules = append(c.table.rules, compiledRule{Rule: Rule{Line: int(n), Text: ruleText(src, limited(fd)), Allow: fd.kind == syntax.Allow}, value: value(fd)})
			case syntax.CrawlDelay:
				// The first readable Crawl-delay of a group counts.
				if f.delay != nil && delay == nil {
					if s, err := strconv.ParseFloat(value(fd), 64); err == nil && s >= 0 && !math.IsInf(s, 0) {
						delay = &Delay{Seconds: s, Line: int(n)}
					}
				}
			}
		}
		for _, n := range g.Agents {
			raw := value(keys(doc, int(n)-1))
			token, display, global, named := agents(raw)
			if c.whole != nil && !global && raw != "" && !syntax.IsStar(raw) {
				key := string(lowerASCII(make([]byte, len(raw)), raw))
				ws := c.whole[key]
				if ws == nil {
					ws = &ruleSet{group: Group{Token: raw, How: HowExact}}
					c.whole[key] = ws
				}
				ws.addGroup(gi+1, lines, rules)
			}
			var rs *ruleSet
			switch {
			case global:
				if c.global == nil {
					c.global = &ruleSet{group: Group{Token: "*", How: HowGlobal}}
				}
				rs = c.global
			case named:
				rs = c.specific[token]
				if rs == nil {
					rs = &ruleSet{group: Group{Token: display, How: HowExact}}
					c.specific[token] = rs
				}
			default:
				continue
			}
			rs.addGroup(gi+1, lines, rules)
			if delay != nil && rs.delay == nil {
				d := *delay
				rs.asked = d.Seconds
				d.Seconds = f.delay.clamp(d.Seconds)
				rs.delay = &d
			}
		}
	}
	return c
}

// ruleText is the line as quoted to the user ("Disallow: /p"), as the engine
// read it (fd): a substring of the file when it is written that way, else
// rebuilt.
func ruleText(src string, fd field) string {
	if fd.value.Start-fd.key.End == 2 && src[fd.key.End] == ':' && src[fd.key.End+1] == ' ' {
		return src[fd.key.Start:fd.value.End]
	}
	return src[fd.key.Start:fd.key.End] + ": " + src[fd.value.Start:fd.value.End]
}

func (d *delayReading) clamp(s float64) float64 {
	if d.min > 0 && s < d.min {
		return d.min
	}
	if d.max > 0 && s > d.max {
		return d.max
	}
	return s
}

// compileRule normalises and compiles r's pattern.
func (f *longestFamily) compileRule(r *compiledRule) {
	r.ready = true
	if !r.Allow && r.value == "" && f.rules.emptyDisallowAllows {
		r.Allow, r.emptyAllow = true, true
		r.Pattern, r.Score = "/", 1
		r.pat = compilePattern("/", true)
		return
	}
	norm := f.rules.pattern(r.value)
	r.Pattern, r.Score = norm, len(norm)
	r.pat = compilePattern(norm, true)
	if r.Allow && f.rules.indexHTML {
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

// lookup finds the merged rules for the crawler's token, its case set aside
// as Google's parser sets it aside: ASCII letters only (a Kelvin sign is no
// "k", a dotted capital I no "i"), without allocating up to 64 bytes.
func (c *longestCompiled) lookup(token string) *ruleSet { return lookupIn(c.specific, token) }

func lookupIn(m map[string]*ruleSet, token string) *ruleSet {
	if token == "" {
		return m[""]
	}
	var buf [64]byte
	if len(token) <= len(buf) {
		return m[string(lowerASCII(buf[:len(token)], token))]
	}
	return m[string(lowerASCII(make([]byte, len(token)), token))]
}

// lowerASCII writes s into b (as long as s) with A-Z lowered, and returns b.
func lowerASCII(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if 'A' <= ch && ch <= 'Z' {
			ch += 'a' - 'A'
		}
		b[i] = ch
	}
	return b
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
	v := Verdict{Engine: c.id, Agent: agent, URL: url, Path: f.path(uri.PathOf(url))}
	var rs *ruleSet
	var how How
	if c.whole != nil {
		var token string
		rs, how, token = c.ownPick(agent)
		ownNotes(&v, agent, token)
	} else {
		rs, how = c.pick(agent)
		if rs == nil || rs == c.global {
			v.noteAgent() // a name with a blank or a digit: why no group names it
		}
	}
	if rs == nil {
		v.Allowed, v.Reason, v.Group = true, ReasonNoGroup, nil
		return v
	}
	v.Group = &rs.group
	if how != HowNone && how != rs.group.How {
		g := rs.group
		g.How = how
		v.Group = &g
	}
	if f.delay != nil {
		c.applyDelay(&v, rs)
	}
	if f.exempt != nil && f.exempt(v.Path) {
		v.Allowed, v.Reason = true, ReasonRobotsTxt
		return v
	}
	if len(rs.idx) == 0 {
		v.Allowed, v.Reason = true, ReasonEmptyGroup
		return v
	}
	allow, dis, matches := c.match(rs, v.Path)
	if matches == 0 {
		v.Allowed, v.Reason = true, ReasonNoRule
		return v
	}
	win, lose := winner(&allow, &dis)
	v.Reason = ReasonRule
	v.Rule = &win.r.Rule
	v.Allowed = win.r.Allow || win.score == 0
	if lose.r != nil {
		v.Runner = &lose.r.Rule
	}
	if f.why == nil {
		v.Why = longestWhy(win, lose, matches)
	} else {
		// Copies, so allow and dis stay on the stack (a call through a
		// func value could keep its pointers): no allocation per query.
		w, l := *win, *lose
		v.Why = f.why(&w, &l, matches)
	}
	if win.r.isFallback {
		v.Notes = append(v.Notes, msg.New(msgIndexHTML, "Line", win.r.Line, "Pattern", win.r.Pattern))
	}
	return v
}

// pick is the merged rules the crawler obeys (nil: no group applies) and
// how they were reached (HowNone: as the set itself says).
func (c *longestCompiled) pick(agent string) (*ruleSet, How) {
	if c.whole != nil {
		rs, how, _ := c.ownPick(agent)
		return rs, how
	}
	// Like Google's matcher, the crawler's name is compared whole with each
	// group's token: "Googlebot" finds `User-agent: Googlebot/2.1`, but a
	// crawler called "Foo Bar" is not "Foo".
	if c.eng.choose != nil {
		return c.eng.choose(c, agent)
	}
	if rs := c.lookup(agent); rs != nil {
		return rs, HowNone
	}
	return c.global, HowNone
}

// match tries path against rs's rules: the best matching Allow and
// Disallow, and how many rules matched.
func (c *longestCompiled) match(rs *ruleSet, path string) (allow, dis best, matches int) {
	first, second := rs.candidates(c, path)
	for _, list := range [2][]int32{first, second} {
		for _, i := range list {
			r := &c.table.rules[i]
			if r.pat.match(path) {
				matches++
				if r.Allow {
					allow.offer(r, r.Score)
				} else {
					dis.offer(r, r.Score)
				}
			} else if r.fallback != nil && r.fallback.pat.match(path) {
				matches++
				allow.offer(r.fallback, r.fallback.Score)
			}
		}
	}
	return allow, dis, matches
}

// winner orders the best Allow and Disallow: blocked only when the best
// Disallow is strictly longer than the best Allow; the deciding line is the
// longer one, Allow on a tie (Google's matching_line).
func winner(allow, dis *best) (win, lose *best) {
	if dis.r != nil && (allow.r == nil || dis.score > allow.score) {
		return dis, allow
	}
	return allow, dis
}

// judge is query reduced to its Decision for one crawler, the group chosen
// once and its rules found by a walk down the prefix tree: what a batch asks
// a million times. YandexCompiled inherits it: its Query only adds notes.
func (c *longestCompiled) judge(agent string) Judge {
	f := c.eng
	rs, _ := c.pick(agent)
	var tree *prefixTree
	if rs != nil {
		tree = rs.prefixTree(c)
	}
	return func(url string) Decision {
		if rs == nil {
			return Decision{Allowed: true, Reason: ReasonNoGroup}
		}
		path := f.path(uri.PathOf(url))
		if f.exempt != nil && f.exempt(path) {
			return Decision{Allowed: true, Reason: ReasonRobotsTxt}
		}
		if len(rs.idx) == 0 {
			return Decision{Allowed: true, Reason: ReasonEmptyGroup}
		}
		win := tree.best(path)
		if win == nil {
			return Decision{Allowed: true, Reason: ReasonNoRule}
		}
		return Decision{Allowed: win.r.Allow || win.score == 0, Reason: ReasonRule, Rule: &win.r.Rule}
	}
}

// longestWhy is Google's account of a win: the only match, the longest, or
// the Allow of a tie; an empty rule allows everything.
func longestWhy(win, lose *best, matches int) Why {
	switch {
	case win.score == 0 || win.r.emptyAllow:
		return WhyEmpty
	case win.r.Allow && lose.r != nil && lose.score == win.score:
		return WhyTieAllow
	case matches == 1:
		return WhyOnly
	}
	return WhyLongest
}

// applyDelay puts the Crawl-delay in force into v: the group's own, else the
// `*` group's (Bing reads `*`'s Crawl-delay even when its own group shadows
// the rest of `*`), with notes when it was inherited or clamped.
func (c *longestCompiled) applyDelay(v *Verdict, rs *ruleSet) {
	d := c.eng.delay
	from := rs
	if from.delay == nil && rs != c.global && c.global != nil && c.global.delay != nil {
		from = c.global
	}
	if from.delay == nil {
		return
	}
	if d.ignored != "" {
		v.Notes = append(v.Notes, msg.New(d.ignored, "Line", from.delay.Line))
		return
	}
	if from != rs {
		v.Notes = append(v.Notes, msg.New(msgDelayFromGlobal, "Line", from.delay.Line, "Seconds", from.asked))
	}
	v.Delay = from.delay
	if from.asked != from.delay.Seconds {
		v.Notes = append(v.Notes, msg.New(msgDelayClamped, "Line", from.delay.Line, "Asked", from.asked,
			"Seconds", from.delay.Seconds, "Min", d.min, "Max", d.max))
	}
}

// isRobotsTxt: RFC 9309 §2.2.2 implicitly allows the URI "/robots.txt"; a
// query or parameters make another URI, which the rules decide.
func isRobotsTxt(path string) bool { return path == "/robots.txt" }
