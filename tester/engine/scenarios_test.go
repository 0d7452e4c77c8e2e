package engine

import (
	"strings"
	"testing"
)

// scenario is one divergence scenario: the same file, crawler and URL, and what
// each engine must answer ('A' allowed, 'B' blocked). skip names the engines
// whose cell has no defined answer, with the reason.
type scenario struct {
	name, robots, agent, url string
	want                     map[string]byte
	skip                     map[string]string
}

// specScenarios are divergence scenarios 1–9 (row 10 is about fetching, see
// TestScenario10FetchStatus). The lycos1996 column is not in the scenario table;
// its answers follow from the Lycos grammar (no Allow, literal prefixes,
// agent_id a substring of the robot's User-Agent).
var specScenarios = []scenario{
	{
		name:   "1 first match (1994, 1996) against longest match: Disallow /p then Allow /page, GET /page",
		robots: "User-agent: *\nDisallow: /p\nAllow: /page\n",
		agent:  "ExampleBot", url: "/page",
		want: map[string]byte{"original1994": 'B', "lycos1996": 'B', "draft1996": 'B', "google": 'A', "rfc9309": 'A',
			"yandex": 'A', "bing": 'A', "temoto": 'A',
			"urllib": 'B', "protego": 'A', "robots-parser": 'A'},
	},
	{
		name:   "2 equal length: Allow wins the tie, except where the first rule in the file wins",
		robots: "User-agent: *\nDisallow: /page\nAllow: /page\n",
		agent:  "ExampleBot", url: "/page",
		want: map[string]byte{"original1994": 'B', "lycos1996": 'B', "draft1996": 'B', "google": 'A', "rfc9309": 'A',
			"yandex": 'A', "bing": 'A', "temoto": 'B',
			"urllib": 'B', "protego": 'A', "robots-parser": 'A'},
	},
	{
		name:   "3 wildcards: /*.php$ is literal text for the old texts, a pattern for the modern ones",
		robots: "User-agent: *\nDisallow: /*.php$\n",
		agent:  "ExampleBot", url: "/a/b.php",
		want: map[string]byte{"original1994": 'A', "lycos1996": 'A', "draft1996": 'A', "google": 'B', "rfc9309": 'B',
			"yandex": 'B', "bing": 'B', "temoto": 'B',
			"urllib": 'A', "protego": 'B', "robots-parser": 'B'},
	},
	{
		name:   "4 anchors: /$ matches only the root, except in temoto's unanchored regexp",
		robots: "User-agent: *\nDisallow: /$\n",
		agent:  "ExampleBot", url: "/dir/",
		want: map[string]byte{"original1994": 'A', "lycos1996": 'A', "draft1996": 'A', "google": 'A', "rfc9309": 'A',
			"yandex": 'A', "bing": 'A', "temoto": 'B',
			"urllib": 'A', "protego": 'A', "robots-parser": 'A'},
	},
	{
		// RFC 9309: "Googlebot/2.1" is not a product token, so the line names nobody.
		name:   "5 versioned name: User-agent Googlebot/2.1 reaches Googlebot only where names are cut or searched",
		robots: "User-agent: Googlebot/2.1\nDisallow: /\n",
		agent:  "Googlebot", url: "/",
		want: map[string]byte{"original1994": 'B', "lycos1996": 'A', "draft1996": 'B', "google": 'B', "rfc9309": 'A',
			"temoto": 'A',
			"urllib": 'A', "protego": 'A', "robots-parser": 'B'},
		skip: map[string]string{"yandex": "not applicable", "bing": "not documented"},
	},
	{
		name:   "6 blank lines end records in the old texts, not in the modern ones",
		robots: "User-agent: a\n\nUser-agent: b\nDisallow: /\n",
		agent:  "a", url: "/x",
		want: map[string]byte{"original1994": 'A', "lycos1996": 'A', "draft1996": 'A', "google": 'B', "rfc9309": 'B',
			"temoto": 'B',
			"urllib": 'A', "protego": 'B', "robots-parser": 'B'},
		skip: map[string]string{"yandex": "undefined", "bing": "not documented"},
	},
	{
		name:   "7 other fields: Crawl-delay between two User-agent lines",
		robots: "User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /\n",
		agent:  "a", url: "/x",
		want: map[string]byte{"original1994": 'B', "lycos1996": 'B', "google": 'B', "rfc9309": 'B', "temoto": 'A',
			"urllib": 'A', "protego": 'A', "robots-parser": 'A'},
		skip: map[string]string{"draft1996": "malformed (TestDraftMalformedRecordIsNoted)",
			"yandex": "not documented", "bing": "not documented"},
	},
	{
		name:   "8 /robots.txt itself is exempt only in the 1996 draft and RFC 9309",
		robots: "User-agent: *\nDisallow: /\n",
		agent:  "ExampleBot", url: "/robots.txt",
		want: map[string]byte{"original1994": 'B', "lycos1996": 'B', "draft1996": 'A', "google": 'B', "rfc9309": 'A',
			"temoto": 'B',
			"urllib": 'B', "protego": 'B', "robots-parser": 'B'},
		skip: map[string]string{"yandex": "not documented", "bing": "not documented"},
	},
	{
		name:   "9 percent-encoding: /%7Ejoe equals /~joe only where escapes are decoded",
		robots: "User-agent: *\nDisallow: /%7Ejoe\n",
		agent:  "ExampleBot", url: "/~joe",
		want: map[string]byte{"original1994": 'A', "lycos1996": 'A', "draft1996": 'B', "google": 'A', "rfc9309": 'B',
			"temoto": 'A',
			"urllib": 'B', "protego": 'B', "robots-parser": 'A'},
		skip: map[string]string{"yandex": "not documented", "bing": "not documented"},
	},
}

