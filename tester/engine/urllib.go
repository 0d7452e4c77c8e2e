package engine

import (
	"strings"
	"unicode/utf8"

	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

var (
	msgUrllibName    = msg.Def("engine.urllib.name", "Python urllib")
	msgUrllibShort   = msg.Def("engine.urllib.short", "urllib")
	msgUrllibDesc    = msg.Def("engine.urllib.desc", "Python's urllib.robotparser as Python 3.11 (Debian 12's python3) ships it, and as Python read robots.txt until CPython's RFC 9309 rewrite of 2025–26: records end at an empty line, a robot's name matches when it occurs in the crawler's name, the first matching rule decides, * and $ are ordinary characters, and only the first `*` record counts")
	msgUrllibStarDup = msg.Def("engine.note.urllib_star_dropped", "line {{.Line}} starts another `*` record: the library keeps only the first one (line {{.First}}), so the rules of line {{.Line}}'s record apply to no crawler")
	msgUrllibNotUTF8 = msg.Def("engine.urllib.not_utf8", "line {{.Line}} is not UTF-8: read() raises UnicodeDecodeError, the file counts as never read, and can_fetch answers no to every URL")
	msgUrllibEmptyUA = msg.Def("engine.note.urllib_empty_agent", "line {{.Line}} has an empty User-agent value, which the library finds inside every crawler's name: the record applies to every crawler")
	msgFetchUrllib4  = msg.Def("fetch.urllib_401", "{{.Status}}: read() sets disallow_all: can_fetch answers no to every URL")
	msgFetchUrllib5  = msg.Def("fetch.urllib_5xx", "{{.Status}}: read() records nothing and the file counts as never read, so can_fetch answers no to every URL (newer Pythons set disallow_all, to the same effect)")
	msgFetchUrllibTM = msg.Def("fetch.urllib_too_many", "more than {{.Max}} redirects: urlopen raises an HTTP error, read() records nothing and can_fetch answers no to every URL")
	msgFetchUrllibDn = msg.Def("fetch.urllib_down", "the server cannot be reached: read() raises URLError, and the crawler's own code decides")
)

// urllib is Python's urllib.robotparser as Python 3.11 has it (Debian 12's
// python3, /usr/lib/python3.11/urllib/robotparser.py): the 1994 records
// with Allow, read by an emulation of its parse and can_fetch, which a
// differential test holds to the real module. CPython rewrote the module
// for RFC 9309 in September 2025 (gh-138907, on main for 3.15, backported
// to the 3.13 branch in May 2026); docs/engines.md says what changed.
type urllib struct{}

func init() { Register(urllib{}) }

func (urllib) Info() Info {
	// Year: Python 3.11, released October 2022.
	return Info{ID: "urllib", Order: 82, Year: 2022, Kind: KindLibrary, Name: msgUrllibName, Short: msgUrllibShort, Description: msgUrllibDesc,
		Traits: Traits{Allow: true, BlankEndsGroup: true, Sitemaps: true, FieldsEndAgents: true, EncodesNonASCII: true,
			BOMInFirstKey: true, UTF8Only: true, CrawlDelay: DelayHonoured, TrailingAgentsIgnored: true, EmptyAgentNamesAll: true, RequestRate: true}}
}

// GroupRule: records end at a blank line; a User-agent line after a rule,
// a Crawl-delay or a Request-rate starts the next. (The module ends a
// record only at an empty line: a line of blanks does not end one; the
// verdicts follow the module, this grouping the editor's blank lines.)
func (urllib) GroupRule() syntax.GroupRule {
	return syntax.GroupRule{
		Kind:      urllibKind,
		BlankEnds: true,
		EndsAgents: func(k syntax.Kind) bool {
			return k.IsRule() || k == syntax.CrawlDelay || k == syntax.RequestRate
		},
	}
}

// urllibKind: the module reads field names spelt exactly, with a colon.
func urllibKind(doc *syntax.Document, i int) syntax.Kind {
	l := &doc.Lines[i]
	if !l.Standard() {
		return syntax.Unknown
	}
	switch l.Kind {
	case syntax.UserAgent, syntax.Allow, syntax.Disallow, syntax.CrawlDelay, syntax.RequestRate, syntax.Sitemap:
		return l.Kind
	}
	return syntax.Unknown
}

// FetchPolicy is RobotFileParser.read() (Python 3.11): urlopen follows up
// to 10 redirects; 401 and 403 disallow all, other 4xx allow all; any
// other error leaves the file unread, and can_fetch then answers no.
func (urllib) FetchPolicy(f Fetch) FetchDecision {
	const maxRedirects = 10
	switch {
	case f.Unreachable:
		return FetchDecision{FetchFail, msg.New(msgFetchUrllibDn)}
	case f.Status >= 200 && f.Status < 300:
		return FetchDecision{FetchUseFile, msg.New(msgFetchOK)}
	case f.Status >= 300 && f.Status < 400 && f.Redirects < maxRedirects:
		return FetchDecision{FetchFollow, msg.New(msgFetchRedirect, "Max", maxRedirects)}
	case f.Status >= 300 && f.Status < 400:
		return FetchDecision{FetchDisallowAll, msg.New(msgFetchUrllibTM, "Max", maxRedirects)}
	case f.Status == 401 || f.Status == 403:
		return FetchDecision{FetchDisallowAll, msg.New(msgFetchUrllib4, "Status", f.Status)}
	case f.Status >= 400 && f.Status < 500:
		return FetchDecision{FetchAllowAll, msg.New(msgFetch4xxAllow, "Status", f.Status)}
	}
	return FetchDecision{FetchDisallowAll, msg.New(msgFetchUrllib5, "Status", f.Status)}
}

// urllibRule is a RuleLine: the path unquoted, put back together by
// urlparse and urlunparse, and quoted again; an empty Disallow allows.
type urllibRule struct {
	Rule
	path string
}

// urllibEntry is an Entry: its User-agent values, rules and Crawl-delay.
type urllibEntry struct {
	agents []string // as written, unquoted
	lines  []int    // their lines
	rules  []*urllibRule
	delay  *Delay
}

type urllibCompiled struct {
	notUTF8  int            // the first line that is not UTF-8, which read() fails on (0: none)
	entries  []*urllibEntry // entries without `*`, in file order
	fallback *urllibEntry   // the first entry naming `*`
	dropped  []*urllibEntry // later entries naming `*`, which the module drops
}

func (urllib) Compile(doc *syntax.Document) Compiled {
	c := &urllibCompiled{}
	if !utf8.Valid(doc.Src) {
		for i := range doc.Lines {
			if doc.Lines[i].Has(syntax.FlagBadUTF8) {
				c.notUTF8 = i + 1
				break
			}
		}
		if c.notUTF8 == 0 {
			c.notUTF8 = 1
		}
		return c
	}
	add := func(e *urllibEntry) {
		for _, a := range e.agents {
			if a == "*" {
				if c.fallback == nil {
					c.fallback = e
				} else {
					c.dropped = append(c.dropped, e)
				}
				return
			}
		}
		c.entries = append(c.entries, e)
	}
	state := 0 // 0 start, 1 after User-agent, 2 after a rule
	e := &urllibEntry{}
	for _, ln := range pyLines(doc) {
		if ln.text == "" {
			switch state {
			case 1:
				e, state = &urllibEntry{}, 0
			case 2:
				add(e)
				e, state = &urllibEntry{}, 0
			}
		}
		line := pyStrip(cutComment(ln.text))
		if line == "" {
			continue
		}
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		key, value = pyLower(pyStrip(key)), pyUnquote(pyStrip(value))
		switch key {
		case "user-agent":
			if state == 2 {
				add(e)
				e = &urllibEntry{}
			}
			e.agents = append(e.agents, value)
			e.lines = append(e.lines, ln.n)
			state = 1
		case "allow", "disallow":
			if state != 0 {
				e.rules = append(e.rules, urllibRuleOf(doc, ln.n, value, key == "allow"))
				state = 2
			}
		case "crawl-delay":
			if state != 0 {
				if v := pyStrip(value); v != "" && strings.Trim(v, "0123456789") == "" {
					e.delay = &Delay{Seconds: float64(atoiSat(v)), Line: ln.n}
				}
				state = 2
			}
		case "request-rate":
			if state != 0 {
				state = 2
			}
		}
	}
	if state == 2 {
		add(e)
	}
	return c
}

// atoiSat is the decimal number s (digits only), saturated.
func atoiSat(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if n > 1<<40 {
			return n
		}
		n = n*10 + int(s[i]-'0')
	}
	return n
}

