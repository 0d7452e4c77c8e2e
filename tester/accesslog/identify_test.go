package accesslog

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/corpus"
)

// TestIdentify: catalogue crawlers by their UA patterns, unknown bots by
// product token, everything else is not a crawler.
func TestIdentify(t *testing.T) {
	cases := []struct {
		name, ua   string
		kind       Kind
		who, token string
		engine     string
	}{
		{"catalogue: Googlebot inside a Mozilla string", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", KindCatalogue, "Googlebot", "Googlebot", "google"},
		// Googlebot-Image's own reading: Google's, falling back to Googlebot's group (issue 35).
		{"catalogue: the longest pattern wins", "Googlebot-Image/1.0", KindCatalogue, "Googlebot-Image", "Googlebot-Image", "google+own"},
		{"catalogue: MJ12bot matches its whole name, which RFC 9309 cannot name", "Mozilla/5.0 (compatible; MJ12bot/v1.4.5; http://www.majestic12.co.uk/bot.php?+)", KindCatalogue, "MJ12bot", "MJ12bot", "rfc9309+own"},
		{"catalogue: Yandex's robot is read the Yandex way", "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)", KindCatalogue, "YandexBot", "YandexBot", "yandex"},
		{"catalogue: bingbot the Bing way", "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", KindCatalogue, "bingbot", "bingbot", "bing"},
		{"catalogue: the 1990s Lycos spider, read by its 1996 text", "Lycos_Spider_(Rex)/1.0 libwww/3.1", KindCatalogue, "Lycos", "Lycos", "lycos1996"},
		{"unknown bot: grouped by its product token, read as RFC 9309", "Mozilla/5.0 (compatible; ExampleSeoBot/1.3; +https://seo.example/bot.html)", KindUnknownBot, "ExampleSeoBot", "ExampleSeoBot", "rfc9309"},
		{"unknown bot: a spider word counts too", "acme-spider/0.9 (+https://acme.example/)", KindUnknownBot, "acme-spider", "acme-spider", "rfc9309"},
		{"a bot word only in the URL is not a bot", "Mozilla/5.0 (X11; Linux x86_64) +https://example.org/robots", KindOther, "", "", ""},
		{"a browser is not a crawler", "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0", KindOther, "", "", ""},
		{"no User-Agent", "", KindOther, "", "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			id := Identify(c.ua)
			if id.Kind != c.kind || id.Name != c.who || id.Token != c.token || id.Engine != c.engine {
				t.Errorf("Identify = kind %d name %q token %q engine %q", id.Kind, id.Name, id.Token, id.Engine)
			}
		})
	}
}

// TestRecognitionOnLogs: every line whose User-Agent names a catalogue
// crawler's pattern is attributed to a crawler, on the own samples and,
// when present, the real logs (whose sources list how many lines carry each
// token).
func TestRecognitionOnLogs(t *testing.T) {
	files := []string{testdata("combined.log"), testdata("vhost.log"), testdata("vhost_combined.log")}
	if dir := corpus.LogsDir(t); dir != "" {
		more, _ := filepath.Glob(filepath.Join(dir, "*.log"))
		files = append(files, more...)
	}
	for _, file := range files {
		rep := analyze(t, Options{Names: []string{file}})
		hits := map[string]int64{}
		for _, c := range rep.Crawlers {
			hits[c.Name] += c.Hits
		}
		// Count the same thing the slow way: parse each line, look for the
		// token in its User-Agent.
		data, _ := os.ReadFile(file)
		data = trimBOM(data)
		f, err := Detect(data)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]int64{}
		var h Hit
		for _, line := range bytes.Split(data, []byte("\n")) {
			line = bytes.TrimRight(line, "\r")
			if !f.Parse(line, &h) || len(h.Target) == 0 {
				continue
			}
			for _, tok := range []string{"YandexBot", "bingbot", "Baiduspider", "DotBot", "AhrefsBot"} {
				if strings.Contains(string(h.UA), tok+"/") {
					want[tok]++
				}
			}
		}
		for tok, n := range want {
			if hits[tok] != n {
				t.Errorf("%s: %s has %d hits, %d lines carry its token", filepath.Base(file), tok, hits[tok], n)
			}
		}
		if strings.HasSuffix(file, "elastic-apache_logs.log") {
			// Named in the log's sources: line 8899 lost its closing quote.
			if rep.Malformed != 1 || rep.MalformedAt[0].Line != 8899 {
				t.Errorf("elastic: malformed %d at %v, want 1 at 8899", rep.Malformed, rep.MalformedAt)
			}
			if rep.Lines != 10000 {
				t.Errorf("elastic: %d lines", rep.Lines)
			}
		}
		if strings.HasSuffix(file, "timberwinr-redlug-sample-apache.log") {
			if rep.Formats[0] != "combined_vhost" || rep.Malformed != 0 || rep.Lines != 2224 {
				t.Errorf("redlug (BOM, vhost, no final line end): format %v, %d lines, %d malformed", rep.Formats, rep.Lines, rep.Malformed)
			}
			if hits["MJ12bot"] != 809 {
				t.Errorf("redlug: MJ12bot %d hits, its sources count 809", hits["MJ12bot"])
			}
		}
	}
}
