package crawlers

import (
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/engine"
)

var datePattern = regexp.MustCompile(`^20\d\d-[01]\d-[0-3]\d$`)

// TestCatalogueSchema: every entry has every field; tokens are RFC 9309
// product tokens; every UA pattern matches one of the entry's samples; every
// sample identifies its own entry (so no two entries claim one sample); every
// claim has a source with the date it was checked. Entries taken from
// ai.robots.txt's list (they quote it) keep its tokens as it writes them
// (AI2Bot has a digit), may have no sample when no User-Agent is published,
// and no operator when the list names none; they are then unverified.
func TestCatalogueSchema(t *testing.T) {
	all := catalogue.All()
	if len(all) < 150 {
		t.Errorf("catalogue has %d entries, want at least 150", len(all))
	}
	purposes := map[catalogue.Purpose]bool{}
	for _, p := range catalogue.Purposes {
		purposes[p] = true
	}
	behaviours := map[catalogue.Behaviour]bool{}
	for _, b := range catalogue.Behaviours {
		behaviours[b] = true
	}
	engines := map[string]bool{}
	for _, id := range engine.IDs() {
		engines[id] = true
	}
	names := map[string]bool{}
	claimed := map[string]string{}
	for _, c := range all {
		listed := c.Quote != nil
		if c.Name == "" || (c.Operator == "" && !c.Unverified) || len(c.Tokens) == 0 || c.Token == "" {
			t.Errorf("%+v: name, operator and tokens are required (an unknown operator makes it unverified)", c)
		}
		if names[c.Name] {
			t.Errorf("%s: listed twice", c.Name)
		}
		names[c.Name] = true
		for _, tok := range c.Tokens {
			if !IsProductToken(tok) && engine.MatchOf(c) != catalogue.MatchWhole {
				t.Errorf("%s: token %q is not an RFC 9309 product token, so it must be matched whole", c.Name, tok)
			}
		}
		if c.Origin == catalogue.BuiltIn && !slices.Contains(catalogue.Matches, c.Match) {
			t.Errorf("%s: match %q, want one of %v", c.Name, c.Match, catalogue.Matches)
		}
		if !purposes[c.Purpose] {
			t.Errorf("%s: purpose %q unknown", c.Name, c.Purpose)
		}
		if !behaviours[c.RobotsTxt] {
			t.Errorf("%s: robots_txt %q unknown", c.Name, c.RobotsTxt)
		}
		if !engines[c.Engine] {
			t.Errorf("%s: engine %q unknown", c.Name, c.Engine)
		}
		if len(c.Sources) == 0 {
			t.Errorf("%s: no source", c.Name)
		}
		read := false
		for _, s := range c.Sources {
			if u, err := url.Parse(s.URL); err != nil || u.Scheme != "https" || u.Host == "" {
				t.Errorf("%s: source %q is not an https address", c.Name, s.URL)
			}
			if s.Checked != "" && !datePattern.MatchString(s.Checked) {
				t.Errorf("%s: source %s checked %q, want YYYY-MM-DD or \"\" (not read)", c.Name, s.URL, s.Checked)
			}
			read = read || s.Checked != ""
		}
		if !read && !c.Unverified {
			t.Errorf("%s: no source was read, so the entry must be marked unverified", c.Name)
		}
		for _, lang := range []string{"en", "ru", "pl"} {
			if strings.TrimSpace(c.Note[lang]) == "" {
				t.Errorf("%s: no %s note", c.Name, lang)
			}
		}
		if c.RobotsTxt == catalogue.TokenOnly {
			if len(c.UAPatterns)+len(c.Samples) != 0 {
				t.Errorf("%s: a token-only entry sends no requests, yet has UA patterns or samples", c.Name)
			}
			continue
		}
		if len(c.UAPatterns) == 0 && umbrella(all, c) {
			continue // Yandex: every request comes from a more specific entry
		}
		if listed && len(c.Samples) == 0 {
			continue // no User-Agent is published for it
		}
		if len(c.UAPatterns) == 0 || len(c.Samples) == 0 {
			t.Errorf("%s: needs UA patterns and at least one sample User-Agent", c.Name)
		}
		for _, p := range c.UAPatterns {
			found := false
			for _, s := range c.Samples {
				found = found || containsWord(strings.ToLower(s), strings.ToLower(p))
			}
			if !found {
				t.Errorf("%s: UA pattern %q matches none of its samples", c.Name, p)
			}
		}
		for _, s := range c.Samples {
			if other, dup := claimed[s]; dup {
				t.Errorf("%s: sample %q is also %s's", c.Name, s, other)
			}
			claimed[s] = c.Name
			got, _, ok := Match(s)
			if !ok || got.Name != c.Name {
				t.Errorf("%s: its sample %q is identified as %q", c.Name, s, got.Name)
			}
		}
	}
}

