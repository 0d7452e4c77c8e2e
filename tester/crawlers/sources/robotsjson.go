// Package sources keeps the crawler catalogue current: it reads the lists
// crawler operators and the community publish (ai.robots.txt's robots.json,
// the operators' IP range files, a team's own list in the catalogue's JSON
// Lines form), merges them into a user overlay kept in the app's storage
// (the built-in catalogue is never edited), says what changed and where
// each claim came from, and can undo an update.
package sources

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strings"

	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/msg"
)

// RobotsJSONList names ai.robots.txt's list among the sources, whatever
// file or URL it was read from.
const RobotsJSONList = "ai.robots.txt"

// RobotsJSONURL is where ai.robots.txt publishes robots.json (MIT).
const RobotsJSONURL = "https://raw.githubusercontent.com/ai-robots-txt/ai.robots.txt/main/robots.json"

// robotsJSONEntry is one value of robots.json: every field is free text,
// some with a Markdown link ("[Yes](https://…)").
type robotsJSONEntry struct {
	Operator    string `json:"operator"`
	Respect     string `json:"respect"`
	Function    string `json:"function"`
	Frequency   string `json:"frequency"`
	Description string `json:"description"`
}

// isRobotsJSON: an object whose values are objects with the fields above
// (only the first is looked at).
func isRobotsJSON(data []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') || !dec.More() {
		return false
	}
	if _, err := dec.Token(); err != nil {
		return false
	}
	var e map[string]json.RawMessage
	if dec.Decode(&e) != nil {
		return false
	}
	_, op := e["operator"]
	_, fn := e["function"]
	return op || fn
}

// ReadRobotsJSON reads robots.json into catalogue entries, in name order.
// where is the file or URL it came from and read the day it was read; both
// go into each entry's claims and quote.
func ReadRobotsJSON(data []byte, where, read string) ([]catalogue.Crawler, error) {
	m, err := decodeRobotsJSON(data)
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, len(m))
	for n := range m {
		if strings.TrimSpace(n) == "" {
			return nil, msg.Error(msgNoName)
		}
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]catalogue.Crawler, 0, len(names))
	for _, n := range names {
		e := m[n]
		op := operatorOf(e.Operator)
		behaviour := respectOf(e.Respect)
		c := catalogue.Crawler{
			Name:       n,
			Tokens:     []string{tokenOf(n)},
			UAPatterns: patternsOf(n),
			Operator:   op,
			Purpose:    PurposeOf(e.Function),
			Engine:     "rfc9309",
			RobotsTxt:  behaviour,
			Origin:     catalogue.FromUpdate,
			Unverified: op == "" || behaviour == catalogue.Unknown,
		}
		c.Note = NoteFor(c.Purpose)
		if d := strings.TrimSpace(e.Description); d != "" {
			c.Quote = &catalogue.Quote{Text: d, Source: where, Read: read}
		}
		for _, f := range []string{"name", "operator", "purpose", "robots_txt"} {
			c.Claims = append(c.Claims, catalogue.Claim{Field: f, Source: where, Read: read})
		}
		out = append(out, c)
	}
	return out, nil
}

// decodeRobotsJSON reads the object one entry at a time and stops past
// MaxEntries, so a huge list is refused before it is all decoded. A name
// given twice keeps its last value, as JSON decoders do.
func decodeRobotsJSON(data []byte) (map[string]robotsJSONEntry, error) {
	bad := func(err error) error { return msg.Error(msgNotRobotsJSON, "Err", err.Error()) }
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil {
		return nil, bad(err)
	} else if t != json.Delim('{') {
		return nil, bad(fmt.Errorf("not an object"))
	}
	m := map[string]robotsJSONEntry{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, bad(err)
		}
		name, _ := t.(string)
		var e robotsJSONEntry
		if err := dec.Decode(&e); err != nil {
			return nil, bad(err)
		}
		if m[name] = e; len(m) > MaxEntries {
			return nil, msg.Error(msgTooManyEntries, "Max", MaxEntries)
		}
	}
	if _, err := dec.Token(); err != nil {
		return nil, bad(err)
	}
	if dec.More() {
		return nil, bad(fmt.Errorf("data after the object"))
	} else if _, err := dec.Token(); err != io.EOF {
		return nil, bad(fmt.Errorf("data after the object"))
	}
	return m, nil
}

var markdownLink = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)

// plain drops Markdown links to their text and "Unclear at this time." to "".
func plain(s string) string {
	s = strings.TrimSpace(markdownLink.ReplaceAllString(s, "$1"))
	if strings.HasPrefix(strings.ToLower(s), "unclear") {
		return ""
	}
	return s
}

