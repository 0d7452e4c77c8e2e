package cli_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/robots-studio/robots-studio/internal/cli"
	"github.com/robots-studio/robots-studio/internal/session"
)

// changing serves a robots.txt the test rewrites between fetches.
type changing struct {
	srv    *httptest.Server
	mu     sync.Mutex
	status int
	body   string
}

func newChanging(t *testing.T, body string) *changing {
	c := &changing{status: 200, body: body}
	c.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c.mu.Lock()
		defer c.mu.Unlock()
		w.Header().Set("Content-Type", "text/plain")
		w.Header().Set("ETag", fmt.Sprintf(`"%d"`, len(c.body)))
		w.WriteHeader(c.status)
		fmt.Fprint(w, c.body)
	}))
	t.Cleanup(c.srv.Close)
	return c
}

func (c *changing) set(status int, body string) {
	c.mu.Lock()
	c.status, c.body = status, body
	c.mu.Unlock()
}

// Every `fetch` is kept; history list, show and diff read the versions;
// forget removes them.
func TestHistoryOfFetches(t *testing.T) {
	t.Setenv(session.StorageEnv, t.TempDir())
	c := newChanging(t, "User-agent: *\nDisallow: /private/\n")
	site := c.srv.URL + "/robots.txt"
	runCmd(t, "", "fetch", c.srv.URL)
	runCmd(t, "", "fetch", c.srv.URL)
	c.set(200, "User-agent: *\nDisallow: /\n")
	runCmd(t, "", "test", "--agent", "Googlebot", site, "/x") // a ROBOTS_FILE URL is a fetch too

	code, out, errOut := runCmd(t, "", "history", "list")
	if code != cli.ExitOK || !strings.Contains(out, site+"  2 versions") {
		t.Fatalf("history list: exit %d, %q %q", code, out, errOut)
	}
	_, out, _ = runCmd(t, "", "history", "list", c.srv.URL)
	if !strings.Contains(out, "#1  ") || !strings.Contains(out, "status 200, 34 bytes") || !strings.Contains(out, "found 2 times") || !strings.Contains(out, "#2  ") {
		t.Errorf("history list SITE:\n%s", out)
	}
	_, out, _ = runCmd(t, "", "history", "show", c.srv.URL, "1", "--body")
	if out != "User-agent: *\nDisallow: /private/\n" {
		t.Errorf("show --body: %q", out)
	}
	_, out, _ = runCmd(t, "", "history", "show", c.srv.URL)
	for _, want := range []string{"#2", "source: fetch", "Content-Type: text/plain", `ETag: "26"`, "google       use-file"} {
		if !strings.Contains(out, want) {
			t.Errorf("show lacks %q:\n%s", want, out)
		}
	}
	var shown struct {
		N        int               `json:"n"`
		Status   int               `json:"status"`
		Body     string            `json:"body"`
		Outcomes map[string]string `json:"outcomes"`
	}
	_, out, _ = runCmd(t, "", "history", "show", "--json", c.srv.URL, "first")
	if err := json.Unmarshal([]byte(out), &shown); err != nil || shown.N != 1 || len(shown.Body) != 64 || shown.Outcomes["google"] != "use-file" {
		t.Errorf("show --json: %+v %v\n%s", shown, err, out)
	}

	code, out, _ = runCmd(t, "", "history", "diff", c.srv.URL, "--fail-on", "blocked")
	if code != cli.ExitFailure || !strings.Contains(out, "#1 (") || !strings.Contains(out, "Googlebot (google): ") || !strings.Contains(out, "allowed → blocked") {
		t.Errorf("history diff: exit %d\n%s", code, out)
	}
	_, out, _ = runCmd(t, "", "history", "diff", "--json", "--agent", "Googlebot", c.srv.URL, "1", "2")
	if !strings.Contains(out, `"agent":"Googlebot"`) || !strings.Contains(out, `"new":{"allowed":false`) {
		t.Errorf("history diff --json:\n%s", out)
	}

	// A 503 is a version: its diff is each engine's outcome (Google: crawl
	// nothing while it lasts).
	c.set(503, "down")
	runCmd(t, "", "fetch", c.srv.URL)
	c.set(200, "User-agent: *\nDisallow: /private/\n")
	code, out, _ = runCmd(t, "", "history", "diff", c.srv.URL, "first", "3", "--agent", "Googlebot")
	if code != cli.ExitOK || !strings.Contains(out, "Googlebot (google): ") || !strings.Contains(out, "status 503") && !strings.Contains(out, "newly blocked") {
		t.Errorf("diff against the 503:\n%s", out)
	}

	code, out, _ = runCmd(t, "", "history", "forget", c.srv.URL)
	if code != cli.ExitOK || !strings.Contains(out, "forgot 3 versions") {
		t.Errorf("forget: %d %q", code, out)
	}
	code, _, errOut = runCmd(t, "", "history", "list", c.srv.URL)
	if code != cli.ExitUsage || !strings.Contains(errOut, "no versions are kept") {
		t.Errorf("list after forget: %d %q", code, errOut)
	}
}

