//go:build !js

package webtest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"

	"github.com/robots-studio/robots-studio/internal/loggen"
)

// typeKeys types n letters into the focused editor, one at a time (each
// key waits for the frame that shows it), and returns each key's keydown →
// frame time in ms, sorted.
func (p *tab) typeKeys(n int) []float64 {
	p.t.Helper()
	var before int
	p.eval("__probe.lat.length", &before)
	for i := 0; i < n; i++ {
		p.key(string(rune('a' + i%26)))
		p.waitFor("the key reaches a frame", "__probe.lat.length > "+itoa(before+i), 10*time.Second)
	}
	var lat []float64
	p.eval("__probe.lat.slice("+itoa(before)+")", &lat)
	slices.Sort(lat)
	return lat
}

// cpuSplit is where the page's main thread spent a profile's samples: in
// the WebAssembly module (Go: the app and Fyne), in JavaScript (the
// driver's glue and the WebGL calls it makes), in the garbage collector,
// in the browser's own work ("(program)": layout, compositing, the GL
// command buffer), and idle. Milliseconds.
type cpuSplit struct {
	wasm, js, gc, program, idle float64
}

func splitProfile(prof *profiler.Profile) cpuSplit {
	kind := map[int64]string{}
	for _, n := range prof.Nodes {
		f := n.CallFrame
		switch {
		case f.FunctionName == "(idle)":
			kind[n.ID] = "idle"
		case f.FunctionName == "(program)" || f.FunctionName == "(root)":
			kind[n.ID] = "program"
		case f.FunctionName == "(garbage collector)":
			kind[n.ID] = "gc"
		case strings.HasPrefix(f.FunctionName, "wasm-function") || strings.HasSuffix(f.URL, ".wasm") || strings.HasPrefix(f.URL, "wasm://"):
			kind[n.ID] = "wasm"
		default:
			kind[n.ID] = "js"
		}
	}
	var s cpuSplit
	for i, id := range prof.Samples {
		if i >= len(prof.TimeDeltas) {
			break
		}
		// A sample's time is the delta to the next one.
		var d float64
		if i+1 < len(prof.TimeDeltas) {
			d = float64(prof.TimeDeltas[i+1]) / 1000
		}
		switch kind[id] {
		case "wasm":
			s.wasm += d
		case "js":
			s.js += d
		case "gc":
			s.gc += d
		case "idle":
			s.idle += d
		default:
			s.program += d
		}
	}
	return s
}

// topFunctions names the functions with the most self time (for a build
// with symbols; a stripped .wasm names its functions by index).
func topFunctions(prof *profiler.Profile, n int) []string {
	self := map[string]float64{}
	name := map[int64]string{}
	for _, nd := range prof.Nodes {
		name[nd.ID] = nd.CallFrame.FunctionName
	}
	for i, id := range prof.Samples {
		if i+1 < len(prof.TimeDeltas) {
			self[name[id]] += float64(prof.TimeDeltas[i+1]) / 1000
		}
	}
	keys := make([]string, 0, len(self))
	for k := range self {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(a, b int) bool { return self[keys[a]] > self[keys[b]] })
	var out []string
	for _, k := range keys[:min(n, len(keys))] {
		out = append(out, k+" "+strconvMs(self[k]))
	}
	return out
}

func strconvMs(v float64) string {
	return strings.TrimRight(strings.TrimRight(time.Duration(v*float64(time.Millisecond)).Round(100*time.Microsecond).String(), "0"), ".")
}

