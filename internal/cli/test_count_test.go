package cli_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/internal/cli"
)

// TestCountURLsKeepsTheTimeLimit: `test --count --urls` runs on the batch
// evaluator and still gives up on a query over --timeout, counts it apart
// and exits 3.
func TestCountURLsKeepsTheTimeLimit(t *testing.T) {
	robots := wildcardFile(t)
	urls := filepath.Join(t.TempDir(), "urls.txt")
	os.WriteFile(urls, []byte("/b\n/"+strings.Repeat("a", 4000)+"\n/c\n"), 0o644)
	code, out, errs := runWithin(t, 20*time.Second, nil, "test", "--count", "--engine", "temoto", "--timeout", "100ms", "--agent", "x", "--urls", urls, robots)
	if code != cli.ExitTimeout || out != "2 allowed, 0 blocked, 1 timed out\n" {
		t.Fatalf("exit %d, %q %q", code, out, errs)
	}
}
