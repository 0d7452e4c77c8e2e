package cli_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/cli"
)

// Rule: edge-check names the crawlers robots.txt and the edge treat
// differently, and exits 1 then; 0 when they agree.
func TestEdgeCheckCommand(t *testing.T) {
	dir := t.TempDir()
	robots := filepath.Join(dir, "robots.txt")
	os.WriteFile(robots, []byte("User-agent: Bytespider\nDisallow: /\n\nUser-agent: *\nAllow: /\n"), 0o644)
	conf := filepath.Join(dir, "site.conf")
	os.WriteFile(conf, []byte("if ($http_user_agent ~* \"GPTBot\") { return 403; }\n"), 0o644)
	code, out, errOut := runCmd(t, "", "edge-check", "--server", "nginx", robots, conf)
	if code != cli.ExitFailure || !strings.Contains(out, "GPTBot (OpenAI): robots.txt lets it in (line 5), but the edge refuses its User-Agent (config line 1)") ||
		!strings.Contains(out, "Bytespider (ByteDance): robots.txt refuses it (line 2)") {
		t.Fatalf("%d\n%s%s", code, out, errOut)
	}
	os.WriteFile(conf, []byte("if ($http_user_agent ~* \"Bytespider\") { return 403; }\n"), 0o644)
	if code, out, _ := runCmd(t, "", "edge-check", "--server", "nginx", robots, conf); code != cli.ExitOK || !strings.Contains(out, "agree") {
		t.Fatalf("%d\n%s", code, out)
	}
	if code, _, _ := runCmd(t, "", "edge-check", "--server", "iis", robots, conf); code != cli.ExitUsage {
		t.Fatalf("unknown server: %d", code)
	}
}
