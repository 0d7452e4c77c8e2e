package cli_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/cli"
)

const liveRobots = "User-agent: *\r\nDisallow: /private/\r\n\r\nUser-agent: GPTBot\r\nDisallow: /\r\n"

// liveServer serves /robots.txt per path prefix of the test: /ok (200),
// /moved (a redirect to /ok), /gone (404), /down (503).
func liveServer(t *testing.T) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/robots.txt", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/final/robots.txt", http.StatusMovedPermanently)
	})
	mux.HandleFunc("/final/robots.txt", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "max-age=172800")
		fmt.Fprint(w, liveRobots)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// statusServer answers /robots.txt with status.
func statusServer(t *testing.T, status int) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(status)
		fmt.Fprint(w, "<html>error</html>")
	}))
	t.Cleanup(srv.Close)
	return srv
}

var (
	hostPort = regexp.MustCompile(`127\.0\.0\.1:\d+`)
	elapsed  = regexp.MustCompile(`, \d+(\.\d+)?(ms|µs|s)\n`)
)

func normalize(s string) string {
	return elapsed.ReplaceAllString(hostPort.ReplaceAllString(s, "HOST"), ", TIME\n")
}

func TestFetchText(t *testing.T) {
	srv := liveServer(t)
	code, out, errOut := runCmd(t, "", "fetch", srv.URL+"/some/page?x=1")
	if code != cli.ExitOK || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	golden(t, "live/fetch.golden", normalize(out))
}