// history keep off: fetches are no longer kept.
func TestHistoryKeepOff(t *testing.T) {
	t.Setenv(session.StorageEnv, t.TempDir())
	c := newChanging(t, "User-agent: *\nDisallow:\n")
	runCmd(t, "", "history", "keep", "off")
	runCmd(t, "", "fetch", c.srv.URL)
	_, out, _ := runCmd(t, "", "history", "list")
	if !strings.Contains(out, "no site has a history") {
		t.Errorf("kept while off: %q", out)
	}
}

func TestHistoryBadInput(t *testing.T) {
	t.Setenv(session.StorageEnv, t.TempDir())
	c := newChanging(t, "User-agent: *\nDisallow:\n")
	runCmd(t, "", "fetch", c.srv.URL)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"history"}, "give list, show"},
		{[]string{"history", "rewind"}, "unknown action"},
		{[]string{"history", "show", c.srv.URL, "7"}, "give a number from 1 to 1"},
		{[]string{"history", "show", c.srv.URL, "1999-01-01"}, "no version as early as 1999-01-01"},
		{[]string{"history", "show", "ftp://x"}, "only http and https"},
		{[]string{"history", "import", c.srv.URL}, "--wayback"},
		{[]string{"history", "diff", c.srv.URL, "--fail-on", "some"}, "--fail-on must be"},
	} {
		code, _, errOut := runCmd(t, "", tc.args...)
		if code != cli.ExitUsage || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, %q; want %q", tc.args, code, errOut, tc.want)
		}
	}
	_, out, _ := runCmd(t, "", "history", "diff", c.srv.URL)
	if !strings.Contains(out, "has one version") {
		t.Errorf("diff of one version: %q", out)
	}
}

// history import --wayback against a local CDX server.
func TestHistoryImportWayback(t *testing.T) {
	t.Setenv(session.StorageEnv, t.TempDir())
	mux := http.NewServeMux()
	mux.HandleFunc("/cdx", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `[["timestamp","original","mimetype","statuscode","digest"],
["20150301000000","http://example.com/robots.txt","text/plain","200","A"],
["20190301000000","http://example.com/robots.txt","text/plain","200","B"]]`)
	})
	mux.HandleFunc("/web/", func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/web/2015") {
			fmt.Fprint(w, "User-agent: *\nDisallow: /cgi-bin/\n")
		} else {
			fmt.Fprint(w, "User-agent: *\nDisallow: /\n")
		}
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	code, out, errOut := runCmd(t, "", "history", "import", "example.com", "--wayback", "--endpoint", srv.URL+"/cdx",
		"--snapshots", srv.URL+"/web/", "--delay", "1ms")
	if code != cli.ExitOK || !strings.Contains(out, "the archive lists 2 captures; 2 read, 2 new") {
		t.Fatalf("import: exit %d\n%s%s", code, out, errOut)
	}
	_, out, errOut = runCmd(t, "", "history", "diff", "example.com", "2016", "2020", "--agent", "Googlebot")
	if !strings.Contains(out, "#1 (2015-03-01 00:00:00Z) → #2 (2019-03-01 00:00:00Z)") || !strings.Contains(out, "newly blocked") {
		t.Errorf("diff of the imported versions:\n%s%s", out, errOut)
	}
	_, out, _ = runCmd(t, "", "history", "list", "--json", "example.com")
	if !strings.Contains(out, `"source":"wayback"`) || !strings.Contains(out, `"source_url":"`+srv.URL+`/web/20150301000000id_/http://example.com/robots.txt"`) {
		t.Errorf("list --json: %s", out)
	}
}

