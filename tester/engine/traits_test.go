package engine

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/temoto/robotstxt"

	"github.com/robots-studio/robots-studio/tester/msg"

	"github.com/robots-studio/robots-studio/tester/syntax"
)

// TestTraitsMatchVerdicts holds each engine's published traits (which lint
// reads instead of describing the engines itself) to what the engine does.
func TestTraitsMatchVerdicts(t *testing.T) {
	probes := []struct {
		trait         string
		has           func(Traits) bool
		robots, agent string
		path          string
		allowedIfHas  bool
	}{
		{"Wildcards: * matches any run", func(t Traits) bool { return t.Wildcards },
			"User-agent: *\nDisallow: /a*b\n", "x", "/a-b", false},
		{"Allow: an Allow line is read", func(t Traits) bool { return t.Allow },
			"User-agent: *\nAllow: /a\nDisallow: /\n", "x", "/a", true},
		{"BlankEndsGroup: rules after a blank line belong to no record", func(t Traits) bool { return t.BlankEndsGroup },
			"User-agent: *\n\nDisallow: /\n", "x", "/x", true},
		{"LongestMatch: the longer Allow wins over an earlier Disallow", func(t Traits) bool { return t.LongestMatch },
			"User-agent: *\nDisallow: /a\nAllow: /ab\n", "x", "/abc", true},
		{"AllowWinsTie: Allow wins a tie", func(t Traits) bool { return t.AllowWinsTie },
			"User-agent: *\nDisallow: /a\nAllow: /a\n", "x", "/a", true},
		{"MergesGroups: two groups for one crawler are read as one", func(t Traits) bool { return t.MergesGroups },
			"User-agent: a\nDisallow: /x\n\nUser-agent: a\nDisallow: /y\n", "a", "/y", false},
		{"LenientKeys: a misspelt Disallow is read", func(t Traits) bool { return t.LenientKeys },
			"User-agent: *\nDissallow: /x\n", "x", "/x", false},
		{"KeyPrefixes: Disallowed is read as Disallow", func(t Traits) bool { return t.KeyPrefixes },
			"User-agent: *\nDisallowed: /x\n", "x", "/x", false},
		{"BOMInFirstKey: a byte order mark hides the first User-agent line", func(t Traits) bool { return t.BOMInFirstKey },
			"\ufeffUser-agent: *\nDisallow: /\n", "x", "/x", true},
		{"JoinedUserAgent: useragent is read as User-agent", func(t Traits) bool { return t.JoinedUserAgent },
			"useragent: *\nDisallow: /x\n", "x", "/x", false},
		{"ColonOptional: a rule without a colon is read", func(t Traits) bool { return t.ColonOptional },
			"User-agent: *\nDisallow /x\n", "x", "/x", false},
		{"CutAtNUL: a NUL ends the value", func(t Traits) bool { return t.CutAtNUL },
			"User-agent: *\nDisallow: /a\x00b\n", "x", "/a", false},
		{"LineLimit: the end of a long line is not read", func(t Traits) bool { return t.LineLimit > 0 },
			"User-agent: *\nDisallow: /" + strings.Repeat("a", syntax.MaxLineBytes) + "b\n", "x", "/" + strings.Repeat("a", syntax.MaxLineBytes) + "c", false},
		{"ListsPerLine: a Disallow line gives several paths", func(t Traits) bool { return t.ListsPerLine },
			"User-agent: *\nDisallow: /a /b\n", "x", "/b", false},
		{"FieldsEndAgents: a Crawl-delay between User-agent lines splits them", func(t Traits) bool { return t.FieldsEndAgents },
			"User-agent: a\nCrawl-delay: 1\nUser-agent: b\nDisallow: /\n", "a", "/x", true},
		{"RelativePaths: a path without / is read as if it had one", func(t Traits) bool { return t.RelativePaths },
			"User-agent: *\nDisallow: x\n", "x", "/x", false},
		{"TrailingAgentsIgnored: User-agent lines without rules at the end stay under `*`", func(t Traits) bool { return t.TrailingAgentsIgnored },
			"User-agent: *\nDisallow: /\n\nUser-agent: a\n", "a", "/x", false},
		{"StrictParse: a rule before any User-agent line fails the file", func(t Traits) bool { return t.StrictParse },
			"Disallow: /x\nUser-agent: *\nDisallow: /y\n", "x", "/", false},
		{"StrictParse: a Crawl-delay that is no number fails the file", func(t Traits) bool { return t.StrictParse },
			"User-agent: *\nCrawl-delay: soon\nDisallow: /y\n", "x", "/", false},
		{"DollarAnchorsAnywhere: a rule with `$` before its end never matches", func(t Traits) bool { return t.DollarAnchorsAnywhere },
			"User-agent: *\nDisallow: /a$b\n", "x", "/a$b", true},
		{"EmptyAgentNamesAll: an empty User-agent names every robot", func(t Traits) bool { return t.EmptyAgentNamesAll },
			"User-agent:\nDisallow: /\n", "x", "/x", false},
		{"ReadLimit: a rule past the limit is not read", func(t Traits) bool { return t.ReadLimit > 0 },
			"User-agent: *\n" + strings.Repeat("# padding padding padding padding\n", 600*1024/34) + "Disallow: /\n", "x", "/x", true},
	}
	for _, e := range All() {
		info := e.Info()
		for _, p := range probes {
			v := e.Compile(syntax.Parse([]byte(p.robots))).Query(p.agent, p.path)
			has := p.has(info.Traits)
			if want := has == p.allowedIfHas; v.Allowed != want {
				t.Errorf("%s publishes %s = %v, but answers allowed=%v on %.80q for %s %.40s: %.200s",
					info.ID, p.trait, has, v.Allowed, p.robots, p.agent, p.path, v.Explain())
			}
		}
		checkStatedReadings(t, e)
	}
}

