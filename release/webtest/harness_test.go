//go:build !js

// Package webtest drives the browser build of Robots Studio in the system
// Chromium (Debian's chromium, headless, through chromedp) against the web
// folder `make dist` writes, served by net/http/httptest under a sub-path.
// It builds nothing: ROBOTS_STUDIO_DIST names the dist folder (its web/
// subfolder is served). Without it, or without Chromium, the tests skip —
// and fail when ROBOTS_STUDIO_STRICT=1.
package webtest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/robots-studio/robots-studio/internal/testenv"
)

// subPath is where the page is served: the build must work under any
// sub-path of a static host.
const subPath = "/tools/robots/"

// chromiumPath is Debian's chromium.
const chromiumPath = "/usr/bin/chromium"

// webDir is the built web folder, $ROBOTS_STUDIO_DIST/web.
func webDir(t *testing.T) string {
	t.Helper()
	dist := os.Getenv("ROBOTS_STUDIO_DIST")
	if dist == "" {
		testenv.Need(t, "ROBOTS_STUDIO_DIST is not set: build the dist folder (make dist) and point it there")
	}
	dir := filepath.Join(dist, "web")
	if _, err := os.Stat(filepath.Join(dir, "index.html")); err != nil {
		t.Fatalf("ROBOTS_STUDIO_DIST=%s has no web/index.html: %v", dist, err)
	}
	return dir
}

// server serves dir under subPath and counts the bytes it sends.
type server struct {
	*httptest.Server
	sent atomic.Int64
}

type countingWriter struct {
	http.ResponseWriter
	n *atomic.Int64
}

func (c countingWriter) Write(b []byte) (int, error) {
	n, err := c.ResponseWriter.Write(b)
	c.n.Add(int64(n))
	return n, err
}

func serve(t *testing.T, dir string) *server {
	s := &server{}
	files := http.StripPrefix(strings.TrimSuffix(subPath, "/"), http.FileServer(http.Dir(dir)))
	mux := http.NewServeMux()
	mux.HandleFunc(subPath, func(w http.ResponseWriter, r *http.Request) {
		files.ServeHTTP(countingWriter{w, &s.sent}, r)
	})
	s.Server = httptest.NewServer(mux)
	t.Cleanup(s.Close)
	return s
}

// tab is one Chromium tab on the app, with what its console said.
type tab struct {
	t        *testing.T
	ctx      context.Context
	mu       sync.Mutex
	console  []string
	download string // folder downloads go to
}

// startBrowser starts headless Chromium with a fresh profile.
func startBrowser(t *testing.T) *tab {
	t.Helper()
	if _, err := os.Stat(chromiumPath); err != nil {
		testenv.Need(t, fmt.Sprintf("%s is missing (Debian package chromium)", chromiumPath))
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromiumPath),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("use-angle", "swiftshader"),
		chromedp.Flag("enable-unsafe-swiftshader", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 800),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	t.Cleanup(func() { cancelC(); cancelA() })
	p := &tab{t: t, ctx: ctx, download: t.TempDir()}
	if dump := os.Getenv("ROBOTS_STUDIO_WEBTEST_CONSOLE"); dump != "" {
		t.Cleanup(func() { os.WriteFile(dump, []byte(strings.Join(p.consoleLines(), "\n")), 0o644) })
	}
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting %s: %v", chromiumPath, err)
	}
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			line := m.String()
			if m.Exception != nil && m.Exception.Exception != nil {
				line += " " + m.Exception.Exception.Description
			}
			p.mu.Lock()
			p.console = append(p.console, line)
			p.mu.Unlock()
		}
	}()
	_, err := chromedp.CallBrowser(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: p.download})
	mustf(t, err, "download folder")
	_, err = chromedp.Call(ctx, page.SetInterceptFileChooserDialog, page.SetInterceptFileChooserDialogParams{Enabled: true})
	mustf(t, err, "file chooser interception")
	probeTab(t, ctx)
	return p
}

// probeTab puts the frame probe in a tab's pages and gives it the window's
// size.
func probeTab(t *testing.T, ctx context.Context) {
	_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: frameProbe})
	mustf(t, err, "frame probe")
	mustf(t, chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)), "viewport")
}

// actionLimit bounds one step in the page: a page whose JavaScript thread
// is stuck (a Go callback that waits) fails the test instead of hanging it.
const actionLimit = 60 * time.Second

