package engine

import (
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

var (
	msgProtegoName  = msg.Def("engine.protego.name", "Protego (Scrapy)")
	msgProtegoShort = msg.Def("engine.protego.short", "Protego")
	msgProtegoDesc  = msg.Def("engine.protego.desc", "Protego 0.2.1 (Debian 12's python3-protego), the parser Scrapy uses by default: a robot's name matches when it occurs in the crawler's name, the longest such name wins; longest rule, Allow wins ties, * and $ wildcards; misspelt Disallow lines read")
	msgProtegoStar  = msg.Def("engine.note.protego_star_removed", "line {{.Line}} names {{.Value}}: the library also reads it without its `*` characters, as {{.Token}}")
	msgFetchScrapy  = msg.Def("fetch.scrapy_any", "{{.Status}}: Scrapy's RobotsTxtMiddleware parses the body of any answer; an error page has no rules, so everything is allowed")
	msgFetchScrapyR = msg.Def("fetch.scrapy_redirect", "a redirect: Scrapy's RedirectMiddleware follows it (up to {{.Max}} times)")
	msgFetchScrapyD = msg.Def("fetch.scrapy_down", "the server cannot be reached: Scrapy's RobotsTxtMiddleware keeps no parser for the site, and everything is allowed")
)

// protego is Protego 0.2.1, Debian 12's python3-protego, the parser Scrapy
// uses by default (ROBOTSTXT_PARSER): an emulation of its parse and
// can_fetch, held to the real library by a differential test. Later
// releases (0.3–0.7) changed how patterns are quoted and added the
// /robots.txt exemption; docs/engines.md lists what changed.
type protego struct{}

func init() { Register(protego{}) }

func (protego) Info() Info {
	// Year: Protego 0.2.1, packaged by Debian in February 2022.
	// Host: the parser stores each Host value over the one before
	// (preferred_host is the last).
	return Info{ID: "protego", Order: 84, Year: 2022, Kind: KindLibrary, Name: msgProtegoName, Short: msgProtegoShort, Description: msgProtegoDesc,
		Traits: Traits{Wildcards: true, Allow: true, LongestMatch: true, AllowWinsTie: true, MergesGroups: true, Sitemaps: true,
			LenientKeys: true, JoinedUserAgent: true, FieldsEndAgents: true, RelativePaths: true, EncodesNonASCII: true,
			BOMInFirstKey: true, UTF8Only: true, TrailingAgentsIgnored: true, RequestRate: true,
			CrawlDelay: DelayHonoured, Host: HostRead, HostKept: HostKeptLast}}
}

// Protego's field names, as its sets list them.
func protegoField(f string) syntax.Kind {
	switch f {
	case "user-agent", "useragent", "user agent":
		return syntax.UserAgent
	case "allow":
		return syntax.Allow
	case "disallow", "dissallow", "dissalow", "disalow", "diasllow", "disallaw":
		return syntax.Disallow
	case "sitemap", "sitemaps", "site-map":
		return syntax.Sitemap
	case "crawl-delay", "crawl delay":
		return syntax.CrawlDelay
	case "request-rate", "request rate":
		return syntax.RequestRate
	case "host":
		return syntax.Host
	}
	return syntax.Unknown
}

// protegoSplit is how the library reads a line (comment cut, stripped):
// at its first colon, else at the first run of space-separated words that
// is a field name as the library spells it (in lower case); ok false for a
// line it skips.
func protegoSplit(line string) (field, value string, ok bool) {
	if k, v, colon := strings.Cut(line, ":"); colon {
		return pyLower(pyStrip(k)), pyStrip(v), true
	}
	parts := strings.Split(line, " ")
	if len(parts) < 2 {
		return "", "", false
	}
	possible := parts[0]
	for i := 1; i < len(parts); i++ {
		if protegoField(possible) != syntax.Unknown {
			return pyLower(pyStrip(possible)), pyStrip(strings.Join(parts[i:], " ")), true
		}
		possible += " " + parts[i]
	}
	return "", "", false
}

// GroupRule: any field after User-agent lines ends them, blank lines end
// nothing, and lines are read as the library reads them.
func (protego) GroupRule() syntax.GroupRule {
	return syntax.GroupRule{
		Kind: func(d *syntax.Document, i int) syntax.Kind {
			l := &d.Lines[i]
			f, _, ok := protegoSplit(pyStrip(cutComment(scrapyText(string(d.Src[l.Start:l.End])))))
			if !ok || f == "" {
				return syntax.Invalid // an empty field name ends no run of User-agent lines
			}
			return protegoField(f)
		},
		EndsAgents: func(k syntax.Kind) bool { return k != syntax.UserAgent },
	}
}

// FetchPolicy is Scrapy's RobotsTxtMiddleware, which fetches the file and
// gives Protego the body of whatever answer came (Scrapy 2.x): every status
// is parsed, so an error page allows everything; a failed download leaves
// the site without a parser, which allows everything.
func (protego) FetchPolicy(f Fetch) FetchDecision {
	const maxRedirects = 20
	switch {
	case f.Unreachable:
		return FetchDecision{FetchAllowAll, msg.New(msgFetchScrapyD)}
	case f.Status >= 200 && f.Status < 300:
		return FetchDecision{FetchUseFile, msg.New(msgFetchOK)}
	case f.Status >= 300 && f.Status < 400 && f.Redirects < maxRedirects:
		return FetchDecision{FetchFollow, msg.New(msgFetchScrapyR, "Max", maxRedirects)}
	}
	return FetchDecision{FetchAllowAll, msg.New(msgFetchScrapy, "Status", f.Status)}
}

type protegoRule struct {
	Rule
	prio int // the quoted pattern's length in characters
}

// protegoSet is a _RuleSet: the rules of one User-agent value.
type protegoSet struct {
	agent string // in lower case, as the library keys it
	lines []int
	rules []*protegoRule
	delay *Delay
	star  int    // a line whose value had `*` removed to give this name (0: none)
	from  string // that line's value
	run   int    // the run of User-agent lines it was last put in (Compile's own count)
}

type protegoCompiled struct {
	sets []*protegoSet // in the order the library made them
}

func (protego) Compile(doc *syntax.Document) Compiled {
	c := &protegoCompiled{}
	byAgent := map[string]*protegoSet{}
	var current []*protegoSet
	run := 1 // the run of User-agent lines current belongs to
	prev := ""
	for _, ln := range pyLines(doc) {
		line := pyStrip(cutComment(scrapyText(ln.text)))
		if line == "" {
			continue
		}
		field, value, ok := protegoSplit(line)
		if !ok {
			continue
		}
		if value == "" {
			prev = field
			continue
		}
		kind := protegoField(field)
		if len(current) == 0 && kind != syntax.UserAgent && kind != syntax.Sitemap {
			continue
		}
		switch kind {
		case syntax.UserAgent:
			if prev != "" && protegoField(prev) != syntax.UserAgent {
				current = nil
				run++
			}
			ua := pyLower(value)
			names := []string{ua}
			if ua != "*" && strings.Contains(ua, "*") {
				names = append(names, strings.ReplaceAll(ua, "*", ""))
			}
			for i, name := range names {
				if name == "" {
					continue
				}
				rs := byAgent[name]
				if rs == nil {
					rs = &protegoSet{agent: name}
					byAgent[name] = rs
					c.sets = append(c.sets, rs)
				}
				if i == 1 && rs.star == 0 {
					rs.star, rs.from = ln.n, value
				}
				if len(rs.lines) == 0 || rs.lines[len(rs.lines)-1] != ln.n {
					rs.lines = append(rs.lines, ln.n)
				}
				if rs.run != run {
					rs.run = run
					current = append(current, rs)
				}
			}
		case syntax.Allow, syntax.Disallow:
			path := value
			if !strings.HasPrefix(path, "/") {
				path = "/" + path
			}
			var rules []*protegoRule
			protegoRules(&rules, path, kind == syntax.Allow, doc.RuleText(ln.n), ln.n)
			for _, rs := range current {
				rs.rules = append(rs.rules, rules...)
			}
		case syntax.CrawlDelay:
			if s, err := strconv.ParseFloat(pyStrip(value), 64); err == nil && !math.IsNaN(s) {
				for _, rs := range current {
					rs.delay = &Delay{Seconds: s, Line: ln.n}
				}
			}
		}
		prev = field
	}
	for _, rs := range c.sets {
		// finalize_rules: longest first, Allow before Disallow, file order.
		sort.SliceStable(rs.rules, func(i, j int) bool {
			a, b := rs.rules[i], rs.rules[j]
			if a.prio != b.prio {
				return a.prio > b.prio
			}
			return a.Allow && !b.Allow
		})
	}
	return c
}

// protegoRules is _RuleSet.allow and .disallow: a pattern with `$` is also
// read with each `$` as the literal %24; the pattern is quoted; an allowed
// …/index.html also allows its directory (…/$).
func protegoRules(out *[]*protegoRule, p string, allow bool, text string, n int) {
	if strings.Contains(p, "$") {
		protegoRules(out, strings.ReplaceAll(p, "$", "%24"), allow, text, n)
	}
	q := protegoQuotePattern(p)
	if q == "" {
		return
	}
	*out = append(*out, &protegoRule{Rule: Rule{Line: n, Text: text, Allow: allow, Pattern: q, Score: pyLen(q)}, prio: pyLen(q)})
	if allow && strings.HasSuffix(q, "/index.html") {
		protegoRules(out, q[:len(q)-len("index.html")]+"$", true, text, n)
	}
}

// protegoQuotePattern is _quote_pattern (0.2.1): a last `?`, `;` or `$` is
// kept aside, the path part is unquoted except for / * $ %, then quoted
// with / * % safe; params, query and fragment stay as written.
func protegoQuotePattern(p string) string {
	last := ""
	if c := p[len(p)-1]; c == '?' || c == ';' || c == '$' {
		last, p = p[len(p)-1:], p[:len(p)-1]
	}
	u := pyURLParse(p)
	path := u.path
	if strings.Contains(path, "%") {
		path = pyDecode(percentBytes(path, func(b byte) bool { return b == '/' || b == '*' || b == '$' || b == '%' }))
	}
	return pyURL{path: pyQuote(path, "/*%") + last, params: u.params, query: u.query, fragment: u.fragment}.String()
}

// scrapyText is a line as Scrapy gives it to Protego: the body decoded as
// UTF-8 with errors="ignore", so bytes that are not UTF-8 are dropped.
func scrapyText(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return strings.ToValidUTF8(s, "")
}

// protegoPath is _quote_path: the URL's path unquoted except for / and %,
// quoted with / and % safe, and its params, query and fragment as given.
func protegoPath(url string) string {
	u := pyURLParse(pyDecode([]byte(libURL(url))))
	path := u.path
	if strings.Contains(path, "%") {
		path = pyDecode(percentBytes(path, func(b byte) bool { return b == '/' || b == '%' }))
	}
	p := pyURL{path: pyQuote(path, "/%"), params: u.params, query: u.query, fragment: u.fragment}.String()
	if p == "" {
		return "/"
	}
	return p
}

func (c *protegoCompiled) Engine() Engine { return protego{} }

// pick is _get_matching_rule_set: the set whose name occurs in the
// crawler's name and is longest (`*` scores 1), the first made on a tie.
func (c *protegoCompiled) pick(agent string) *protegoSet {
	name := pyLower(pyStrip(agent))
	var best *protegoSet
	score := 0
	for _, rs := range c.sets {
		s := 0
		switch {
		case rs.agent == "*":
			s = 1
		case strings.Contains(name, rs.agent):
			s = pyLen(rs.agent)
		}
		if s > score {
			best, score = rs, s
		}
	}
	return best
}

func (c *protegoCompiled) Query(agent, url string) Verdict {
	v := Verdict{Engine: "protego", Agent: agent, URL: url, Path: protegoPath(url)}
	rs := c.pick(agent)
	if rs == nil {
		v.Allowed, v.Reason = true, ReasonNoGroup
		return withURLNote(v)
	}
	how := HowSubstring
	if rs.agent == "*" {
		how = HowGlobal
	}
	v.Group = &Group{Lines: rs.lines, Token: rs.agent, How: how}
	v.Delay = rs.delay
	if rs.star != 0 {
		v.Notes = append(v.Notes, msg.New(msgProtegoStar, "Line", rs.star, "Value", rs.from, "Token", rs.agent))
	}
	if len(rs.rules) == 0 {
		v.Allowed, v.Reason = true, ReasonEmptyGroup
		return withURLNote(v)
	}
	for i, r := range rs.rules {
		if !globMatch(r.Pattern, v.Path) {
			continue
		}
		v.Reason, v.Rule, v.Allowed = ReasonRule, &r.Rule, r.Allow
		v.Why = WhyOnly
		for _, other := range rs.rules[i+1:] {
			if globMatch(other.Pattern, v.Path) {
				if v.Why == WhyOnly {
					v.Why = WhyLongest
				}
				if other.Allow != r.Allow && v.Runner == nil {
					v.Runner = &other.Rule
					if r.Allow && other.prio == r.prio {
						v.Why = WhyTieAllow
					}
				}
			}
		}
		return withURLNote(v)
	}
	v.Allowed, v.Reason = true, ReasonNoRule
	return withURLNote(v)
}
