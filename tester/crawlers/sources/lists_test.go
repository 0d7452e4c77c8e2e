package sources

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const teamLine = `{"name":"Team-Bot","tokens":["Team-Bot"],"ua_patterns":["Team-Bot"],"operator":"Team","purpose":"monitor","engine":"rfc9309","robots_txt":"obeys","sources":[]}`

// Rule: every field of a JSON Lines source is checked against the values
// the catalogue knows; a bad one is refused with its line and nothing is
// changed.
func TestJSONLinesFieldsChecked(t *testing.T) {
	for _, tc := range []struct{ rule, line, want string }{
		{"unknown engine", strings.Replace(teamLine, `"rfc9309"`, `"hal9000"`, 1), `unknown engine “hal9000”`},
		{"unknown robots_txt", strings.Replace(teamLine, `"obeys"`, `"sometimes"`, 1), `unknown robots_txt “sometimes”`},
		{"empty robots_txt word", strings.Replace(teamLine, `"obeys"`, `" "`, 1), `unknown robots_txt`},
		{"unknown purpose", strings.Replace(teamLine, `"monitor"`, `"mining"`, 1), `unknown purpose`},
		{"unknown field", strings.Replace(teamLine, `"sources":[]`, `"sources":[],"respect":"yes"`, 1), `unknown field "respect"`},
		{"unknown origin", strings.Replace(teamLine, `"sources":[]`, `"sources":[],"origin":"builtin"`, 1), `valid origin`},
		{"source not a URL", strings.Replace(teamLine, `"sources":[]`, `"sources":[{"url":"javascript:alert(1)","checked":""}]`, 1), `valid sources`},
		{"checked not a day", strings.Replace(teamLine, `"sources":[]`, `"sources":[{"url":"https://example.com/bot","checked":"yesterday"}]`, 1), `valid checked`},
		{"empty User-Agent word", strings.Replace(teamLine, `"ua_patterns":["Team-Bot"]`, `"ua_patterns":[""]`, 1), `valid ua_patterns`},
		{"note in an unknown language", strings.Replace(teamLine, `"sources":[]`, `"sources":[],"note":{"xx":"?"}`, 1), `valid note`},
		{"no token", strings.Replace(teamLine, `"tokens":["Team-Bot"]`, `"tokens":[]`, 1), `has no token`},
		{"same name twice, other case", teamLine + "\n" + strings.Replace(teamLine, `"name":"Team-Bot"`, `"name":"team-bot"`, 1), `line 2: “team-bot” is already listed on line 1`},
	} {
		t.Run(tc.rule, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "team.jsonl")
			os.WriteFile(p, []byte(tc.line+"\n"), 0o644)
			s := newStore(t)
			_, err := s.Update(context.Background(), []string{p}, opts())
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "line ") {
				t.Errorf("error %v, want one naming the line and saying %q", err, tc.want)
			}
			if overlayBytes(t, s) != nil {
				t.Error("the refused source changed the store")
			}
		})
	}
	// What `crawlers --json` prints (with its "verify" and "unverified")
	// is read back.
	p := filepath.Join(t.TempDir(), "team.jsonl")
	os.WriteFile(p, []byte(strings.Replace(teamLine, `"sources":[]`, `"sources":[],"unverified":true,"verify":{"ranges":[]},"origin":"update"`, 1)+"\n"), 0o644)
	if _, err := newStore(t).Update(context.Background(), []string{p}, opts()); err != nil {
		t.Errorf("the --json form: %v", err)
	}
}

// Rule: run twice, changes once, for any source: a robots.json that names
// a crawler twice in other letter case, and two lists that disagree about
// one crawler, change the store on the first run only.
func TestRunTwiceChangesOnce(t *testing.T) {
	dir := t.TempDir()
	robots := filepath.Join(dir, "robots.json")
	os.WriteFile(robots, []byte(`{"TeamBot": {"operator": "Team A", "respect": "Yes", "function": "AI Agents", "description": "a"},
		"teambot": {"operator": "Team B", "respect": "No", "function": "AI Search", "description": "b"}}`), 0o644)
	other := filepath.Join(dir, "other.jsonl")
	os.WriteFile(other, []byte(strings.NewReplacer(`Team-Bot`, `TeamBot`, `"operator":"Team"`, `"operator":"Team C"`).Replace(teamLine)+"\n"), 0o644)
	s := newStore(t)
	srcs := []string{robots, other}
	first, err := s.Update(context.Background(), srcs, opts())
	if err != nil || !first.Saved {
		t.Fatalf("first run: %+v, %v", first, err)
	}
	if first.Read[0].Skipped != 1 || !strings.Contains(first.Read[0].Text().String(), "skipped: 1") {
		t.Errorf("the repeated name is not said: %+v", first.Read[0])
	}
	history := len(s.history())
	for run := 2; run <= 3; run++ {
		rep, err := s.Update(context.Background(), srcs, opts())
		if err != nil || len(rep.Changes) != 0 || rep.Saved {
			t.Errorf("run %d: changes %+v, saved %v, %v", run, rep.Changes, rep.Saved, err)
		}
	}
	if len(s.history()) != history {
		t.Error("runs that changed nothing pushed history entries")
	}
}
