package lint

import (
	"slices"
	"strings"
	"sync"

	"github.com/robots-studio/robots-studio/tester/engine"
)

// engineSet is a set of engines as a bit mask over the engine ids of a run
// (state.all): bit i is all[i].
type engineSet uint32

// maxEngines is how many engines a set can hold.
const maxEngines = 32

// families are the engine sets the rules name, each read from the traits
// the engines publish (engine.Traits), so lint cannot describe an engine
// otherwise than it reads, and an engine registered tomorrow is linted by
// what it states about itself. No engine is named here.
type families struct {
	historic       engineSet // `*` and `$` are ordinary characters (the 1994 and 1996 texts)
	wildcard       engineSet // `*` and `$` have their modern meaning
	blankEnds      engineSet // a blank line ends a record
	noAllow        engineSet // Allow is an unknown field
	longest        engineSet // the longest match decides, Allow winning a tie (Yandex's "sorted by length, last wins" is the same)
	firstOfEqual   engineSet // the longest match decides, the first in the file among rules as long
	firstMatch     engineSet // the first matching Allow or Disallow in the file decides
	mergers        engineSet // groups naming the same robot (and several `*` groups) are read as one
	sitemapReaders engineSet // Sitemap lines are read
	readLimits     []limited // engines that read only the first bytes of the file, by limit, smallest first
	lineLimits     []limited // engines that read only the first bytes of a line, by limit, smallest first
	nulCut         engineSet // a NUL ends a line's value
	lenientKeys    engineSet // misspelt field names are read
	keyPrefixes    engineSet // a longer word that starts with a field name is read as the field
	bomKey         engineSet // a byte order mark is part of the first field name
	utf8Only       engineSet // bytes that are not UTF-8 fail the file or are dropped, never compared %-encoded
	joinedUA       engineSet // "useragent" is read as User-agent
	colonOptional  engineSet // a field without a colon is read
	leadingToken   engineSet // a User-agent value names its leading token
	productToken   engineSet // a User-agent value must be a product token
	listsPerLine   engineSet // several robots or paths on one line
	fieldsEndUA    engineSet // any other field ends the User-agent lines
	relativePaths  engineSet // a path without `/` is read as if it had one
	tokenStream    engineSet // the file is read as a stream of tokens
	encodes        engineSet // non-ASCII is compared %-encoded
	delayHonoured  engineSet // Crawl-delay is honoured
	delayIgnored   engineSet // Crawl-delay is read and knowingly ignored
	crawlers       engineSet // readings of an operator's crawler
	flagsUnknown   engineSet // the operator's tools list unread lines as problems
	hostReaders    engineSet // Host lines are read
	hostMirror     engineSet // Host names the main mirror
	hostFirst      engineSet // of several Host lines the first is kept
	hostLast       engineSet // of several Host lines the last is kept
	cleanParam     engineSet // Clean-param lines are read
	trailingUA     engineSet // User-agent lines without rules at the end make no group
	strictParse    engineSet // a line the parser cannot place or read fails the file
	dollarAnywhere engineSet // `$` anchors the end wherever it stands
	starDropped    engineSet // the `*`s that end a rule are dropped
	emptyUAAll     engineSet // an empty User-agent names every robot
	requestRate    engineSet // Request-rate lines are read
}

// familiesOf reads the families of the engines in all from their traits.
func familiesOf(all []string) families {
	var f families
	for i, id := range all {
		e, ok := engine.Get(id)
		if !ok {
			continue
		}
		t := e.Info().Traits
		bit := engineSet(1) << i
		add := func(set *engineSet, has bool) {
			if has {
				*set |= bit
			}
		}
		add(&f.historic, !t.Wildcards)
		add(&f.wildcard, t.Wildcards)
		add(&f.blankEnds, t.BlankEndsGroup)
		add(&f.noAllow, !t.Allow)
		add(&f.longest, t.LongestMatch && t.AllowWinsTie)
		add(&f.firstOfEqual, t.LongestMatch && !t.AllowWinsTie)
		add(&f.firstMatch, t.Allow && !t.LongestMatch)
		add(&f.mergers, t.MergesGroups)
		add(&f.sitemapReaders, t.Sitemaps)
		f.readLimits = addLimit(f.readLimits, t.ReadLimit, bit)
		f.lineLimits = addLimit(f.lineLimits, t.LineLimit, bit)
		add(&f.nulCut, t.CutAtNUL)
		add(&f.lenientKeys, t.LenientKeys)
		add(&f.keyPrefixes, t.KeyPrefixes)
		add(&f.bomKey, t.BOMInFirstKey)
		add(&f.utf8Only, t.UTF8Only)
		add(&f.joinedUA, t.JoinedUserAgent)
		add(&f.colonOptional, t.ColonOptional)
		add(&f.leadingToken, t.Agents == engine.AgentsLeadingToken)
		add(&f.productToken, t.Agents == engine.AgentsProductToken)
		add(&f.listsPerLine, t.ListsPerLine)
		add(&f.fieldsEndUA, t.FieldsEndAgents)
		add(&f.relativePaths, t.RelativePaths)
		add(&f.tokenStream, t.TokenStream)
		add(&f.encodes, t.EncodesNonASCII)
		add(&f.delayHonoured, t.CrawlDelay == engine.DelayHonoured)
		add(&f.delayIgnored, t.CrawlDelay == engine.DelayIgnored)
		add(&f.crawlers, t.Crawler)
		add(&f.flagsUnknown, t.FlagsUnknownFields)
		add(&f.hostReaders, t.Host != engine.HostNotRead)
		add(&f.hostMirror, t.Host == engine.HostMirror)
		add(&f.hostFirst, t.HostKept == engine.HostKeptFirst)
		add(&f.hostLast, t.HostKept == engine.HostKeptLast)
		add(&f.cleanParam, t.CleanParam)
		add(&f.trailingUA, t.TrailingAgentsIgnored)
		add(&f.strictParse, t.StrictParse)
		add(&f.dollarAnywhere, t.DollarAnchorsAnywhere)
		add(&f.starDropped, t.TrailingStarDropped)
		add(&f.emptyUAAll, t.EmptyAgentNamesAll)
		add(&f.requestRate, t.RequestRate)
	}
	return f
}

