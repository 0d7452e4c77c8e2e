package cli_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/cli"
)

// Rule: ai-policy prints every signal of one policy, each part alone with
// --only, and the whole as JSON; bad flags are usage errors.
func TestAIPolicyCommand(t *testing.T) {
	dir := t.TempDir()
	robots := filepath.Join(dir, "robots.txt")
	os.WriteFile(robots, []byte("User-agent: *\nDisallow: /admin/\n"), 0o644)

	code, out, errOut := runCmd(t, "", "ai-policy", "--stance", "no-ai", "--use", "reference", robots)
	if code != cli.ExitOK {
		t.Fatalf("%d %s", code, errOut)
	}
	for _, want := range []string{
		"Content-Signal: search=yes, ai-input=no, ai-train=no, use=reference",
		"Content-Usage: train-ai=n, search=y",
		"User-agent: GPTBot",
		`<meta name="robots" content="noarchive">`,
		"X-Robots-Tag: noarchive",
		"== nginx", "== apache", "== caddy", "== haproxy", "== cloudflare",
		"Bytespider",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}

	_, only, _ := runCmd(t, "", "ai-policy", "--stance", "no-ai", "--only", "nginx", robots)
	if !strings.HasPrefix(only, "map $http_user_agent $robots_studio_refused {") || strings.Contains(only, "==") {
		t.Errorf("--only nginx:\n%s", only)
	}
	_, onlyRobots, _ := runCmd(t, "", "ai-policy", "--stance", "search-no-training", "--only", "robots", robots)
	if !strings.HasPrefix(onlyRobots, "User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\n") {
		t.Errorf("--only robots:\n%s", onlyRobots)
	}

	// Per operator and per crawler, as custom.
	code, js, _ := runCmd(t, "", "ai-policy", "--refuse-operator", "openai", "--let", "OAI-SearchBot", "--json", robots)
	var j cli.JSONAIPolicy
	if code != cli.ExitOK || json.Unmarshal([]byte(js), &j) != nil {
		t.Fatalf("%d %s", code, js)
	}
	if !strings.Contains(j.Robots, "User-agent: GPTBot") || strings.Contains(j.Robots, "User-agent: OAI-SearchBot") {
		t.Errorf("operator OpenAI refused but OAI-SearchBot let in:\n%s", j.Robots)
	}
	if !strings.Contains(strings.Join(j.Refused, ","), "ChatGPT-User") || strings.Contains(strings.Join(j.Refused, ","), "GPTBot") {
		t.Errorf("refused at the server: %v", j.Refused)
	}

	for _, bad := range [][]string{
		{"--stance", "maybe"}, {"--use", "some"}, {"--block", "nonsense"}, {"--refuse", "NoSuchBot"},
		{"--stance", "no-ai", "--block", "seo"}, {"--only", "iis"},
	} {
		if code, _, errOut := runCmd(t, "", append(append([]string{"ai-policy"}, bad...), robots)...); code != cli.ExitUsage || errOut == "" {
			t.Errorf("%v: %d %q", bad, code, errOut)
		}
	}
}
