package engine

import (
	"strings"

	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/uri"
)

var (
	msgYandexName       = msg.Def("engine.yandex.name", "Yandex")
	msgYandexShort      = msg.Def("engine.yandex.short", "Yandex")
	msgYandexDesc       = msg.Def("engine.yandex.desc", "Yandex robots, as Yandex Webmaster help describes them: a group naming the robot beats `User-agent: Yandex`, which beats `*`; rules sorted by length, the last match wins, Allow wins ties; reads Host and Clean-param")
	msgYandexMustName   = msg.Def("engine.note.yandex_must_be_named", "{{.Agent}} obeys only a group that names it: it ignores `User-agent: *` and `User-agent: Yandex`")
	msgYandexDelay      = msg.Def("engine.note.yandex_crawl_delay", "line {{.Line}} sets Crawl-delay, which Yandex has ignored since 22 February 2018 (the crawl rate is set in Yandex Webmaster instead)")
	msgYandexHostOther  = msg.Def("engine.note.yandex_host_other", "line {{.Line}} `Host: {{.Host}}` names the main mirror, so until 2018 Yandex treated {{.URLHost}} as `Disallow: /`; today Yandex ignores Host and follows a 301 redirect to the main mirror")
	msgFetch4xxYandex   = msg.Def("fetch.4xx_yandex", "{{.Status}}: Yandex reads a 4xx answer as \"there is no robots.txt\": everything is allowed")
	msgFetch5xxYandex   = msg.Def("fetch.5xx_yandex", "{{.Status}}: a server error; Yandex is assumed to crawl nothing until the file can be read (not documented)")
	msgFetchDownYandex  = msg.Def("fetch.down_yandex", "the server cannot be reached: Yandex is assumed to crawl nothing (not documented)")
	msgFetchRedirYandex = msg.Def("fetch.redirect_yandex", "a redirect: Yandex follows it (up to {{.Max}} hops, an assumption) and uses the file it leads to")
)

// yandexMustBeNamed are robots that skip the `*` and `Yandex` groups.
var yandexMustBeNamed = map[string]bool{"yandexdirect": true}

// yandexEngine is Yandex's reading: the longest-match family with the
// YandexBot → Yandex → `*` ladder, `Disallow:` meaning `Allow: /`, an empty
// Allow dropped, and Host and Clean-param read into the compiled file.
type yandexEngine struct {
	longestFamily
}

func init() {
	y := &yandexEngine{}
	y.longestFamily = longestFamily{
		// Year: Yandex's rules since 22 February 2018 (Crawl-delay ignored).
		info: Info{ID: "yandex", EntryMatch: catalogue.MatchLeading, Order: 30, Year: 2018, RobotNames: []string{"yandex"}, Kind: KindSearchEngine, Name: msgYandexName, Short: msgYandexShort, Description: msgYandexDesc,
			Traits: Traits{Wildcards: true, Allow: true, LongestMatch: true, AllowWinsTie: true, MergesGroups: true, Sitemaps: true, Crawler: true}},
		fetch:     yandexFetch,
		readLimit: yandexMaxBytes,
		keys:      yandexKeys,
		choose:    yandexChoose,
		rules:     ruleReading{pattern: uri.EscapeNonASCII, emptyDisallowAllows: true},
		path:      func(p string) string { return p },
		why:       yandexWhy,
		delay:     &delayReading{ignored: msgYandexDelay},
	}
	Register(y)
}

// yandexMaxBytes is how much of a robots.txt Yandex reads: 500 KB (its
// help: a larger file is read as allowing everything).
const yandexMaxBytes = 500 * 1024

// yandexWhy words a longest-match win as Yandex's help does: the rules are
// sorted by length and the last one that matches wins (the answer is
// Google's).
func yandexWhy(win, lose *best, matches int) Why {
	if w := longestWhy(win, lose, matches); w != WhyLongest {
		return w
	}
	return WhyLastAfterSort
}

// yandexKeys reads field names as the standards spell them and drops an
// `Allow:` with no path: Yandex's help reads an empty Allow as nothing, so it
// is no rule and does not end the User-agent lines above it.
func yandexKeys(doc *syntax.Document, i int) field {
	fd := standardKeys(doc, i)
	if fd.kind == syntax.Allow && fd.value.Len() == 0 {
		return field{kind: syntax.Unknown}
	}
	return fd
}

