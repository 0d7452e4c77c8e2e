package lint

import (
	"strings"

	"github.com/robots-studio/robots-studio/tester/engine"
)

// engineSet is a set of engines as a bit mask over engineIDs.
type engineSet uint32

// The engines the linter names in its findings, in the engines' order.
// Engines registered later that it does not know are appended by ids() and
// only get the diagnostics that matter to every reader.
const (
	eGoogle engineSet = 1 << iota
	eRFC
	eYandex
	eBing
	eDraft1996
	eLycos1996
	eOriginal1994
	eTemoto
	knownCount = iota
)

var knownIDs = [knownCount]string{"google", "rfc9309", "yandex", "bing", "draft1996", "lycos1996", "original1994", "temoto"}

// Families of engines by the reading they share, read from the traits each
// engine publishes (engine.Traits), so lint cannot describe an engine
// otherwise than it reads.
var (
	// historic engines read `*` and `$` as ordinary characters (the 1994 and
	// 1996 texts).
	historic = withTrait(func(t engine.Traits) bool { return !t.Wildcards })
	// blankEnds are the engines for which a blank line ends a record.
	blankEnds = withTrait(func(t engine.Traits) bool { return t.BlankEndsGroup })
	// noAllow are the engines for which Allow is an unknown field.
	noAllow = withTrait(func(t engine.Traits) bool { return !t.Allow })
	// wildcard engines give `*` and `$` their modern meaning.
	wildcard = withTrait(func(t engine.Traits) bool { return t.Wildcards })
	// longest are the engines whose deciding rule is the longest match,
	// Allow winning a tie (Yandex's "sorted by length, last wins" is the same).
	longest = withTrait(func(t engine.Traits) bool { return t.LongestMatch && t.AllowWinsTie })
	// mergers merge groups that name the same robot (and several `*` groups).
	mergers = withTrait(func(t engine.Traits) bool { return t.MergesGroups })
	// sitemapReaders read Sitemap lines.
	sitemapReaders = withTrait(func(t engine.Traits) bool { return t.Sitemaps })
)

// withTrait is the set of known engines whose traits satisfy has.
func withTrait(has func(engine.Traits) bool) engineSet {
	var s engineSet
	for i, id := range knownIDs {
		if e, ok := engine.Get(id); ok && has(e.Info().Traits) {
			s |= 1 << i
		}
	}
	return s
}

// ids lists the engine ids the linter reports on: the known ones, then any
// registered engine it does not know yet.
func ids() []string {
	out := append([]string(nil), knownIDs[:]...)
	for _, id := range engine.IDs() {
		if indexOf(out, id) < 0 && len(out) < 32 {
			out = append(out, id)
		}
	}
	return out
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

func (n engineNames) String() string {
	names := make([]string, len(n))
	for i, id := range n {
		names[i] = engine.NameOf(id).String()
	}
	return strings.Join(names, ", ")
}

// DefaultEngines are the readings lint reports on when Options.Engines is
// empty: the crawlers a site is tested with today (each crawler under its own
// owner's rules: Google, Yandex, Bing, and RFC 9309 for the rest). Findings
// that matter only to the 1994/1996 readings or to the temoto library appear
// when one of those is chosen.
var DefaultEngines = []string{"google", "yandex", "bing", "rfc9309"}

// EngineIDs lists the engine ids the linter can name in diagnostics and
// accept in Options.Engines: the known engines, then any other registered
// engine.
func EngineIDs() []string { return ids() }
