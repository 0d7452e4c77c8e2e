// Package metatag understands page-level robots directives: the robots <meta>
// tag and the X-Robots-Tag HTTP header. It builds them (Build), parses and
// validates a content string against the strict 1996 grammar and against what
// Google, Yandex and Bing read (Validate), and analyses a whole HTML page with
// its response headers (AnalyseHTML), ending in the effective policy per
// crawler. Pure Go: the window and the command line share it.
package metatag

import (
	"slices"
	"strings"

	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/textdist"
)

// Engine is a way of reading robots directives.
type Engine string

// The engines a content string is checked against.
const (
	Google     Engine = "google"     // most restrictive wins [V]
	Yandex     Engine = "yandex"     // positive value wins
	Bing       Engine = "bing"       // most restrictive assumed (not documented: assumed)
	Strict1996 Engine = "strict1996" // the 1996 grammar (the HTML 4 robots meta tag): no repeats, no contradictions
)

var (
	msgEngineGoogle = msg.Def("meta.engine.google", "Google")
	msgEngineYandex = msg.Def("meta.engine.yandex", "Yandex")
	msgEngineBing   = msg.Def("meta.engine.bing", "Bing")
	msgEngine1996   = msg.Def("meta.engine.strict1996", "1996 rules")
)

// engineInfo is one engine as data: its name, and the other ids that choose
// it — its crawler's name, and the robots.txt readings (tester/engine ids)
// whose reading of robots directives it stands for.
type engineInfo struct {
	engine  Engine
	label   string // msg key
	aliases []string
}

// engineTable is every engine in display order. RFC 9309 says nothing of
// meta tags: its reading is checked as Google reads them. The 1990s
// robots.txt texts go with the grammar of their time.
var engineTable = []engineInfo{
	{Google, msgEngineGoogle, []string{"googlebot", "rfc9309"}},
	{Yandex, msgEngineYandex, nil},
	{Bing, msgEngineBing, []string{"bingbot"}},
	{Strict1996, msgEngine1996, []string{"1996", "draft1996", "lycos1996", "original1994"}},
}

// Engines lists every engine in display order.
var Engines = func() []Engine {
	out := make([]Engine, len(engineTable))
	for i, e := range engineTable {
		out[i] = e.engine
	}
	return out
}()

// Label is the engine's name for people.
func (e Engine) Label() msg.Text {
	for _, info := range engineTable {
		if info.engine == e {
			return msg.New(info.label)
		}
	}
	return msg.Text{}
}

// ParseEngine accepts an engine's id or one of its aliases (engineTable),
// in any case; "all" (or "") is every engine.
func ParseEngine(id string) ([]Engine, bool) {
	id = strings.ToLower(strings.TrimSpace(id))
	if id == "" || id == "all" {
		return Engines, true
	}
	for _, info := range engineTable {
		if id == string(info.engine) || slices.Contains(info.aliases, id) {
			return []Engine{info.engine}, true
		}
	}
	return nil, false
}

// valueKind is what may follow a directive's colon.
type valueKind uint8

const (
	valueNone valueKind = iota // a plain word: noindex
	valueInt                   // max-snippet:N, N ≥ -1
	valueEnum                  // max-image-preview:none|standard|large
	valueDate                  // unavailable_after:DATE
)

// atom is one elementary effect; all and none stand for two atoms each.
type atom uint8

const (
	atomIndex atom = iota + 1
	atomNoIndex
	atomFollow
	atomNoFollow
)

func (a atom) opposite() atom {
	switch a {
	case atomIndex:
		return atomNoIndex
	case atomNoIndex:
		return atomIndex
	case atomFollow:
		return atomNoFollow
	}
	return atomFollow
}

// directiveSpec describes one directive the package knows.
type directiveSpec struct {
	name     string
	kind     valueKind
	enum     []string
	atoms    []atom
	readBy   []Engine
	obsolete bool   // once read by someone, read by nobody today
	desc     string // msg key of what it does
}

func (s *directiveSpec) reads(e Engine) bool {
	for _, r := range s.readBy {
		if r == e {
			return true
		}
	}
	return false
}

var (
	all4      = []Engine{Google, Yandex, Bing, Strict1996}
	googBing  = []Engine{Google, Bing}
	googYaBi  = []Engine{Google, Yandex, Bing}
	onlyGoogl = []Engine{Google}
)

