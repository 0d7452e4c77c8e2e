package accesslog

import (
	"strings"

	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/crawlers"
	"github.com/robots-studio/robots-studio/tester/engine"
)

// Kind says what sent a request.
type Kind uint8

// Kinds of client.
const (
	KindOther      Kind = iota // a browser, a tool, or no User-Agent at all
	KindCatalogue              // a crawler of the catalogue
	KindUnknownBot             // calls itself a bot, crawler or spider, but is not in the catalogue
	// KindHost sent no User-Agent (or the log does not record it): it is
	// named by its address or host name, and counted as a robot from its
	// first /robots.txt fetch on — asking for that file is what robots do.
	KindHost
)

// hostIdentity is how hits without a User-Agent are tested: the `*` group
// (an empty agent), read as RFC 9309 says.
var hostIdentity = Identity{Kind: KindHost, Engine: "rfc9309"}

// Identity is who a User-Agent string says it is.
type Identity struct {
	Kind   Kind
	Name   string // the catalogue name, or the product token of an unknown bot
	Token  string // the robots.txt token its hits are tested with
	Engine string // the engine that reads robots.txt for it
	Entry  *catalogue.Crawler
}

// IsCrawler reports whether the identity is a crawler (known or not).
func (id *Identity) IsCrawler() bool { return id.Kind != KindOther }

// Identify reads a User-Agent: a catalogue crawler through crawlers.Match
// (tested with the first token it obeys, as `robots-studio test --agent UA`
// does), else an unknown bot named by its product token, else KindOther.
func Identify(ua string) Identity {
	if c, _, ok := crawlers.Match(ua); ok {
		entry := c
		// Its own reading: its engine, with its tokens as it matches them.
		eng := engine.ForCrawler(c.Tokens[0]).Info().ID
		return Identity{Kind: KindCatalogue, Name: c.Name, Token: c.Tokens[0], Engine: eng, Entry: &entry}
	}
	if tok := botToken(ua); tok != "" {
		return Identity{Kind: KindUnknownBot, Name: tok, Token: tok, Engine: engine.ForCrawler(tok).Info().ID}
	}
	return Identity{}
}

// botWords mark a User-Agent as a robot's when they occur in a product
// token.
var botWords = []string{"bot", "crawl", "spider", "slurp"}

// botToken returns the product token of a User-Agent that calls itself a
// robot: "Mozilla/5.0 (compatible; MJ12bot/v1.4.5; http://…)" → "MJ12bot".
// Words inside URLs and e-mail addresses do not count.
func botToken(ua string) string {
	for _, w := range strings.FieldsFunc(ua, func(r rune) bool {
		return r == ' ' || r == ';' || r == '(' || r == ')' || r == ','
	}) {
		if strings.Contains(w, "://") || strings.HasPrefix(w, "+") || strings.Contains(w, "@") || strings.HasPrefix(strings.ToLower(w), "www.") {
			continue
		}
		name, _, _ := strings.Cut(w, "/")
		name = strings.Trim(name, "\"'[]{}:")
		low := strings.ToLower(name)
		for _, b := range botWords {
			if strings.Contains(low, b) && !strings.Contains(low, ".") {
				return name
			}
		}
	}
	return ""
}
