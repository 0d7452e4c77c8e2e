//go:build !js

package webtest

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/robots-studio/robots-studio/internal/testenv"
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
		testenv.Need(t, "the go command is not on PATH")
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

// pageSite lays out the page's files as build/web.sh does, in a new folder,
// with wasmGz as robots-studio.wasm.gz (none when nil). The program is
// web/test/hello, not the app: the loader's tests need no full build.
func pageSite(t *testing.T, wasmGz []byte) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	mustf(t, err, "repository root")
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		testenv.Need(t, fmt.Sprintf("the go command is not on PATH: %v", err))
	}
	site := t.TempDir()
	copies := map[string]string{
		filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"): "wasm_exec.js",
	}
	for _, f := range []string{"index.html", "loader.js", "loader.css", "vfs.js", "clock.js", "manifest.webmanifest", "icon-192.png"} {
		copies[filepath.Join(root, "web", f)] = f
	}
	for from, to := range copies {
		data, err := os.ReadFile(from)
		mustf(t, err, "reading %s", from)
		mustf(t, os.WriteFile(filepath.Join(site, to), data, 0o644), "writing %s", to)
	}
	if wasmGz != nil {
		mustf(t, os.WriteFile(filepath.Join(site, "robots-studio.wasm.gz"), wasmGz, 0o644), "writing the program")
	}
	return site
}

// helloGz builds web/test/hello and compresses it as build/web.sh does.
func helloGz(t *testing.T) []byte {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	mustf(t, err, "repository root")
	out := filepath.Join(t.TempDir(), "hello.wasm")
	build := exec.Command("go", "build", "-o", out, "./web/test/hello")
	build.Dir = root
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if b, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building web/test/hello: %v\n%s", err, b)
	}
	wasm, err := os.ReadFile(out)
	mustf(t, err, "reading hello.wasm")
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(wasm)
	mustf(t, zw.Close(), "gzip")
	return buf.Bytes()
}

type loaderState struct {
	Phase  string             `json:"phase"`
	Loaded int64              `json:"loaded"`
	Total  int64              `json:"total"`
	Error  string             `json:"error"`
	Times  map[string]float64 `json:"times"`
}

type helloState struct {
	Args   int               `json:"args"`
	Env    map[string]string `json:"env"`
	WD     string            `json:"wd"`
	HomeOK bool              `json:"homeOK"`
}

// TestLoaderStartsTheProgram: the page downloads the compressed program
// with progress, unpacks it in the page, and starts Go with the documented
// environment; the loading screen leaves once a canvas appears. Also with a
// host that sends the .gz with Content-Encoding: gzip on its own.
func TestLoaderStartsTheProgram(t *testing.T) {
	gz := helloGz(t)
	site := pageSite(t, gz)
	p := startBrowser(t)
	for _, host := range []string{"plain", "content-encoding"} {
		t.Run(host, func(t *testing.T) {
			url := serve(t, site).URL + subPath + "?lang=ru-RU"
			if host == "content-encoding" {
				files := http.StripPrefix(strings.TrimSuffix(subPath, "/"), http.FileServer(http.Dir(site)))
				srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					if strings.HasSuffix(r.URL.Path, ".gz") {
						w.Header().Set("Content-Encoding", "gzip")
						w.Header().Set("Content-Type", "application/wasm")
					}
					files.ServeHTTP(w, r)
				}))
				t.Cleanup(srv.Close)
				url = srv.URL + subPath + "?lang=pl"
			}
			p.t = t
			p.do("navigate", chromedp.Navigate(url))
			p.waitFor("the program ran", "globalThis.helloRan", 60*time.Second)
			var hello helloState
			p.eval("helloRan", &hello)
			wantLang := map[string]string{"plain": "ru_RU.UTF-8", "content-encoding": "pl_PL.UTF-8"}[host]
			for k, want := range map[string]string{"HOME": "/home/web", "TMPDIR": "/tmp", "LANG": wantLang, "ROBOTS_STUDIO_WEB": "1"} {
				if hello.Env[k] != want {
					t.Errorf("Go got %s=%q, want %q", k, hello.Env[k], want)
				}
			}
			if hello.WD != "/home/web" || !hello.HomeOK {
				t.Errorf("Go's working folder %q, home exists %v", hello.WD, hello.HomeOK)
			}
			var st loaderState
			p.eval("robotsStudioWeb.progress", &st)
			if st.Phase != "run" || st.Error != "" {
				t.Errorf("loader phase %q, error %q", st.Phase, st.Error)
			}
			if host == "plain" && (st.Loaded != int64(len(gz)) || st.Total != int64(len(gz))) {
				t.Errorf("progress %d of %d bytes, want %d of %d", st.Loaded, st.Total, len(gz), len(gz))
			}
			for _, k := range []string{"downloaded", "compiled", "goStart"} {
				if st.Times[k] <= 0 {
					t.Errorf("progress.times.%s not set: %v", k, st.Times)
				}
			}
			p.waitFor("the loading screen leaves", `document.getElementById("rs-loader").hidden`, 10*time.Second)
			t.Logf("%s: Go started %.0f ms after the page opened", host, st.Times["goStart"])
		})
	}
}

