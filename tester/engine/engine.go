// Package engine answers "may this crawler fetch this URL?" the way each
// standard and crawler reads robots.txt. Every engine compiles a
// syntax.Document once into its own groups and rules, then answers many
// queries with a Verdict that names the group and the rule that decided and
// why. Engines never re-parse text: they read the Document's lines.
package engine

import (
	"fmt"
	"sort"
	"strings"

	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// Engine is one reading of robots.txt (google, rfc9309, yandex, …).
type Engine interface {
	Info() Info
	// Compile builds the engine's groups from doc. The result is immutable and
	// safe for concurrent queries.
	Compile(doc *syntax.Document) Compiled
	// GroupRule is how the engine holds lines together into groups:
	// Compile builds its groups with doc.Groups(GroupRule()), and every
	// other part that asks which group a line is in for this engine (diff,
	// aipref, aiaccess, lint) asks the same.
	GroupRule() syntax.GroupRule
	// FetchPolicy says what the crawler does when fetching /robots.txt
	// itself ends in f (a 404, a 503, too many redirects…).
	FetchPolicy(f Fetch) FetchDecision
}

// Compiled answers queries against one compiled file.
type Compiled interface {
	Engine() Engine
	// Query decides for crawler agent (a product token such as "Googlebot",
	// or a full User-Agent string) and a URL or path. An empty agent matches
	// only the `*` group; an empty URL means "/".
	Query(agent, url string) Verdict
}

// Info describes an engine for lists, menus and the CLI.
type Info struct {
	ID    string
	Order int // position in the list of readings: modern first, then by date, the libraries last
	// Kind is what the reading is of: a search engine's crawler, a standard,
	// or a library crawlers are built on. Lists of readings (Compare,
	// Columns…) group them by it.
	Kind        Kind
	Name        string // msg key: the name ("Google", "Python urllib")
	Short       string // msg key: the column header in Compare ("RFC"), a few characters
	Description string // msg key: one sentence
	// Year is when the text, code or rules this reading follows were
	// published: a standard's year, a library release's, the year of the
	// operator's documentation it is read from. Lists that tell the
	// history order the readings by it.
	Year   int
	Traits Traits
	// RobotNames are parts of a name (lower case) that mark a robot as the
	// operator's whose crawler this reading is ("yandex": YandexImages,
	// YandexMobileBot…): ForCrawler gives this reading to a robot the
	// catalogue does not list when its name holds one.
	RobotNames []string
	// EntryMatch is how a catalogue entry of this reading that states no
	// match compares its tokens (MatchOf): Google's, Bing's and Yandex's
	// crawlers by the leading run, the 1990s robots by substring; "" for
	// the whole name.
	EntryMatch catalogue.Match
	// ReadsFullUserAgent: the reading looks for a record's name inside the
	// whole name a robot gives (the 1990s texts), so a User-Agent goes to
	// it as typed rather than cut down to a catalogue token.
	ReadsFullUserAgent bool
	// SlowQueries: one query's cost is not bounded by this project (the
	// temoto library's regular expressions can take seconds on a long path);
	// callers that must stay responsive run it with a time limit. The other
	// engines match in time linear in path × pattern (fuzzed with budgets).
	SlowQueries bool
}

// Traits are the facts about a reading that other parts (lint, fetch) state
// about it; they are published here, beside the code that has them, so the
// two cannot drift apart. An engine built from strategies (longestFamily:
// google, rfc9309, bing, yandex) derives the ones its strategy fields decide
// (traits.go); the others are stated once in its Info. A test checks each
// against the engine's verdicts, and lint takes every engine set it reports
// on from here, so a new engine gets correct lint without touching lint.
type Traits struct {
	Wildcards      bool // `*` and `$` have their modern meaning (else they are ordinary characters)
	Allow          bool // Allow lines are read (the 1994 text and the Lycos revision have none)
	BlankEndsGroup bool // a blank line ends a group (the records of the 1994 and 1996 texts)
	LongestMatch   bool // the longest matching rule decides (else the first in the file)
	AllowWinsTie   bool // of two matching rules as long, the Allow decides
	MergesGroups   bool // groups naming the same crawler, and several `*` groups, are read as one
	Sitemaps       bool // Sitemap lines are read

	// ReadLimit is how many bytes of the file are read (Google and Yandex:
	// 500 KiB); 0: all of it.
	ReadLimit int
	// LineLimit is how many bytes of a line are read (Google: 16,664); 0:
	// whole lines.
	LineLimit int
	CutAtNUL  bool // a NUL byte ends the line's value
	// LenientKeys: misspelt field names are read as the field
	// ("Dissallow"), as Google's parser does.
	LenientKeys bool
	// KeyPrefixes: a longer word that begins with a field name is read as
	// the field ("Disallowed"), as Google's parser does.
	KeyPrefixes bool
	// BOMInFirstKey: a byte order mark is read as part of the first line's
	// field name, which then names no field (Python's libraries, given the
	// file decoded as plain UTF-8).
	BOMInFirstKey bool
	// UTF8Only: the file is read as UTF-8 text, so bytes that are not UTF-8
	// are never compared %-encoded: the file fails, or they are dropped or
	// replaced by U+FFFD (the Python and Node.js libraries).
	UTF8Only        bool
	JoinedUserAgent bool // "useragent" is read as User-agent
	ColonOptional   bool // a field line without a colon is read ("Disallow /x")
	// Agents is how a User-agent value names a crawler.
	Agents AgentReading
	// ListsPerLine: a User-agent line may name several robots and a
	// Disallow line give several paths, separated by blanks (Lycos 1996).
	ListsPerLine bool
	// FieldsEndAgents: any other field (Crawl-delay…) after User-agent
	// lines ends them, so a User-agent line after it starts a new group.
	FieldsEndAgents bool
	// RelativePaths: a rule path without a leading `/` is read as if it had one.
	RelativePaths bool
	// TokenStream: the file is read as a stream of key and value tokens,
	// not line by line (a value with blanks may pair differently).
	TokenStream bool
	// EncodesNonASCII: non-ASCII rule paths and URLs are compared
	// %-encoded as UTF-8 (RFC 9309 §2.2.2; Google's parser).
	EncodesNonASCII bool
	CrawlDelay      DelayHandling // what a Crawl-delay line does
	Host            HostHandling  // what a Host line does
	// HostKept is which Host line the reading keeps when a file has
	// several: the first (Yandex) or the last (the libraries, which store
	// each one over the one before); HostKeptNone when it reads no Host.
	HostKept   HostChoice
	CleanParam bool // Clean-param lines are read (Yandex)
	// RequestRate: Request-rate lines are read (Python's urllib.robotparser
	// documents request_rate(); Protego 0.2.1 reads the field too). Stated,
	// not seen in verdicts: no engine's answer depends on it.
	RequestRate bool
	// TrailingAgentsIgnored: User-agent lines with no rule after them at
	// the end of the file make no group, so their robots stay under the `*`
	// group (the libraries), where the others give them an empty group that
	// replaces `*`.
	TrailingAgentsIgnored bool
	// StrictParse: a line the parser cannot place or read (a rule before
	// any User-agent line, a Crawl-delay that is no number) fails the whole
	// file (the temoto library).
	StrictParse bool
	// DollarAnchorsAnywhere: `$` anchors the end of the path wherever it
	// stands, so a rule with one before its end never matches (the temoto
	// library); the others read such a `$` as a character.
	DollarAnchorsAnywhere bool
	// TrailingStarDropped: the `*`s that end a rule's path are dropped
	// before matching, so `Disallow: *` is an empty rule that matches
	// nothing (the temoto library); the others read them as wildcards or
	// as characters.
	TrailingStarDropped bool
	// EmptyAgentNamesAll: an empty User-agent value names every robot (an
	// empty name is inside every name: Python's urllib); the others match
	// no robot with it.
	EmptyAgentNamesAll bool
	// Crawler: the reading of one operator's crawler (Google, Yandex,
	// Bing), not of a standard or a library.
	Crawler bool
	// FlagsUnknownFields: the operator's tools list lines its crawler does
	// not read as problems (Google Search Console's "Syntax not understood").
	FlagsUnknownFields bool
}

// Kind is what a reading is of.
type Kind uint8

// Kinds of reading, in the order lists group them.
const (
	KindSearchEngine Kind = iota + 1 // one operator's crawler (Google, Bing, Yandex)
	KindStandard                     // a standard's text (RFC 9309, 1994, 1996)
	KindLibrary                      // a library crawlers are built on (temoto, urllib, protego, robots-parser)
)

var (
	msgKindSearch   = msg.Def("engine.kind.search", "Search engines")
	msgKindStandard = msg.Def("engine.kind.standard", "Standards")
	msgKindLibrary  = msg.Def("engine.kind.library", "Libraries")
)

// Kinds lists the kinds in the order lists group them.
func Kinds() []Kind { return []Kind{KindSearchEngine, KindStandard, KindLibrary} }

// Name is the heading of the kind's readings in a list ("Libraries").
func (k Kind) Name() msg.Text {
	switch k {
	case KindSearchEngine:
		return msg.New(msgKindSearch)
	case KindStandard:
		return msg.New(msgKindStandard)
	}
	return msg.New(msgKindLibrary)
}

// ID is the kind's stable name in machine-readable output: "search-engine",
// "standard", "library".
func (k Kind) ID() string {
	switch k {
	case KindSearchEngine:
		return "search-engine"
	case KindStandard:
		return "standard"
	}
	return "library"
}

// AgentReading is how a User-agent value names a crawler.
type AgentReading uint8

// Agent readings.
const (
	AgentsOther        AgentReading = iota // as the engine's own text says (substring, prefix…)
	AgentsLeadingToken                     // the leading run of letters, "_" and "-": "Googlebot/2.1" names googlebot
	AgentsProductToken                     // exactly a product token (RFC 9309 §2.2.1): "Googlebot/2.1" names no one
)

// DelayHandling is what an engine does with Crawl-delay.
type DelayHandling uint8

// Crawl-delay handlings.
const (
	DelayNotRead  DelayHandling = iota // an unknown line
	DelayIgnored                       // read, and knowingly ignored (Yandex since 2018)
	DelayHonoured                      // the crawler waits between fetches
)

// HostHandling is what an engine does with Host.
type HostHandling uint8

// Host handlings.
const (
	HostNotRead HostHandling = iota // an unknown line
	HostRead                        // read and given to the caller (the temoto library)
	HostMirror                      // names the main mirror; other hosts were closed (Yandex until 2018)
)

// HostChoice is which of several Host lines a reading keeps.
type HostChoice uint8

// Host choices.
const (
	HostKeptNone  HostChoice = iota // it reads no Host line
	HostKeptFirst                   // the first one (Yandex: the first valid one)
	HostKeptLast                    // the last one: each Host read replaces the one before
)

var registry = map[string]Engine{}

// NameOf is engine id's short name ("Google"), translated when it is shown;
// an id no engine has stands for itself.
func NameOf(id string) fmt.Stringer {
	if e, ok := registry[id]; ok {
		return msg.New(e.Info().Name)
	}
	if e, ok := getOwn(id); ok {
		return msg.New(msgOwnName, "Engine", NameOf(e.(*ownEngine).base.Info().ID))
	}
	return plainName(id)
}

type plainName string

func (p plainName) String() string { return string(p) }

var msgListAnd = msg.Def("engine.list.and", "{{.Rest}} and {{.Last}}")

// JoinNames lists names as a sentence of the language shown does: "Bing",
// "Bing and Yandex", "Google, Bing and Yandex" ("Bing и Яндекс", "Bing i
// Yandex").
func JoinNames(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return msg.New(msgListAnd, "Rest", strings.Join(names[:len(names)-1], ", "), "Last", names[len(names)-1]).String()
}

// Register adds an engine; engines call it from init.
func Register(e Engine) {
	id := e.Info().ID
	if _, dup := registry[id]; dup {
		panic("engine: registered twice: " + id)
	}
	registry[id] = e
}

// Get returns the engine with id: a registered engine, or the own variant
// of one ("rfc9309+own", see ForCrawler).
func Get(id string) (Engine, bool) {
	if e, ok := registry[id]; ok {
		return e, true
	}
	return getOwn(id)
}

// GetOrDefault returns the engine with id, or the Default engine when no
// engine has that id.
func GetOrDefault(id string) Engine {
	if e, ok := Get(id); ok {
		return e
	}
	return registry[Default]
}

// WholeFileGroups is the Default engine's GroupRule over every line, its
// read limit set aside: how the parts that speak of every line of a file
// (lint, diff's rule section) group them.
func WholeFileGroups() syntax.GroupRule {
	r := registry[Default].GroupRule()
	r.Limit = 0
	return r
}

// All returns every engine in their Order (google first).
func All() []Engine {
	out := make([]Engine, 0, len(registry))
	for _, e := range registry {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Info().Order < out[j].Info().Order })
	return out
}