func TestFetchJSON(t *testing.T) {
	srv := liveServer(t)
	code, out, _ := runCmd(t, "", "fetch", "--json", srv.URL)
	if code != cli.ExitOK {
		t.Fatalf("exit %d", code)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range got {
		keys = append(keys, k)
	}
	want := "bytes content_type hops outcomes status truncated_at url warnings"
	if strings.Join(sortedKeys(got), " ") != want {
		t.Errorf("fields %v, want exactly %s", keys, want)
	}
	hops := got["hops"].([]any)
	if len(hops) != 2 || hops[0].(map[string]any)["status"].(float64) != 301 || got["truncated_at"] != nil || got["bytes"].(float64) != float64(len(liveRobots)) {
		t.Errorf("%s", out)
	}
	if !strings.HasPrefix(out, `{"url":"`+srv.URL+`/robots.txt","hops":[{"url"`) || !strings.Contains(out, `"outcomes":{"google":"use-file","rfc9309":"use-file",`) {
		t.Errorf("field order: %s", out)
	}
	if ws := got["warnings"].([]any); len(ws) != 1 || !strings.Contains(ws[0].(string), "max-age=172800") {
		t.Errorf("warnings %v", ws)
	}
}

func sortedKeys(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

func TestFetchExitCodesAndSave(t *testing.T) {
	srv := liveServer(t)
	file := filepath.Join(t.TempDir(), "robots.txt")
	if code, _, errOut := runCmd(t, "", "fetch", "-o", file, srv.URL); code != cli.ExitOK || !strings.Contains(errOut, "saved") {
		t.Fatalf("exit %d %s", code, errOut)
	}
	if data, _ := os.ReadFile(file); string(data) != liveRobots {
		t.Errorf("saved %q, want the body byte for byte", data)
	}
	gone := statusServer(t, 404)
	code, out, _ := runCmd(t, "", "fetch", "--json", gone.URL)
	if code != cli.ExitFailure || !strings.Contains(out, `"status":404`) || !strings.Contains(out, `"draft1996":"allow-all"`) {
		t.Errorf("404: exit %d %s", code, out)
	}
	for _, args := range [][]string{{"fetch"}, {"fetch", "ftp://x/robots.txt"}, {"fetch", "--timeout", "0s", srv.URL}, {"fetch", "a", "b"}} {
		if code, _, errOut := runCmd(t, "", args...); code != cli.ExitUsage || strings.Count(strings.TrimSpace(errOut), "\n") > 1 {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
	}
}

// TestURLAsRobotsFile: test, check and diff take an http(s) URL where they
// take a file, and say which outcome each engine applied.
func TestURLAsRobotsFile(t *testing.T) {
	srv := liveServer(t)
	code, out, errOut := runCmd(t, "", "test", "--agent", "GPTBot", "--agent", "Googlebot", srv.URL+"/robots.txt", "/private/x", "/")
	if code != cli.ExitOK || !strings.Contains(errOut, "google: uses the file") {
		t.Fatalf("exit %d stderr %q", code, errOut)
	}
	if want := "blocked  GPTBot  /private/x  line 5: Disallow: /  (group at line 4)\nblocked  GPTBot  /  line 5: Disallow: /  (group at line 4)\nblocked  Googlebot  /private/x  line 2: Disallow: /private/  (group at line 1)\nallowed  Googlebot  /  no matching rule  (group at line 1)\n"; out != want {
		t.Errorf("got\n%s", out)
	}

	// A 403: Google allows everything, the 1996 draft stays out.
	forbidden := statusServer(t, 403)
	code, out, errOut = runCmd(t, "", "test", "--engine", "all", "--agent", "Googlebot", forbidden.URL, "/x")
	if code != cli.ExitOK || !strings.Contains(out, "google       allowed") || !strings.Contains(out, "draft1996    blocked") {
		t.Errorf("403: exit %d\n%s", code, out)
	}
	if !strings.Contains(errOut, "draft1996: crawls nothing") || !strings.Contains(errOut, "google: as if there were no robots.txt") {
		t.Errorf("403 stderr: %s", errOut)
	}

	// --suite too: the 1996 draft expects to stay out after a 403.
	suite := filepath.Join(t.TempDir(), "robots.txt.tests.json")
	os.WriteFile(suite, []byte(`{"version":1,"expect":[{"crawler":"Googlebot","path":"/x","engine":"draft1996","allowed":false},{"crawler":"Googlebot","path":"/x","engine":"google","allowed":true}]}`), 0o644)
	if code, out, _ = runCmd(t, "", "test", "--suite", suite, forbidden.URL); code != cli.ExitOK {
		t.Errorf("suite against a 403: exit %d\n%s", code, out)
	}

	if code, _, errOut = runCmd(t, "", "check", srv.URL); code != cli.ExitOK || !strings.Contains(errOut, "fetched") {
		t.Errorf("check: exit %d %s", code, errOut)
	}
	if code, _, errOut = runCmd(t, "", "test", "--agent", "x", "http://127.0.0.1:1/robots.txt", "/"); code != cli.ExitOK || !strings.Contains(errOut, "no answer") {
		t.Errorf("unreachable: exit %d %s", code, errOut)
	}
}

func TestDiff(t *testing.T) {
	dir := t.TempDir()
	oldFile := filepath.Join(dir, "old.txt")
	newFile := filepath.Join(dir, "new.txt")
	urls := filepath.Join(dir, "urls.txt")
	os.WriteFile(oldFile, []byte("User-agent: *\nDisallow: /a\n"), 0o644)
	os.WriteFile(newFile, []byte("User-agent: *\nDisallow: /a\nDisallow: /catalog\nAllow: /a/open\n\nUser-agent: GPTBot\nDisallow: /\n"), 0o644)
	os.WriteFile(urls, []byte("/catalog/1\nhttps://example.com/a/open/x\n/zzz\n"), 0o644)

	code, out, _ := runCmd(t, "", "diff", "--agent", "Googlebot", "--agent", "GPTBot", "--agent", "YandexBot", "--urls", urls, oldFile, newFile)
	if code != cli.ExitFailure {
		t.Errorf("exit %d, want 1 (changes exist)", code)
	}
	golden(t, "live/diff.golden", out)

	code, out, _ = runCmd(t, "", "diff", oldFile, newFile)
	if code != cli.ExitFailure {
		t.Errorf("probes: exit %d", code)
	}
	golden(t, "live/diff-probes.golden", out)

	code, out, _ = runCmd(t, "", "diff", "--json", "--engine", "all", "--agent", "Googlebot", "--urls", urls, oldFile, newFile)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	// The 1990s readings know no Allow and urllib takes the first match
	// (Disallow: /a): one change each; the others two.
	if code != cli.ExitFailure || len(lines) != 18 {
		t.Fatalf("json: exit %d, %d lines\n%s", code, len(lines), out)
	}
	if want := `{"engine":"google","agent":"Googlebot","url":"/catalog/1","old":{"allowed":true,"rule":null},"new":{"allowed":false,"rule":{"line":3,"text":"Disallow: /catalog"}}}`; lines[0] != want {
		t.Errorf("got  %s\nwant %s", lines[0], want)
	}

	// --fail-on: a deploy step refuses only the kind of change it names.
	onlyAllow := filepath.Join(dir, "allow.txt")
	os.WriteFile(onlyAllow, []byte("User-agent: *\nDisallow: /a\nAllow: /a/open\n"), 0o644)
	for _, c := range []struct {
		failOn string
		want   int
	}{{"any", 1}, {"blocked", 0}, {"allowed", 1}} {
		if code, _, _ := runCmd(t, "", "diff", "--fail-on", c.failOn, "--agent", "Googlebot", oldFile, onlyAllow); code != c.want {
			t.Errorf("--fail-on %s: exit %d, want %d", c.failOn, code, c.want)
		}
	}
	if code, out, _ := runCmd(t, "", "diff", oldFile, oldFile); code != cli.ExitOK || !strings.Contains(out, "no verdict changes") {
		t.Errorf("same file: exit %d %s", code, out)
	}

	// The live file against a draft read from standard input.
	srv := liveServer(t)
	code, out, errOut := runCmd(t, "User-agent: *\nDisallow: /private/\n", "diff", "--agent", "GPTBot", srv.URL, "-")
	if code != cli.ExitFailure || !strings.Contains(out, "GPTBot  /  blocked → allowed  (was line 5: Disallow: /)") || !strings.Contains(errOut, "fetched") {
		t.Errorf("live vs draft: exit %d\n%s\n%s", code, out, errOut)
	}

	// A live file that answers 503: every Google-like crawler stays out.
	down := statusServer(t, 503)
	code, out, _ = runCmd(t, "", "diff", "--json", "--agent", "Googlebot", "--urls", urls, down.URL, oldFile)
	if code != cli.ExitFailure || !strings.Contains(out, `"url":"/zzz","old":{"allowed":false,"rule":null},"new":{"allowed":true,"rule":null}`) {
		t.Errorf("503 vs file: exit %d\n%s", code, out)
	}

	for _, args := range [][]string{{"diff", oldFile}, {"diff", "--fail-on", "some", oldFile, newFile}, {"diff", "-", "-"}, {"diff", "--engine", "nope", oldFile, newFile}} {
		if code, _, _ := runCmd(t, "", args...); code != cli.ExitUsage {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}
