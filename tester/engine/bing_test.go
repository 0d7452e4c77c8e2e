package engine

import "testing"

func TestBingRules(t *testing.T) {
	robots := "User-agent: *\nCrawl-delay: 10\nDisallow: /private\n\nUser-agent: bingbot\nDisallow: /bing-only\n"
	t.Run("a bingbot group replaces the * rules", func(t *testing.T) {
		checkAllowed(t, "bing", robots, []allowedCase{{"bingbot", "/private", true}, {"bingbot", "/bing-only", false}, {"msnbot", "/private", false}})
	})
	t.Run("but bingbot still waits the * group's Crawl-delay", func(t *testing.T) {
		v := query(t, "bing", robots, "bingbot", "/")
		if v.Delay == nil || v.Delay.Seconds != 10 || v.Delay.Line != 2 || !hasNote(v, msgDelayFromGlobal) {
			t.Fatalf("delay %+v: %s", v.Delay, v.ExplainAll())
		}
	})
	t.Run("its own Crawl-delay wins", func(t *testing.T) {
		v := query(t, "bing", "User-agent: *\nCrawl-delay: 10\nDisallow: /x\n\nUser-agent: bingbot\nCrawl-delay: 2\nDisallow:\n", "bingbot", "/")
		if v.Delay == nil || v.Delay.Seconds != 2 || hasNote(v, msgDelayFromGlobal) {
			t.Fatalf("delay %+v: %s", v.Delay, v.ExplainAll())
		}
	})
	t.Run("the delay is clamped to 1–30 seconds", func(t *testing.T) {
		for asked, want := range map[string]float64{"120": 30, "0.2": 1, "7.5": 7.5} {
			v := query(t, "bing", "User-agent: bingbot\nCrawl-delay: "+asked+"\n", "bingbot", "/")
			if v.Delay == nil || v.Delay.Seconds != want || (want != 7.5) != hasNote(v, msgDelayClamped) {
				t.Errorf("Crawl-delay %s: got %+v: %s", asked, v.Delay, v.ExplainAll())
			}
		}
	})
	t.Run("an unreadable Crawl-delay is no delay", func(t *testing.T) {
		if v := query(t, "bing", "User-agent: *\nCrawl-delay: soon\n", "bingbot", "/"); v.Delay != nil {
			t.Errorf("got %+v", v.Delay)
		}
	})
	t.Run("google does not read Crawl-delay", func(t *testing.T) {
		if v := query(t, "google", robots, "Googlebot", "/"); v.Delay != nil {
			t.Errorf("got %+v", v.Delay)
		}
	})
}
