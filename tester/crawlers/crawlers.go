// Package crawlers answers questions about the crawler catalogue
// (tester/catalogue) for the engine side: which entry a User-Agent string
// from a log or the tester belongs to, which token that crawler obeys, and
// which catalogue token a misspelt one was meant to be.
package crawlers

import (
	"sort"
	"strings"
	"sync/atomic"

	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/textdist"
)

// pattern is one UA pattern in lower case with its entry.
type pattern struct {
	text  string // lower case
	entry int    // index into catalogue.All()
}

// index holds every UA pattern, longest first, so the first hit is the most
// specific one.
type index struct {
	all      []catalogue.Crawler
	patterns []pattern
	tokens   map[string]int // lower-case token -> entry
	samples  map[string]int // lower-case sample User-Agent -> entry
	squashed []squashedToken
	bySquash map[string]string // squash(token) -> the first token written so
	gen      uint64
}

// squashedToken is a catalogue token with its squash form.
type squashedToken struct{ token, squashed string }

var squasher = strings.NewReplacer("-", "", "_", "", " ", "")

// squash sets aside case, "-", "_" and spaces ("GPT-Bot" → "gptbot").
func squash(s string) string { return squasher.Replace(strings.ToLower(s)) }

// cache is the index of the catalogue generation it was built from; the
// user's overlay (catalogue.Use) makes a new generation.
var cache atomic.Pointer[index]

func load() *index {
	all, g := catalogue.Current()
	if ix := cache.Load(); ix != nil && ix.gen == g {
		return ix
	}
	ix := build(all)
	ix.gen = g
	cache.Store(ix)
	return ix
}

func build(all []catalogue.Crawler) *index {
	ix := &index{all: all, tokens: map[string]int{}, samples: map[string]int{}, bySquash: map[string]string{}}
	for i, c := range all {
		for _, s := range c.Samples {
			if _, dup := ix.samples[strings.ToLower(s)]; !dup {
				ix.samples[strings.ToLower(s)] = i
			}
		}
		for _, p := range c.UAPatterns {
			ix.patterns = append(ix.patterns, pattern{strings.ToLower(p), i})
		}
		for _, t := range c.Tokens {
			if _, dup := ix.tokens[strings.ToLower(t)]; !dup {
				ix.tokens[strings.ToLower(t)] = i
			}
			sq := squash(t)
			ix.squashed = append(ix.squashed, squashedToken{t, sq})
			if _, dup := ix.bySquash[sq]; !dup {
				ix.bySquash[sq] = t
			}
		}
	}
	sort.SliceStable(ix.patterns, func(a, b int) bool { return len(ix.patterns[a].text) > len(ix.patterns[b].text) })
	return ix
}

// Match returns the catalogue entry a User-Agent string belongs to and the
// pattern that identified it. A pattern counts only as a whole word: the
// characters on either side of it, if any, are not letters or digits (so
// "Daum" does not match "Daumoa", while "Googlebot" matches
// "Googlebot/2.1"). When several patterns occur, the longest wins:
// "AdsBot-Google-Mobile" beats "AdsBot-Google", "GoogleOther-Image" beats
// "GoogleOther".
func Match(ua string) (catalogue.Crawler, string, bool) {
	ix := load()
	lower := strings.ToLower(ua)
	for _, p := range ix.patterns {
		if containsWord(lower, p.text) {
			return ix.all[p.entry], ix.all[p.entry].UAPatterns[patternIndex(ix.all[p.entry], p.text)], true
		}
	}
	return catalogue.Crawler{}, "", false
}

func patternIndex(c catalogue.Crawler, lower string) int {
	for i, p := range c.UAPatterns {
		if strings.ToLower(p) == lower {
			return i
		}
	}
	return 0
}