// TestLoaderReportsFailures: a missing or damaged download ends in a clear
// message with a Reload button, not a blank page.
func TestLoaderReportsFailures(t *testing.T) {
	p := startBrowser(t)
	for name, c := range map[string]struct {
		gz   []byte
		want string
	}{
		"missing":  {nil, "HTTP 404"},
		"damaged":  {[]byte("\x1f\x8bthis is not gzip at all"), "Robots Studio"},
		"not wasm": {[]byte("<html>a host's error page</html>"), "Robots Studio"},
	} {
		t.Run(name, func(t *testing.T) {
			p.t = t
			p.do("navigate", chromedp.Navigate(serve(t, pageSite(t, c.gz)).URL+subPath+"?lang=en"))
			p.waitFor("the loader gives up", `robotsStudioWeb.progress.phase === "error"`, 30*time.Second)
			var st loaderState
			p.eval("robotsStudioWeb.progress", &st)
			if !strings.Contains(st.Error, c.want) {
				t.Errorf("error %q does not say %q", st.Error, c.want)
			}
			var shown string
			p.eval(`document.getElementById("rs-status").textContent + " | " + document.getElementById("rs-reload").textContent`, &shown)
			if !strings.Contains(shown, st.Error) || !strings.HasSuffix(shown, "Reload") {
				t.Errorf("the page shows %q", shown)
			}
		})
	}
}

