package assets

import (
	"regexp"
	"strings"
	"testing"
)

// tokenChars is what RFC 9309 allows in a product token.
var tokenChars = regexp.MustCompile(`^[A-Za-z_-]+$`)

func TestCrawlers(t *testing.T) {
	list := Crawlers()
	byName := map[string]Crawler{}
	tokens := map[string]bool{}
	for _, c := range list {
		if c.Name == "" || c.Token == "" || c.Owner == "" {
			t.Errorf("%+v: name, token and owner are required", c)
		}
		if _, dup := byName[c.Name]; dup {
			t.Errorf("%s: listed twice", c.Name)
		}
		byName[c.Name] = c
		if tokens[strings.ToLower(c.Token)] {
			t.Errorf("%s: token %q listed twice", c.Name, c.Token)
		}
		tokens[strings.ToLower(c.Token)] = true
		for _, lang := range Languages {
			if strings.TrimSpace(c.Note[lang]) == "" {
				t.Errorf("%s: no %s note", c.Name, lang)
			}
		}
		if len(c.Note) != len(Languages) {
			t.Errorf("%s: note languages %v, want exactly %v", c.Name, c.Note, Languages)
		}
		// A product token must be usable in a User-agent line as is; only the
		// seeds' full User-Agent strings may contain other characters.
		if !tokenChars.MatchString(c.Token) && !c.Historical {
			t.Errorf("%s: token %q is not a product token", c.Name, c.Token)
		}
	}

	// SPEC §8, every token, and the robots the seeds name (SPEC §0).
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

func TestLocalizedFallsBackToEnglish(t *testing.T) {
	l := Localized{"en": "search", "ru": "поиск", "pl": ""}
	for lang, want := range map[string]string{"en": "search", "ru": "поиск", "pl": "search", "de": "search"} {
		if got := l.In(lang); got != want {
			t.Errorf("In(%q) = %q, want %q", lang, got, want)
		}
	}
}

func TestParseCrawlersRejectsBadFiles(t *testing.T) {
	for _, in := range []string{`{`, `{"version": 2, "crawlers": []}`} {
		if _, err := parseCrawlers([]byte(in)); err == nil {
			t.Errorf("parseCrawlers(%q): no error", in)
		}
	}
}

// TestSamplesHaveTheSameRules: the translated samples differ from the English
// one only in comments, so the sample's test set means the same in each.
func TestSamplesHaveTheSameRules(t *testing.T) {
	rules := func(b []byte) string {
		var out []string
		for _, l := range strings.Split(string(b), "\n") {
			if !strings.HasPrefix(l, "#") {
				out = append(out, l)
			}
		}
		return strings.Join(out, "\n")
	}
	en := rules(Sample("en"))
	for _, l := range []string{"ru", "pl"} {
		if got := rules(Sample(l)); got != en {
			t.Errorf("%s sample rules differ:\n%s\nvs\n%s", l, got, en)
		}
	}
	if string(Sample("de")) != string(SampleRobots) {
		t.Error("an untranslated language gets the English sample")
	}
}
