//go:build !js

package cli_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/cli"
	"github.com/robots-studio/robots-studio/internal/session"
)

// fleet is a SITES_FILE of local sites that change and fail between
// watches (the servers of TestWatch), input that is no site, a server that
// is gone and one that never answers.
type fleet struct {
	list  string
	sites []*changing
}

// watchShardBudget is the time each site may take: the stuck site uses it
// all, every other site must finish well within it (each is graded by
// every reading), also on a machine loaded with other tests (300 ms was
// missed under a load of 9).
const watchShardBudget = "2s"

func newFleet(t *testing.T) *fleet {
	f := &fleet{list: filepath.Join(t.TempDir(), "sites.txt")}
	lines := []string{"# the fleet"}
	for i := range 8 {
		c := newChanging(t, fmt.Sprintf("User-agent: *\nDisallow: /private%d/\nSitemap: https://example.com/s%d.xml\n", i, i))
		f.sites = append(f.sites, c)
		lines = append(lines, c.srv.URL)
	}
	gone := httptest.NewServer(http.NotFoundHandler())
	gone.Close()
	stuck := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() }))
	t.Cleanup(stuck.Close)
	lines = append(lines, "ftp://wrong", gone.URL, f.sites[0].srv.URL+"/a/page", stuck.URL, "")
	if err := os.WriteFile(f.list, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

// change makes the second state of the fleet: a staging file deployed, a
// 503, a sitemap removed, a harmless reorder; the rest unchanged.
func (f *fleet) change() {
	f.sites[1].set(200, "User-agent: *\nDisallow: /\n")
	f.sites[2].set(503, "")
	f.sites[3].set(200, "User-agent: *\nDisallow: /private3/\n")
	f.sites[4].set(200, "Sitemap: https://example.com/s4.xml\nUser-agent: *\nDisallow: /private4/\n")
}

// watchRun is a watch's --json report reduced to what two runs over the
// same states must share (not the times).
type watchRun struct {
	Code  int
	Sites map[int]string // by line: the site's report
	Sum   string         // the summary's counts
}

func readWatchRun(t *testing.T, code int, out string) watchRun {
	t.Helper()
	r := watchRun{Code: code, Sites: map[int]string{}}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var j cli.JSONWatchSite
		var s cli.JSONWatchSummary
		switch {
		case strings.Contains(line, `"type":"site"`) && json.Unmarshal([]byte(line), &j) == nil:
			j.Version, j.Previous = nil, nil
			b, _ := json.Marshal(j)
			r.Sites[j.Line] = string(b)
		case json.Unmarshal([]byte(line), &s) == nil && s.Type == "summary":
			s.Seconds = 0
			b, _ := json.Marshal(s)
			r.Sum = string(b)
		default:
			t.Fatalf("not a line of watch --json: %q", line)
		}
	}
	return r
}