// IDs returns the engine ids in their Order.
func IDs() []string {
	all := All()
	ids := make([]string, len(all))
	for i, e := range all {
		ids[i] = e.Info().ID
	}
	return ids
}

// Default is the engine the UI and CLI use unless told otherwise.
const Default = "google"

// How says how a group was reached from the crawler's name.
type How string

// Ways a group is reached.
const (
	HowExact     How = "exact"     // the group's token equals the crawler's token
	HowPrefix    How = "prefix"    // the group's token is a prefix of the crawler's name (temoto)
	HowSubstring How = "substring" // the group's name occurs inside the crawler's name (1994, 1996, Yandex)
	HowGlobal    How = "*"         // the `User-agent: *` group, because no group names the crawler
	HowNone      How = "none"      // no group applies
)

// Why says why the deciding rule beat the other matching rules.
type Why string

// Reasons a rule wins.
const (
	WhyOnly          Why = "only"            // the only rule that matched
	WhyLongest       Why = "longest"         // the longest (most specific) match
	WhyTieAllow      Why = "tie-allow"       // as long as a Disallow that matched; Allow wins ties
	WhyFirst         Why = "first"           // the first matching rule in file order (1994, 1996)
	WhyLastAfterSort Why = "last-after-sort" // rules sorted by length, the last match wins (Yandex)
	WhyFirstOfEqual  Why = "first-of-equal"  // longest, and the first in the file among rules as long (temoto)
	WhyEmpty         Why = "empty"           // an empty rule value: nothing is disallowed
	WhyAnyDisallow   Why = "any"             // any matching Disallow blocks (1994, Lycos)
)

