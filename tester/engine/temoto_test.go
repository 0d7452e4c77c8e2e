package engine

import (
	"strings"
	"testing"
)

func TestTemotoReadsLikeTheLibrary(t *testing.T) {
	t.Run("the longest prefix of the crawler's name picks the group", func(t *testing.T) {
		robots := "User-agent: *\nDisallow: /\n\nUser-agent: Google\nDisallow: /g\n\nUser-agent: Googlebot-Image\nDisallow: /i\n"
		checkAllowed(t, "temoto", robots, []allowedCase{
			{"Googlebot", "/x", true}, {"Googlebot", "/g", false},
			{"Googlebot-Image/1.0", "/g", true}, {"Googlebot-Image/1.0", "/i", false},
			{"Mozilla/5.0 (compatible; Googlebot/2.1)", "/x", false},
		})
		v := query(t, "temoto", robots, "Googlebot", "/g")
		if v.Group == nil || v.Group.How != HowPrefix || v.Group.Token != "google" || v.Group.Start() != 4 {
			t.Errorf("group: %+v", v.Group)
		}
	})
	t.Run("a group with only User-agent lines is never created, so the crawler falls back to *", func(t *testing.T) {
		v := query(t, "temoto", "User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\n", "Googlebot", "/x")
		if v.Allowed || v.Group == nil || v.Group.How != HowGlobal || !hasNote(v, msgTemotoNoGroup) {
			t.Fatalf("got %s", v.ExplainAll())
		}
	})
	t.Run("an empty Disallow on the last line without a newline is lost", func(t *testing.T) {
		robots := "User-agent: *\nDisallow: /\nUser-agent: StackRambler\nDisallow:"
		checkAllowed(t, "temoto", robots, []allowedCase{{"StackRambler", "/", false}})
		checkAllowed(t, "temoto", robots+"\n", []allowedCase{{"StackRambler", "/", true}})
	})
	t.Run("Disallow: * is a no-op", func(t *testing.T) {
		checkAllowed(t, "temoto", "User-agent: *\nDisallow: *\n", []allowedCase{{"a", "/x", true}})
	})
	t.Run("a wildcard rule is an unanchored regexp and the verdict says where it matched", func(t *testing.T) {
		v := query(t, "temoto", "User-agent: *\nDisallow: /private*x\n", "a", "/a/private/x")
		if v.Allowed || !hasNote(v, msgTemotoUnanch) {
			t.Fatalf("got %s", v.ExplainAll())
		}
		// A trailing * is cut, leaving a plain prefix, which is anchored.
		checkAllowed(t, "temoto", "User-agent: *\nDisallow: /private*\n", []allowedCase{{"a", "/x/private", true}})
	})
	t.Run("ties go to the first rule in the file", func(t *testing.T) {
		v := query(t, "temoto", "User-agent: *\nAllow: /a\nDisallow: /a\n", "a", "/a")
		if !v.Allowed || v.Why != WhyFirstOfEqual || v.Runner == nil || v.Runner.Line != 3 {
			t.Fatalf("got %s", v.ExplainAll())
		}
	})
	t.Run("a regexp scores its source length", func(t *testing.T) {
		// `/a*c$` becomes `/a.*c$`: 6 characters against 4 for `/abc`.
		v := query(t, "temoto", "User-agent: *\nDisallow: /abc\nAllow: /a*c$\n", "a", "/abc")
		if !v.Allowed || v.Rule.Score != 6 || v.Why != WhyLongest {
			t.Fatalf("got score %d: %s", v.Rule.Score, v.ExplainAll())
		}
	})
	t.Run("a missing colon is fine and extra words are dropped", func(t *testing.T) {
		v := query(t, "temoto", "User-agent *\nDisallow /a /b\n", "a", "/a")
		if v.Allowed || !hasNote(v, msgTemotoJunk) {
			t.Fatalf("got %s", v.ExplainAll())
		}
		checkAllowed(t, "temoto", "User-agent *\nDisallow /a /b\n", []allowedCase{{"a", "/b", true}})
	})
	t.Run("a blank line or Sitemap does not end a group, Crawl-delay does", func(t *testing.T) {
		checkAllowed(t, "temoto", "User-agent: a\n\nSitemap: http://x/s.xml\nUser-agent: b\nDisallow: /\n", []allowedCase{{"a", "/x", false}})
		v := query(t, "temoto", "User-agent: a\nCrawl-delay: 2.5\nUser-agent: b\nDisallow: /\n", "a", "/x")
		if !v.Allowed || v.Delay == nil || v.Delay.Seconds != 2.5 || v.Delay.Line != 2 {
			t.Fatalf("delay %+v: %s", v.Delay, v.ExplainAll())
		}
	})
}

func TestTemotoParseErrorFailsTheFile(t *testing.T) {
	for _, c := range []struct{ name, robots, line string }{
		{"a rule before the first User-agent", "Disallow: /x\nUser-agent: *\nDisallow: /\n", "line 1 `Disallow: /x`"},
		{"a Crawl-delay that is not a number", "User-agent: *\nCrawl-delay: soon\nDisallow: /\n", "line 2 `Crawl-delay: soon`"},
		{"an empty Crawl-delay", "User-agent: *\nDisallow: /a\nCrawl-delay:\n\n", "line 3 `Crawl-delay: `"},
	} {
		t.Run(c.name, func(t *testing.T) {
			v := query(t, "temoto", c.robots, "a", "/a")
			if v.Reason != ReasonFileError || v.Allowed || v.Rule != nil || v.Group != nil {
				t.Fatalf("want a file error, got %+v", v)
			}
			got := v.Explain().String()
			if !strings.HasPrefix(got, "this crawler would fail on this file: "+c.line) || !strings.Contains(got, "the library says:") {
				t.Errorf("explanation %q", got)
			}
			if len(v.Notes) != 0 {
				t.Errorf("emulation and library disagree on the error: %s", v.ExplainAll())
			}
		})
	}
}

func TestTemotoFetchPolicy(t *testing.T) {
	e, _ := Get("temoto")
	for _, c := range []struct {
		f    Fetch
		want FetchOutcome
	}{
		{Fetch{Status: 200}, FetchUseFile},
		{Fetch{Status: 404}, FetchAllowAll},
		{Fetch{Status: 401}, FetchAllowAll},
		{Fetch{Status: 429}, FetchAllowAll},
		{Fetch{Status: 500}, FetchDisallowAll},
		{Fetch{Status: 301, Redirects: 3}, FetchFollow},
		{Fetch{Status: 301, Redirects: 10}, FetchFail},
		{Fetch{Status: 100}, FetchFail},
		{Fetch{Unreachable: true}, FetchFail},
	} {
		if got := e.FetchPolicy(c.f); got.Outcome != c.want || got.Why.IsZero() {
			t.Errorf("%+v: %s, want %s", c.f, got.Outcome, c.want)
		}
	}
}