// yandexChoose: a group naming the robot exactly; else, for a Yandex robot,
// the `Yandex` group; else `*`.
func yandexChoose(c *longestCompiled, agent string) (*ruleSet, How) {
	name := Token(agent)
	// A group keyed "" (its User-agent has no leading token) names only
	// Google's empty crawler name; Yandex's documentation says nothing of it.
	if rs := c.lookup(name); rs != nil && name != "" {
		return rs, HowExact
	}
	if yandexMustBeNamed[strings.ToLower(name)] {
		return nil, HowNone
	}
	if containsFold(agent, "yandex") {
		if rs := c.specific["yandex"]; rs != nil {
			return rs, HowSubstring
		}
	}
	if c.global != nil {
		return c.global, HowGlobal
	}
	return nil, HowNone
}

// Compile builds the groups and reads Host and Clean-param.
func (y *yandexEngine) Compile(doc *syntax.Document) Compiled {
	c := &YandexCompiled{longestCompiled: y.compile(doc)}
	c.owner = y
	for i := range doc.Lines {
		l := &doc.Lines[i]
		if int(l.Start) >= y.readLimit || !l.Standard() {
			continue
		}
		switch l.Kind {
		case syntax.Host:
			c.hosts = append(c.hosts, ParseHostDirective(i+1, doc.Value(i+1)))
		case syntax.CleanParam:
			c.clean = append(c.clean, ParseCleanParam(i+1, doc.Value(i+1)))
		}
	}
	return c
}

// YandexCompiled is a file compiled by the yandex engine. Besides verdicts it
// exposes the Yandex-only fields: Host (the main mirror) and Clean-param.
type YandexCompiled struct {
	*longestCompiled
	hosts []HostDirective
	clean []CleanParam
}

// Hosts returns every Host line of the file, valid or not, in file order.
func (c *YandexCompiled) Hosts() []HostDirective { return c.hosts }

// Host returns the Host directive Yandex used: the first valid one.
func (c *YandexCompiled) Host() (HostDirective, bool) {
	for _, h := range c.hosts {
		if h.Valid {
			return h, true
		}
	}
	return HostDirective{}, false
}

// CleanParams returns every Clean-param line in file order; they add up.
func (c *YandexCompiled) CleanParams() []CleanParam { return c.clean }

// Query implements Compiled, adding Yandex's notes: the ignored Crawl-delay,
// robots that must be named, and a URL on a host other than the main mirror.
func (c *YandexCompiled) Query(agent, url string) Verdict {
	v := c.longestCompiled.Query(agent, url)
	if v.Reason == ReasonNoGroup && yandexMustBeNamed[strings.ToLower(Token(agent))] {
		v.Notes = append(v.Notes, msg.New(msgYandexMustName, "Agent", v.agentText()))
	}
	if h, ok := c.Host(); ok {
		if u, ok := uri.SplitAbsolute(url); ok && !h.Serves(u.Host, u.Port, u.Scheme) {
			v.Notes = append(v.Notes, msg.New(msgYandexHostOther, "Line", h.Line, "Host", h.Value, "URLHost", u.Host))
		}
	}
	return v
}

func containsFold(s, lowerSub string) bool {
	return strings.Contains(strings.ToLower(s), lowerSub)
}

// yandexFetch: 200 parse; redirects followed; any other 4xx allows all;
// 5xx and network errors are assumed to stop crawling (not documented: assumed).
func yandexFetch(f Fetch) FetchDecision {
	const maxHops = 5
	switch {
	case f.Unreachable:
		return FetchDecision{FetchDisallowAll, msg.New(msgFetchDownYandex)}
	case f.Status >= 200 && f.Status < 300:
		return FetchDecision{FetchUseFile, msg.New(msgFetchOK)}
	case f.Status >= 300 && f.Status < 400 && f.Redirects < maxHops:
		return FetchDecision{FetchFollow, msg.New(msgFetchRedirYandex, "Max", maxHops)}
	case f.Status >= 300 && f.Status < 400:
		return FetchDecision{FetchAllowAll, msg.New(msgFetchTooMany, "Max", maxHops)}
	case f.Status >= 400 && f.Status < 500:
		return FetchDecision{FetchAllowAll, msg.New(msgFetch4xxYandex, "Status", f.Status)}
	case f.Status >= 500 && f.Status < 600:
		return FetchDecision{FetchDisallowAll, msg.New(msgFetch5xxYandex, "Status", f.Status)}
	}
	return FetchDecision{FetchDisallowAll, msg.New(msgFetchOther, "Status", f.Status)}
}
