package cli_test

import (
	"encoding/json"
	"sort"
	"strings"
	"testing"
)

func TestCrawlersTextByPurpose(t *testing.T) {
	code, out, errs := runCmd(t, "", "crawlers", "--purpose", "ai-training")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d: %s", code, errs)
	}
	golden(t, "crawlers/ai-training.golden", out)
}

func TestCrawlersJSONHasExactlyTheFields(t *testing.T) {
	code, out, _ := runCmd(t, "", "crawlers", "--json")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) < 150 {
		t.Fatalf("%d crawlers, want at least 150", len(lines))
	}
	// Always these fields; origin, quote and claims only when the entry
	// has them (a quote: its words as ai.robots.txt wrote them).
	required := "engine,name,note,operator,purpose,robots_txt,sources,tokens,ua_patterns,unverified,verify"
	optional := map[string]bool{"origin": true, "quote": true, "claims": true}
	quoted := 0
	for _, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatal(err)
		}
		keys := make([]string, 0, len(m))
		for k := range m {
			if optional[k] {
				quoted++
				continue
			}
			keys = append(keys, k)
		}
		sort.Strings(keys)
		if got := strings.Join(keys, ","); got != required {
			t.Fatalf("fields = %s, want %s (and only %v besides)", got, required, optional)
		}
	}
	if quoted == 0 {
		t.Error("no entry quotes its source")
	}
	code, out, _ = runCmd(t, "", "crawlers", "--json", "--purpose", "ai-search")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	golden(t, "crawlers/ai-search.json.golden", out)
}

func TestCrawlersBadPurpose(t *testing.T) {
	code, out, errs := runCmd(t, "", "crawlers", "--purpose", "spam")
	if code != 2 || out != "" || !strings.Contains(errs, `unknown purpose "spam"`) || strings.Count(errs, "\n") != 1 {
		t.Errorf("exit %d, stdout %q, stderr %q; want 2 and one line naming the purpose", code, out, errs)
	}
}

// TestTestResolvesAFullUserAgent: a full User-Agent string is tested with the
// token its crawler obeys, and the output says so.
func TestTestResolvesAFullUserAgent(t *testing.T) {
	ua := "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)"
	robots := "User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n"
	code, out, errs := runCmd(t, robots, "test", "--agent", ua, "-", "/page")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d: %s", code, errs)
	}
	golden(t, "test/resolved-ua.golden", out)

	code, out, _ = runCmd(t, robots, "test", "--json", "--agent", ua, "-", "/page")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var v struct {
		Agent       string `json:"agent"`
		Allowed     bool   `json:"allowed"`
		Explanation string `json:"explanation"`
		Group       struct {
			Token string `json:"token"`
		} `json:"group"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	if v.Agent != ua || v.Allowed || !strings.EqualFold(v.Group.Token, "GPTBot") || !strings.Contains(v.Explanation, "tested as GPTBot") {
		t.Errorf("got %+v; want the agent as typed, blocked by the GPTBot group, and an explanation naming the token", v)
	}
}

// TestTestShowsUsagePreference: a crawler with a purpose that may fetch the
// URL gets the preference in force beside the verdict; a blocked URL gets
// none, since preferences apply only to what may be crawled.
func TestTestShowsUsagePreference(t *testing.T) {
	robots := "User-agent: *\nContent-Signal: search=yes, ai-train=no\nContent-Usage: /blog/ train-ai=y\nAllow: /\nDisallow: /private/\n"
	code, out, errs := runCmd(t, robots, "test", "--agent", "GPTBot", "--agent", "Googlebot", "--agent", "Unlisted", "-", "/page", "/private/x")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d: %s", code, errs)
	}
	golden(t, "test/usage.golden", out)
}

func TestAIText(t *testing.T) {
	code, out, errs := runCmd(t, "", "ai", "--path", "/private/x", "testdata/ai/robots.txt")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d: %s", code, errs)
	}
	golden(t, "ai/robots.golden", out)
}

func TestAIJSON(t *testing.T) {
	code, out, _ := runCmd(t, "", "ai", "--json", "testdata/ai/robots.txt")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var r struct {
		Crawlers []struct {
			Name  string `json:"name"`
			Paths []struct {
				Allowed bool     `json:"allowed"`
				Asks    []string `json:"asks"`
			} `json:"paths"`
		} `json:"crawlers"`
		Preferences []struct{ Line, Group int }      `json:"preferences"`
		CannotStop  []struct{ Name, Instead string } `json:"cannot_stop"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, c := range r.Crawlers {
		got[c.Name] = c.Paths[0].Allowed
		if c.Name == "ClaudeBot" && (len(c.Paths[0].Asks) != 1 || !strings.Contains(c.Paths[0].Asks[0], "no AI training")) {
			t.Errorf("ClaudeBot asks %v", c.Paths[0].Asks)
		}
	}
	if got["GPTBot"] || got["CCBot"] || !got["ClaudeBot"] || !got["Googlebot"] {
		t.Errorf("allowed at /: %v", got)
	}
	if len(r.Preferences) != 2 || r.Preferences[0].Group != 5 || len(r.CannotStop) == 0 || r.CannotStop[0].Instead == "" {
		t.Errorf("preferences %+v, cannot stop %+v", r.Preferences, r.CannotStop)
	}
}

func TestAIMissingFile(t *testing.T) {
	code, _, errs := runCmd(t, "", "ai", "testdata/ai/nope.txt")
	if code != 2 || strings.Count(errs, "\n") != 1 {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}
