package newengine

import (
	"slices"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/lint"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// stated is an engine that reads like Google but states other traits: lint
// knows it only through them. (Its verdicts are Google's; lint never asks
// an engine for verdicts.)
type stated struct {
	engine.Engine
	info engine.Info
}

func (s stated) Info() engine.Info { return s.info }

// The test engine's facts, as a new crawler's reading would state them.
var testTraits = engine.Traits{
	Wildcards: true, Allow: true, LongestMatch: true, AllowWinsTie: true, MergesGroups: true, Sitemaps: true,
	ReadLimit:           1000,  // stops reading early
	LineLimit:           60,    // cuts short lines
	LenientKeys:         true,  // forgives "Dissallow"
	ColonOptional:       false, // but not a missing colon
	Agents:              engine.AgentsProductToken,
	CrawlDelay:          engine.DelayHonoured, // waits as asked
	Host:                engine.HostMirror,    // reads Host as Yandex did
	HostKept:            engine.HostKeptFirst, // the first of several, as Yandex
	TrailingStarDropped: true,                 // `Disallow: *` is no rule, as for temoto
	StrictParse:         true,                 // a line it cannot place fails the file
	Crawler:             true,
}

func init() {
	google, _ := engine.Get("google")
	engine.Register(stated{Engine: google, info: engine.Info{ID: "testbot", Order: 999, Year: 2026, Name: msg.Def("test.engine.testbot", "testbot"),
		RobotNames: []string{"testbot"}, Traits: testTraits}})
}

// findings lints src for the test engine alone and returns code → the
// engines of the first finding with that code.
func findings(t *testing.T, src string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, d := range lint.Run(syntax.Parse([]byte(src)), lint.Options{Engines: []string{"testbot"}}) {
		if _, seen := out[d.Code]; !seen {
			out[d.Code] = d.Engines
		}
	}
	return out
}

// TestANewEngineIsLintedByItsTraits: lint names the new engine, and each
// rule reports on it exactly as far as its stated traits say, with no line
// of lint touched.
func TestANewEngineIsLintedByItsTraits(t *testing.T) {
	if !slices.Contains(lint.EngineIDs(), "testbot") {
		t.Fatalf("lint.EngineIDs() = %v, without the registered testbot", lint.EngineIDs())
	}
	only := []string{"testbot"}
	cases := []struct {
		rule, src string
		code      string
		reported  bool
	}{
		{"RS032 read limit: a rule past 1000 bytes", "User-agent: *\n" + strings.Repeat("# pad pad pad pad\n", 60) + "Disallow: /\n", "RS032", true},
		{"RS032 read limit: a file within it", "User-agent: *\nDisallow: /\n", "RS032", false},
		{"RS031 line limit: a 70-byte rule", "User-agent: *\nDisallow: /" + strings.Repeat("a", 60) + "\n", "RS031", true},
		{"RS008 lenient keys: a misspelt Disallow is read", "User-agent: *\nDissallow: /x\n", "RS008", false},
		{"RS009 colon required: a rule without one is lost", "User-agent: *\nDisallow /x\n", "RS009", true},
		{"RS013 product token: Googlebot/2.1 names no one", "User-agent: Googlebot/2.1\nDisallow: /x\n", "RS013", true},
		{"RS022 Crawl-delay honoured: a bad value matters", "User-agent: *\nCrawl-delay: soon\nDisallow: /x\n", "RS022", true},
		{"RS023 Host read: its history matters", "User-agent: *\nDisallow: /x\nHost: www.example.com\n", "RS023", true},
		{"RS036 Allow read: no warning that Allow is unknown", "User-agent: *\nAllow: /a\nDisallow: /\n", "RS036", false},
		{"RS002 blank lines do not end its groups", "User-agent: a\n\nDisallow: /x\n", "RS002", false},
	}
	for _, c := range cases {
		engines, got := findings(t, c.src)[c.code]
		if got != c.reported || got && !slices.Equal(engines, only) {
			t.Errorf("%s: reported %v for %v; want reported %v for %v", c.rule, got, engines, c.reported, only)
		}
	}
}

// TestTheReadLimitIsTheEngines: the file-size finding starts where the
// new engine stops reading and says its limit.
func TestTheReadLimitIsTheEngines(t *testing.T) {
	src := "User-agent: *\n" + strings.Repeat("# pad pad pad pad\n", 60) + "Disallow: /\n"
	doc := syntax.Parse([]byte(src))
	for _, d := range lint.Run(doc, lint.Options{Engines: []string{"testbot"}}) {
		if d.Code != "RS032" {
			continue
		}
		if d.Span.Start != testTraits.ReadLimit || d.Severity != diag.Error || !strings.Contains(d.Message.String(), "1000 bytes") {
			t.Errorf("RS032 at byte %d, %s: %q; want at 1000, an error naming the limit", d.Span.Start, d.Severity, d.Message)
		}
		return
	}
	t.Error("no RS032 for a rule past the test engine's read limit")
}

// TestTheMessagesNameTheEnginesOfTheSet: a message that says which
// readings do something names them from the set its rule computes from
// the traits, so the new engine appears in it beside the built-in ones
// that share the trait, in the engines' order.
func TestTheMessagesNameTheEnginesOfTheSet(t *testing.T) {
	cases := []struct {
		rule, src string
		engines   []string // the selection linted
		want      string   // the start of "CODE [engines] message"
	}{
		{"RS022 Crawl-delay: Bing and testbot honour it", "User-agent: *\nCrawl-delay: 5\nDisallow: /x\n", []string{"testbot"},
			"RS022 [testbot] Crawl-delay is read by Bing and testbot only: the other crawlers do not wait for it, Yandex on purpose"},
		{"RS023 Host: Yandex and testbot read it as the main mirror", "User-agent: *\nDisallow: /x\nHost: www.example.com\n", []string{"testbot"},
			"RS023 [testbot] Host is read by Yandex and testbot only"},
		{"RS024 Host: Yandex and testbot would ignore a bad one", "User-agent: *\nDisallow: /x\nHost: https://www.example.com/x\n", []string{"testbot"},
			"RS024 [testbot] this Host would be ignored by Yandex and testbot"},
		{"RS008 misspelt key: read by the lenient readings, testbot too", "User-agent: *\nDissallow: /x\n", []string{"rfc9309"},
			"RS008 [rfc9309] `Dissallow` is not `Disallow`: it is read as `Disallow` by Google, Protego (Scrapy) and testbot only"},
		{"RS013 product token: testbot ignores Googlebot/2.1 as RFC 9309 does", "User-agent: Googlebot/2.1\nDisallow: /x\n", []string{"testbot"},
			"RS013 [testbot] `Googlebot/2.1` is not a product token (RFC 9309 allows only letters, `-` and `_`): the line is ignored by RFC 9309 and testbot and read as `Googlebot` by Google, Yandex and Bing"},
		{"RS025 several Host lines: testbot keeps the first as Yandex does", "User-agent: *\nDisallow: /x\nHost: a.com\nHost: b.com\n", []string{"testbot"},
			"RS025 [testbot] another Host line (the first is at line 3): Yandex and testbot take the first one, temoto/robotstxt (Go library), Protego (Scrapy) and robots-parser (Node.js) the last one"},
		{"RS007 `Disallow: *`: testbot drops the trailing `*` as temoto does", "User-agent: *\nDisallow: *\n", []string{"testbot"},
			"RS007 [testbot] `Disallow: *` covers every path for Google, Yandex, Bing and testbot, but none for 1996 draft, Lycos 1996, 1994 standard and Python urllib (`*` is an ordinary character there) or temoto/robotstxt (Go library) and testbot, where a trailing `*` is dropped;"},
		{"RS001 a stray rule: temoto and testbot reject the file", "Disallow: /x\nUser-agent: *\nDisallow: /y\n", []string{"testbot"},
			"RS001 [testbot] 1 rule line before the first User-agent line (line 1) belongs to no group: every crawler ignores it (RFC 9309 §2.2), and the whole file is rejected by temoto/robotstxt (Go library) and testbot"},
	}
	for _, c := range cases {
		var got []string
		found := false
		for _, d := range lint.Run(syntax.Parse([]byte(c.src)), lint.Options{Engines: c.engines}) {
			line := d.Code + " [" + strings.Join(d.Engines, ", ") + "] " + d.Message.String()
			found = found || strings.HasPrefix(line, c.want)
			got = append(got, line)
		}
		if !found {
			t.Errorf("%s: no finding starts %q; got\n%s", c.rule, c.want, strings.Join(got, "\n"))
		}
	}
}

// TestANewEngineReadsItsOperatorsRobots: a robot the catalogue does not
// list whose name holds one of the engine's RobotNames is read by it, as
// YandexImages is read by Yandex, with no list of names elsewhere.
func TestANewEngineReadsItsOperatorsRobots(t *testing.T) {
	for _, c := range []struct{ robot, want string }{
		{"TestBot-Images", "testbot"},
		{"YandexSomethingNew", "yandex"},
		{"msnbot-media-new", "bing"},
	} {
		if got := engine.ForCrawler(c.robot).Info().ID; got != c.want {
			t.Errorf("ForCrawler(%q) = %s, want %s", c.robot, got, c.want)
		}
	}
}
