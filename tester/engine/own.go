package engine

import (
	"strings"
	"sync"

	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// "Each crawler's own" reading is an engine's reading with the crawler's
// name read as the crawler itself reads it (issue 35): its catalogue entry's
// tokens, most specific first (Googlebot-Image obeys a Googlebot group when
// no group names Googlebot-Image), each compared with a User-agent value as
// the entry's Match says (MJ12bot matches `User-agent: MJ12bot` whole, which
// Google's parser reads as `MJ` and RFC 9309's grammar as no name at all),
// and a crawler asked for by its catalogue name is asked by its token
// (AltaVista obeys `User-agent: Scooter`). A crawler the catalogue does not
// know is matched by its whole name too.
//
// Where that changes nothing, ForCrawler gives the engine itself; where it
// does, the engine's own variant, whose id is the engine's followed by
// OwnSuffix ("rfc9309+own"). Variants are reached by Get and named by
// NameOf, but are not in All or IDs: Compare, lint and the command line's
// list of readings keep the engines as their texts and parsers read.

var (
	msgOwnName    = msg.Def("engine.own.name", "{{.Engine}}, crawler's own tokens")
	msgOwnDesc    = msg.Def("engine.own.desc", "the reading named first, with the crawler's name compared as the crawler itself compares it: its catalogue tokens, most specific first, each matched whole, by its leading letters or inside its name as its catalogue entry says; a crawler the catalogue does not know is matched by its whole name too")
	msgOwnFell    = msg.Def("engine.note.own_fallback", "no group names {{.Agent}}; it obeys the group for {{.Token}}, the next of the tokens it answers to")
	msgOwnAskedAs = msg.Def("engine.note.own_asked_as", "{{.Agent}} is the catalogue's name of the robot whose robots.txt name is {{.Token}}: asked as {{.Token}}")
)

// OwnSuffix ends the id of an engine's "each crawler's own" variant.
const OwnSuffix = "+own"

// BaseID is the engine id a variant is made from ("rfc9309" for
// "rfc9309+own"); any other id stands for itself.
func BaseID(id string) string { return strings.TrimSuffix(id, OwnSuffix) }

var owns sync.Map // base id → *ownEngine

// ownOf is base's own variant, made once.
func ownOf(base Engine) Engine {
	id := base.Info().ID
	if o, ok := owns.Load(id); ok {
		return o.(*ownEngine)
	}
	info := base.Info()
	info.ID = id + OwnSuffix
	info.Description = msgOwnDesc // Name stays the base's: NameOf says "own tokens"
	o, _ := owns.LoadOrStore(id, &ownEngine{base: base, info: info})
	return o.(*ownEngine)
}

// getOwn finds the variant with id, making it when its base is registered.
func getOwn(id string) (Engine, bool) {
	baseID, ok := strings.CutSuffix(id, OwnSuffix)
	if !ok {
		return nil, false
	}
	base, ok := registry[baseID]
	if !ok {
		return nil, false
	}
	return ownOf(base), true
}

// MatchOf is how the catalogue entry c compares its tokens: as it says,
// else as its engine's entries do (Info.EntryMatch: Google's, Bing's and
// Yandex's crawlers by the leading run, the 1990s robots by substring),
// else by the whole name.
func MatchOf(c catalogue.Crawler) catalogue.Match {
	if c.Match != "" {
		return c.Match
	}
	if e, ok := registry[c.Engine]; ok && e.Info().EntryMatch != "" {
		return e.Info().EntryMatch
	}
	return catalogue.MatchWhole
}

// ForCrawler picks the reading of robots.txt for a crawler, named by a
// robots.txt token or its catalogue name: the engine its catalogue entry
// names (Googlebot → google, YandexBot → yandex, bingbot → bing, a 1990s
// robot → the text of its time), the same by name for the operators' other
// robots, and RFC 9309 for everyone else, since that is the standard a
// crawler without documentation of its own is expected to follow; each
// with the crawler's name compared as the crawler compares it (see above).
func ForCrawler(crawler string) Engine {
	c := strings.TrimSpace(crawler)
	id := "rfc9309"
	// No catalogue entry has an empty token: a nameless crawler is read
	// without loading the catalogue (lint asks for it when it starts).
	if c == "" {
		return registry[id]
	}
	if e, ok := catalogue.Find(c); ok {
		base, known := registry[e.Engine]
		if !known {
			base = registry[byName(strings.ToLower(c), id)]
		}
		if ownDiffers(e, base, c) {
			return ownOf(base)
		}
		return base
	}
	if id = byName(strings.ToLower(c), id); id != "rfc9309" {
		return registry[id]
	}
	base := registry[id]
	if name, _, _, named := productToken(c); !named || name != strings.ToLower(c) {
		return ownOf(base) // matched by its whole name, which RFC 9309 cannot name
	}
	return base
}

// byName is the engine of an operator's robot the catalogue does not list,
// by its name (lower case): the first engine, in the engines' order, whose
// Info.RobotNames has a part of c; def for any other.
func byName(c, def string) string {
	for _, e := range All() {
		for _, part := range e.Info().RobotNames {
			if strings.Contains(c, part) {
				return e.Info().ID
			}
		}
	}
	return def
}

// ownDiffers reports whether the crawler of entry e, asked for as asked,
// reads base's groups otherwise than base reads them for asked.
func ownDiffers(e catalogue.Crawler, base Engine, asked string) bool {
	if !hasToken(e, asked) {
		return true // asked by its name, which is no token of it
	}
	lf, modern := base.(*longestFamily)
	if !modern {
		// Yandex's ladder (its robot, then Yandex, then `*`) is its
		// engine's; the 1990s readings find a token in the name they are
		// given.
		_, yandex := base.(*yandexEngine)
		return len(e.Tokens) > 1 && !yandex
	}
	if len(e.Tokens) > 1 {
		return true
	}
	if MatchOf(e) != catalogue.MatchWhole {
		return false
	}
	token, _, _, named := lf.agentReading()(e.Tokens[0])
	return !named || token != strings.ToLower(e.Tokens[0])
}

func hasToken(e catalogue.Crawler, name string) bool {
	for _, t := range e.Tokens {
		if strings.EqualFold(t, name) {
			return true
		}
	}
	return strings.EqualFold(e.Token, name)
}

// ownEngine is an engine's "each crawler's own" variant.
type ownEngine struct {
	base Engine
	info Info
}

func (o *ownEngine) Info() Info                        { return o.info }
func (o *ownEngine) GroupRule() syntax.GroupRule       { return o.base.GroupRule() }
func (o *ownEngine) FetchPolicy(f Fetch) FetchDecision { return o.base.FetchPolicy(f) }

// Compile: a modern reading compiles its groups under the names its own
// reading gives them and under their whole values too; any other is asked
// once per token the crawler answers to.
func (o *ownEngine) Compile(doc *syntax.Document) Compiled {
	if lf, ok := o.base.(*longestFamily); ok {
		c := lf.compileWith(doc, true)
		c.owner, c.id = o, o.info.ID
		return c
	}
	return &ownCompiled{inner: o.base.Compile(doc), eng: o}
}

// ownTokens are the names the crawler asked for as agent answers to, most
// specific first, and how it compares them; known reports whether the
// catalogue lists it.
func ownTokens(agent string) (tokens []string, m catalogue.Match, known bool) {
	e, ok := catalogue.Find(agent)
	if !ok {
		return []string{agent}, catalogue.MatchWhole, false
	}
	return e.Tokens, MatchOf(e), true
}

// ownPick is pick for a variant: the first of the crawler's tokens a group
// names, under the crawler's match; else `*`.
func (c *longestCompiled) ownPick(agent string) (*ruleSet, How, string) {
	tokens, m, known := ownTokens(agent)
	if !known {
		if rs := c.lookup(agent); rs != nil {
			return rs, HowNone, agent
		}
		if rs := lookupIn(c.whole, agent); rs != nil {
			return rs, HowExact, agent
		}
		return c.global, HowNone, ""
	}
	names := c.specific
	if m == catalogue.MatchWhole {
		names = c.whole
	}
	for _, t := range tokens {
		if rs := lookupIn(names, t); rs != nil {
			return rs, HowExact, t
		}
	}
	return c.global, HowNone, ""
}

// ownNotes says how the variant read the crawler's name: by a later token
// of it, or by its token when it was asked for by its name.
func ownNotes(v *Verdict, agent, token string) {
	tokens, _, known := ownTokens(agent)
	switch {
	case !known || token == "":
	case !strings.EqualFold(token, tokens[0]):
		v.Notes = append(v.Notes, msg.New(msgOwnFell, "Agent", tokens[0], "Token", token))
	case !strings.EqualFold(token, agent):
		v.Notes = append(v.Notes, msg.New(msgOwnAskedAs, "Agent", agent, "Token", token))
	}
}

// ownCompiled is a variant over an engine outside the modern family (the
// 1990s texts, Yandex, the libraries): it asks the engine once per token
// the crawler answers to (a 1990s robot by the name its records use), and
// takes the first answer a group names it in.
type ownCompiled struct {
	inner Compiled
	eng   *ownEngine
}

func (c *ownCompiled) Engine() Engine { return c.eng }

func (c *ownCompiled) Query(agent, url string) Verdict {
	e, known := catalogue.Find(agent)
	if !known {
		return c.relabel(c.inner.Query(agent, url), agent)
	}
	asks := append([]string{e.Token}, e.Tokens[1:]...)
	var first Verdict
	for i, a := range asks {
		v := c.inner.Query(a, url)
		if i == 0 {
			first = v
		}
		if v.Group != nil && v.Group.How != HowGlobal {
			v = c.relabel(v, agent)
			if !strings.EqualFold(a, agent) {
				if i == 0 {
					v.Notes = append(v.Notes, msg.New(msgOwnAskedAs, "Agent", agent, "Token", a))
				} else {
					v.Notes = append(v.Notes, msg.New(msgOwnFell, "Agent", e.Token, "Token", a))
				}
			}
			return v
		}
	}
	return c.relabel(first, agent)
}

func (c *ownCompiled) relabel(v Verdict, agent string) Verdict {
	v.Engine, v.Agent = c.eng.info.ID, agent
	return v
}