// TestKeystrokeSplit measures keystroke → frame three times in one page: on
// a two-line file with no tester rows (what a frame costs when our own work
// per key is next to nothing: mostly painting), on linkedin's file with
// 100 results (issue 23's budget case) and with 1,000 (20 crawlers × 50
// paths, loggen.TestSet as the window's speed test; issue 34 point 12 asks
// at most 50 ms median on a short file and 80 ms with 1,000 results). With
// a CPU profile of the page's main thread over each run it says how much of
// a key is the Go program and how much the browser, and how many frames the
// app painted per key. It checks nothing but that keys reach the screen;
// the budget is checked by TestWeb. Figures and method: docs/speed-window.md,
// "The browser build".
func TestKeystrokeSplit(t *testing.T) {
	dir := webDir(t)
	srv := serve(t, dir)
	p := startBrowser(t)
	first := p.load(srv.URL + subPath)
	t.Logf("first usable frame %.2f s", first.Seconds())
	linkedin, err := os.ReadFile("testdata/linkedin.robots.txt")
	mustf(t, err, "testdata")
	crawlerRows := []string{"Googlebot", "Bingbot", "LinkedInBot", "Applebot", "Yandex", "Slurp", "DuckDuckBot", "GPTBot", "CCBot", "Baiduspider"}
	paths := []string{"/", "/in/someone", "/jobs/view/1", "/analytics/", "/authwall", "/feed/", "/company/x", "/learning/", "/pub/dir/a", "/search/results/"}
	_, err = chromedp.Call(p.ctx, profiler.Enable, cdp.Empty{})
	mustf(t, err, "profiler")
	_, err = chromedp.Call(p.ctx, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 200})
	mustf(t, err, "profiler")
	const keys = 40
	p.eval("robotsStudio.openText(\"robots.txt\", \"\")", nil)
	type figure struct {
		name         string
		median, p95  float64
		frames, wasm float64
	}
	var figures []figure
	// run types into the editor where a click at y puts the cursor (the
	// probe needs a new text texture per key: a line typed the same way
	// before is in Fyne's texture cache, so each run types on a line of
	// its own).
	run := func(name, text string, crawlers, paths []string, results int, y float64) {
		p.eval("robotsStudio.setText("+jsString(text)+")", nil) // no question about unsaved changes
		p.eval("robotsStudio.setTests("+jsArray(crawlers)+", "+jsArray(paths)+")", nil)
		p.waitFor(name+": results", "robotsStudio.results().then((r) => r.length === "+itoa(results)+")", 30*time.Second)
		p.settle()
		p.click(300, y)
		p.settle()
		_, err := chromedp.Call(p.ctx, profiler.Start, cdp.Empty{})
		mustf(t, err, "profiler start")
		var frames0, frames1 float64
		var parts0 int
		p.eval("__probe.frames", &frames0)
		p.eval("__probe.parts.length", &parts0)
		start := time.Now()
		lat := p.typeKeys(keys)
		wall := time.Since(start)
		p.eval("__probe.frames", &frames1)
		// When the frame that showed each key started painting, and when
		// its first new text went up, in ms after the keydown.
		var parts [][2]float64
		p.eval("__probe.parts.slice("+itoa(parts0)+")", &parts)
		var painting, uploaded []float64
		for _, pt := range parts {
			painting, uploaded = append(painting, pt[0]), append(uploaded, pt[1])
		}
		slices.Sort(painting)
		slices.Sort(uploaded)
		res, err := chromedp.Call(p.ctx, profiler.Stop, cdp.Empty{})
		mustf(t, err, "profiler stop")
		if len(lat) != keys {
			t.Fatalf("%s: %d of %d keys reached a frame", name, len(lat), keys)
		}
		if dir := os.Getenv("ROBOTS_STUDIO_WEBTEST_PROFILES"); dir != "" { // for DevTools' Performance panel
			data, err := json.Marshal(res.Profile)
			mustf(t, err, "profile")
			base := filepath.Join(dir, strings.ReplaceAll(name, " ", "-"))
			mustf(t, os.WriteFile(base+".cpuprofile", data, 0o644), "profile")
			// Lint follows a pause in typing: the screenshot waits for
			// the findings of the typed text.
			p.waitFor(name+": lint of the typed text", "robotsStudio.problems().then((codes) => codes != null)", 30*time.Second)
			p.screenshot(base + ".png")
		}
		s := splitProfile(res.Profile)
		per := func(v float64) float64 { return v / keys }
		t.Logf("%s: keystroke → frame median %.1f ms, p95 %.1f ms, max %.1f ms; %.2f frames painted per key; main thread per key: wasm %.1f ms, JS %.1f ms, GC %.1f ms, browser %.1f ms, idle %.1f ms (wall %.0f ms per key incl. CDP round trips)",
			name, percentile(lat, 0.5), percentile(lat, 0.95), lat[len(lat)-1], (frames1-frames0)/keys, per(s.wasm), per(s.js), per(s.gc), per(s.program), per(s.idle), float64(wall.Milliseconds())/keys)
		t.Logf("%s: median keydown → that frame starts painting %.1f ms, → its first text texture %.1f ms, → the next animation frame %.1f ms",
			name, percentile(painting, 0.5), percentile(uploaded, 0.5), percentile(lat, 0.5))
		t.Logf("%s: most self time: %s", name, strings.Join(topFunctions(res.Profile, 12), ", "))
		figures = append(figures, figure{name, percentile(lat, 0.5), percentile(lat, 0.95), (frames1 - frames0) / keys, per(s.wasm)})
	}
	run("two lines, no tester rows", "User-agent: *\nDisallow: /x\n", []string{}, []string{}, 0, 200)
	run("linkedin, 100 results", string(linkedin), crawlerRows, paths, 100, 200)
	big := loggen.TestSet(linkedin, 20, 50, "")
	// at the end of line 16, "Disallow: /ambry": the first key unblocks
	// Googlebot's /ambrypage, every key changes the rule's text
	run("linkedin, 1000 results", string(linkedin), big.Crawlers, big.Paths, 1000, 327)
	// One line per case, for docs/speed-window.md ("The browser build").
	t.Logf("summary: issue 34's targets are a median of 50 ms on a short file and 80 ms with 1,000 results")
	for _, f := range figures {
		t.Logf("summary | %s | median %.1f ms | p95 %.1f ms | %.2f frames/key | wasm %.1f ms/key |", f.name, f.median, f.p95, f.frames, f.wasm)
	}
	p.noBadConsole(t)
}

