package webtest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// vfsResult is what web/test/vfs_test.js leaves in globalThis.vfsTestResult.
type vfsResult struct {
	Passed   int      `json:"passed"`
	Failed   int      `json:"failed"`
	Failures []string `json:"failures"`
}

// TestVFS runs the browser file system's own tests (web/test/vfs_test.html:
// atomic save, folders, links, picked files read from the Blob in chunks,
// read-only picks, full storage, and persistence across a reload) in
// Chromium. It needs no build: the page loads web/vfs.js from the sources.
func TestVFS(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "..", "web"))
	mustf(t, err, "web folder")
	if _, err := os.Stat(filepath.Join(dir, "test", "vfs_test.html")); err != nil {
		t.Fatalf("web/test/vfs_test.html: %v", err)
	}
	srv := serve(t, dir)
	p := startBrowser(t)
	p.do("navigate", chromedp.Navigate(srv.URL+subPath+"test/vfs_test.html"))

	// The page reloads itself halfway, so an evaluation may fail while it
	// does; only the deadline ends the wait.
	deadline := time.Now().Add(90 * time.Second)
	var got string
	for got == "" {
		if time.Now().After(deadline) {
			t.Fatalf("web/test/vfs_test.html gave no result in 90 s\nconsole:\n%s", p.consoleTail(40))
		}
		time.Sleep(100 * time.Millisecond)
		s, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](
			`globalThis.vfsTestResult ? JSON.stringify(globalThis.vfsTestResult) : ""`))
		if err == nil {
			got = s
		}
	}
	var res vfsResult
	mustf(t, json.Unmarshal([]byte(got), &res), "vfsTestResult %s", got)
	for _, f := range res.Failures {
		t.Error(f)
	}
	if res.Failed != len(res.Failures) {
		t.Errorf("vfsTestResult says %d failed but lists %d", res.Failed, len(res.Failures))
	}
	if res.Passed < 200 {
		t.Errorf("only %d checks ran (the page has more than 250): the test page stopped early\nconsole:\n%s",
			res.Passed, p.consoleTail(40))
	}
	t.Logf("%d checks passed, %d failed", res.Passed, res.Failed)
}
