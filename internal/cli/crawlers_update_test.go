//go:build !js

package cli_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/robots-studio/robots-studio/internal/session"
	"github.com/robots-studio/robots-studio/tester/crawlers/sources"
)

const sourcesDir = "../../tester/crawlers/sources/testdata"

// fixtureServer serves the sources' fixture files over loopback.
func fixtureServer(t *testing.T) string {
	srv := httptest.NewServer(http.FileServer(http.Dir(sourcesDir)))
	t.Cleanup(srv.Close)
	return srv.URL
}

// logs on the sample log verifies a Googlebot hit from a published range and
// fails one from outside it, with ranges that came from an update and no
// --ip-ranges; the report names the range file and its day. An explicit
// --ip-ranges still wins.
func TestLogsUseRangesFromUpdate(t *testing.T) {
	t.Setenv(session.StorageEnv, t.TempDir())
	url := fixtureServer(t) + "/googlebot.json"
	if code, out, errs := runCmd(t, "", "crawlers", "update", "--from", url); code != 0 || !strings.Contains(out, "IP ranges of Google: 231") {
		t.Fatalf("update: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs := runCmd(t, "", "logs", "--robots", logsDir+"robots.txt", logsDir+"combined.log")
	if code != 1 || errs != "" {
		t.Fatalf("logs: exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "IP ranges from the catalogue's update: Google ("+url+", ") {
		t.Errorf("the report does not name the range file:\n%s", out)
	}
	if !strings.Contains(out, "Googlebot (verified): hits: 5") || !strings.Contains(out, "Googlebot (failed): hits: 1") {
		t.Errorf("want the 66.249.66.1 hits verified and the 203.0.113.9 one failed:\n%s", out)
	}
	// --json keeps stdout JSON: the note goes to stderr.
	_, out, errs = runCmd(t, "", "logs", "--json", "--robots", logsDir+"robots.txt", logsDir+"combined.log")
	if !strings.Contains(errs, "IP ranges from the catalogue's update: Google") || !strings.Contains(out, `"verified"`) {
		t.Errorf("--json: stderr %q\n%s", errs, out)
	}
	// With --ip-ranges, that file alone counts: it names bingbot's range,
	// which the update did not read, and the update's note is gone.
	_, out, _ = runCmd(t, "", "logs", "--ip-ranges", logsDir+"ranges.txt", "--robots", logsDir+"robots.txt", logsDir+"combined.log")
	if strings.Contains(out, "catalogue's update") || !strings.Contains(out, "bingbot (verified)") {
		t.Errorf("--ip-ranges should win over the update's ranges:\n%s", out)
	}
}

// update --dry-run --json reports without keeping; an update run twice
// changes nothing the second time; undo goes back; --source shows a layer.
func TestCrawlersUpdateDryRunTwiceUndo(t *testing.T) {
	t.Setenv(session.StorageEnv, t.TempDir())
	url := fixtureServer(t) + "/gptbot.json"
	code, out, _ := runCmd(t, "", "crawlers", "update", "--dry-run", "--json", "--from", url)
	var rep sources.Report
	if code != 0 || json.Unmarshal([]byte(out), &rep) != nil || len(rep.Changes) != 1 || rep.Saved {
		t.Fatalf("dry run: exit %d %s", code, out)
	}
	if _, out, _ := runCmd(t, "", "logs", "--robots", logsDir+"robots.txt", logsDir+"combined.log"); strings.Contains(out, "catalogue's update") {
		t.Error("a dry run kept the ranges")
	}
	runCmd(t, "", "crawlers", "update", "--from", url)
	code, out, _ = runCmd(t, "", "crawlers", "update", "--from", url)
	if code != 0 || !strings.Contains(out, "Nothing changed.") {
		t.Errorf("second run: exit %d\n%s", code, out)
	}
	if code, _, errs := runCmd(t, "", "crawlers", "undo"); code != 0 {
		t.Fatalf("undo: %s", errs)
	}
	if code, _, errs := runCmd(t, "", "crawlers", "undo"); code != 2 || !strings.Contains(errs, "no update or edit to undo") {
		t.Errorf("undo past the start: exit %d %q", code, errs)
	}
}

// A failed source: a clear one-line error, exit 2, the catalogue unchanged.
func TestCrawlersUpdateFailsCleanly(t *testing.T) {
	t.Setenv(session.StorageEnv, t.TempDir())
	base := fixtureServer(t)
	code, out, errs := runCmd(t, "", "crawlers", "update", "--from", base+"/robots.json", "--from", base+"/nothing-here.json")
	if code != 2 || out != "" || !strings.Contains(errs, "nothing-here.json: the server answered 404; the catalogue is unchanged") || strings.Count(errs, "\n") != 1 {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// A user's own entry is used everywhere: the tester identifies it in a
// User-Agent, --source user lists it, remove takes it away; a built-in
// entry cannot be removed.
func TestCrawlersAddRemove(t *testing.T) {
	t.Setenv(session.StorageEnv, t.TempDir())
	if code, _, errs := runCmd(t, "", "crawlers", "add", "Example-Intranet-Bot", "--operator", "Example Ltd", "--purpose", "monitor", "--robots-txt", "obeys"); code != 0 {
		t.Fatalf("add: %s", errs)
	}
	_, out, _ := runCmd(t, "", "crawlers", "--source", "user")
	if !strings.Contains(out, "Example-Intranet-Bot [user]") {
		t.Errorf("--source user:\n%s", out)
	}
	_, out, _ = runCmd(t, "User-agent: Example-Intranet-Bot\nDisallow: /\n", "test", "--agent", "Example-Intranet-Bot/2.0 (+https://example.com)", "-", "/x")
	if !strings.Contains(out, "the catalogue's Example-Intranet-Bot (Example Ltd)") || !strings.Contains(out, "blocked") {
		t.Errorf("test does not use the user's entry:\n%s", out)
	}
	if code, _, errs := runCmd(t, "", "crawlers", "remove", "Googlebot"); code != 2 || !strings.Contains(errs, "built in") {
		t.Errorf("removing a built-in entry: exit %d %q", code, errs)
	}
	if code, _, errs := runCmd(t, "", "crawlers", "remove", "Example-Intranet-Bot"); code != 0 {
		t.Fatalf("remove: %s", errs)
	}
	if _, out, _ = runCmd(t, "", "crawlers", "--source", "user", "--json"); out != "" {
		t.Errorf("after remove: %q", out)
	}
	if code, _, errs := runCmd(t, "", "crawlers", "add", "Bad", "--token", "a:b"); code != 2 || !strings.Contains(errs, "not a robots.txt token") {
		t.Errorf("a bad token: exit %d %q", code, errs)
	}
}

// Rule: one escaping routine for every text output: names and operators
// an update took from a list reach no terminal as escape sequences or
// bidirectional controls, in the listing, the update's report or an
// error.
func TestCrawlersOutputEscaped(t *testing.T) {
	t.Setenv(session.StorageEnv, t.TempDir())
	evil := "Evil\x1b]0;PWNED\x07\x1b[2JBot"
	list := map[string]map[string]string{evil: {"operator": "Acme\u202eevil", "respect": "No", "function": "AI Agents"}}
	data, _ := json.Marshal(list)
	p := filepath.Join(t.TempDir(), "robots.json")
	os.WriteFile(p, data, 0o644)
	raw := func(s string) bool { return strings.ContainsAny(s, "\x1b\x07\u202e") }
	code, out, errs := runCmd(t, "", "crawlers", "update", "--from", p)
	if code != 0 || raw(out) || !strings.Contains(out, `Evil\x1b]0;PWNED\a\x1b[2JBot`) {
		t.Fatalf("update: exit %d, raw controls %v:\n%q%s", code, raw(out), out, errs)
	}
	code, out, _ = runCmd(t, "", "crawlers", "--source", "user")
	if code != 0 || raw(out) || !strings.Contains(out, `Evil\x1b]0;PWNED\a\x1b[2JBot`) || !strings.Contains(out, `Acme\u202eevil`) {
		t.Errorf("listing: raw controls %v:\n%q", raw(out), out)
	}
	_, _, errs = runCmd(t, "", "crawlers", "remove", "No\u202eSuch\x1b[2J")
	if raw(errs) || !strings.Contains(errs, `No\u202eSuch\x1b[2J`) {
		t.Errorf("error: %q", errs)
	}
}

// Rule: `crawlers add` run by several processes at once loses nothing
// (the window and the command line share the store's lock).
func TestCrawlersAddConcurrently(t *testing.T) {
	t.Setenv(session.StorageEnv, t.TempDir())
	var wg sync.WaitGroup
	fails := make(chan string, 20)
	for p := 0; p < 2; p++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 8; i++ {
				cmd := exec.Command(os.Args[0], "crawlers", "add", fmt.Sprintf("Par-%d-%d", p, i))
				cmd.Env = append(os.Environ(), asCLI+"=1")
				if out, err := cmd.CombinedOutput(); err != nil {
					fails <- fmt.Sprintf("%v: %s", err, out)
				}
			}
		}()
	}
	wg.Wait()
	close(fails)
	for f := range fails {
		t.Error(f)
	}
	_, out, _ := runCmd(t, "", "crawlers", "--source", "user")
	if n := strings.Count(out, "[user]"); n != 16 {
		t.Errorf("%d of 16 added entries listed:\n%s", n, out)
	}
}
