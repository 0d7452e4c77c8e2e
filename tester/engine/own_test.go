package engine

import (
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// TestEveryCatalogueTokenNamesItsCrawler: for every catalogue crawler that
// may obey robots.txt and every token it obeys, a group naming that token
// (and no other group but `*`) keeps it out under its own reading, asked for
// by its catalogue name and by its first token; and the group's line is what
// decided (issue 35: 16 of 240 failed by their first token before, 24
// counting every token). Its User-Agent strings: aiaccess's
// TestEveryCatalogueUserAgentNamesItsCrawler.
func TestEveryCatalogueTokenNamesItsCrawler(t *testing.T) {
	checked := 0
	for _, c := range catalogue.All() {
		if c.RobotsTxt == catalogue.Ignores {
			continue
		}
		checked++
		for _, tok := range c.Tokens {
			doc := syntax.Parse([]byte("User-agent: *\nAllow: /\n\nUser-agent: " + tok + "\nDisallow: /\n"))
			for _, asked := range []string{c.Name, c.Tokens[0]} {
				e := ForCrawler(asked)
				v := e.Compile(doc).Query(asked, "/page")
				if v.Allowed || v.Rule == nil || v.Rule.Line != 5 {
					t.Errorf("%s (asked as %q, read by %s): `User-agent: %s` does not keep it out: %s", c.Name, asked, e.Info().ID, tok, v.ExplainAll())
				}
			}
		}
	}
	if checked < 240 {
		t.Errorf("only %d crawlers checked", checked)
	}
}

// TestOwnReadingKeepsOtherGroupsApart: the own reading matches the name a
// crawler documents and nothing more: MJ12bot is not `MJ`, a later token is
// only a fallback, and an unknown name is matched whole.
func TestOwnReadingKeepsOtherGroupsApart(t *testing.T) {
	robots := "User-agent: *\nDisallow: /star\n\nUser-agent: MJ\nDisallow: /mj\n\n" +
		"User-agent: Googlebot\nDisallow: /g\n\nUser-agent: Googlebot-Image\nDisallow: /gi\n\n" +
		"User-agent: Foo Bot 2\nDisallow: /foo\n"
	doc := syntax.Parse([]byte(robots))
	for _, tc := range []struct {
		rule, crawler, path string
		allowed             bool
	}{
		{"MJ12bot is not the MJ group (Google's cut)", "MJ12bot", "/mj", true},
		{"MJ12bot without a group of its own obeys *", "MJ12bot", "/star", false},
		{"Googlebot-Image's own group beats Googlebot's", "Googlebot-Image", "/g", true},
		{"Googlebot-Image's own group applies", "Googlebot-Image", "/gi", false},
		{"Googlebot-Video falls back to Googlebot", "Googlebot-Video", "/g", false},
		{"an unknown name with blanks is matched whole", "Foo Bot 2", "/foo", false},
		{"an unknown name is not a prefix of a group's", "Foo Bot", "/foo", true},
	} {
		e := ForCrawler(tc.crawler)
		if v := e.Compile(doc).Query(tc.crawler, tc.path); v.Allowed != tc.allowed {
			t.Errorf("%s: %s %s under %s: allowed=%v: %s", tc.rule, tc.crawler, tc.path, e.Info().ID, v.Allowed, v.ExplainAll())
		}
	}
	// The engines by name read the file as before.
	checkAllowed(t, "google", robots, []allowedCase{{"MJ", "/mj", false}, {"Googlebot-Video", "/g", true}})
	checkAllowed(t, "rfc9309", robots, []allowedCase{{"MJ12bot", "/star", false}, {"Foo Bot 2", "/foo", true}})
}

// TestOwnVariantIsReachableButNotListed: a variant is found by its id (the
// window hands ids to the command line) and named after its base, but is no
// reading of its own in the lists.
func TestOwnVariantIsReachableButNotListed(t *testing.T) {
	e, ok := Get("rfc9309" + OwnSuffix)
	if !ok || e.Info().ID != "rfc9309+own" || BaseID(e.Info().ID) != "rfc9309" {
		t.Fatalf("Get(rfc9309+own) = %v, %v", e, ok)
	}
	if got := NameOf("rfc9309+own").String(); got != "RFC 9309, crawler's own tokens" {
		t.Errorf("NameOf(rfc9309+own) = %q", got)
	}
	if _, ok := Get("nosuch" + OwnSuffix); ok {
		t.Error("a variant of an engine that does not exist")
	}
	for _, id := range IDs() {
		if strings.HasSuffix(id, OwnSuffix) {
			t.Errorf("IDs lists %s", id)
		}
	}
	if v := e.Compile(syntax.Parse([]byte("User-agent: MJ12bot\nDisallow: /\n"))).Query("MJ12bot", "/"); v.Engine != "rfc9309+own" {
		t.Errorf("the verdict names engine %q", v.Engine)
	}
}
