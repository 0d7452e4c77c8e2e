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

// TestPlainAndOwnReadingShareOneCompile: a family's plain reading and its
// own variant compile one document once between them (the tester asks
// both of each document it shows) and answer each as a compile of its own
// would; another document, even with the same bytes, is compiled anew; and
// compiles of one document from several goroutines at once agree.
func TestPlainAndOwnReadingShareOneCompile(t *testing.T) {
	src := []byte("User-agent: *\nDisallow: /private\n\nUser-agent: MJ12bot\nDisallow: /\n\nUser-agent: Googlebot\nAllow: /private/ok\nDisallow: /x\n")
	google, _ := Get("google")
	own, _ := Get("google+own")
	doc := syntax.Parse(src)
	plain, mine := google.Compile(doc).(*longestCompiled), own.Compile(doc).(*longestCompiled)
	if plain.table != mine.table {
		t.Error("the plain reading and its own variant compiled the document twice")
	}
	if plain.whole != nil || mine.whole == nil {
		t.Errorf("whole names: plain %v, own %v; want none and some", plain.whole != nil, mine.whole != nil)
	}
	if plain.Engine() != google || mine.Engine() != own {
		t.Errorf("engines %s and %s, want google and google+own", plain.Engine().Info().ID, mine.Engine().Info().ID)
	}
	other := syntax.Parse(src)
	again := google.Compile(other).(*longestCompiled)
	if again.table == plain.table {
		t.Error("another document was answered from the last one's compile")
	}
	// Each view answers as its engine: MJ12bot's own reading names its
	// group (the whole token); Google's reads `MJ` and falls to `*`.
	for _, q := range []struct {
		rule    string
		c       Compiled
		agent   string
		path    string
		allowed bool
		line    int
	}{
		{"google: MJ12bot is cut to MJ, `*` decides", plain, "MJ12bot", "/private/a", false, 2},
		{"google: MJ12bot is cut to MJ, `*` allows the rest", plain, "MJ12bot", "/public", true, 0},
		{"own: MJ12bot's whole token names its group", mine, "MJ12bot", "/public", false, 5},
		{"google: Googlebot's own group, longest match", plain, "Googlebot", "/private/ok/1", true, 8},
		{"own: the same group through the shared rules", mine, "Googlebot", "/x/1", false, 9},
	} {
		v := q.c.Query(q.agent, q.path)
		line := 0
		if v.Rule != nil {
			line = v.Rule.Line
		}
		if v.Allowed != q.allowed || line != q.line {
			t.Errorf("%s: allowed %v by line %d, want %v by line %d", q.rule, v.Allowed, line, q.allowed, q.line)
		}
	}
	// Several goroutines compiling and asking at once (run with -race).
	fresh := syntax.Parse(src)
	done := make(chan bool)
	for i := range 8 {
		go func() {
			e := google
			if i%2 == 1 {
				e = own
			}
			v := e.Compile(fresh).Query("Googlebot", "/private/ok/1")
			done <- v.Allowed
		}()
	}
	for range 8 {
		if !<-done {
			t.Error("a compile from another goroutine answered otherwise")
		}
	}
}