// limited is the engines that stop reading after Bytes bytes.
type limited struct {
	Bytes   int
	Engines engineSet
}

// addLimit adds engine bit to the limit n of list (none when n is 0), keeping
// the list ordered by limit.
func addLimit(list []limited, n int, bit engineSet) []limited {
	if n <= 0 {
		return list
	}
	for i := range list {
		if list[i].Bytes == n {
			list[i].Engines |= bit
			return list
		}
	}
	list = append(list, limited{n, bit})
	slices.SortFunc(list, func(a, b limited) int { return a.Bytes - b.Bytes })
	return list
}

// traitsCache holds the families of the registered engines, read again
// when an engine is registered (tests register their own).
var traitsCache struct {
	sync.Mutex
	key string
	all []string
	fam families
}

// readings are the engine ids lint reports on, in the engines' order, and
// their families.
func readings() ([]string, families) {
	all := ids()
	key := strings.Join(all, "\x00")
	traitsCache.Lock()
	defer traitsCache.Unlock()
	if traitsCache.key != key || traitsCache.all == nil {
		traitsCache.key, traitsCache.all, traitsCache.fam = key, all, familiesOf(all)
	}
	return traitsCache.all, traitsCache.fam
}

// ids lists the registered engine ids in their order (at most maxEngines).
func ids() []string {
	all := engine.IDs()
	return all[:min(len(all), maxEngines)]
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// everyEngine is the set of every id in all.
func everyEngine(all []string) engineSet { return engineSet(1)<<len(all) - 1 }

// setOf converts ids to a set over all; unknown ids are ignored.
func setOf(all []string, list []string) engineSet {
	var s engineSet
	for _, id := range list {
		if i := indexOf(all, id); i >= 0 {
			s |= 1 << i
		}
	}
	return s
}

// names lists the ids of s in engine order.
func (s engineSet) names(all []string) []string {
	var out []string
	for i, id := range all {
		if s&(1<<i) != 0 {
			out = append(out, id)
		}
	}
	return out
}

// text is the engines of s for a sentence, by the names users know
// ("Google, RFC 9309"), in the language of the moment it is shown.
func (s engineSet) text(all []string) engineNames { return engineNames(s.names(all)) }

// engineNames is a list of engine ids shown by their display names.
type engineNames []string

// String joins the names as the language shown lists them ("Bing and
// Yandex", "Bing и Яндекс").
func (n engineNames) String() string {
	names := make([]string, len(n))
	for i, id := range n {
		names[i] = engine.NameOf(id).String()
	}
	return engine.JoinNames(names)
}

// Many reports whether the list names more than one engine, for a
// template's verb: "{{.X}} {{if .X.Many}}read{{else}}reads{{end}}". An
// empty list is false in a template's if: "{{if .X}}…{{end}}".
func (n engineNames) Many() bool { return len(n) > 1 }

// names is the engines of set e for a sentence (engineSet.text).
func (s *state) names(e engineSet) engineNames { return e.text(s.all) }

// DefaultEngines are the readings lint reports on when Options.Engines is
// empty: the crawlers a site is tested with today (each crawler under its own
// owner's rules: Google, Yandex, Bing, and RFC 9309 for the rest), read
// from the engines' traits when the package starts. Findings
// that matter only to the 1994/1996 readings or to the temoto library appear
// when one of those is chosen.
var DefaultEngines = defaultEngines()

// defaultEngines are the readings of the operators' crawlers (Traits.Crawler)
// and the reading a crawler without its own gets (engine.ForCrawler of a
// name no one has), in the engines' order.
func defaultEngines() []string {
	var out []string
	for _, e := range engine.All() {
		if e.Info().Traits.Crawler {
			out = append(out, e.Info().ID)
		}
	}
	if id := engine.ForCrawler("").Info().ID; indexOf(out, id) < 0 {
		out = append(out, id)
	}
	return out
}

// EngineIDs lists the engine ids the linter can name in diagnostics and
// accept in Options.Engines: every registered engine, in the engines' order.
func EngineIDs() []string { return ids() }
