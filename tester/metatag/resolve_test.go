package metatag

import (
	"slices"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/diag"
)

// policyOf returns the policy of the crawler called name.
func policyOf(t *testing.T, r Report, name string) Policy {
	t.Helper()
	for _, p := range r.Policies {
		if p.Crawler.Name == name {
			return p
		}
	}
	t.Fatalf("no policy for %s", name)
	return Policy{}
}

func TestEngineResolution(t *testing.T) {
	type want struct {
		index, follow bool
		snippet       int
		archive       bool
	}
	cases := []struct {
		name    string
		page    string // meta tags and/or a bare content string
		headers string
		crawler string
		want    want
	}{
		{name: "default is index, follow", page: "", crawler: "Googlebot", want: want{true, true, -1, true}},
		{name: "Google: most restrictive wins, index loses to noindex", page: "index, noindex", crawler: "Googlebot", want: want{false, true, -1, true}},
		{name: "Google: all loses to noindex", page: "all, noindex", crawler: "Googlebot", want: want{false, true, -1, true}},
		{name: "Yandex: positive wins, all beats noindex", page: "all, noindex", crawler: "YandexBot", want: want{true, true, -1, true}},
		{name: "Yandex: positive wins, follow beats none's nofollow", page: "none, follow", crawler: "YandexBot", want: want{false, true, -1, true}},
		{name: "Yandex: none alone is noindex, nofollow", page: "none", crawler: "YandexBot", want: want{false, false, -1, true}},
		{name: "Yandex: noarchive is read", page: "noarchive", crawler: "YandexBot", want: want{true, true, -1, false}},
		{name: "Yandex: nosnippet is not read", page: "nosnippet", crawler: "YandexBot", want: want{true, true, -1, true}},
		{name: "Bing: most restrictive assumed", page: "follow, nofollow", crawler: "bingbot", want: want{true, false, -1, true}},
		{name: "Bing: nocache means noarchive", page: "nocache", crawler: "bingbot", want: want{true, true, -1, false}},
		{name: "1996: the permissive value of a contradiction", page: "noindex, index", crawler: "1996 robot", want: want{true, true, -1, true}},
		{name: "1996: modern directives are skipped", page: "nosnippet, noarchive", crawler: "1996 robot", want: want{true, true, -1, true}},
		{name: "Google: nosnippet beats max-snippet", page: "max-snippet:50, nosnippet", crawler: "Googlebot", want: want{true, true, 0, true}},
		{name: "Google: max-snippet:-1 is no limit", page: "max-snippet:-1", crawler: "Googlebot", want: want{true, true, -1, true}},
		{name: "Google: the smallest max-snippet across tags wins",
			page:    `<meta name="robots" content="max-snippet:80"><meta name="googlebot" content="max-snippet:30, max-snippet:-1">`,
			crawler: "Googlebot", want: want{true, true, 30, true}},
		{name: "Google: a googlebot tag does not bind Yandex",
			page: `<meta name="googlebot" content="noindex">`, crawler: "YandexBot", want: want{true, true, -1, true}},
		{name: "Google: a googlebot tag binds Googlebot-News too",
			page: `<meta name="googlebot" content="noindex">`, crawler: "Googlebot-News", want: want{false, true, -1, true}},
		{name: "Google: a googlebot-news tag does not bind Googlebot",
			page: `<meta name="googlebot-news" content="noindex">`, crawler: "Googlebot", want: want{true, true, -1, true}},
		{name: "Google: robots meta and header combine, most restrictive wins",
			page: `<meta name="robots" content="index, follow">`, headers: "X-Robots-Tag: nofollow", crawler: "Googlebot", want: want{true, false, -1, true}},
		{name: "Yandex: robots meta and header combine, positive wins",
			page: `<meta name="robots" content="follow">`, headers: "X-Robots-Tag: nofollow", crawler: "YandexBot", want: want{true, true, -1, true}},
		{name: "a header for another bot does not bind Googlebot",
			page: `<p>`, headers: "X-Robots-Tag: otherbot: noindex", crawler: "Googlebot", want: want{true, true, -1, true}},
		{name: "Google: a passed unavailable_after is noindex", page: "unavailable_after: 2020-01-01", crawler: "Googlebot", want: want{false, true, -1, true}},
		{name: "Google: a future unavailable_after keeps the page", page: "unavailable_after: 2030-01-01", crawler: "Googlebot", want: want{true, true, -1, true}},
		{name: "an invalid value is not obeyed", page: "max-snippet:abc", crawler: "Googlebot", want: want{true, true, -1, true}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			opt := Options{Now: testNow, Headers: tc.headers}
			var r Report
			if strings.Contains(tc.page, "<") {
				r = AnalyseHTML([]byte(tc.page), opt)
			} else {
				r = Validate(tc.page, opt)
			}
			p := policyOf(t, r, tc.crawler)
			got := want{p.Index, p.Follow, p.Snippet, p.Archive}
			if got != tc.want {
				t.Errorf("%s: got %+v, want %+v\nreasons: %v", tc.crawler, got, tc.want, p.Reasons)
			}
		})
	}
}

