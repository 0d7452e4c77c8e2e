// Package catalogue is the crawler catalogue: every crawler's robots.txt
// tokens, the User-Agent patterns that identify it in a log, its operator,
// purpose, the engine that reads robots.txt for it, what is documented
// about how it treats robots.txt, and the sources for those claims. The
// built-in entries are the data of assets/catalogue (crawlers.json); this
// package reads and checks them, and merges the user's layers (updates, own
// entries) over them, for the engine side and the window alike.
package catalogue

import (
	"encoding/json"
	"fmt"
	"sync"

	data "github.com/robots-studio/robots-studio/assets/catalogue"
)

// Purpose is what a crawler fetches for.
type Purpose string

// Purposes, in the order lists show them.
const (
	Search      Purpose = "search"       // a search engine's index
	AITraining  Purpose = "ai-training"  // data to train AI models
	AISearch    Purpose = "ai-search"    // an index for AI answers and AI search
	AIAssistant Purpose = "ai-assistant" // fetches for one user's request to an AI assistant or agent
	AIData      Purpose = "ai-data"      // data providers and scrapers selling or feeding content to AI applications
	Ads         Purpose = "ads"          // ad checks and ad matching
	SEO         Purpose = "seo"          // SEO and backlink tools
	Archive     Purpose = "archive"      // web archives
	Monitor     Purpose = "monitor"      // uptime, speed, validation and safety checks
	Preview     Purpose = "preview"      // link previews in social networks and chats
	Copier      Purpose = "copier"       // site copiers, downloaders and scraping tools
	Other       Purpose = "other"
)

// Purposes lists every purpose in display order.
var Purposes = []Purpose{Search, AITraining, AISearch, AIAssistant, AIData, Ads, SEO, Archive, Monitor, Preview, Copier, Other}

// IsAI reports whether p is one of the AI purposes.
func (p Purpose) IsAI() bool {
	return p == AITraining || p == AISearch || p == AIAssistant || p == AIData
}

// Behaviour is what is documented about a crawler and robots.txt.
type Behaviour string

// Behaviours.
const (
	Obeys         Behaviour = "obeys"          // documented to follow robots.txt
	TokenOnly     Behaviour = "token-only"     // a robots.txt token no request carries (Google-Extended)
	UserTriggered Behaviour = "user-triggered" // fetches on a user's request and may ignore robots.txt
	Ignores       Behaviour = "ignores"        // documented or reported to ignore robots.txt
	Unknown       Behaviour = "unknown"        // nothing reliable is documented
)

// Behaviours lists every behaviour word.
var Behaviours = []Behaviour{Obeys, TokenOnly, UserTriggered, Ignores, Unknown}

// Stoppable reports whether a robots.txt group can keep the crawler out.
func (b Behaviour) Stoppable() bool { return b == Obeys || b == TokenOnly }

// Match is how a crawler compares one of its tokens with the value of a
// User-agent line: what "each crawler's own" reading (engine.ForCrawler)
// reads its groups by. The rest of the reading (which rule wins, what a path
// is) is its Engine's.
type Match string

// Matches.
const (
	// MatchWhole: the whole value names the crawler, case set aside, as most
	// operators document their tokens ("User-agent: MJ12bot",
	// "User-agent: ChatGPT Agent", "User-agent: bigsur.ai").
	MatchWhole Match = "whole"
	// MatchLeading: the value's leading run of letters, "-" and "_", as
	// Google's parser reads it ("Googlebot/2.1" names Googlebot); the
	// operators whose crawlers read this way (Google, Microsoft, Yandex)
	// have no token with other characters.
	MatchLeading Match = "leading"
	// MatchSubstring: the 1994 text's rule, the value found anywhere in the
	// robot's own name, case set aside (the robots of the 1990s).
	MatchSubstring Match = "substring"
)

// Matches lists every match word.
var Matches = []Match{MatchWhole, MatchLeading, MatchSubstring}

// Source is where a claim comes from, and when it was checked there.
type Source struct {
	URL string `json:"url"`
	// Checked is the day the page was read (YYYY-MM-DD); "" when it is
	// cited but was not read, and then the entry is marked unverified.
	Checked string `json:"checked"`
}

// Localized is a short text in each UI language ("en", "ru", "pl").
type Localized map[string]string

