package engine

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/robots-studio/robots-studio/tester/syntax"
)

// readingSeeds are files where the readings differ: the Lycos examples, the
// divergence scenarios and the scanner's corner cases.
func readingSeeds() []string {
	seeds := []string{lycosExample1, lycosExample2, lycosExample3, ramblerExample, fictOrg,
		"User-agent: Yandex\nDisallow:\nHost: www.myhost.ru:80\nClean-param: ref&sid /forum/*.php\nCrawl-delay: 4\n",
		"User-agent: *\nCrawl-delay: 40\nDisallow: /p\n\nUser-agent: bingbot\nAllow: /page\n",
		"Disallow: /x\nUser-agent: *\nCrawl-delay: soon\n",
		"User-agent: a b\nDisallow: /c d\nUser-agent: *\nDisallow: /%7Ejoe\nAllow: /~joe/$\n",
		"User-agent: *\nDisallow: /a$b*$\nAllow: *\n\tUser-agent : x:y\nDisallow: # c",
	}
	for _, s := range specScenarios {
		seeds = append(seeds, s.robots)
	}
	return seeds
}

// FuzzEngineReadings: every engine, on any file, crawler and URL, returns
// the same verdict from two compilations, holds to the Verdict contract
// (checkVerdict) and explains itself.
func FuzzEngineReadings(f *testing.F) {
	for i, s := range readingSeeds() {
		agents := []string{"Lycos_Spider_(Rex)/1.0", "YandexBot", "bingbot", "a", "StackRambler", ""}
		urls := []string{"/tmp/x", "/page", "http://www.otherhost.ru/", "/~joe", "/robots.txt", ""}
		f.Add(s, agents[i%len(agents)], urls[i%len(urls)])
	}
	f.Fuzz(func(t *testing.T, robots, agent, url string) {
		doc := syntax.Parse([]byte(robots))
		for _, e := range All() {
			a := e.Compile(doc).Query(agent, url)
			b := e.Compile(doc).Query(agent, url)
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("%s: two compilations differ:\n%+v\n%+v", e.Info().ID, a, b)
			}
			if a.Explain().String() == "" || a.ExplainAll() == "" {
				t.Fatalf("%s: empty explanation", e.Info().ID)
			}
			if a.Reason == ReasonRule && (a.Rule == nil || a.Rule.Line < 1 || a.Rule.Line > len(doc.Lines)) {
				t.Fatalf("%s: bad rule %+v", e.Info().ID, a.Rule)
			}
		}
	})
}

// FuzzTemotoEmulation: for any file and any valid UTF-8 crawler and path,
// the emulation agrees with the library. (A literal U+FFFD in a rule matches
// an invalid byte in the library's regexps; the emulation compares bytes,
// so invalid UTF-8 and U+FFFD are left out.)
func FuzzTemotoEmulation(f *testing.F) {
	for _, s := range readingSeeds() {
		f.Add(s, "a", "/tmp/x")
	}
	f.Add("User-agent: *\nDisallow: /*.php$\nAllow: /$\n", "Googlebot", "/a/b.php")
	e, _ := Get("temoto")
	f.Fuzz(func(t *testing.T, robots, agent, path string) {
		for _, s := range []string{robots, agent, path} {
			if !utf8.ValidString(s) || strings.ContainsRune(s, utf8.RuneError) {
				return
			}
		}
		c := e.Compile(syntax.Parse([]byte(robots))).(*temotoCompiled)
		if (c.err != nil) != !c.problem.IsZero() {
			t.Fatalf("library error %v, emulation %v", c.err, c.problem)
		}
		if c.err != nil {
			return
		}
		if got, want := emulatedAllowed(c, agent, path), c.data.TestAgent(path, agent); got != want {
			t.Fatalf("emulation %v, library %v", got, want)
		}
		lib := c.data.FindGroup(agent)
		if g := c.findGroup(agent); g == nil && lib != c.libEmpty || g != nil && c.data.FindGroup(g.group.Token) != lib {
			t.Fatalf("the emulation picks another group")
		}
	})
}