func TestResolutionDetails(t *testing.T) {
	r := Validate("max-image-preview:large, max-image-preview:standard, max-video-preview:30, max-video-preview:-1, "+
		"notranslate, noimageindex, noindex, indexifembedded, unavailable_after: 2031-01-01, unavailable_after: 2030-06-01",
		Options{Now: testNow})
	g := policyOf(t, r, "Googlebot")
	if g.ImagePreview != "standard" || g.VideoPreview != 30 || g.Translate || g.ImageIndex || !g.IndexIfEmbedded {
		t.Errorf("Google policy wrong: %+v", g)
	}
	if g.UnavailableAfter != "2030-06-01" || g.Expired {
		t.Errorf("the earliest date applies: %q expired=%v", g.UnavailableAfter, g.Expired)
	}
	if !g.ArchiveMoot || g.Answers().Archive.String() != "no caches kept" {
		t.Errorf("Google keeps no caches: %v", g.Answers().Archive)
	}
	y := policyOf(t, r, "YandexBot")
	if y.ImagePreview != "" || !y.Translate || y.IndexIfEmbedded {
		t.Errorf("Yandex reads none of Google's extensions: %+v", y)
	}
}

func TestConflictAcrossTagsIsAWarningWithTheWinner(t *testing.T) {
	page := `<meta name="robots" content="all"><meta name="googlebot" content="noindex">`
	r := AnalyseHTML([]byte(page), Options{Now: testNow})
	var found []string
	for _, d := range r.Diagnostics {
		if d.Code == codeConflict {
			found = append(found, d.Severity.String()+" "+string(d.Engines[0])+": "+d.Message.String())
		}
	}
	if len(found) != 1 || !strings.HasPrefix(found[0], "warning google") || !strings.Contains(found[0], "Google applies “noindex”") {
		t.Errorf("want one Google warning naming noindex as the winner (both Google crawlers share it), got %q", found)
	}
	if r.HasError(nil) {
		t.Errorf("tags that disagree are not an error: %v", codes(r, nil))
	}
}

func TestNoindexBehindDisallow(t *testing.T) {
	var asked []string
	robots := func(crawler, url string) (bool, string) {
		asked = append(asked, crawler+" "+url)
		return crawler == "YandexBot", "Disallow: /private/ (line 3)"
	}
	cases := []struct {
		name    string
		content string
		code    string
		sev     diag.Severity
	}{
		{name: "a blocked noindex page is the classic mistake", content: "noindex", code: codeBlockedNoindex, sev: diag.Error},
		{name: "a blocked page without noindex is only noted", content: "nofollow", code: codeBlocked, sev: diag.Info},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			asked = nil
			r := Validate(tc.content, Options{Now: testNow, URL: "https://example.com/private/a", Robots: robots})
			var got []Diagnostic
			for _, d := range r.Diagnostics {
				if d.Code == tc.code {
					got = append(got, d)
				}
			}
			// Googlebot, Googlebot-News and bingbot are blocked; YandexBot is not.
			if len(got) != 3 {
				t.Fatalf("want 3 %s diagnostics, got %v", tc.code, codes(r, nil))
			}
			if got[0].Severity != tc.sev || !strings.Contains(got[0].Message.String(), "Disallow: /private/ (line 3)") {
				t.Errorf("got %s %q", got[0].Severity, got[0].Message)
			}
			if !slices.Contains(asked, "Googlebot https://example.com/private/a") || len(asked) != 4 {
				t.Errorf("asked %v", asked)
			}
			if p := policyOf(t, r, "Googlebot"); !p.Blocked || p.Answers().Index.String() != "not fetched" {
				t.Errorf("Googlebot policy should say not fetched: %+v", p)
			}
			if p := policyOf(t, r, "YandexBot"); p.Blocked {
				t.Error("YandexBot is allowed")
			}
		})
	}
	r := Validate("noindex", Options{Now: testNow, Robots: robots})
	if r.HasError(nil) {
		t.Error("without a URL robots.txt cannot be asked")
	}
}