func TestSpecScenarios(t *testing.T) {
	for _, s := range specScenarios {
		t.Run(s.name, func(t *testing.T) {
			for _, e := range All() {
				id := e.Info().ID
				want, ok := s.want[id]
				if !ok {
					if _, skipped := s.skip[id]; !skipped {
						t.Errorf("%s: engine has neither an answer nor a reason to skip", id)
					}
					continue
				}
				v := query(t, id, s.robots, s.agent, s.url)
				if got := verdictLetter(v); got != want {
					t.Errorf("%s: got %c, want %c: %s", id, got, want, v.ExplainAll())
				}
				if strings.TrimSpace(v.Explain().String()) == "" {
					t.Errorf("%s: no explanation", id)
				}
			}
		})
	}
}

func verdictLetter(v Verdict) byte {
	if v.Allowed {
		return 'A'
	}
	return 'B'
}

// TestScenario10FetchStatus is divergence scenario 10: robots.txt answers 401/403,
// and 5xx. The 1994 text and the Lycos grammar define no answer ("—"),
// Bing's is not documented.
func TestScenario10FetchStatus(t *testing.T) {
	cases := []struct {
		id                 string
		on401, on403, on5x FetchOutcome
	}{
		{"google", FetchAllowAll, FetchAllowAll, FetchDisallowAll},
		{"rfc9309", FetchAllowAll, FetchAllowAll, FetchDisallowAll},
		{"draft1996", FetchDisallowAll, FetchDisallowAll, FetchDisallowAll},
		{"yandex", FetchAllowAll, FetchAllowAll, FetchDisallowAll},
		{"temoto", FetchAllowAll, FetchAllowAll, FetchDisallowAll},
	}
	for _, c := range cases {
		e, _ := Get(c.id)
		for status, want := range map[int]FetchOutcome{401: c.on401, 403: c.on403, 503: c.on5x} {
			if got := e.FetchPolicy(Fetch{Status: status}); got.Outcome != want {
				t.Errorf("%s %d: %s, want %s (%s)", c.id, status, got.Outcome, want, got.Why)
			}
		}
	}
}

// TestDraftMalformedRecordIsNoted: divergence scenario 7 calls the file malformed
// for the 1996 draft (an extension line is a rule line, so a User-agent after
// it needs a blank line first); the engine reads a new record there and
// must say so.
func TestDraftMalformedRecordIsNoted(t *testing.T) {
	v := query(t, "draft1996", "User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /\n", "a", "/x")
	if !hasNote(v, msgNoteNoBlank) {
		t.Fatalf("no malformed-record note: %s", v.ExplainAll())
	}
}

func hasNote(v Verdict, key string) bool {
	for _, n := range v.Notes {
		if n.Key == key {
			return true
		}
	}
	return false
}