// TestDropMountsFiles: a file dropped on the page is highlighted while
// dragged, mounted read-only under /picked with its exact bytes, and handed
// to robotsStudio.openPaths, or queued for takeQueued() until the Go side
// defines it.
func TestDropMountsFiles(t *testing.T) {
	site := pageSite(t, helloGz(t))
	p := startBrowser(t)
	p.do("navigate", chromedp.Navigate(serve(t, site).URL+subPath))
	p.waitFor("the program ran", "globalThis.helloRan", 60*time.Second)

	content := "\ufeffUser-agent: *\r\nDisallow: /priv\xe9\r\n"
	file := filepath.Join(t.TempDir(), "robots.txt")
	mustf(t, os.WriteFile(file, []byte(content), 0o644), "dropped file")
	drag := func(typ input.DispatchDragEventType) {
		t.Helper()
		_, err := chromedp.Call(p.ctx, input.DispatchDragEvent, input.DispatchDragEventParams{
			Type: typ, X: 640, Y: 400,
			Data: &input.DragData{Items: []*input.DragDataItem{}, Files: []string{file}, DragOperationsMask: 1},
		})
		mustf(t, err, "drag event %s", typ)
	}
	readBack := func(path string) string {
		var got string
		p.eval(`new Promise((ok) => fs.stat(`+jsString(path)+`, (e, st) => {
			if (e) { ok("stat: " + e.code); return; }
			fs.open(`+jsString(path)+`, 0, 0, (e, fd) => {
				if (e) { ok("open: " + e.code); return; }
				const b = new Uint8Array(st.size);
				fs.read(fd, b, 0, b.length, 0, (e, n) => ok(e ? "read: " + e.code : Array.from(b.subarray(0, n)).join(",")));
			});
		}))`, &got)
		return got
	}

	drag(input.DispatchDragEventTypeDragEnter)
	drag(input.DispatchDragEventTypeDragOver)
	var highlighted bool
	p.eval(`!document.getElementById("rs-drop").hidden`, &highlighted)
	if !highlighted {
		t.Error("no drop highlight while a file is dragged over the page")
	}
	drag(input.DispatchDragEventTypeDrop)
	p.waitFor("the dropped file is queued",
		`(globalThis.__dropped = (globalThis.__dropped || []).concat(robotsStudioWeb.takeQueued())).length > 0`, 10*time.Second)
	var queued []string
	p.eval("__dropped", &queued)
	if len(queued) != 1 || !strings.HasPrefix(queued[0], "/picked/") || !strings.HasSuffix(queued[0], "/robots.txt") {
		t.Fatalf("queued %v, want one /picked/<n>/robots.txt", queued)
	}
	var want []string
	for _, c := range []byte(content) {
		want = append(want, strconv.Itoa(int(c)))
	}
	if got := readBack(queued[0]); got != strings.Join(want, ",") {
		t.Errorf("the dropped file reads bytes %s, want %s", got, strings.Join(want, ","))
	}
	p.eval(`!document.getElementById("rs-drop").hidden`, &highlighted)
	if highlighted {
		t.Error("the drop highlight stays after the drop")
	}

	p.eval(`globalThis.robotsStudio = { openPaths: (paths) => { globalThis.__opened = paths; } }`, nil)
	drag(input.DispatchDragEventTypeDragEnter)
	drag(input.DispatchDragEventTypeDrop)
	p.waitFor("openPaths is called", "globalThis.__opened", 10*time.Second)
	var opened, left []string
	p.eval("__opened", &opened)
	p.eval("robotsStudioWeb.takeQueued()", &left)
	if len(opened) != 1 || opened[0] == queued[0] || len(left) != 0 {
		t.Errorf("second drop: openPaths got %v (first was %v), still queued %v", opened, queued, left)
	}
}