// umbrella reports whether another entry obeys c's token too (the token
// addresses a family of robots, like Yandex).
func umbrella(all []catalogue.Crawler, c catalogue.Crawler) bool {
	for _, o := range all {
		if o.Name == c.Name {
			continue
		}
		for _, t := range o.Tokens {
			if strings.EqualFold(t, c.Tokens[0]) {
				return true
			}
		}
	}
	return false
}

// TestMatchRealUserAgents: real User-Agent strings from logs and operators'
// documentation map to their entries.
func TestMatchRealUserAgents(t *testing.T) {
	cases := []struct {
		rule, ua, want string
	}{
		{"GPTBot 1.2 as OpenAI documents it", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)", "GPTBot"},
		{"Googlebot smartphone", "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/132.0.6834.110 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "Googlebot"},
		{"longest pattern: AdsBot-Google-Mobile over AdsBot-Google", "Mozilla/5.0 (iPhone; CPU iPhone OS 14_7_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.1.2 Mobile/15E148 Safari/604.1 (compatible; AdsBot-Google-Mobile; +http://www.google.com/mobile/adsbot.html)", "AdsBot-Google-Mobile"},
		{"longest pattern: Googlebot-Image over Googlebot", "Googlebot-Image/1.0", "Googlebot-Image"},
		{"case does not matter", "mozilla/5.0 (compatible; BINGBOT/2.0; +http://www.bing.com/bingbot.htm)", "bingbot"},
		{"ClaudeBot", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)", "ClaudeBot"},
		{"user-triggered Perplexity", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)", "Perplexity-User"},
		{"YandexBot, not the Yandex umbrella token", "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)", "YandexBot"},
		{"Common Crawl", "CCBot/2.0 (https://commoncrawl.org/faq/)", "CCBot"},
		{"meta-externalagent", "meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)", "meta-externalagent"},
		{"Lycos of 1996", "Lycos_Spider_(Rex)/1.0 libwww/3.1", "Lycos"},
	}
	for _, c := range cases {
		got, _, ok := Match(c.ua)
		if !ok || got.Name != c.want {
			t.Errorf("%s: Match(%q) = %q, %v; want %q", c.rule, c.ua, got.Name, ok, c.want)
		}
	}
	for _, ua := range []string{
		"Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0", // a browser
		"Mozilla/5.0 (compatible; Daumoa/4.0)",                                   // Daum only as a whole word
		"",
	} {
		if got, _, ok := Match(ua); ok {
			t.Errorf("Match(%q) = %q, want no entry", ua, got.Name)
		}
	}
}

func TestResolve(t *testing.T) {
	cases := []struct {
		rule, agent, token string
		matched            bool
	}{
		{"a product token is tested as typed", "Googlebot", "Googlebot", false},
		{"an empty agent stays empty (the * group)", "", "", false},
		{"a full UA is tested with the token its crawler obeys", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)", "GPTBot", true},
		{"an unknown full UA is tested as typed", "MyCrawler/1.0 (+https://example.com)", "MyCrawler/1.0 (+https://example.com)", false},
		{"a crawler's recorded User-Agent that looks like a token is that crawler's", "Doximity-Diffbot", "Diffbot", true},
		{"a token like name no crawler sends is tested as typed", "Googlebot-Foo", "Googlebot-Foo", false},
	}
	for _, c := range cases {
		r := Resolve(c.agent)
		if r.Token != c.token || r.Matched != c.matched {
			t.Errorf("%s: Resolve(%q) = %q matched %v; want %q %v", c.rule, c.agent, r.Token, r.Matched, c.token, c.matched)
		}
	}
}

func TestSuggest(t *testing.T) {
	cases := []struct{ rule, in, want string }{
		{"an inner hyphen", "GPT-Bot", "GPTBot"},
		{"case and a letter", "claudbot", "ClaudeBot"},
		{"a known token gets no suggestion", "GPTBot", ""},
		{"nothing close", "Zzzzzzzzzz", ""},
		{"the * group", "*", ""},
	}
	for _, c := range cases {
		if got := Suggest(c.in); got != c.want {
			t.Errorf("%s: Suggest(%q) = %q, want %q", c.rule, c.in, got, c.want)
		}
	}
}

func TestByToken(t *testing.T) {
	if c, ok := ByToken("gptbot"); !ok || c.Operator != "OpenAI" {
		t.Errorf("ByToken(gptbot) = %+v, %v", c, ok)
	}
	if _, ok := ByToken("GPT-Bot"); ok {
		t.Error("ByToken(GPT-Bot) found an entry")
	}
}

func BenchmarkMatch(b *testing.B) {
	ua := "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
	for b.Loop() {
		Match(ua)
	}
}
