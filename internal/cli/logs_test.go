package cli_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/corpus"
	"github.com/robots-studio/robots-studio/tester/accesslog"
	"github.com/robots-studio/robots-studio/tester/uri"
)

const logsDir = "testdata/logs/"

// TestLogsGolden: the text report, --json and --violations on the sample
// logs, and the exit codes that go with them.
func TestLogsGolden(t *testing.T) {
	vhost, _ := os.ReadFile(logsDir + "vhost.log")
	cases := []struct {
		name, stdin string
		args        []string
		code        int
	}{
		{"report", "", []string{"--robots", logsDir + "robots.txt", "--draft", logsDir + "draft.txt", logsDir + "combined.log", logsDir + "vhost.log"}, 1},
		{"json", "", []string{"--json", "--robots", logsDir + "robots.txt", "--draft", logsDir + "draft.txt", logsDir + "combined.log", logsDir + "vhost.log"}, 1},
		{"violations", "", []string{"--violations", "--robots", logsDir + "robots.txt", logsDir + "combined.log", "-"}, 1},
		{"verified", "", []string{"--ip-ranges", logsDir + "ranges.txt", "--robots", logsDir + "robots.txt", logsDir + "combined.log"}, 1},
		{"no-robots", "", []string{logsDir + "combined.log"}, 0},
		{"common", "", []string{"--robots", logsDir + "robots.txt", logsDir + "common.log"}, 0},
		{"format", "", []string{"--json", "--format", `%h %l %u %t "%r" %>s %b "%{Referer}i" "%{User-Agent}i" "%{Host}i"`, "--robots", logsDir + "draft.txt", "-"}, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			stdin := c.stdin
			if strings.Contains(strings.Join(c.args, " "), " -") || c.args[len(c.args)-1] == "-" {
				stdin = string(vhost)
			}
			code, out, errs := runCmd(t, stdin, append([]string{"logs"}, c.args...)...)
			if code != c.code {
				t.Fatalf("exit %d, want %d; stderr %s", code, c.code, errs)
			}
			golden(t, "logs/"+c.name+".golden", out+stderrSection(errs))
		})
	}
}

func stderrSection(s string) string {
	if s == "" {
		return ""
	}
	return "--- stderr\n" + s
}

// TestLogsJSONFields: each object has the fields the command promises,
// newly_blocked/newly_allowed only with --draft.
func TestLogsJSONFields(t *testing.T) {
	for _, draft := range []bool{false, true} {
		args := []string{"logs", "--json", "--robots", logsDir + "robots.txt", logsDir + "combined.log"}
		if draft {
			args = append(args, "--draft", logsDir+"draft.txt")
		}
		_, out, _ := runCmd(t, "", args...)
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			var m map[string]json.RawMessage
			if err := json.Unmarshal([]byte(line), &m); err != nil {
				t.Fatal(err)
			}
			for _, k := range []string{"crawler", "token", "verified", "hits", "robots_fetches", "disallowed_hits", "top_disallowed"} {
				if _, ok := m[k]; !ok {
					t.Errorf("no %s in %s", k, line)
				}
			}
			_, nb := m["newly_blocked"]
			_, na := m["newly_allowed"]
			if nb != draft || na != draft {
				t.Errorf("draft %v: newly_blocked %v newly_allowed %v", draft, nb, na)
			}
		}
	}
}

// TestLogsUsageErrors: usage and I/O problems exit 2 with one line.
func TestLogsUsageErrors(t *testing.T) {
	for name, args := range map[string][]string{
		"no log":               {"logs", "--robots", logsDir + "robots.txt"},
		"missing log":          {"logs", logsDir + "missing.log"},
		"missing robots":       {"logs", "--robots", logsDir + "missing.txt", logsDir + "combined.log"},
		"bad format":           {"logs", "--format", "%h %l", logsDir + "combined.log"},
		"bad ranges":           {"logs", "--ip-ranges", logsDir + "robots.txt", logsDir + "combined.log"},
		"json and violations":  {"logs", "--json", "--violations", logsDir + "combined.log"},
		"two readers of stdin": {"logs", "--robots", "-", "-"},
		"not a log":            {"logs", logsDir + "robots.txt"},
		"unknown flag":         {"logs", "--nope", logsDir + "combined.log"},
	} {
		code, out, errs := runCmd(t, "", args...)
		if code != 2 || strings.Count(strings.TrimSpace(errs), "\n") > 1 || errs == "" || strings.Contains(errs, "goroutine") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", name, code, out, errs)
		}
	}
}

// TestLogsShardsAddUp: the JSON of each file, summed per crawler, gives the
// counts of one run over all files (the recipe for logs too big for one
// machine).
func TestLogsShardsAddUp(t *testing.T) {
	files := []string{logsDir + "combined.log", logsDir + "vhost.log"}
	base := []string{"logs", "--json", "--robots", logsDir + "robots.txt", "--draft", logsDir + "draft.txt"}
	_, whole, _ := runCmd(t, "", append(base, files...)...)
	sum := map[string]*sums{}
	for _, f := range files {
		_, out, _ := runCmd(t, "", append(base, f)...)
		addSums(t, sum, out)
	}
	want := map[string]*sums{}
	addSums(t, want, whole)
	if fmt.Sprint(sortedSums(sum)) != fmt.Sprint(sortedSums(want)) {
		t.Errorf("shards add up to %v, one run says %v", sortedSums(sum), sortedSums(want))
	}
}