// watchShards runs watch --shard i/n --json for every i and writes the
// reports to dir; it returns their paths.
func watchShards(t *testing.T, dir string, n int, flags ...string) []string {
	t.Helper()
	var paths []string
	for i := 1; i <= n; i++ {
		code, out, errOut := runCmd(t, "", append([]string{"watch", "--json", "--shard", fmt.Sprintf("%d/%d", i, n)}, flags...)...)
		if code != cli.ExitOK && code != cli.ExitFailure {
			t.Fatalf("watch --shard %d/%d: exit %d: %s", i, n, code, errOut)
		}
		p := filepath.Join(dir, fmt.Sprintf("shard%d.json", i))
		if err := os.WriteFile(p, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths
}

// Three shards merged report what one watch over every site reports:
// the same sites with the same changes, counts, reasons and exit status,
// on the first watch (every site new) and on the next (changes, failures,
// 304s) — each run keeping its versions in its own storage.
func TestWatchShardsMergeAsOneRun(t *testing.T) {
	f := newFleet(t)
	whole, sharded := t.TempDir(), t.TempDir()
	flags := []string{"--budget", watchShardBudget, f.list}
	var reports []string
	for step, name := range []string{"first watch", "after the changes"} {
		if step == 1 {
			f.change()
		}
		t.Setenv(session.StorageEnv, whole)
		code, out, errOut := runCmd(t, "", append([]string{"watch", "--json"}, flags...)...)
		one := readWatchRun(t, code, out)
		if len(one.Sites) != 12 {
			t.Fatalf("%s: one run reported %d sites, want 12: %s%s", name, len(one.Sites), out, errOut)
		}

		t.Setenv(session.StorageEnv, sharded)
		reports = watchShards(t, t.TempDir(), 3, flags...)
		code, out, errOut = runCmd(t, "", append([]string{"watch", "--merge", "--json"}, reports...)...)
		merged := readWatchRun(t, code, out)
		if !reflect.DeepEqual(one, merged) {
			t.Errorf("%s: one run and the merge of 3 shards differ\none:    %+v\nmerged: %+v\n%s", name, one, merged, errOut)
		}
		if step == 1 && (one.Code != cli.ExitFailure || !strings.Contains(one.Sum, `"changed":4`)) {
			t.Errorf("%s: the changes were not seen: %+v", name, one)
		}
	}

	// Text: the changed sites in the order of SITES_FILE, then the summary.
	code, out, _ := runCmd(t, "", append([]string{"watch", "--merge"}, reports...)...)
	deployed := strings.Index(out, f.sites[1].srv.URL+"/robots.txt: changed (error)")
	failing := strings.Index(out, f.sites[2].srv.URL+"/robots.txt: changed (error)")
	if code != cli.ExitFailure || deployed < 0 || failing < deployed || !strings.Contains(out, "12 sites: 4 changed, 0 seen for the first time, 6 unchanged") ||
		!strings.Contains(out, "not checked, 1×: no complete answer within "+watchShardBudget) {
		t.Errorf("merge, text: exit %d\n%s", code, out)
	}
}

// watch --merge refuses, with the reason, what is not every shard's report
// of one watch once.
func TestWatchMergeRefuses(t *testing.T) {
	t.Setenv(session.StorageEnv, t.TempDir())
	f := newFleet(t)
	dir := t.TempDir()
	three := watchShards(t, dir, 3, "--budget", watchShardBudget, f.list)
	read := func(p string) string { data, _ := os.ReadFile(p); return string(data) }
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(data), 0o644)
		return p
	}
	_, whole, _ := runCmd(t, "", "watch", "--json", "--budget", watchShardBudget, f.list)
	two := watchShards(t, t.TempDir(), 2, "--budget", watchShardBudget, f.list)
	lines := func(p string) []string { return strings.Split(strings.TrimSpace(read(p)), "\n") }
	// A site line of shard 2 or 3 in shard 1's report (its count raised to
	// match).
	s1 := lines(three[0])
	var moved, from string
	for k := 1; k <= 2 && moved == ""; k++ {
		if other := lines(three[k]); len(other) > 1 {
			sum := s1[len(s1)-1]
			sites := strings.Count(read(three[0]), `"type":"site"`)
			sum = strings.Replace(sum, fmt.Sprintf(`"sites":%d,`, sites), fmt.Sprintf(`"sites":%d,`, sites+1), 1)
			moved = write("moved.json", strings.Join(append(append(s1[:len(s1)-1:len(s1)-1], other[0]), sum), "\n"))
			from = fmt.Sprintf("belongs to shard %d/3, not to this report's 1/3", k+1)
		}
	}
	for _, c := range []struct {
		rule string
		args []string
		want string
	}{
		{"a logs summary is no watch report", []string{write("logs.json", `{"kind":"robots-studio logs summary","version":1}`+"\n"), three[1], three[2]}, "not a line of watch --json"},
		{"a report without --shard is refused", []string{write("whole.json", whole)}, "without --shard"},
		{"a shard given twice", []string{three[0], three[0], three[1], three[2]}, "shard 1/3 is given twice"},
		{"a missing shard is named", []string{three[0], three[2]}, "missing shards: 2/3"},
		{"shards of different splits", []string{three[0], two[1], three[2]}, "different splits"},
		{"a report cut short has no summary", []string{write("cut.json", strings.Join(s1[:len(s1)-1], "\n")), three[1], three[2]}, "no summary line"},
		{"two reports in one file", []string{write("two.json", read(three[0])+read(three[0])), three[1], three[2]}, "a line after the summary"},
		{"a site in another shard's report", []string{moved, three[1], three[2]}, from},
		{"a flag of the shard runs", []string{"--fail-on", "error", three[0], three[1], three[2]}, "--fail-on belongs to the watch --shard runs"},
		{"no report", nil, "give the REPORT files"},
		{"standard input once", []string{"-", "-"}, "standard input (-) can be read only once"},
	} {
		code, out, errOut := runCmd(t, read(three[0]), append([]string{"watch", "--merge"}, c.args...)...)
		if code != cli.ExitUsage || !strings.Contains(errOut, c.want) || out != "" || strings.Contains(errOut, "goroutine") {
			t.Errorf("%s: exit %d, stderr %q (want %q), stdout %q", c.rule, code, errOut, c.want, out)
		}
	}
	// The reports' site lines are held in memory: past the bound on their
	// bytes the merge stops, with the reason; at the bound it merges.
	siteBytes := int64(0)
	for _, p := range three {
		for _, l := range lines(p) {
			if strings.Contains(l, `"type":"site"`) {
				siteBytes += int64(len(l))
			}
		}
	}
	for _, c := range []struct {
		rule  string
		bound int64
		code  int
	}{
		{"reports within the bound merge", siteBytes, cli.ExitOK},
		{"reports a byte past the bound are refused", siteBytes - 1, cli.ExitUsage},
	} {
		restore := cli.SetMaxMergedBytes(c.bound)
		code, _, errOut := runCmd(t, "", append([]string{"watch", "--merge"}, three...)...)
		restore()
		if code != c.code && !(c.code == cli.ExitOK && code == cli.ExitFailure) || (c.code == cli.ExitUsage) != strings.Contains(errOut, "watch --merge holds every site's report") {
			t.Errorf("%s: exit %d, stderr %q", c.rule, code, errOut)
		}
	}
}