// In returns the text in language lang, English when there is none.
func (l Localized) In(lang string) string {
	if s, ok := l[lang]; ok && s != "" {
		return s
	}
	return l["en"]
}

// Crawler is one catalogue entry.
type Crawler struct {
	Name string `json:"name"` // what lists show ("AltaVista")
	// Token is what the tester asks with: the first robots.txt token, or the
	// full User-Agent where the 1990s readings need one (Lycos), because they
	// look for a record's name anywhere in it.
	Token      string   `json:"token,omitempty"`
	Tokens     []string `json:"tokens"`      // robots.txt product tokens it obeys, most specific first
	UAPatterns []string `json:"ua_patterns"` // case-insensitive words that identify it in a User-Agent
	Samples    []string `json:"samples"`     // real User-Agent strings it sends
	Operator   string   `json:"operator"`
	Purpose    Purpose  `json:"purpose"`
	Engine     string   `json:"engine"` // google, bing, yandex or rfc9309
	// Match is how it compares its tokens with a User-agent value; "":
	// as its engine's entries do (engine.MatchOf, Info.EntryMatch).
	Match      Match     `json:"match,omitempty"`
	RobotsTxt  Behaviour `json:"robots_txt"`
	Sources    []Source  `json:"sources"`
	Unverified bool      `json:"unverified,omitempty"` // a claim could not be confirmed from a source
	Historical bool      `json:"historical,omitempty"` // a robot of the 1990s or since retired
	Note       Localized `json:"note"`
	// Origin is the layer the entry comes from: "" (built in), "update"
	// (merged from a published list by `crawlers update`) or "user".
	Origin Origin `json:"origin,omitempty"`
	// Quote is a source's own description of the crawler, in its own
	// language (English), shown as a quotation.
	Quote *Quote `json:"quote,omitempty"`
	// Claims says, field by field, which source an update took each claim
	// from and when it read it.
	Claims []Claim `json:"claims,omitempty"`
	// RangeFiles are the published IP range files an update read for this
	// crawler (their URLs); logs verify its visits against them.
	RangeFiles []string `json:"range_files,omitempty"`
}

// File is the whole catalogue file.
type File struct {
	Version int `json:"version"`
	// CheckedAgainst are the open catalogues the entries were compared with.
	CheckedAgainst []struct {
		URL     string `json:"url"`
		License string `json:"license"`
		Checked string `json:"checked"`
	} `json:"checked_against"`
	// Verification is, per operator, how its crawlers can be verified:
	// the IP range files it publishes and its reverse-DNS domains.
	Verification map[string]Verification `json:"verification"`
	Crawlers     []Crawler               `json:"crawlers"`
}

var builtin = sync.OnceValue(func() *File {
	file, err := parseFile(data.JSON)
	if err != nil {
		panic("catalogue: " + err.Error()) // the embedded file is checked by its tests
	}
	return file
})

// All returns the catalogue in display order (by operator, the 1990s robots
// last), with the user's overlay (see Use) merged in: its entries replace
// the built-in ones of the same name and the others follow. The slice is
// shared: do not modify it.
func All() []Crawler { return current().list }

// Builtin returns the catalogue as built in, without the overlay.
func Builtin() []Crawler { return builtin().Crawlers }

// Parse reads a catalogue file.
func Parse(data []byte) ([]Crawler, error) {
	file, err := parseFile(data)
	if err != nil {
		return nil, err
	}
	return file.Crawlers, nil
}

func parseFile(data []byte) (*File, error) {
	var file File
	if err := json.Unmarshal(data, &file); err != nil {
		return nil, fmt.Errorf("crawlers.json: %w", err)
	}
	if file.Version != 2 {
		return nil, fmt.Errorf("crawlers.json: version %d, want 2", file.Version)
	}
	for i := range file.Crawlers {
		c := &file.Crawlers[i]
		if len(c.Tokens) == 0 {
			return nil, fmt.Errorf("crawlers.json: %s has no token", c.Name)
		}
		if c.Token == "" {
			c.Token = c.Tokens[0]
		}
	}
	return &file, nil
}

// ByPurpose returns the entries with purpose p, in catalogue order.
func ByPurpose(p Purpose) []Crawler {
	var out []Crawler
	for _, c := range All() {
		if c.Purpose == p {
			out = append(out, c)
		}
	}
	return out
}
