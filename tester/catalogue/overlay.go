package catalogue

import (
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/robots-studio/robots-studio/tester/msg"
)

var (
	msgNoName     = msg.Def("catalogue.err.entry_no_name", "an entry has no name")
	msgNoToken    = msg.Def("catalogue.err.no_token", "{{.Name}} has no token")
	msgBadToken   = msg.Def("catalogue.err.bad_token", "{{.Name}}: “{{.Token}}” is not a robots.txt token")
	msgBadPurpose = msg.Def("catalogue.err.bad_purpose", "{{.Name}}: unknown purpose “{{.Purpose}}”")
	msgBadMatch   = msg.Def("catalogue.err.bad_match", "{{.Name}}: unknown match “{{.Match}}” (whole, leading or substring)")
)

// Origin is the layer a catalogue entry comes from.
type Origin string

// Layers.
const (
	BuiltIn    Origin = ""       // shipped with the program
	FromUpdate Origin = "update" // merged from a published list by an update
	FromUser   Origin = "user"   // added or edited by the user
)

// Claim is where one field of an entry comes from: the source (a URL or a
// file) and the day it was read (YYYY-MM-DD).
type Claim struct {
	Field  string `json:"field"`
	Source string `json:"source"`
	Read   string `json:"read"`
}

// Quote is a source's own words about a crawler, kept as it wrote them.
type Quote struct {
	Text   string `json:"text"`
	Source string `json:"source"`
	Read   string `json:"read"`
}

// Ranges is one published IP range file as a catalogue update keeps it
// (tester/crawlers/sources reads it; the AI policy's server rules refuse
// its prefixes).
type Ranges struct {
	// Key is whose ranges they are: a crawler's name (GPTBot) or, for a
	// file that serves all of an operator's crawlers, the operator (Google).
	Key      string   `json:"key"`
	Source   string   `json:"source"`   // the file or URL read
	Read     string   `json:"read"`     // the day it was read
	Created  string   `json:"created"`  // the file's own creationTime, if any
	Prefixes []string `json:"prefixes"` // normalised, sorted, without repeats
}

// Verification is how an operator's crawlers can be told from impostors.
type Verification struct {
	Ranges []string `json:"ranges,omitempty"` // URLs of published IP range files
	RDNS   []string `json:"rdns,omitempty"`   // reverse-DNS domains
}

// Verified reports whether the entry's claims were read in a source: it
// cites at least one source with a date, or an update or the user stands
// for it, and nothing is flagged unconfirmed.
func (c Crawler) Verified() bool {
	if c.Unverified {
		return false
	}
	for _, s := range c.Sources {
		if s.Checked != "" {
			return true
		}
	}
	return len(c.Claims) > 0
}

// HowToVerify says how a visit claiming to be c can be checked: the range
// files published for it (under its name, else its operator's), those an
// update read for it, and the operator's reverse-DNS domains. Both empty:
// it cannot be verified (or, token-only, it never visits).
func HowToVerify(c Crawler) Verification {
	if c.RobotsTxt == TokenOnly {
		return Verification{} // it sends no requests of its own
	}
	table := builtin().Verification
	own, byOp := table[c.Name], table[c.Operator]
	out := Verification{RDNS: append(own.RDNS, byOp.RDNS...)}
	out.Ranges = append(out.Ranges, own.Ranges...)
	if len(own.Ranges) == 0 {
		out.Ranges = append(out.Ranges, byOp.Ranges...)
	}
	for _, r := range c.RangeFiles {
		if !contains(out.Ranges, r) {
			out.Ranges = append(out.Ranges, r)
		}
	}
	return out
}

