package engine

import (
	"reflect"
	"testing"

	"github.com/robots-studio/robots-studio/tester/syntax"
)

// FuzzEngines: for any file, crawler and URL, no engine panics and every
// engine answers the same query the same way twice (from two compilations).
func FuzzEngines(f *testing.F) {
	seeds := []struct{ robots, agent, url string }{
		{"User-agent: *\nDisallow: /\n", "Googlebot", "/"},
		{"User-agent: a b\nDisallow: /p /q\nAllow: /page\n\nUser-agent: *\nDisallow: /*.php$\n", "a", "/page.php"},
		{"useragent x\ndissallow: *\nHost: e.com\nClean-param: a&b /x\nCrawl-delay: x\n", "X", "http://e.com/%7Ea?b#c"},
		{"\xEF\xBB\xBFUser-agent: Yandex\rDisallow: /ツ\r\nAllow: /$\n", "YandexBot", "/ツ"},
		{"Disallow: /\nUser-agent: \x00\nAllow: *$*\n", "", ""},
	}
	for _, s := range seeds {
		f.Add(s.robots, s.agent, s.url)
	}
	f.Fuzz(func(t *testing.T, robots, agent, url string) {
		doc := syntax.Parse([]byte(robots))
		for _, e := range All() {
			a := e.Compile(doc).Query(agent, url)
			b := e.Compile(doc).Query(agent, url)
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("%s: two compilations answer differently:\n%+v\n%+v", e.Info().ID, a, b)
			}
			if a.Reason == ReasonRule && a.Rule == nil {
				t.Fatalf("%s: ReasonRule without a rule", e.Info().ID)
			}
			if a.Rule != nil && (a.Rule.Line < 1 || a.Rule.Line > len(doc.Lines)) {
				t.Fatalf("%s: rule line %d out of range", e.Info().ID, a.Rule.Line)
			}
			if a.Explain().String() == "" {
				t.Fatalf("%s: empty explanation", e.Info().ID)
			}
		}
	})
}