// TestPickFiles: pickFiles shows a file input (left in the page as
// #rs-file-input for automation), mounts what is chosen and resolves to
// the paths; a cancelled chooser, or one replaced by a newer pick,
// resolves to [].
func TestPickFiles(t *testing.T) {
	site := pageSite(t, helloGz(t))
	p := startBrowser(t)
	p.do("navigate", chromedp.Navigate(serve(t, site).URL+subPath))
	p.waitFor("the program ran", "globalThis.helloRan", 60*time.Second)
	dir := t.TempDir()
	var files []string
	for name, body := range map[string]string{"robots.txt": "User-agent: *\n", "access.log": "1.2.3.4 GET /\n"} {
		files = append(files, filepath.Join(dir, name))
		mustf(t, os.WriteFile(files[len(files)-1], []byte(body), 0o644), "file to pick")
	}

	p.eval(`void robotsStudioWeb.pickFiles(".txt,.log,text/plain", true).then((paths) => { globalThis.__picked = paths; })`, nil)
	p.waitFor("the file input", `document.getElementById("rs-file-input")`, 5*time.Second)
	var attrs string
	p.eval(`(() => { const i = document.getElementById("rs-file-input"); return i.accept + " " + i.multiple; })()`, &attrs)
	if attrs != ".txt,.log,text/plain true" {
		t.Errorf("the input has accept and multiple %q", attrs)
	}
	p.do("choose files", chromedp.SetUploadFiles("#rs-file-input", files))
	p.waitFor("pickFiles resolves", "globalThis.__picked", 10*time.Second)
	var picked []string
	p.eval("__picked", &picked)
	if len(picked) != 2 {
		t.Fatalf("picked %v, want two paths", picked)
	}
	for i, path := range picked {
		if !strings.HasPrefix(path, "/picked/") || filepath.Base(path) != filepath.Base(files[i]) {
			t.Errorf("picked path %q for %s", path, files[i])
		}
		var size float64
		p.eval(`new Promise((ok) => fs.stat(`+jsString(path)+`, (e, st) => ok(e ? -1 : st.size)))`, &size)
		st, _ := os.Stat(files[i])
		if int64(size) != st.Size() {
			t.Errorf("%s: size %v in the page, %d on disk", path, size, st.Size())
		}
	}
	var inputLeft bool
	p.eval(`!!(document.getElementById("rs-file-input") || document.querySelector(".rs-choose"))`, &inputLeft)
	if inputLeft {
		t.Error("the file input or the choose prompt stays in the page after the pick")
	}

	p.eval(`void robotsStudioWeb.pickFiles("", false).then((paths) => { globalThis.__first = paths; })`, nil)
	p.eval(`void robotsStudioWeb.pickFiles("", false).then((paths) => { globalThis.__second = paths; })`, nil)
	p.waitFor("the replaced pick resolves", "globalThis.__first", 5*time.Second)
	// Headless Chromium gives a script no user gesture, so the page offers
	// its own prompt; its Cancel button ends the pick.
	p.eval(`document.querySelector(".rs-choose button.rs-secondary").click()`, nil)
	p.waitFor("the cancelled pick resolves", "globalThis.__second", 5*time.Second)
	var first, second []string
	p.eval("__first", &first)
	p.eval("__second", &second)
	if len(first) != 0 || len(second) != 0 {
		t.Errorf("a replaced pick gave %v, a cancelled one %v; want [] and []", first, second)
	}
}

// TestDownloadKeepsBytes: download(name, bytes) saves exactly those bytes
// (BOM, CRLF, invalid UTF-8, NUL) under that name.
func TestDownloadKeepsBytes(t *testing.T) {
	site := pageSite(t, helloGz(t))
	p := startBrowser(t)
	p.do("navigate", chromedp.Navigate(serve(t, site).URL+subPath))
	p.waitFor("the program ran", "globalThis.helloRan", 60*time.Second)
	want := []byte("\xef\xbb\xbfUser-agent: *\r\nDisallow: /\xff\xfe\x00\r\n\n")
	nums := make([]string, len(want))
	for i, c := range want {
		nums[i] = strconv.Itoa(int(c))
	}
	p.eval(`void robotsStudioWeb.download("robots (1).txt", new Uint8Array([`+strings.Join(nums, ",")+`]))`, nil)
	path := filepath.Join(p.download, "robots (1).txt")
	deadline := time.Now().Add(15 * time.Second)
	for {
		got, err := os.ReadFile(path)
		if err == nil && len(got) == len(want) {
			if !bytes.Equal(got, want) {
				t.Errorf("downloaded %q, want %q", got, want)
			}
			break
		}
		if time.Now().After(deadline) {
			entries, _ := os.ReadDir(p.download)
			t.Fatalf("no download at %s in 15 s (folder holds %v)", path, entries)
		}
		time.Sleep(100 * time.Millisecond)
	}
	var listed []struct {
		Name string `json:"name"`
		Size int    `json:"size"`
	}
	p.eval("robotsStudioWeb.downloads", &listed)
	if len(listed) != 1 || listed[0].Name != "robots (1).txt" || listed[0].Size != len(want) {
		t.Errorf("robotsStudioWeb.downloads is %+v", listed)
	}
}