func urllibRuleOf(doc *syntax.Document, n int, value string, allow bool) *urllibRule {
	if value == "" && !allow {
		allow = true
	}
	path := pyQuote(pyURLParse(value).String(), "/")
	return &urllibRule{Rule: Rule{Line: n, Text: doc.RuleText(n), Allow: allow, Pattern: path, Score: len(path)}, path: path}
}

func (c *urllibCompiled) Engine() Engine { return urllib{} }

// urllibPath is the URL as can_fetch compares it: unquoted, parsed, put
// back together without scheme and host, and quoted.
func urllibPath(url string) string {
	u := pyURLParse(pyUnquote(pyDecode([]byte(libURL(url)))))
	u.scheme, u.netloc = "", ""
	p := pyQuote(u.String(), "/")
	if p == "" {
		return "/"
	}
	return p
}

// appliesTo is Entry.applies_to: the crawler's name up to its first `/`,
// in lower case, holds one of the entry's names; the agent that does.
func (e *urllibEntry) appliesTo(agent string) (int, bool) {
	for i, a := range e.agents {
		if a == "*" || strings.Contains(agent, pyLower(a)) {
			return i, true
		}
	}
	return 0, false
}

func (c *urllibCompiled) Query(agent, url string) Verdict {
	v := Verdict{Engine: "urllib", Agent: agent, URL: url, Path: urllibPath(url)}
	if c.notUTF8 > 0 {
		v.Reason, v.Error = ReasonFileError, msg.New(msgUrllibNotUTF8, "Line", c.notUTF8)
		return v
	}
	name := agent
	if i := strings.IndexByte(name, '/'); i >= 0 {
		name = name[:i]
	}
	name = pyLower(name)
	var e *urllibEntry
	how, which := HowSubstring, 0
	for _, x := range c.entries {
		if i, ok := x.appliesTo(name); ok {
			e, which = x, i
			break
		}
	}
	if e == nil && c.fallback != nil {
		e, how = c.fallback, HowGlobal
		for i, a := range e.agents {
			if a == "*" {
				which = i
				break
			}
		}
	}
	if e == nil {
		v.Allowed, v.Reason = true, ReasonNoGroup
		return withURLNote(v)
	}
	if how == HowGlobal {
		for _, d := range c.dropped {
			v.Notes = append(v.Notes, msg.New(msgUrllibStarDup, "Line", d.lines[0], "First", c.fallback.lines[0]))
		}
	} else if e.agents[which] == "" {
		v.Notes = append(v.Notes, msg.New(msgUrllibEmptyUA, "Line", e.lines[which]))
	}
	token := e.agents[which]
	if how == HowGlobal {
		token = "*"
	}
	v.Group = &Group{Lines: e.lines, Token: token, How: how}
	v.Delay = e.delay
	if len(e.rules) == 0 {
		v.Allowed, v.Reason = true, ReasonEmptyGroup
		return withURLNote(v)
	}
	for i, r := range e.rules {
		if !strings.HasPrefix(v.Path, r.path) {
			continue
		}
		v.Reason, v.Rule, v.Allowed, v.Why = ReasonRule, &r.Rule, r.Allow, WhyFirst
		if r.path == "" {
			v.Why = WhyEmpty
		}
		for _, later := range e.rules[i+1:] {
			if later.Allow != r.Allow && strings.HasPrefix(v.Path, later.path) {
				v.Runner = &later.Rule
				break
			}
		}
		return withURLNote(v)
	}
	v.Allowed, v.Reason = true, ReasonNoRule
	return withURLNote(v)
}