// frameProbe measures, in the page, how long a key press takes to reach
// the screen. A keydown notes the time. The app draws text from textures
// it makes when a text changes (a cursor blink or a hover makes none), so
// the first texture upload after the keydown is the canvas changing for
// it; the animation frame after that upload closes the measurement
// (keydown → the frame that shows the change). It also notes the first
// usable frame: the first animation frame once the app's hook is ready and
// the window has been drawn. It counts the frames the app paints (each
// starts with a clear), and for each key notes in parts when the frame
// that showed it started painting and when its first texture went up.
const frameProbe = `(() => {
  const P = globalThis.__probe = { lat: [], parts: [], pending: -1, painting: -1, waiting: false, draws: 0, uploads: 0, frames: 0, usable: -1 };
  addEventListener("keydown", () => { if (P.pending < 0) { P.pending = performance.now(); P.painting = -1; } }, true);
  const changed = () => {
    P.uploads++;
    if (P.pending >= 0 && !P.waiting) {
      P.waiting = true;
      const t0 = P.pending, up = performance.now() - t0, paint = P.painting;
      requestAnimationFrame(() => {
        P.lat.push(performance.now() - t0);
        P.parts.push([paint, up]);
        P.pending = -1;
        P.waiting = false;
      });
    }
  };
  const wrap = (proto) => {
    for (const name of ["drawArrays", "drawElements"]) {
      const orig = proto[name];
      proto[name] = function (...a) { P.draws++; return orig.apply(this, a); };
    }
    const clear = proto.clear; // the painter clears once at the start of each frame it paints
    proto.clear = function (...a) {
      P.frames++;
      if (P.pending >= 0 && !P.waiting) P.painting = performance.now() - P.pending; // the key's frame starts (so far)
      return clear.apply(this, a);
    };
    for (const name of ["texImage2D", "texSubImage2D"]) {
      const orig = proto[name];
      proto[name] = function (...a) { changed(); return orig.apply(this, a); };
    }
  };
  if (globalThis.WebGLRenderingContext) wrap(WebGLRenderingContext.prototype);
  if (globalThis.WebGL2RenderingContext) wrap(WebGL2RenderingContext.prototype);
  const watch = () => {
    const rs = globalThis.robotsStudio;
    if (rs && rs.ready && P.draws > 0) { P.usable = performance.now(); return; }
    requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
})();`

func (p *tab) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, actionLimit)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		p.t.Fatalf("%s: %v\nconsole:\n%s", what, err, p.consoleTail(30))
	}
}

// evalJSON runs a JavaScript expression (awaiting a Promise) and decodes
// its value into out (nil: ignore it).
func (p *tab) eval(expr string, out any) {
	p.t.Helper()
	js := "Promise.resolve(" + expr + ").then((v) => JSON.stringify(v === undefined ? null : v) ?? \"null\")"
	ctx, cancel := context.WithTimeout(p.ctx, actionLimit)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("%s: %v\nconsole:\n%s", expr, err, p.consoleTail(30))
	}
	if out != nil {
		if err := json.Unmarshal([]byte(v), out); err != nil {
			p.t.Fatalf("%s: %v (%s)", expr, err, v)
		}
	}
}

// waitFor polls a JavaScript condition until it is true.
func (p *tab) waitFor(what, cond string, limit time.Duration) time.Duration {
	p.t.Helper()
	start := time.Now()
	for {
		var ok bool
		p.eval("Promise.resolve("+cond+").then((v) => !!v)", &ok)
		if ok {
			return time.Since(start)
		}
		if time.Since(start) > limit {
			shot := filepath.Join(os.TempDir(), "robots-studio-webtest-failed.png")
			if png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot()); err == nil {
				os.WriteFile(shot, png, 0o644)
			}
			p.t.Fatalf("%s: not within %v (screenshot %s)\nconsole:\n%s", what, limit, shot, p.consoleTail(40))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (p *tab) consoleLines() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.console...)
}

func (p *tab) consoleTail(n int) string {
	lines := p.consoleLines()
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// jsString quotes s for JavaScript.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// jsArray quotes a list of strings for JavaScript.
func jsArray(list []string) string {
	b, _ := json.Marshal(list)
	return string(b)
}

func mustf(t *testing.T, err error, format string, args ...any) {
	t.Helper()
	if err != nil {
		t.Fatalf(format+": %v", append(args, err)...)
	}
}