// checkStatedReadings holds the traits that are not one allowed/blocked
// answer to what the engine does: how a User-agent value names a crawler,
// whether a Crawl-delay reaches the verdict, whether Host is read.
func checkStatedReadings(t *testing.T, e Engine) {
	info := e.Info()
	v := e.Compile(syntax.Parse([]byte("User-agent: Googlebot/2.1\nDisallow: /\n"))).Query("Googlebot", "/x")
	switch info.Traits.Agents {
	case AgentsLeadingToken:
		if v.Allowed {
			t.Errorf("%s publishes AgentsLeadingToken, but `User-agent: Googlebot/2.1` does not name Googlebot: %s", info.ID, v.Explain())
		}
	case AgentsProductToken:
		if !v.Allowed {
			t.Errorf("%s publishes AgentsProductToken, but `User-agent: Googlebot/2.1` names Googlebot: %s", info.ID, v.Explain())
		}
	}
	d := e.Compile(syntax.Parse([]byte("User-agent: *\nCrawl-delay: 5\nDisallow: /p\n"))).Query("x", "/x")
	if honoured := info.Traits.CrawlDelay == DelayHonoured; honoured != (d.Delay != nil) {
		t.Errorf("%s publishes CrawlDelay %d, but the verdict's Delay is %v", info.ID, info.Traits.CrawlDelay, d.Delay)
	}
	c := e.Compile(syntax.Parse([]byte("User-agent: *\nDisallow: /p\nHost: www.example.com\n")))
	hosts, reads := c.(interface{ Hosts() []HostDirective })
	if mirror := info.Traits.Host == HostMirror; mirror != (reads && len(hosts.Hosts()) == 1) {
		t.Errorf("%s publishes Host %d, but its compiled file reads Host: %v", info.ID, info.Traits.Host, reads)
	}
	// A dropped trailing `*` leaves `Disallow: *` closing nothing where `*`
	// is a wildcard, and makes `Disallow: /a*` close /ab where it is a
	// character.
	robots, path, closedIfDropped := "User-agent: *\nDisallow: *\n", "/x", false
	if !info.Traits.Wildcards {
		robots, path, closedIfDropped = "User-agent: *\nDisallow: /a*\n", "/ab", true
	}
	s := e.Compile(syntax.Parse([]byte(robots))).Query("x", path)
	if dropped := info.Traits.TrailingStarDropped; s.Allowed == (dropped == closedIfDropped) {
		t.Errorf("%s publishes TrailingStarDropped = %v, but answers allowed=%v on %q for %s: %s", info.ID, dropped, s.Allowed, robots, path, s.Explain())
	}
}

