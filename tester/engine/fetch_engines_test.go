package engine

import "testing"

// TestFetchPolicyEveryEngine: what each engine does when fetching
// /robots.txt ends in a given status (as each crawler's documentation and RFC 9309 §2.3.1 say).
func TestFetchPolicyEveryEngine(t *testing.T) {
	const (
		use  = FetchUseFile
		all  = FetchAllowAll
		none = FetchDisallowAll
		fol  = FetchFollow
		fail = FetchFail
	)
	fetches := []Fetch{
		{Status: 200}, {Status: 301}, {Status: 301, Redirects: 5}, {Status: 301, Redirects: 10},
		{Status: 401}, {Status: 403}, {Status: 404}, {Status: 410}, {Status: 429},
		{Status: 500}, {Status: 503}, {Unreachable: true}, {Status: 100},
	}
	table := map[string][]FetchOutcome{
		//               200  301  301/5 301/10 401   403   404  410  429   500   503   down  100
		"google":       {use, fol, all, all, all, all, all, all, none, none, none, none, none},
		"rfc9309":      {use, fol, all, all, all, all, all, all, all, none, none, none, none},
		"yandex":       {use, fol, all, all, all, all, all, all, all, none, none, none, none},
		"bing":         {use, fol, all, all, all, all, all, all, none, none, none, none, none},
		"draft1996":    {use, fol, fol, fol, none, none, all, all, all, none, none, none, none},
		"lycos1996":    {use, fol, none, none, none, none, all, all, none, none, none, none, none},
		"original1994": {use, fol, none, none, none, none, all, all, none, none, none, none, none},
		"temoto":       {use, fol, fol, fail, all, all, all, all, all, none, none, fail, fail},
		// The libraries: urllib's read(), Scrapy's middleware around
		// Protego, and robots-parser, which fetches nothing itself.
		"urllib":        {use, fol, fol, none, none, none, all, all, all, none, none, fail, none},
		"protego":       {use, fol, fol, fol, all, all, all, all, all, all, all, all, all},
		"robots-parser": {use, fol, fol, fol, fail, fail, fail, fail, fail, fail, fail, fail, fail},
	}
	for _, e := range All() {
		id := e.Info().ID
		want, ok := table[id]
		if !ok {
			t.Errorf("%s: no fetch policy row", id)
			continue
		}
		for i, f := range fetches {
			d := e.FetchPolicy(f)
			if d.Outcome != want[i] {
				t.Errorf("%s %+v: %s, want %s (%s)", id, f, d.Outcome, want[i], d.Why)
			}
			if d.Why.String() == "" {
				t.Errorf("%s %+v: no explanation", id, f)
			}
		}
	}
}
