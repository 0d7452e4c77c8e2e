package sources

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/fetch"
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

// Rule: every source is bounded before it is used: a file or an answer of
// the body limit or more is not read, a list of more than MaxEntries
// crawlers (robots.json or JSON Lines) and a range file of more than
// MaxPrefixes ranges are refused, each saying so, and the store is left as
// it was. (A 324 MB range file once took 3 GB and 91 s; issue 36, point 5.)
func TestSourcesAreBounded(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// A sparse file as large as the limit: refused from its size, unread.
	huge := filepath.Join(dir, "huge.json")
	f, err := os.Create(huge)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(int64(fetch.MaxBody)); err != nil {
		t.Fatal(err)
	}
	f.Close()
	var robots strings.Builder
	robots.WriteString("{")
	for i := range MaxEntries + 1 {
		if i > 0 {
			robots.WriteString(",")
		}
		fmt.Fprintf(&robots, `"Bot%dBot": {"operator": "Team", "respect": "Yes", "function": "AI Agents", "description": "d"}`, i)
	}
	robots.WriteString("}")
	var lines strings.Builder
	for i := range MaxEntries + 1 {
		lines.WriteString(strings.ReplaceAll(teamLine, "Team-Bot", fmt.Sprintf("Team-Bot-%d", i)) + "\n")
	}
	var ranges strings.Builder
	ranges.WriteString(`{"creationTime": "2026-11-01T00:00:00", "prefixes": [`)
	for i := range MaxPrefixes + 1 {
		if i > 0 {
			ranges.WriteString(",")
		}
		fmt.Fprintf(&ranges, `{"ipv4Prefix": "10.%d.%d.0/24"}`, i/256%256, i%256)
	}
	ranges.WriteString("]}")
	big := bytes.Repeat([]byte("x"), 4096)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write(big) }))
	defer srv.Close()
	small := opts()
	small.Fetch.MaxBytes = 1024
	for _, c := range []struct {
		rule, src string
		o         Options
		want      string
	}{
		{"a file of the body limit is not read", huge, opts(), fmt.Sprintf("larger than %d bytes: not read", fetch.MaxBody)},
		{"an answer past the limit is not kept", srv.URL + "/robots.json", small, "larger than 1024 bytes: not read"},
		{"a robots.json of more than MaxEntries crawlers", write("robots.json", []byte(robots.String())), opts(), fmt.Sprint(MaxEntries)},
		{"JSON Lines of more than MaxEntries crawlers", write("team.jsonl", []byte(lines.String())), opts(), fmt.Sprint(MaxEntries)},
		{"a range file of more than MaxPrefixes ranges", write("gptbot.json", []byte(ranges.String())), opts(), fmt.Sprint(MaxPrefixes)},
	} {
		t.Run(c.rule, func(t *testing.T) {
			s := newStore(t)
			_, err := s.Update(context.Background(), []string{c.src}, c.o)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one saying %q", err, c.want)
			}
			if overlayBytes(t, s) != nil {
				t.Error("the refused source changed the store")
			}
		})
	}
}