// --shard I/N is checked before anything is fetched.
func TestWatchShardFlag(t *testing.T) {
	t.Setenv(session.StorageEnv, t.TempDir())
	list := filepath.Join(t.TempDir(), "sites.txt")
	os.WriteFile(list, []byte("ftp://wrong\n"), 0o644)
	for _, bad := range []string{"3", "0/3", "4/3", "1/0", "-1/2", "a/b", "1/2/3", "1/"} {
		code, _, errOut := runCmd(t, "", "watch", "--shard", bad, list)
		if code != cli.ExitUsage || !strings.Contains(errOut, "--shard must be I/N") {
			t.Errorf("--shard %s: exit %d, %q", bad, code, errOut)
		}
	}
	// A shard with none of the sites still reports (an empty shard is no
	// error), in text saying which shard of how many sites it was.
	empty := 0
	for i := 1; i <= 2; i++ {
		code, out, errOut := runCmd(t, "", "watch", "--shard", fmt.Sprintf("%d/2", i), list)
		if code != cli.ExitOK || !strings.Contains(out, fmt.Sprintf("shard %d/2: ", i)) || !strings.Contains(out, "of the 1 in") {
			t.Errorf("--shard %d/2: exit %d\n%s%s", i, code, out, errOut)
		}
		if strings.Contains(out, "\n0 sites:") || strings.HasPrefix(out, "0 sites:") {
			empty++
		}
	}
	if empty != 1 {
		t.Errorf("%d of 2 shards had no site, want 1", empty)
	}
}
