package cli_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/cli"
	"github.com/robots-studio/robots-studio/internal/loggen"
)

// splitLines writes data as n files of about equal whole lines into dir
// and returns their names in order.
func splitLines(t *testing.T, dir, base string, data []byte, n int) []string {
	t.Helper()
	lines := bytes.SplitAfter(data, []byte("\n"))
	per := (len(lines) + n - 1) / n
	var names []string
	for i := 0; i < n; i++ {
		lo, hi := min(i*per, len(lines)), min((i+1)*per, len(lines))
		name := filepath.Join(dir, fmt.Sprintf("%s.%d", base, i))
		if err := os.WriteFile(name, bytes.Join(lines[lo:hi], nil), 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	return names
}

// partials runs `logs --partial` on each shard with flags and returns the
// summary files.
func partials(t *testing.T, dir string, flags, shards []string) []string {
	t.Helper()
	var out []string
	for i, s := range shards {
		code, sum, errs := runCmd(t, "", append(append([]string{"logs", "--partial"}, flags...), s)...)
		if code != 0 || errs != "" {
			t.Fatalf("logs --partial %s: exit %d, %s", s, code, errs)
		}
		name := filepath.Join(dir, fmt.Sprintf("part%d.json", i))
		if err := os.WriteFile(name, []byte(sum), 0o644); err != nil {
			t.Fatal(err)
		}
		out = append(out, name)
	}
	return out
}

// TestLogsMergeIsOnePass: the sample logs cut into shards, summarised one
// by one and merged, print the very report (text and --json, exit code)
// one logs run over the shards prints; these logs are small enough that
// every figure is exact.
func TestLogsMergeIsOnePass(t *testing.T) {
	dir := t.TempDir()
	var shards []string
	for _, f := range []string{"combined.log", "vhost.log"} {
		data, err := os.ReadFile(logsDir + f)
		if err != nil {
			t.Fatal(err)
		}
		shards = append(shards, splitLines(t, dir, f, data, 3)...)
	}
	for _, flags := range [][]string{
		{"--robots", logsDir + "robots.txt", "--draft", logsDir + "draft.txt"},
		{"--robots", logsDir + "robots.txt", "--ip-ranges", logsDir + "ranges.txt"},
		{},
	} {
		sums := partials(t, dir, flags, shards)
		for _, asJSON := range [][]string{nil, {"--json"}} {
			wantCode, want, wantErr := runCmd(t, "", append(append(append([]string{"logs"}, asJSON...), flags...), shards...)...)
			code, got, errs := runCmd(t, "", append(append([]string{"logs", "--merge"}, asJSON...), sums...)...)
			if code != wantCode || got != want || errs != wantErr {
				t.Errorf("flags %v %v: merge exit %d, one pass exit %d\n--- merge\n%s%s\n--- one pass\n%s%s", flags, asJSON, code, wantCode, got, errs, want, wantErr)
			}
			if !strings.Contains(want, "Googlebot") {
				t.Fatalf("the sample logs lost their crawlers: %s", want)
			}
		}
	}
}

// TestLogsMergeBigLog: a generated log with thousands of distinct paths
// (past the exact distinct-path limit and the top-N lists' size) in 8
// shards. Every additive figure of the merge equals one pass exactly, so
// do the distinct-path estimates (the same sketch registers), and a top
// path's count differs from one pass's by no more than the error bound the
// report gives.
func TestLogsMergeBigLog(t *testing.T) {
	dir := t.TempDir()
	shards := bigLogShards(t, dir, 6<<20, 8)
	flags := bigLogFlags
	sums := partials(t, dir, flags, shards)
	_, whole, _ := runCmd(t, "", append(append([]string{"logs", "--json"}, flags...), shards...)...)
	_, merged, errs := runCmd(t, "", append([]string{"logs", "--merge", "--json"}, sums...)...)
	if errs != "" {
		t.Fatal(errs)
	}
	compareMerged(t, whole, merged)

	// The bound is honest: every listed count is at most the true count
	// (from --violations, one line per disallowed hit) and at least the
	// true count less the bound.
	_, viol, _ := runCmd(t, "", append(append([]string{"logs", "--violations"}, flags...), shards...)...)
	truth := map[[2]string]int64{}
	for _, l := range strings.Split(strings.TrimSpace(viol), "\n") {
		f := strings.Fields(l)
		truth[[2]string{f[1], f[2]}]++
	}
	checked := 0
	for _, out := range []string{whole, merged} {
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			var r struct {
				Crawler string `json:"crawler"`
				Top     []struct {
					Path string
					Hits int64
				} `json:"top_disallowed"`
				Lost int64 `json:"top_disallowed_lost"`
			}
			json.Unmarshal([]byte(l), &r)
			if strings.Contains(r.Crawler, " ") {
				continue // --violations separates fields by spaces
			}
			for _, p := range r.Top {
				n := truth[[2]string{r.Crawler, p.Path}]
				if p.Hits > n || p.Hits < n-r.Lost {
					t.Errorf("%s %s: ×%d listed, ×%d true, bound %d", r.Crawler, p.Path, p.Hits, n, r.Lost)
				}
				checked++
			}
		}
	}
	if checked < 50 {
		t.Errorf("only %d top counts checked", checked)
	}
}

const accesslogTestdata = "../../tester/accesslog/testdata/"

// bigLogFlags are the robots.txt and draft the generated log is read with.
var bigLogFlags = []string{"--robots", accesslogTestdata + "bench.robots.txt", "--draft", accesslogTestdata + "bench.draft.txt"}

// bigLogShards generates size bytes of combined log (internal/loggen
// replaying the sample logs) into dir as n shards, in order.
func bigLogShards(t *testing.T, dir string, size int64, n int) []string {
	t.Helper()
	var samples [][]byte
	for _, f := range []string{"combined.log", "vhost.log", "nginx-iso.log"} {
		data, err := os.ReadFile(accesslogTestdata + f)
		if err != nil {
			t.Fatal(err)
		}
		samples = append(samples, data)
	}
	var log bytes.Buffer
	if _, err := loggen.Write(&log, size, samples...); err != nil {
		t.Fatal(err)
	}
	return splitLines(t, dir, "big.log", log.Bytes(), n)
}

// compareMerged checks `logs --merge --json` output against one pass's:
// every additive figure and the distinct-path estimates equal, a top path's
// count within the error bound the report gives; some crawler must have
// gone past the exact distinct-path limit.
func compareMerged(t *testing.T, whole, merged string) {
	t.Helper()
	type row struct {
		Crawler, Verified, FirstSeen, LastSeen string
		Hits                                   int64            `json:"hits"`
		Distinct                               int64            `json:"distinct_paths"`
		DistinctError                          int64            `json:"distinct_paths_error"`
		Disallowed                             int64            `json:"disallowed_hits"`
		Blocked                                int64            `json:"newly_blocked"`
		Allowed                                int64            `json:"newly_allowed"`
		Fetches                                map[string]int64 `json:"robots_fetches"`
		First                                  string           `json:"first_seen"`
		Last                                   string           `json:"last_seen"`
		Draft                                  json.RawMessage  `json:"draft_rules"`
		Top                                    []struct {
			Path string
			Hits int64
		} `json:"top_disallowed"`
		Lost int64 `json:"top_disallowed_lost"`
	}
	read := func(out string) map[string]row {
		m := map[string]row{}
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			var r row
			if err := json.Unmarshal([]byte(l), &r); err != nil {
				t.Fatal(err)
			}
			m[r.Crawler+"/"+r.Verified] = r
		}
		return m
	}
	w, m := read(whole), read(merged)
	if len(w) != len(m) || len(w) < 5 {
		t.Fatalf("%d crawlers in one pass, %d merged", len(w), len(m))
	}
	estimated, lost := 0, 0
	for k, a := range w {
		b := m[k]
		if a.Hits != b.Hits || a.Disallowed != b.Disallowed || a.Blocked != b.Blocked || a.Allowed != b.Allowed ||
			fmt.Sprint(a.Fetches) != fmt.Sprint(b.Fetches) || a.First != b.First || a.Last != b.Last || string(a.Draft) != string(b.Draft) {
			t.Errorf("%s: additive figures differ:\none pass %+v\nmerged   %+v", k, a, b)
		}
		if a.Distinct != b.Distinct || a.DistinctError != b.DistinctError {
			t.Errorf("%s: distinct paths %d±%d, merged %d±%d", k, a.Distinct, a.DistinctError, b.Distinct, b.DistinctError)
		}
		if a.DistinctError > 0 {
			estimated++
		}
		bound := max(a.Lost, b.Lost)
		if bound > 0 {
			lost++
		}
		hits := map[string]int64{}
		for _, p := range a.Top {
			hits[p.Path] = p.Hits
		}
		for _, p := range b.Top {
			if h, ok := hits[p.Path]; ok && (h-p.Hits > bound || p.Hits-h > bound) {
				t.Errorf("%s: %s ×%d, one pass ×%d, bound %d", k, p.Path, p.Hits, h, bound)
			}
		}
	}
	if estimated == 0 {
		t.Errorf("no crawler went past the exact distinct-path limit: the test log is too small to test the sketches")
	}
	t.Logf("%d crawlers, %d with estimated distinct paths, %d with a top-N error bound", len(w), estimated, lost)
}

