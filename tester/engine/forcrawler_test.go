package engine

import "testing"

// Each crawler is read by the rules its operator documents; a crawler
// without documentation of its own is read as RFC 9309 asks.
func TestForCrawlerReadsEachCrawlerByItsOperatorsRules(t *testing.T) {
	for _, tc := range []struct{ crawler, want string }{
		{"Googlebot", "google"},
		{"googlebot-image", "google+own"}, // its own group, else Googlebot's
		{"AdsBot-Google", "google"},
		{"YandexBot", "yandex"},
		{"Yandex", "yandex"},
		{"YandexImages", "yandex"},
		{"bingbot", "bing"},
		{"msnbot", "bing"},
		{"GPTBot", "rfc9309"},
		{"Lycos", "lycos1996"},                               // a 1990s robot reads by the text of its time
		{"Scrapy", "protego"},                                // Scrapy's robots.txt parser by default is Protego
		{"WebCrawler", "original1994"},                       // (issue 25, point 15)
		{"Lycos_Spider_(Rex)/1.0 libwww/3.1", "rfc9309+own"}, // a name the catalogue does not know: matched whole too
		{"SomeUnknownBot", "rfc9309"},
		{"", "rfc9309"},
		// Where the crawler's own reading of its name differs from its
		// engine's, the engine's own variant (issue 35):
		{"MJ12bot", "rfc9309+own"},                           // matched whole: RFC 9309 cannot name it
		{"ChatGPT Agent", "rfc9309+own"},                     // a name with a blank
		{"Googlebot-Image", "google+own"},                    // falls back to the Googlebot group
		{"AltaVista", "original1994+own"},                    // asked by its name, obeys Scooter
		{"Scooter", "original1994"},                          // asked by its token: the 1994 text itself
		{"YandexImages", "yandex"},                           // Yandex's ladder is its engine's
		{"Unknown2Bot", "rfc9309+own"},                       // an unknown name is matched whole too
		{"Lycos_Spider_(Rex)/1.0 libwww/3.1", "rfc9309+own"}, // ForCrawler takes a token or a name, not a User-Agent
	} {
		if got := ForCrawler(tc.crawler).Info().ID; got != tc.want {
			t.Errorf("ForCrawler(%q) = %s, want %s", tc.crawler, got, tc.want)
		}
	}
}