// Group is a group (record) as an engine sees it after merging.
type Group struct {
	Lines []int  // line numbers of its User-agent lines (all merged groups)
	Token string // the token it was reached by ("googlebot", "*")
	How   How
}

// Start is the first User-agent line of the group.
func (g *Group) Start() int {
	if g == nil || len(g.Lines) == 0 {
		return 0
	}
	return g.Lines[0]
}

// Rule is one rule as an engine compiled it.
type Rule struct {
	Line    int    // 1-based line number
	Text    string // the line as the user wrote it, without comment ("Disallow: /p")
	Allow   bool
	Pattern string // the path pattern after the engine's normalisation
	Score   int    // the engine's priority (usually the pattern length in bytes)
}

// Reason is what the Verdict rests on, used to explain it.
type Reason uint8

// What a verdict rests on.
const (
	ReasonRule       Reason = iota // a rule decided (Rule is set)
	ReasonNoRule                   // a group applies but none of its rules matches
	ReasonNoGroup                  // no group applies to this crawler
	ReasonRobotsTxt                // /robots.txt itself is always allowed
	ReasonEmptyGroup               // the crawler's group has no rules: everything is allowed
	ReasonFileError                // the engine could not read the file (see Error)
	ReasonTimeout                  // the query took longer than its limit (see WithTimeout, Error)
)

