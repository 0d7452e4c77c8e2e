package i18n

import (
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/lint"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// TestEngineListsInEachLanguage: a lint message that names a set of
// readings joins their names as the language does ("Google и Protego",
// "Google i Protego") and puts its verb in the number of the list.
func TestEngineListsInEachLanguage(t *testing.T) {
	defer msg.SetTranslator(nil)
	cases := []struct {
		rule, lang, code, src, want string
	}{
		{"two readers: joined with и, plural verb", "ru", "RS008", "User-agent: *\nDissallow: /x\n",
			"как `Disallow` строку читают только Google и Protego (Scrapy)"},
		{"two readers: joined with i, plural verb", "pl", "RS008", "User-agent: *\nDissallow: /x\n",
			"jako `Disallow` czytają ten wiersz tylko Google i Protego (Scrapy)"},
		{"two readers: joined with and", "en", "RS008", "User-agent: *\nDissallow: /x\n",
			"it is read as `Disallow` by Google and Protego (Scrapy) only"},
		{"one reader: singular verb, and the optional clause present", "ru", "RS022", "User-agent: *\nCrawl-delay: 5\n",
			"Crawl-delay читает только Bing: остальные роботы его не ждут, а Яндекс — намеренно"},
		{"one reader: singular verb", "pl", "RS022", "User-agent: *\nCrawl-delay: 5\n",
			"Crawl-delay czyta tylko Bing: pozostałe roboty na niego nie czekają, a Yandex celowo"},
	}
	for _, c := range cases {
		UseIn(c.lang)
		var got []string
		for _, d := range lint.Run(syntax.Parse([]byte(c.src)), lint.Options{Engines: lint.EngineIDs()}) {
			if d.Code == c.code {
				got = append(got, d.Message.String())
			}
		}
		if len(got) == 0 || !strings.Contains(got[0], c.want) {
			t.Errorf("%s (%s): %s says %q; want it to say %q", c.rule, c.lang, c.code, got, c.want)
		}
	}
}
