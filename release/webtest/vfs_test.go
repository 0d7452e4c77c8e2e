package webtest

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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

// TestGoFilesOnVFS builds web/test/gofs for js/wasm and runs it on
// web/vfs.js in Chromium: the os package, filepath and the app's own
// tester/textfile (atomic save, Load, Lines, OpenStream, the read-only
// refusal) on the browser's file system, and a 12 MB picked log streamed.
func TestGoFilesOnVFS(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	mustf(t, err, "repository root")
	goTool, err := exec.LookPath("go")
	if err != nil {
		needed(t, "the go command is not on PATH")
	}
	site := t.TempDir()
	mustf(t, os.MkdirAll(filepath.Join(site, "test"), 0o755), "site folder")
	build := exec.Command(goTool, "build", "-o", filepath.Join(site, "test", "gofs.wasm"), "./web/test/gofs")
	build.Dir = root
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building web/test/gofs: %v\n%s", err, out)
	}
	goroot, err := exec.Command(goTool, "env", "GOROOT").Output()
	mustf(t, err, "go env GOROOT")
	copies := map[string]string{
		filepath.Join(root, "web", "vfs.js"):                                            "vfs.js",
		filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"): "wasm_exec.js",
		filepath.Join(root, "web", "test", "gofs.html"):                                 "test/gofs.html",
	}
	for from, to := range copies {
		data, err := os.ReadFile(from)
		mustf(t, err, "reading %s", from)
		mustf(t, os.WriteFile(filepath.Join(site, to), data, 0o644), "writing %s", to)
	}
	srv := serve(t, site)
	p := startBrowser(t)
	p.do("navigate", chromedp.Navigate(srv.URL+subPath+"test/gofs.html"))
	p.waitFor("gofs.wasm's result", "globalThis.goFSResult", 90*time.Second)
	var res vfsResult
	p.eval("globalThis.goFSResult", &res)
	for _, f := range res.Failures {
		t.Error(f)
	}
	if res.Passed < 50 {
		t.Errorf("only %d checks ran (gofs has more than 55)\nconsole:\n%s", res.Passed, p.consoleTail(40))
	}
	t.Logf("%d checks passed, %d failed", res.Passed, res.Failed)
}
