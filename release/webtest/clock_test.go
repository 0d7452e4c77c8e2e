//go:build !js

package webtest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestClockGlue runs web/test/clock_test.html in Chromium: web/clock.js's
// clock imports against those of the wasm_exec.js of the Go that runs the
// test (the one build/web.sh ships). They must write the same clocks at the
// same places and nothing else; a Go whose glue names or lays them out
// otherwise fails here. It needs no build.
func TestClockGlue(t *testing.T) {
	site := pageSite(t, nil)
	page, err := os.ReadFile(filepath.Join("..", "..", "web", "test", "clock_test.html"))
	mustf(t, err, "web/test/clock_test.html")
	mustf(t, os.MkdirAll(filepath.Join(site, "test"), 0o755), "test folder")
	mustf(t, os.WriteFile(filepath.Join(site, "test", "clock_test.html"), page, 0o644), "test page")
	srv := serve(t, site)
	p := startBrowser(t)
	p.do("navigate", chromedp.Navigate(srv.URL+subPath+"test/clock_test.html"))
	p.waitFor("the clock tests", "globalThis.clockTestResult != null", 60*time.Second)
	var got string
	p.eval("JSON.stringify(globalThis.clockTestResult)", &got)
	var res struct {
		Passed, Failed int
		Failures       []string
		NS             map[string]int
	}
	mustf(t, json.Unmarshal([]byte(got), &res), "clockTestResult %s", got)
	for _, f := range res.Failures {
		t.Error(f)
	}
	if res.Passed < 20 {
		t.Errorf("only %d checks passed: the page stopped early\nconsole:\n%s", res.Passed, p.consoleTail(20))
	}
	t.Logf("%d checks passed; ns a call: Go's nanotime1 %d, ours %d; Go's walltime %d, ours %d",
		res.Passed, res.NS["goNanotime1"], res.NS["nanotime1"], res.NS["goWalltime"], res.NS["walltime"])
}