// TestLogsMergeRefuses: summaries that cannot be merged, and flags that
// belong to the partial runs, are usage errors.
func TestLogsMergeRefuses(t *testing.T) {
	dir := t.TempDir()
	sums := partials(t, dir, []string{"--robots", logsDir + "robots.txt"}, []string{logsDir + "combined.log"})
	other := partials(t, filepath.Join(dir, ".."), []string{"--robots", logsDir + "draft.txt"}, []string{logsDir + "vhost.log"})
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"kind":"robots-studio logs summary","version":99}`), 0o644)
	notSummary := logsDir + "combined.log"
	for name, args := range map[string][]string{
		"other robots.txt": {"logs", "--merge", sums[0], other[0]},
		"newer version":    {"logs", "--merge", bad},
		"not a summary":    {"logs", "--merge", notSummary},
		"missing":          {"logs", "--merge", filepath.Join(dir, "nope.json")},
		"robots on merge":  {"logs", "--merge", "--robots", logsDir + "robots.txt", sums[0]},
		"nothing":          {"logs", "--merge"},
		"partial json":     {"logs", "--partial", "--json", logsDir + "combined.log"},
	} {
		code, out, errs := runCmd(t, "", args...)
		if code != 2 || out != "" || strings.Count(strings.TrimSpace(errs), "\n") > 0 || errs == "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", name, code, out, errs)
		}
	}
}

// TestLogsJobs: one worker and several give the same bytes.
func TestLogsJobs(t *testing.T) {
	args := []string{"--robots", logsDir + "robots.txt", "--draft", logsDir + "draft.txt", logsDir + "combined.log", logsDir + "vhost.log"}
	for _, extra := range [][]string{nil, {"--json"}, {"--violations"}, {"--partial"}} {
		_, one, _ := runCmd(t, "", append(append([]string{"logs", "--jobs", "1"}, extra...), args...)...)
		_, four, _ := runCmd(t, "", append(append([]string{"logs", "--jobs", "4"}, extra...), args...)...)
		if one != four || one == "" {
			t.Errorf("%v: --jobs 1 and --jobs 4 differ:\n%s\n---\n%s", extra, one, four)
		}
	}
}

// TestLimitCores: --jobs N holds the whole process to N cores while the
// command runs (GOMAXPROCS), never raises it, and gives the cores back.
func TestLimitCores(t *testing.T) {
	prev := runtime.GOMAXPROCS(0)
	restore := cli.LimitCores(1)
	if n := runtime.GOMAXPROCS(0); n != 1 {
		t.Errorf("--jobs 1: GOMAXPROCS %d", n)
	}
	restore()
	if n := runtime.GOMAXPROCS(0); n != prev {
		t.Errorf("after --jobs 1: GOMAXPROCS %d, was %d", n, prev)
	}
	for _, n := range []int{0, -1, prev, prev + 3} {
		restore := cli.LimitCores(n)
		if got := runtime.GOMAXPROCS(0); got != prev {
			t.Errorf("--jobs %d: GOMAXPROCS %d, was %d", n, got, prev)
		}
		restore()
	}
}

// TestLogsMergeReadsGzip: a summary compressed with gzip merges as the
// plain one does.
func TestLogsMergeReadsGzip(t *testing.T) {
	dir := t.TempDir()
	sums := partials(t, dir, []string{"--robots", logsDir + "robots.txt"}, []string{logsDir + "combined.log", logsDir + "vhost.log"})
	data, _ := os.ReadFile(sums[1])
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	zw.Write(data)
	zw.Close()
	gz := sums[1] + ".gz"
	os.WriteFile(gz, z.Bytes(), 0o644)
	_, plain, _ := runCmd(t, "", "logs", "--merge", sums[0], sums[1])
	_, zipped, errs := runCmd(t, "", "logs", "--merge", sums[0], gz)
	if plain != zipped || errs != "" || !strings.Contains(plain, "Googlebot") {
		t.Errorf("gzip summary: %s\n---\n%s", zipped, plain)
	}
}

// TestLogsLongLineAcrossChunks: a line of more than a mebibyte that
// crosses the reader's chunk boundary (5 MB of NUL after one normal line)
// is one malformed line through logs, logs --partial, standard input and
// a .gz file: the command reports, it does not crash.
func TestLogsLongLineAcrossChunks(t *testing.T) {
	good := `66.249.66.1 - - [03/Feb/2025:08:00:01 +0000] "GET /shop/cart HTTP/1.1" 200 1 "-" "Googlebot/2.1"` + "\n"
	data := good + string(make([]byte, 5_000_000)) + "\n" + good
	dir := t.TempDir()
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	zw.Write([]byte(data))
	zw.Close()
	gz := filepath.Join(dir, "nul.log.gz")
	os.WriteFile(gz, z.Bytes(), 0o644)
	for _, c := range []struct {
		name, stdin string
		args        []string
	}{
		{"stdin", data, []string{"logs", "--json", "-"}},
		{"gz file", "", []string{"logs", "--json", gz}},
		{"partial", data, []string{"logs", "--partial", "-"}},
	} {
		code, out, errs := runCmd(t, c.stdin, c.args...)
		if code != 0 || !strings.Contains(out, "Googlebot") {
			t.Errorf("%s: exit %d, stderr %s", c.name, code, errs)
			continue
		}
		if c.name == "partial" {
			if !strings.Contains(out, `"lines":3,`) || !strings.Contains(out, `"malformed":1,`) {
				t.Errorf("partial: %.300s", out)
			}
		} else if !strings.Contains(errs, "2") {
			t.Errorf("%s: the malformed line is not named: %q", c.name, errs)
		}
	}
}