// hotPath is the call path to the function that has the most self time
// in prof, outermost first: where a page that stopped answering spends
// its time (its names are indices unless the program keeps its symbols:
// build/web.sh with WEB_SYMBOLS=1).
func hotPath(prof *profiler.Profile) []string {
	parent := map[int64]int64{}
	name := map[int64]string{}
	for _, nd := range prof.Nodes {
		name[nd.ID] = nd.CallFrame.FunctionName
		for _, c := range nd.Children {
			parent[c] = nd.ID
		}
	}
	self := map[int64]int64{}
	var top int64
	for _, id := range prof.Samples {
		if n := name[id]; n == "(idle)" || n == "(program)" || n == "(root)" {
			continue
		}
		self[id]++
		if self[id] > self[top] {
			top = id
		}
	}
	var path []string
	for id, ok := top, top != 0; ok; id, ok = parent[id] {
		path = append(path, name[id])
	}
	slices.Reverse(path)
	return path
}

// stallReport profiles the page's main thread for a few seconds (the V8
// inspector answers while a script runs) and says where it spends them:
// the split, the functions with most self time and the hottest path.
func (p *tab) stallReport() string {
	ctx, cancel := context.WithTimeout(p.ctx, 30*time.Second)
	defer cancel()
	if _, err := chromedp.Call(ctx, profiler.Enable, cdp.Empty{}); err != nil {
		return "no profile: " + err.Error()
	}
	if _, err := chromedp.Call(ctx, profiler.Start, cdp.Empty{}); err != nil {
		return "no profile: " + err.Error()
	}
	time.Sleep(5 * time.Second)
	res, err := chromedp.Call(ctx, profiler.Stop, cdp.Empty{})
	if err != nil {
		return "no profile: " + err.Error()
	}
	s := splitProfile(res.Profile)
	probe := func(expr string, await bool, limit time.Duration) string {
		c, cancel := context.WithTimeout(p.ctx, limit)
		defer cancel()
		var opts []chromedp.EvaluateOption
		if await {
			opts = append(opts, chromedp.EvalAwaitPromise)
		}
		v, err := chromedp.Run(c, chromedp.Evaluate[string]("Promise.resolve("+expr+").then((v) => String(v))", opts...))
		if !await {
			v, err = chromedp.Run(c, chromedp.Evaluate[string]("String("+expr+")"))
		}
		if err != nil {
			return "error: " + err.Error()
		}
		return v
	}
	probes := []string{
		"a timer's promise: " + probe(`new Promise((ok) => setTimeout(() => ok("resolved"), 10))`, true, 10*time.Second),
		"focus: " + probe(`document.hasFocus() + " " + document.visibilityState`, false, 10*time.Second),
		"text() again: " + probe(`robotsStudio.text().then((s) => s.length)`, true, 20*time.Second),
		"settings(): " + probe(`robotsStudio.settings().then((s) => JSON.stringify(s))`, true, 20*time.Second),
	}
	stacks, err := chromedp.Run(ctx, chromedp.Evaluate[string](`typeof robotsStudio.goroutines === "function" ? robotsStudio.goroutines() : "(no goroutines())"`))
	if err != nil {
		stacks = "no goroutines: " + err.Error()
	}
	return fmt.Sprintf("%s\n5 s of the main thread: wasm %.0f ms, JS %.0f ms, GC %.0f ms, browser %.0f ms, idle %.0f ms\nmost self time: %s\nhottest path: %s\ngoroutines:\n%s",
		strings.Join(probes, "\n"), s.wasm, s.js, s.gc, s.program, s.idle, strings.Join(topFunctions(res.Profile, 12), ", "), strings.Join(hotPath(res.Profile), " → "), stacks)
}
