package engine

import (
	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/uri"
)

var (
	msgBingName        = msg.Def("engine.bing.name", "Bing")
	msgBingShort       = msg.Def("engine.bing.short", "Bing")
	msgBingDesc        = msg.Def("engine.bing.desc", "Bingbot, as the Bing Webmaster Guidelines and the Bing Webmaster blog describe it: a bingbot group replaces `*` (except `*`'s Crawl-delay), longest rule wins, Allow wins ties, * and $ wildcards, Crawl-delay honoured")
	msgDelayFromGlobal = msg.Def("engine.note.delay_from_global", "Crawl-delay {{.Seconds}} s comes from the `*` group (line {{.Line}}): the crawler's own group replaces `*` for rules but not for Crawl-delay")
	msgDelayClamped    = msg.Def("engine.note.delay_clamped", "line {{.Line}} asks for a Crawl-delay of {{.Asked}} s; this crawler honours {{.Min}}–{{.Max}} s, so it waits {{.Seconds}} s")
	msgFetch5xxBing    = msg.Def("fetch.5xx_bing", "{{.Status}}: a server error; Bing is assumed to crawl nothing until the file can be read (Bing does not document this)")
	msgFetchDownBing   = msg.Def("fetch.down_bing", "the server cannot be reached: Bing is assumed to crawl nothing (Bing does not document this)")
)

// The Bing reading: Google's grouping and longest match, a bingbot group
// shadowing `*` for rules but inheriting `*`'s Crawl-delay, and Crawl-delay
// honoured within 1–30 seconds. Bing's parser is closed; what it does with
// typos, missing colons and /robots.txt itself is unknown, so the strict
// reading is used.
func init() {
	Register(&longestFamily{
		// Year: the Bing Webmaster blog's robots.txt column of 3 May 2012 (blogs.bing.com/webmaster/2012/05/03/to-crawl-or-not-to-crawl-that-is-bingbots-question).
		info: Info{ID: "bing", EntryMatch: catalogue.MatchLeading, Order: 40, Year: 2012, RobotNames: []string{"bingbot", "msnbot", "adidxbot"}, Kind: KindSearchEngine, Name: msgBingName, Short: msgBingShort, Description: msgBingDesc,
			Traits: Traits{Wildcards: true, Allow: true, LongestMatch: true, AllowWinsTie: true, MergesGroups: true, Sitemaps: true, Crawler: true}},
		fetch: bingFetch,
		rules: ruleReading{pattern: uri.EscapeNonASCII},
		path:  func(p string) string { return p },
		delay: &delayReading{min: 1, max: 30},
	})
}

// bingFetch: 2xx parse; redirects followed (5 hops assumed); 4xx allow all;
// 5xx, 429 and network errors crawl nothing (not documented: assumed).
func bingFetch(f Fetch) FetchDecision {
	switch {
	case f.Unreachable:
		return FetchDecision{FetchDisallowAll, msg.New(msgFetchDownBing)}
	case f.Status == 429 || f.Status >= 500 && f.Status < 600:
		return FetchDecision{FetchDisallowAll, msg.New(msgFetch5xxBing, "Status", f.Status)}
	}
	return modernFetch(f, false)
}
