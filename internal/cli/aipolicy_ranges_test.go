//go:build !js

package cli_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/cli"
	"github.com/robots-studio/robots-studio/internal/session"
)

// Rule: before an update read any range file, ai-policy refuses by
// User-Agent and says how to get the ranges; after `crawlers update` read
// OpenAI's and Common Crawl's files (served over loopback), every server's
// rule refuses their ranges too, IPv4 and IPv6, and the output names the
// files and the day they were read, in text and in JSON.
func TestAIPolicyRefusesUpdatedRanges(t *testing.T) {
	t.Setenv(session.StorageEnv, t.TempDir())
	robots := filepath.Join(t.TempDir(), "robots.txt")
	os.WriteFile(robots, []byte("User-agent: *\nDisallow: /admin/\n"), 0o644)

	_, before, _ := runCmd(t, "", "ai-policy", "--stance", "no-ai", "--refuse-at-server", robots)
	if !strings.Contains(before, "IP ranges of GPTBot (https://openai.com/gptbot.json), but the catalogue holds none") ||
		!strings.Contains(before, "robots-studio crawlers update") || strings.Contains(before, "20.171.206.0/23") {
		t.Fatalf("before the update:\n%s", before)
	}

	url := fixtureServer(t)
	if code, out, errs := runCmd(t, "", "crawlers", "update", "--from", url+"/gptbot.json", "--from", url+"/ccbot.json"); code != cli.ExitOK {
		t.Fatalf("update: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs := runCmd(t, "", "ai-policy", "--stance", "no-ai", "--refuse-at-server", robots)
	if code != cli.ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"geo $robots_studio_refused_ip {", "    20.171.206.0/23 1;", "    2600:1f28:365:8000::/56 1;", // nginx
		"        Require not ip ", // Apache
		"    remote_ip ",          // Caddy
		"acl robots_studio_refused_ip src ",
		"ip.src in {",
		"also refuse the IP ranges the catalogue's update read: CCBot (" + url + "/ccbot.json, ",
		"GPTBot (" + url + "/gptbot.json, ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	if strings.Contains(out, "IP ranges of GPTBot (https://openai.com/gptbot.json), but the catalogue holds none") {
		t.Errorf("GPTBot's ranges were read, yet the warning says they are missing:\n%s", out)
	}

	_, only, _ := runCmd(t, "", "ai-policy", "--stance", "no-ai", "--refuse-at-server", "--only", "haproxy", robots)
	if !strings.Contains(only, "acl robots_studio_refused_ip src 3.41.188.32/29") || strings.Contains(only, "==") {
		t.Errorf("--only haproxy:\n%s", only)
	}

	_, js, _ := runCmd(t, "", "ai-policy", "--stance", "no-ai", "--refuse-at-server", "--json", robots)
	var j cli.JSONAIPolicy
	if err := json.Unmarshal([]byte(js), &j); err != nil {
		t.Fatalf("%v\n%s", err, js)
	}
	if len(j.RangeFiles) != 2 || j.RangeFiles[0].Key != "CCBot" || j.RangeFiles[1].Source != url+"/gptbot.json" || !contains(j.IPRanges, "2600:1f28:365:8000::/56") {
		t.Errorf("JSON range files %+v, ranges %v", j.RangeFiles, j.IPRanges)
	}
	for _, r := range j.Rules {
		if r.Server != "cloudflare" && len(r.Notes) == 0 {
			t.Errorf("%s: no note on what the address test sees behind a proxy", r.Server)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