// containsWord reports whether w occurs in s with no letter or digit right
// before or after it.
func containsWord(s, w string) bool {
	for from := 0; ; {
		i := strings.Index(s[from:], w)
		if i < 0 {
			return false
		}
		i += from
		end := i + len(w)
		if (i == 0 || !isAlnum(s[i-1])) && (end == len(s) || !isAlnum(s[end])) {
			return true
		}
		from = i + 1
	}
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// ByToken returns the entry that lists token (case-insensitive) among the
// tokens it obeys; the first such entry in catalogue order.
func ByToken(token string) (catalogue.Crawler, bool) {
	ix := load()
	i, ok := ix.tokens[strings.ToLower(strings.TrimSpace(token))]
	if !ok {
		return catalogue.Crawler{}, false
	}
	return ix.all[i], true
}

// IsProductToken reports whether s is a product token as RFC 9309 §2.2.1
// defines it: one or more of a-z, A-Z, "_" and "-".
func IsProductToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// Resolution says how the tester reads an agent the user typed.
type Resolution struct {
	Agent   string            // as typed
	Token   string            // what to test with
	Entry   catalogue.Crawler // the catalogue entry, when Matched
	Pattern string            // the UA pattern that identified it
	Matched bool              // Agent was a full User-Agent string that names a catalogue crawler
}

// Resolve reads an agent typed into the tester or the CLI. A product token
// (or an empty agent) is tested as it is, unless it is one of the User-Agent
// strings the catalogue records for a crawler and no crawler's token
// ("Doximity-Diffbot", a User-Agent of Diffbot). A full User-Agent string
// that a catalogue pattern identifies is tested with the token that crawler
// obeys (its first token), because that is what the crawler looks for in
// robots.txt; the caller says so to the user. Anything else is tested as
// typed.
func Resolve(agent string) Resolution {
	r := Resolution{Agent: agent, Token: agent}
	a := strings.TrimSpace(agent)
	if a == "" {
		return r
	}
	if IsProductToken(a) {
		ix := load()
		low := strings.ToLower(a)
		i, sample := ix.samples[low]
		if _, token := ix.tokens[low]; token || !sample {
			return r
		}
		c := ix.all[i]
		r.Entry, r.Pattern, r.Matched, r.Token = c, a, true, c.Tokens[0]
		return r
	}
	c, p, ok := Match(a)
	if !ok {
		return r
	}
	r.Entry, r.Pattern, r.Matched = c, p, true
	r.Token = c.Tokens[0]
	return r
}

// Suggest returns the catalogue token closest to a token that names no
// catalogue crawler ("GPT-Bot" → "GPTBot"), or "" when none is close. Case
// and the characters "-" and "_" count for little: they are the usual slips.
func Suggest(token string) string {
	limit := 2
	if len(token) <= 5 {
		limit = 1
	}
	return SuggestWithin(token, limit)
}

// SuggestWithin is Suggest with at most max edits after case, "-" and "_"
// are set aside: SuggestWithin("GPT-Bot", 0) is "GPTBot".
func SuggestWithin(token string, max int) string {
	ix := load()
	if _, known := ix.tokens[strings.ToLower(token)]; known || token == "*" || token == "" {
		return ""
	}
	want := squash(token)
	if t, ok := ix.bySquash[want]; ok || max == 0 {
		return t // lint asks for exactly this, once per unknown User-agent line
	}
	best, bestDist := "", max+1
	for _, t := range ix.squashed {
		if d := len(t.squashed) - len(want); d > max || -d > max {
			continue // the lengths alone are further apart than max
		}
		if d := textdist.Levenshtein(want, t.squashed); d < bestDist {
			best, bestDist = t.token, d
		}
	}
	return best
}

// Index answers Recognise for a list of entries other than the catalogue
// in use (the built-in layer alone, when an update decides what is new).
type Index struct{ ix *index }

// IndexOf indexes list.
func IndexOf(list []catalogue.Crawler) *Index { return &Index{build(list)} }

// Recognise finds the entry a crawler name belongs to: the entry that
// obeys it as a token, or else the one whose User-Agent pattern it
// contains ("iaskspider/2.0" → iAsk). Case does not matter.
func (x *Index) Recognise(name string) (catalogue.Crawler, bool) {
	lower := strings.ToLower(strings.TrimSpace(name))
	if i, ok := x.ix.tokens[lower]; ok {
		return x.ix.all[i], true
	}
	for _, p := range x.ix.patterns {
		if containsWord(lower, p.text) {
			return x.ix.all[p.entry], true
		}
	}
	return catalogue.Crawler{}, false
}