// respectOf reads robots.json's "respect" field: only a plain Yes or No
// is a claim; anything else says nothing reliable.
func respectOf(s string) catalogue.Behaviour {
	switch strings.ToLower(strings.TrimSuffix(plain(s), ".")) {
	case "yes":
		return catalogue.Obeys
	case "no":
		return catalogue.Ignores
	}
	return catalogue.Unknown
}

// tokenOf is the robots.txt token of a robots.json name: the name without
// a version ("iaskspider/2.0" → "iaskspider"); a name with spaces stays as
// the list writes it in its robots.txt ("ChatGPT Agent").
func tokenOf(name string) string {
	t, _, _ := strings.Cut(strings.TrimSpace(name), "/")
	return t
}

// genericNames are robots.json names that are everyday words or other
// products' names: as User-Agent patterns they would claim unrelated
// visits ("Code" in "Visual Studio Code"), so they are matched as tokens
// only.
var genericNames = map[string]bool{"code": true, "spider": true, "operator": true, "cursor": true, "trae": true,
	"lcc": true, "useai": true, "yak": true, "openai": true, "opencode": true, "newsai": true}

// patternsOf is the User-Agent word that identifies a robots.json name.
func patternsOf(name string) []string {
	t := tokenOf(name)
	if genericNames[strings.ToLower(t)] {
		return []string{}
	}
	return []string{t}
}

// operatorOf reads robots.json's "operator": the name alone, without the
// sentence some entries go on with ("Kagi that fetches…", "Ai2, a
// non-profit…"); a URL or "Unknown" says nothing.
func operatorOf(s string) string {
	s = plain(s)
	for _, cut := range []string{" that ", ", ", " (", " who "} {
		if i := strings.Index(s, cut); i > 0 {
			s = s[:i]
		}
	}
	l := strings.ToLower(s)
	if strings.HasPrefix(l, "http") || l == "unknown" || strings.HasPrefix(l, "anyone") {
		return ""
	}
	return s
}

// PurposeOf maps robots.json's free-text "function" to a catalogue
// purpose. Every entry of that list is an AI crawler, so the purpose is
// one of the four AI purposes; the rules go from the most specific words
// to the least.
func PurposeOf(function string) catalogue.Purpose {
	f := strings.ToLower(function)
	has := func(words ...string) bool {
		for _, w := range words {
			if strings.Contains(f, w) {
				return true
			}
		}
		return false
	}
	switch {
	case has("assistant", "agent", "user-initiated", "user initiated", "prompts", "companion", "on behalf"):
		return catalogue.AIAssistant
	case has("search"):
		return catalogue.AISearch
	case has("train", "llm", "language model", "model"):
		return catalogue.AITraining
	}
	return catalogue.AIData
}

// NoteFor is the note of an entry an update took from ai.robots.txt: what
// the list says the crawler is for, in each language. The list's own words
// stay in the entry's Quote, in English.
func NoteFor(p catalogue.Purpose) catalogue.Localized {
	switch p {
	case catalogue.AIAssistant:
		return catalogue.Localized{"en": "fetches pages for users of an AI assistant or agent (per ai.robots.txt)",
			"ru": "загружает страницы для пользователей ИИ-ассистента или агента (по данным ai.robots.txt)",
			"pl": "pobiera strony dla użytkowników asystenta lub agenta AI (według ai.robots.txt)"}
	case catalogue.AISearch:
		return catalogue.Localized{"en": "indexes pages for AI search and answers (per ai.robots.txt)",
			"ru": "индексирует страницы для ИИ-поиска и ответов (по данным ai.robots.txt)",
			"pl": "indeksuje strony na potrzeby wyszukiwania i odpowiedzi AI (według ai.robots.txt)"}
	case catalogue.AITraining:
		return catalogue.Localized{"en": "collects pages to train AI models (per ai.robots.txt)",
			"ru": "собирает страницы для обучения ИИ-моделей (по данным ai.robots.txt)",
			"pl": "zbiera strony do trenowania modeli AI (według ai.robots.txt)"}
	}
	return catalogue.Localized{"en": "collects web data for AI products or sells it (per ai.robots.txt)",
		"ru": "собирает данные из веба для ИИ-продуктов или продаёт их (по данным ai.robots.txt)",
		"pl": "zbiera dane z sieci dla produktów AI lub je sprzedaje (według ai.robots.txt)"}
}