// watch: versions kept, changes graded, exit 1 at --fail-on, JSON Lines,
// the webhook told.
func TestWatch(t *testing.T) {
	t.Setenv(session.StorageEnv, t.TempDir())
	a := newChanging(t, "User-agent: *\nDisallow: /private/\nSitemap: https://example.com/s.xml\n")
	b := newChanging(t, "User-agent: *\nDisallow:\n")
	dir := t.TempDir()
	list := dir + "/sites.txt"
	if err := os.WriteFile(list, []byte("# my sites\n"+a.srv.URL+"\n\n"+b.srv.URL+"/some/page  # a page: its site's file\nftp://wrong\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var posts []string
	var mu sync.Mutex
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		data, _ := io.ReadAll(r.Body)
		mu.Lock()
		posts = append(posts, string(data))
		mu.Unlock()
	}))
	defer hook.Close()

	code, out, errOut := runCmd(t, "", "watch", list)
	if code != cli.ExitOK || !strings.Contains(out, "ftp://wrong: not checked: ftp:") || !strings.Contains(out, "3 sites: 0 changed, 2 seen for the first time, 0 unchanged") {
		t.Fatalf("first watch: exit %d\n%s%s", code, out, errOut)
	}
	b.set(200, "User-agent: *\nDisallow: /\n")
	a.set(200, "User-agent: *\nDisallow: /private/\n")
	code, out, _ = runCmd(t, "", "watch", "--notify", hook.URL, list)
	if code != cli.ExitFailure || !strings.Contains(out, b.srv.URL+"/robots.txt: changed (error)") || !strings.Contains(out, "the `*` group now disallows `/` (was: 1 rule)") ||
		!strings.Contains(out, "sitemap line removed: https://example.com/s.xml") || !strings.Contains(out, "webhook: 2 sent") {
		t.Errorf("second watch: exit %d\n%s", code, out)
	}
	mu.Lock()
	if len(posts) != 2 || !strings.Contains(posts[0]+posts[1], `"severity":"error"`) {
		t.Errorf("webhook got %d posts, want 2: %q", len(posts), posts)
	}
	mu.Unlock()

	a.set(200, "Sitemap: https://example.com/s.xml\nUser-agent: *\nDisallow: /private/\n")
	code, out, _ = runCmd(t, "", "watch", "--json", "--fail-on", "error", list)
	if code != cli.ExitOK {
		t.Errorf("a sitemap added is no error: exit %d\n%s", code, out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var last struct {
		Type       string         `json:"type"`
		Sites      int            `json:"sites"`
		NotChecked int            `json:"not_checked"`
		Reasons    map[string]int `json:"not_checked_reasons"`
	}
	if len(lines) != 4 || json.Unmarshal([]byte(lines[3]), &last) != nil || last.Type != "summary" || last.Sites != 3 || last.NotChecked != 1 {
		t.Errorf("watch --json:\n%s", out)
	}
	var first struct {
		Changed  bool `json:"changed"`
		Findings []struct {
			Code, Severity string
		} `json:"findings"`
	}
	found := false
	for _, l := range lines[:3] {
		if json.Unmarshal([]byte(l), &first) == nil && first.Changed {
			found = first.Findings[0].Code == "sitemap-added"
		}
	}
	if !found {
		t.Errorf("no sitemap-added change:\n%s", out)
	}
}

// check --production: a staging file fails, the live one passes.
func TestCheckProduction(t *testing.T) {
	dir := t.TempDir()
	staging := dir + "/staging.txt"
	live := dir + "/live.txt"
	os.WriteFile(staging, []byte("User-agent: *\nDisallow: /\nSitemap: https://staging.example.com/sitemap.xml\n"), 0o644)
	os.WriteFile(live, []byte("User-agent: *\nDisallow: /admin/\nSitemap: https://example.com/sitemap.xml\n"), 0o644)
	code, out, _ := runCmd(t, "", "check", "--production", staging)
	if code != cli.ExitFailure || !strings.Contains(out, ":2:1: error: the `*` group disallows `/`") || !strings.Contains(out, "[production-sitemap-staging]") {
		t.Errorf("staging file: exit %d\n%s", code, out)
	}
	code, out, _ = runCmd(t, "", "check", staging)
	if strings.Contains(out, "production-") {
		t.Errorf("without --production: exit %d\n%s", code, out)
	}
	code, out, _ = runCmd(t, "", "check", "--production", live)
	if code != cli.ExitOK || strings.Contains(out, "production-") {
		t.Errorf("live file: exit %d\n%s", code, out)
	}
	home := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Robots-Tag", "noindex")
		fmt.Fprint(w, "User-agent: *\nDisallow: /admin/\n")
	}))
	defer home.Close()
	code, out, _ = runCmd(t, "", "check", "--production", "--json", home.URL+"/robots.txt")
	if code != cli.ExitFailure || !strings.Contains(out, `"code":"production-noindex"`) {
		t.Errorf("noindex home page: exit %d\n%s", code, out)
	}
}