// TestHostKeptIsTheReadings holds Traits.HostKept to which of two Host
// lines each reading that reads Host keeps: Yandex's compiled file, and
// the libraries themselves (temoto linked in; Protego and robots-parser
// run as the agreement test runs them).
func TestHostKeptIsTheReadings(t *testing.T) {
	const robots = "User-agent: *\nDisallow: /p\nHost: www.first.com\nHost: www.last.com\n"
	library := func(cmd func(*testing.T) *exec.Cmd) func(*testing.T, Engine) string {
		return func(t *testing.T, _ Engine) string {
			_, answers := runLibrary(t, cmd(t), []libJob{{Robots: robots, Queries: [][2]string{}}})
			return answers[0].Host
		}
	}
	kept := map[string]func(*testing.T, Engine) string{
		"yandex": func(t *testing.T, e Engine) string {
			h, _ := e.Compile(syntax.Parse([]byte(robots))).(*YandexCompiled).Host()
			return h.Host
		},
		"temoto": func(t *testing.T, _ Engine) string {
			data, err := robotstxt.FromBytes([]byte(robots))
			if err != nil {
				t.Fatal(err)
			}
			return data.Host
		},
		"protego":       library(protegoCmd),
		"robots-parser": library(robotsParserCmd),
	}
	want := map[HostChoice]string{HostKeptFirst: "www.first.com", HostKeptLast: "www.last.com"}
	for _, e := range All() {
		info := e.Info()
		if (info.Traits.HostKept == HostKeptNone) != (info.Traits.Host == HostNotRead) {
			t.Errorf("%s publishes Host %d but HostKept %d: a reading of Host keeps the first or the last", info.ID, info.Traits.Host, info.Traits.HostKept)
		}
		if info.Traits.Host == HostNotRead {
			continue
		}
		ask, ok := kept[info.ID]
		if !ok {
			t.Errorf("%s reads Host, but this test cannot ask it which Host line it keeps", info.ID)
			continue
		}
		t.Run(info.ID, func(t *testing.T) {
			if got := ask(t, e); got != want[info.Traits.HostKept] {
				t.Errorf("%s publishes HostKept %d (%q), but keeps %q", info.ID, info.Traits.HostKept, want[info.Traits.HostKept], got)
			}
		})
	}
}

// TestEveryEngineHasAKind: lists group the readings by Kind, so every
// engine states one, and the readings of an operator's crawler
// (Traits.Crawler) are the search engines.
func TestEveryEngineHasAKind(t *testing.T) {
	for _, e := range All() {
		info := e.Info()
		switch info.Kind {
		case KindSearchEngine, KindStandard, KindLibrary:
		default:
			t.Errorf("%s: no Kind", info.ID)
		}
		if info.Traits.Crawler != (info.Kind == KindSearchEngine) {
			t.Errorf("%s: Crawler trait %v, but Kind %s", info.ID, info.Traits.Crawler, info.Kind.ID())
		}
		if info.Kind.Name().String() == "" {
			t.Errorf("%s: the kind has no name", info.ID)
		}
		// Compare's column header: short enough for eleven columns beside
		// the editor.
		if short := []rune(msg.New(info.Short).String()); len(short) == 0 || len(short) > 8 {
			t.Errorf("%s: short name %q, want 1–8 characters", info.ID, string(short))
		}
	}
}

// TestEveryReadingHasAYear: lists that tell the history order readings by
// Info.Year, so each has one, no earlier than the first text (1994).
func TestEveryReadingHasAYear(t *testing.T) {
	for _, e := range All() {
		if y := e.Info().Year; y < 1994 || y > 2100 {
			t.Errorf("%s: Year %d", e.Info().ID, y)
		}
	}
}