// RangesOwner says whose IP ranges the published file at url holds: the
// crawler or operator the catalogue lists it under ("Anthropic" for
// https://claude.com/crawling/bots.json, a name that says nothing).
func RangesOwner(url string) (string, bool) {
	for who, v := range builtin().Verification {
		if contains(v.Ranges, url) {
			return who, true
		}
	}
	return "", false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// state is the catalogue in use: the overlay Use was given, merged into the
// built-in entries on first use, so a run that never asks about a crawler
// does not parse the built-in catalogue.
type state struct {
	overlay []Crawler
	load    func() []Crawler // reads the overlay on first use (UseLoader)
	gen     uint64

	once    sync.Once
	list    []Crawler
	engines map[string]string // lower-case token → engine id
	byName  map[string]int    // lower-case token, then lower-case name → index into list
}

var (
	cur atomic.Pointer[state]
	gen atomic.Uint64
)

func current() *state {
	s := cur.Load()
	if s == nil {
		cur.CompareAndSwap(nil, &state{gen: gen.Add(1)})
		s = cur.Load()
	}
	s.once.Do(func() {
		if s.load != nil {
			s.overlay = s.load()
		}
		s.list, s.engines = merge(builtin().Crawlers, s.overlay)
		s.byName = map[string]int{}
		for i, c := range s.list {
			for _, t := range c.Tokens {
				if _, dup := s.byName[strings.ToLower(t)]; !dup {
					s.byName[strings.ToLower(t)] = i
				}
			}
		}
		for i, c := range s.list {
			if _, dup := s.byName[strings.ToLower(c.Name)]; !dup {
				s.byName[strings.ToLower(c.Name)] = i
			}
		}
	})
	return s
}

// Current returns All with its generation, a number that changes whenever
// Use changes the catalogue: caches built from the list compare it.
func Current() ([]Crawler, uint64) {
	s := current()
	return s.list, s.gen
}

// Use merges the overlay's entries into the catalogue every caller sees:
// an entry with a built-in entry's name replaces it, the others are added
// after the built-in ones. Use(nil) goes back to the built-in catalogue.
func Use(overlay []Crawler) error {
	for _, c := range overlay {
		if err := Check(c); err != nil {
			return err
		}
	}
	cur.Store(&state{overlay: slices.Clone(overlay), gen: gen.Add(1)})
	return nil
}

// UseLoader is Use with the overlay read by load when the catalogue is
// first consulted, not now: a run that never asks about a crawler does
// not pay for reading the overlay, however large it is. load returns
// entries Check accepts, or nil for the built-in catalogue alone.
func UseLoader(load func() []Crawler) {
	cur.Store(&state{load: load, gen: gen.Add(1)})
}

// Check reports what makes an entry unusable: no name, no token, a token
// that is not one, an unknown purpose or engine word.
func Check(c Crawler) error {
	if strings.TrimSpace(c.Name) == "" {
		return msg.Error(msgNoName)
	}
	if len(c.Tokens) == 0 {
		return msg.Error(msgNoToken, "Name", c.Name)
	}
	for _, t := range c.Tokens {
		if strings.TrimSpace(t) == "" || strings.ContainsAny(t, "\t\r\n:#") {
			return msg.Error(msgBadToken, "Name", c.Name, "Token", t)
		}
	}
	if c.Purpose != "" && !containsPurpose(c.Purpose) {
		return msg.Error(msgBadPurpose, "Name", c.Name, "Purpose", string(c.Purpose))
	}
	if c.Match != "" && !slices.Contains(Matches, c.Match) {
		return msg.Error(msgBadMatch, "Name", c.Name, "Match", string(c.Match))
	}
	return nil
}

func containsPurpose(p Purpose) bool {
	for _, q := range Purposes {
		if q == p {
			return true
		}
	}
	return false
}

// merge is the catalogue of base with overlay's entries merged in, and the
// engine of each token.
func merge(base, overlay []Crawler) ([]Crawler, map[string]string) {
	list := make([]Crawler, len(base), len(base)+len(overlay))
	copy(list, base)
	at := map[string]int{}
	for i, c := range list {
		at[strings.ToLower(c.Name)] = i
	}
	for _, c := range overlay {
		if c.Token == "" {
			c.Token = c.Tokens[0]
		}
		if c.Purpose == "" {
			c.Purpose = Other
		}
		if c.RobotsTxt == "" {
			c.RobotsTxt = Unknown
		}
		if i, ok := at[strings.ToLower(c.Name)]; ok {
			list[i] = c
			continue
		}
		at[strings.ToLower(c.Name)] = len(list)
		list = append(list, c)
	}
	engines := map[string]string{}
	for _, c := range list {
		for _, t := range c.Tokens {
			if _, dup := engines[strings.ToLower(t)]; !dup && c.Engine != "" {
				engines[strings.ToLower(t)] = c.Engine
			}
		}
	}
	return list, engines
}

// EngineFor returns the engine the catalogue names for the crawler that
// obeys token (case-insensitive), "" when none does.
func EngineFor(token string) string {
	return current().engines[strings.ToLower(strings.TrimSpace(token))]
}

// Find returns the entry a crawler is asked for by: the first entry that
// obeys name as a token, else the entry called name (AltaVista, whose token
// is Scooter). Case does not matter.
func Find(name string) (Crawler, bool) {
	s := current()
	i, ok := s.byName[strings.ToLower(strings.TrimSpace(name))]
	if !ok {
		return Crawler{}, false
	}
	return s.list[i], true
}

// BuiltinDate is the day the built-in catalogue was last checked against
// its sources (YYYY-MM-DD).
func BuiltinDate() string {
	latest := ""
	for _, c := range builtin().CheckedAgainst {
		if c.Checked > latest {
			latest = c.Checked
		}
	}
	return latest
}