// Directive descriptions, shown next to each parsed directive and in the builder.
var (
	msgDescAll             = msg.Def("meta.desc.all", "no restriction: same as index, follow (the default)")
	msgDescNone            = msg.Def("meta.desc.none", "same as noindex, nofollow")
	msgDescIndex           = msg.Def("meta.desc.index", "the page may be indexed (the default)")
	msgDescNoIndex         = msg.Def("meta.desc.noindex", "do not show this page in search results")
	msgDescFollow          = msg.Def("meta.desc.follow", "links on the page may be followed (the default)")
	msgDescNoFollow        = msg.Def("meta.desc.nofollow", "do not follow the links on this page")
	msgDescNoArchive       = msg.Def("meta.desc.noarchive", "do not offer a cached copy of the page")
	msgDescNoCache         = msg.Def("meta.desc.nocache", "Bing's synonym of noarchive")
	msgDescNoSnippet       = msg.Def("meta.desc.nosnippet", "show no text snippet or video preview in results")
	msgDescMaxSnippet      = msg.Def("meta.desc.max-snippet", "snippet of at most N characters (0 = none, -1 = no limit)")
	msgDescMaxImagePreview = msg.Def("meta.desc.max-image-preview", "largest image preview: none, standard or large")
	msgDescMaxVideoPreview = msg.Def("meta.desc.max-video-preview", "video preview of at most N seconds (0 = still image, -1 = no limit)")
	msgDescNoTranslate     = msg.Def("meta.desc.notranslate", "do not offer a translation of the page in results")
	msgDescNoImageIndex    = msg.Def("meta.desc.noimageindex", "do not index the images on this page")
	msgDescUnavailable     = msg.Def("meta.desc.unavailable_after", "drop the page from results after this date and time")
	msgDescIndexIfEmbedded = msg.Def("meta.desc.indexifembedded", "with noindex: index the content when another page embeds it in an iframe")
	msgDescNoODP           = msg.Def("meta.desc.noodp", "obsolete: do not use the DMOZ directory description (DMOZ closed in 2017)")
	msgDescNoYDir          = msg.Def("meta.desc.noydir", "obsolete: do not use the Yahoo! Directory description (closed in 2014)")
	msgDescNoSitelinks     = msg.Def("meta.desc.nositelinkssearchbox", "obsolete: Google stopped showing the sitelinks search box in 2024")
	msgDescNoYaca          = msg.Def("meta.desc.noyaca", "obsolete: do not use the Yandex.Catalog description (closed in 2018)")
)

var catalogue = []directiveSpec{
	{name: "all", atoms: []atom{atomIndex, atomFollow}, readBy: all4, desc: msgDescAll},
	{name: "none", atoms: []atom{atomNoIndex, atomNoFollow}, readBy: all4, desc: msgDescNone},
	{name: "index", atoms: []atom{atomIndex}, readBy: all4, desc: msgDescIndex},
	{name: "noindex", atoms: []atom{atomNoIndex}, readBy: all4, desc: msgDescNoIndex},
	{name: "follow", atoms: []atom{atomFollow}, readBy: all4, desc: msgDescFollow},
	{name: "nofollow", atoms: []atom{atomNoFollow}, readBy: all4, desc: msgDescNoFollow},
	{name: "noarchive", readBy: googYaBi, desc: msgDescNoArchive},
	{name: "nocache", readBy: []Engine{Bing}, desc: msgDescNoCache},
	{name: "nosnippet", readBy: googBing, desc: msgDescNoSnippet},
	{name: "max-snippet", kind: valueInt, readBy: googBing, desc: msgDescMaxSnippet},
	{name: "max-image-preview", kind: valueEnum, enum: imagePreviews, readBy: googBing, desc: msgDescMaxImagePreview},
	{name: "max-video-preview", kind: valueInt, readBy: googBing, desc: msgDescMaxVideoPreview},
	{name: "notranslate", readBy: onlyGoogl, desc: msgDescNoTranslate},
	{name: "noimageindex", readBy: onlyGoogl, desc: msgDescNoImageIndex},
	{name: "unavailable_after", kind: valueDate, readBy: onlyGoogl, desc: msgDescUnavailable},
	{name: "indexifembedded", readBy: onlyGoogl, desc: msgDescIndexIfEmbedded},
	{name: "noodp", obsolete: true, desc: msgDescNoODP},
	{name: "noydir", obsolete: true, desc: msgDescNoYDir},
	{name: "nositelinkssearchbox", obsolete: true, desc: msgDescNoSitelinks},
	{name: "noyaca", obsolete: true, desc: msgDescNoYaca},
}

// imagePreviews is max-image-preview's scale, least to most generous.
var imagePreviews = []string{"none", "standard", "large"}

func lookup(name string) *directiveSpec {
	name = strings.ToLower(name)
	for i := range catalogue {
		if catalogue[i].name == name {
			return &catalogue[i]
		}
	}
	return nil
}

// Describe returns what a known directive does, or a zero Text.
func Describe(name string) msg.Text {
	if s := lookup(name); s != nil {
		return msg.New(s.desc)
	}
	return msg.Text{}
}

// IsDirective reports whether name is a directive some crawler knows or knew.
func IsDirective(name string) bool { return lookup(name) != nil }

// suggest returns the known directive closest to an unknown word, if it is
// close enough to be a typo (noindx, no-index, unavailable-after…).
func suggest(word string) string {
	w := strings.ToLower(word)
	best, bestDist := "", 3
	for _, s := range catalogue {
		if squash.Replace(w) == squash.Replace(s.name) {
			return s.name
		}
		if d := textdist.Levenshtein(w, s.name); d < bestDist {
			best, bestDist = s.name, d
		}
	}
	if len(w) < 4 && bestDist > 1 {
		return ""
	}
	return best
}

// squash drops the separators people vary: no-index, max_snippet.
var squash = strings.NewReplacer("-", "", "_", "", " ", "")
