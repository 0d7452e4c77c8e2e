package catalogue

import "testing"

// TestCrawlers: the catalogue keeps today's main crawlers and the robots of the
// 1990s, each asked for with the token the tester used before
// the catalogue grew (the full schema is checked in catalogue_test.go and
// tester/crawlers).
func TestCrawlers(t *testing.T) {
	byName := map[string]Crawler{}
	for _, c := range All() {
		byName[c.Name] = c
	}
	// Today's main crawlers and the 1990s robots.
	for _, want := range []struct {
		name, token string
		historical  bool
	}{
		{"Googlebot", "Googlebot", false}, {"Googlebot-Image", "Googlebot-Image", false},
		{"Googlebot-Video", "Googlebot-Video", false}, {"Googlebot-News", "Googlebot-News", false},
		{"Storebot-Google", "Storebot-Google", false}, {"Google-InspectionTool", "Google-InspectionTool", false},
		{"GoogleOther", "GoogleOther", false}, {"Google-Extended", "Google-Extended", false},
		{"AdsBot-Google", "AdsBot-Google", false}, {"AdsBot-Google-Mobile", "AdsBot-Google-Mobile", false},
		{"Mediapartners-Google", "Mediapartners-Google", false}, {"APIs-Google", "APIs-Google", false},
		{"bingbot", "bingbot", false}, {"adidxbot", "adidxbot", false},
		{"Yandex", "Yandex", false}, {"YandexBot", "YandexBot", false}, {"YandexImages", "YandexImages", false},
		{"YandexMetrika", "YandexMetrika", false}, {"YandexDirect", "YandexDirect", false},
		{"Baiduspider", "Baiduspider", false}, {"DuckDuckBot", "DuckDuckBot", false},
		{"Applebot", "Applebot", false}, {"Applebot-Extended", "Applebot-Extended", false},
		{"GPTBot", "GPTBot", false}, {"OAI-SearchBot", "OAI-SearchBot", false}, {"ChatGPT-User", "ChatGPT-User", false},
		{"ClaudeBot", "ClaudeBot", false}, {"Claude-SearchBot", "Claude-SearchBot", false},
		{"PerplexityBot", "PerplexityBot", false}, {"CCBot", "CCBot", false},
		{"meta-externalagent", "meta-externalagent", false}, {"Bytespider", "Bytespider", false},
		{"StackRambler", "StackRambler", true}, {"Slurp", "Slurp", true}, {"WebCrawler", "WebCrawler", true},
		{"ia_archiver", "ia_archiver", true}, {"msnbot", "msnbot", true},
		{"Lycos", "Lycos_Spider_(Rex)/1.0 libwww/3.1", true}, {"Googlebot-Mobile", "Googlebot-Mobile", true},
		{"TeleportPro", "TeleportPro", true}, {"WebStripper", "WebStripper", true}, {"WebCopier", "WebCopier", true},
		{"HTTrack", "HTTrack", true}, {"Wget", "Wget", true},
		{"CERN-LineMode/libwww", "CERN-LineMode/2.15 libwww/2.17b3", true},
		{"AltaVista", "Scooter", true}, {"Excite", "ArchitextSpider", true},
		{"Infoseek", "Infoseek", true}, {"OpenText", "OpenText", true},
	} {
		c, ok := byName[want.name]
		switch {
		case !ok:
			t.Errorf("%s missing from the catalogue", want.name)
		case c.Token != want.token || c.Historical != want.historical:
			t.Errorf("%s: token %q historical %v, want %q %v", want.name, c.Token, c.Historical, want.token, want.historical)
		}
	}
}