type sums struct {
	Hits, Disallowed, Blocked, Allowed int64
	Fetches                            map[string]int64
}

func addSums(t *testing.T, into map[string]*sums, out string) {
	t.Helper()
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var o struct {
			Crawler, Verified string
			Hits              int64            `json:"hits"`
			Disallowed        int64            `json:"disallowed_hits"`
			Blocked           int64            `json:"newly_blocked"`
			Allowed           int64            `json:"newly_allowed"`
			Fetches           map[string]int64 `json:"robots_fetches"`
		}
		if err := json.Unmarshal([]byte(line), &o); err != nil {
			t.Fatal(err)
		}
		k := o.Crawler + "/" + o.Verified
		s := into[k]
		if s == nil {
			s = &sums{Fetches: map[string]int64{}}
			into[k] = s
		}
		s.Hits += o.Hits
		s.Disallowed += o.Disallowed
		s.Blocked += o.Blocked
		s.Allowed += o.Allowed
		for st, n := range o.Fetches {
			s.Fetches[st] += n
		}
	}
}

func sortedSums(m map[string]*sums) []string {
	var out []string
	for k, s := range m {
		out = append(out, fmt.Sprintf("%s:%d/%d/%d/%d/%v", k, s.Hits, s.Disallowed, s.Blocked, s.Allowed, s.Fetches))
	}
	sort.Strings(out)
	return out
}

// TestLogsReplayMatchesTest: for every distinct (crawler, path) of a log,
// `robots-studio logs --violations` reports it disallowed exactly when
// `robots-studio test` with that crawler's engine and User-Agent (an
// unknown bot: its product token) says blocked.
func TestLogsReplayMatchesTest(t *testing.T) {
	robots := logsDir + "replay.robots.txt"
	files := []string{logsDir + "combined.log", logsDir + "vhost.log"}
	if dir := corpus.LogsDir(t); dir != "" {
		files = append(files, filepath.Join(dir, "elastic-apache_logs.log"), filepath.Join(dir, "timberwinr-redlug-sample-apache.log"))
	}
	for _, file := range files {
		_, out, errs := runCmd(t, "", "logs", "--violations", "--robots", robots, file)
		if errs != "" {
			t.Fatalf("%s: %s", file, errs)
		}
		disallowed := map[[2]string]bool{}
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			if l == "" {
				continue
			}
			// LOGFILE:LINE CRAWLER PATH line N: RULE
			f := strings.SplitN(l, " ", 4)
			disallowed[[2]string{f[1], f[2]}] = true
		}
		pairs := distinctPairs(t, file)
		checked := 0
		for p, q := range pairs {
			_, out, errs := runCmd(t, "", "test", "--json", "--engine", q.engine, "--agent", q.agent, robots, p[1])
			var v struct {
				Allowed bool `json:"allowed"`
			}
			if err := json.Unmarshal([]byte(out), &v); err != nil {
				t.Fatalf("test %s %s: %v %s", q.agent, p[1], err, errs)
			}
			isRobots := uri.PathOf(p[1]) == "/robots.txt"
			if !isRobots && v.Allowed == disallowed[p] {
				t.Errorf("%s: %s %s: test says allowed=%v, logs says disallowed=%v", filepath.Base(file), p[0], p[1], v.Allowed, disallowed[p])
			}
			checked++
		}
		if checked < 3 || len(disallowed) == 0 {
			t.Errorf("%s: only %d pairs checked, %d disallowed", file, checked, len(disallowed))
		}
		t.Logf("%s: %d distinct (crawler, path) replayed, %d disallowed", filepath.Base(file), checked, len(disallowed))
	}
}

type query struct{ engine, agent string }

// distinctPairs reads a log the plain way (one line at a time, no cache,
// no workers) and returns each distinct (crawler, path) with how to ask
// the test command about it.
func distinctPairs(t *testing.T, file string) map[[2]string]query {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	f, err := accesslog.Detect(data)
	if err != nil {
		t.Fatal(err)
	}
	pairs := map[[2]string]query{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	var h accesslog.Hit
	for sc.Scan() {
		if !f.Parse(bytes.TrimRight(sc.Bytes(), "\r"), &h) || len(h.Target) == 0 {
			continue
		}
		id := accesslog.Identify(string(h.UA))
		if !id.IsCrawler() {
			continue
		}
		agent := string(h.UA)
		if id.Kind == accesslog.KindUnknownBot {
			agent = id.Token
		}
		pairs[[2]string{id.Name, accesslog.RequestPath(h.Target)}] = query{id.Engine, agent}
	}
	return pairs
}