// Delay is a Crawl-delay that applies to the crawler.
type Delay struct {
	Seconds float64
	Line    int
}

// Verdict is one engine's answer for one (crawler, URL).
type Verdict struct {
	Engine  string
	Agent   string // as asked
	URL     string // as asked
	Path    string // what the rules were compared with, after normalisation
	Allowed bool
	Reason  Reason
	Group   *Group // nil when no group applies
	Rule    *Rule  // the deciding rule; nil when none matched
	Why     Why    // why Rule won
	Runner  *Rule  // the strongest rule for the other answer, which lost (nil if none matched)
	Delay   *Delay // Crawl-delay in force for this crawler, for engines that honour it
	Notes   []msg.Text
	Error   msg.Text // set with ReasonFileError and ReasonTimeout
}

// Fetch is the outcome of fetching /robots.txt.
type Fetch struct {
	Status      int  // HTTP status; 0 when Unreachable
	Redirects   int  // redirects followed so far
	Unreachable bool // DNS or connection failure, timeout
}

// FetchOutcome is what a crawler does after fetching /robots.txt.
type FetchOutcome string

// Outcomes of a robots.txt fetch.
const (
	FetchUseFile     FetchOutcome = "use-file"     // parse the body and obey it
	FetchAllowAll    FetchOutcome = "allow-all"    // as if there were no robots.txt
	FetchDisallowAll FetchOutcome = "disallow-all" // crawl nothing
	FetchFollow      FetchOutcome = "follow"       // follow the redirect
	FetchFail        FetchOutcome = "fail"         // the library returns an error; the crawler decides
)

// FetchDecision is an engine's policy for one fetch outcome.
type FetchDecision struct {
	Outcome FetchOutcome
	Why     msg.Text
}
