package cli_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/cli"
)

// Rule: fetch-as says which robots.txt each User-Agent got, shows the lines
// a version has and lacks, and exits 1 when they differ.
func TestFetchAsCommand(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body := "User-agent: *\nDisallow: /admin/\n"
		if strings.Contains(r.Header.Get("User-Agent"), "GPTBot") {
			body = "# BEGIN Cloudflare Managed content\nUser-agent: GPTBot\nDisallow: /\n# END Cloudflare Managed Content\n" + body
		}
		w.Write([]byte(body))
	}))
	defer srv.Close()
	code, out, errOut := runCmd(t, "", "fetch-as", srv.URL)
	if code != cli.ExitFailure {
		t.Fatalf("%d %s%s", code, out, errOut)
	}
	for _, want := range []string{
		"version 1 (HTTP 200, 32 bytes): Googlebot, bingbot, ClaudeBot, browser",
		"version 2 (HTTP 200, 131 bytes): GPTBot",
		"Cloudflare's managed block",
		"    + User-agent: GPTBot",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	code, out, _ = runCmd(t, "", "fetch-as", "--as", "Googlebot", "--as", "browser", srv.URL)
	if code != cli.ExitOK || !strings.Contains(out, "every User-Agent got the same robots.txt (HTTP 200, 32 bytes): Googlebot, browser") {
		t.Fatalf("%d %s", code, out)
	}
	code, out, _ = runCmd(t, "", "fetch-as", "--json", srv.URL)
	var j cli.JSONFetchAs
	if code != cli.ExitFailure || json.Unmarshal([]byte(out), &j) != nil || j.Same || len(j.Versions) != 2 || len(j.Versions[1].Only) != 4 {
		t.Fatalf("%d %s", code, out)
	}
	if code, _, errOut := runCmd(t, "", "fetch-as", "--as", "NoSuchBot", srv.URL); code != cli.ExitUsage || errOut == "" {
		t.Fatalf("%d %q", code, errOut)
	}
}
