//go:build !js

package webtest

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// layoutKey is one key of a keyboard layout: the character it makes (the
// DOM's `key`, and the text of the keydown), the physical key (`code`) and
// its Windows virtual key code, and the modifiers held (CDP bits: Alt 1,
// Ctrl 2, Shift 8).
type layoutKey struct {
	char string
	code string
	vk   int64
	mods int64
}

// russian are the keys of the Russian layout (ЙЦУКЕН) that type the
// letters the tests use.
var russian = map[rune]layoutKey{
	'П': {"П", "KeyG", 71, 8}, 'р': {"р", "KeyH", 72, 0}, 'и': {"и", "KeyB", 66, 0}, 'в': {"в", "KeyD", 68, 0},
	'е': {"е", "KeyT", 84, 0}, 'т': {"т", "KeyN", 78, 0}, 'Ё': {"Ё", "Backquote", 192, 8}, 'ж': {"ж", "Semicolon", 186, 0},
	'б': {"б", "Comma", 188, 0}, 'о': {"о", "KeyJ", 74, 0},
}

// polish are the keys of the Polish (programmer's) layout: a letter with
// a diacritic is AltGr with the plain letter, which Chromium on Linux
// reports with no Ctrl or Alt, and on Windows as Ctrl+Alt ('ą' here).
var polish = map[rune]layoutKey{
	'ż': {"ż", "KeyZ", 90, 0}, 'ó': {"ó", "KeyO", 79, 0}, 'ł': {"ł", "KeyL", 76, 0}, 'w': {"w", "KeyW", 87, 0},
	'ą': {"ą", "KeyA", 65, 1 | 2},
}

// typeLayout types s key by key as a layout sends it: for each character a
// keydown whose key and text are the character, then a keyup; a space and
// ASCII punctuation as chromedp types them.
func (p *tab) typeLayout(s string, layout map[rune]layoutKey) {
	p.t.Helper()
	for _, r := range s {
		k, ok := layout[r]
		if !ok {
			p.key(string(r))
			continue
		}
		down := input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeKeyDown, Key: k.char, Code: k.code, Text: k.char,
			UnmodifiedText: k.char, WindowsVirtualKeyCode: k.vk, NativeVirtualKeyCode: k.vk, Modifiers: k.mods}
		up := down
		up.Type, up.Text, up.UnmodifiedText = input.DispatchKeyEventTypeKeyUp, "", ""
		for _, ev := range []input.DispatchKeyEventParams{down, up} {
			_, err := chromedp.Call(p.ctx, input.DispatchKeyEvent, ev)
			mustf(p.t, err, "key %q", k.char)
		}
	}
}

// waitText waits until the editor holds want.
func (p *tab) waitText(what, want string) {
	p.t.Helper()
	start := time.Now()
	for {
		got := p.text()
		if got == want {
			return
		}
		if time.Since(start) > 20*time.Second {
			p.t.Fatalf("%s: the editor holds %q, want %q\nconsole:\n%s", what, got, want, p.consoleTail(20))
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestWebKeys types in the browser build as its users do (issue 36, points
// 22–25): Russian and Polish letters by key events, an input method's text,
// the browser's paste; Home, End, Page Up/Down with and without Ctrl;
// Ctrl+= and Ctrl+- (View ▸ Zoom In and Out); Save with the page's storage
// full; and a crash, which must show the "stopped unexpectedly" screen.
func TestWebKeys(t *testing.T) {
	dir := webDir(t)
	srv := serve(t, dir)
	p := startBrowser(t)
	url := srv.URL + subPath
	for _, name := range []string{"clipboard-read", "clipboard-write"} {
		_, err := chromedp.CallBrowser(p.ctx, browser.SetPermission, browser.SetPermissionParams{
			Permission: &browser.PermissionDescriptor{Name: name}, Setting: browser.PermissionSettingGranted, Origin: srv.URL})
		mustf(t, err, "clipboard permission")
	}
	step := func(name string, f func(t *testing.T)) {
		t.Run(name, func(st *testing.T) {
			parent := p.t
			p.t = st
			defer func() { p.t = parent }()
			f(st)
		})
	}
	p.load(url)
	p.eval(`robotsStudio.setLanguage("en")`, nil)

	step("Cyrillic and Polish letters typed by key events reach the editor", func(t *testing.T) {
		p.eval(`robotsStudio.openText("robots.txt", "")`, nil)
		p.settle()
		p.click(300, 200)
		p.key("# ")
		p.typeLayout("Привет ", russian)
		p.typeLayout("żółw ", polish)
		p.typeLayout("Ё", russian)
		p.typeLayout("ą", polish)
		p.waitText("typed by a Russian and a Polish layout", "# Привет żółw Ёą")
	})

	step("an input method's text and the browser's paste reach the editor", func(t *testing.T) {
		for _, c := range []string{"ż", "żó"} {
			// A deadline: a Chromium that finds no font at all stops
			// drawing (and answering) when it shows a composition.
			cctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
			_, err := chromedp.Call(cctx, input.ImeSetComposition, input.ImeSetCompositionParams{
				Text: c, SelectionStart: int64(len([]rune(c))), SelectionEnd: int64(len([]rune(c)))})
			cancel()
			if err != nil {
				ectx, c2 := context.WithTimeout(p.ctx, 10*time.Second)
				alive, e2 := chromedp.Run(ectx, chromedp.Evaluate[string](`document.title`))
				c2()
				t.Fatalf("composition %q: %v (does the machine have a font? fc-list); the page then answers %q, %v", c, err, alive, e2)
			}
		}
		_, err := chromedp.Call(p.ctx, input.InsertText, input.InsertTextParams{Text: "żółw"}) // the composition committed
		mustf(t, err, "commit")
		_, err = chromedp.Call(p.ctx, input.InsertText, input.InsertTextParams{Text: " Ёлка"}) // an on-screen keyboard
		mustf(t, err, "insert text")
		p.waitText("an input method's text", "# Привет żółw Ёążółw Ёлка")
		p.eval(`navigator.clipboard.writeText("\nDisallow: /łódź/привет")`, nil)
		p.key("v", chromedp.ModifierCtrl)
		p.waitText("Ctrl+V with Polish and Russian text", "# Привет żółw Ёążółw Ёлка\nDisallow: /łódź/привет")
	})

	step("a tester field takes Russian letters by key events", func(t *testing.T) {
		p.eval(`robotsStudio.setText("User-agent: *\nDisallow: /x\n")`, nil)
		p.eval(`robotsStudio.setTests(["Googlebot"], ["/x"])`, nil)
		p.settle()
		p.click(700, 167) // the first crawler row (see TestWeb)
		p.key("a", chromedp.ModifierCtrl)
		p.typeLayout("Ёжбот", russian)
		p.waitFor("the typed crawler reaches the tester", `robotsStudio.results().then((r) => r.some((v) => v.agent === "Ёжбот"))`, 20*time.Second)
	})

	step("Home, End, Page Up/Down and Ctrl+Home/End move in the editor", func(t *testing.T) {
		var lines []string
		for i := range 120 {
			lines = append(lines, "# line "+itoa(i))
		}
		doc := strings.Join(lines, "\n")
		p.eval(`robotsStudio.setText(`+jsString(doc)+`)`, nil)
		p.settle()
		p.click(300, 200)
		p.key(kb.End, chromedp.ModifierCtrl)
		p.key("E")
		p.waitText("Ctrl+End, then E", doc+"E")
		p.key(kb.Home, chromedp.ModifierCtrl)
		p.key("H")
		p.waitText("Ctrl+Home, then H", "H"+doc+"E")
		p.key(kb.End)
		p.key("e")
		p.waitText("End, then e", "H# line 0e\n"+strings.Join(lines[1:], "\n")+"E")
		p.key(kb.Home)
		p.key(kb.PageDown)
		p.key("d")
		got := p.text()
		at := strings.Index(got, "d")
		if line := strings.Count(got[:max(at, 0)], "\n"); at < 0 || line < 5 {
			t.Fatalf("Page Down then d: d typed on line %d, want a screen further down\n%q", line+1, got[:min(len(got), 300)])
		}
		p.key(kb.PageUp)
		p.key(kb.Home)
		p.key("u")
		got = p.text()
		if !strings.HasPrefix(got, "uH# line 0e\n") {
			t.Fatalf("Page Up, Home, then u: %q", got[:min(len(got), 80)])
		}
	})

	zoom := func() int {
		var st webSettings
		p.eval("robotsStudio.settings()", &st)
		return st.Zoom
	}
	step("Ctrl+= and Ctrl+- zoom the window in and out", func(t *testing.T) {
		p.click(300, 200)
		before := zoom()
		if before == 0 {
			t.Fatal("settings() names no zoom")
		}
		// View ▸ Zoom In with the mouse (1280×800, the theme's default
		// zoom: View is the menu bar's fourth title, Zoom In its third
		// item). It stopped the page.
		p.click(179, 14)
		p.settle()
		p.click(190, 128)
		p.waitFor("View ▸ Zoom In zooms in", "robotsStudio.settings().then((s) => s.zoom > "+itoa(before)+")", 20*time.Second)
		p.settle()
		p.key("0", chromedp.ModifierCtrl) // Actual Size
		p.waitFor("Ctrl+0 gives the actual size", "robotsStudio.settings().then((s) => s.zoom === "+itoa(before)+")", 20*time.Second)
		p.settle()
		p.click(300, 200)
		p.key("=", chromedp.ModifierCtrl) // View ▸ Zoom In's shortcut
		p.waitFor("Ctrl+= zooms in", "robotsStudio.settings().then((s) => s.zoom > "+itoa(before)+")", 20*time.Second)
		p.settle()
		p.key("=", chromedp.ModifierCtrl)
		p.waitFor("Ctrl+= zooms in again", "robotsStudio.settings().then((s) => s.zoom > "+itoa(before)+"+10)", 20*time.Second)
		p.settle()
		p.key("-", chromedp.ModifierCtrl)
		p.key("-", chromedp.ModifierCtrl)
		p.waitFor("Ctrl+- zooms back out", "robotsStudio.settings().then((s) => s.zoom === "+itoa(before)+")", 20*time.Second)
		p.settle()
		xs := strings.Count(p.text(), "x")
		p.key("x")
		p.waitFor("the editor takes a key after zooming", "robotsStudio.text().then((s) => s.split(\"x\").length - 1 === "+itoa(xs+1)+")", 20*time.Second)
	})

	step("console", func(t *testing.T) { p.noBadConsole(t) })

	step("Save downloads when the page's storage is full", func(t *testing.T) {
		_, err := chromedp.Call(p.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `globalThis.robotsStudioVFSConfig = { quotaForTest: 1 };`})
		mustf(t, err, "storage limit")
		p.eval("robotsStudio.save()", nil) // nothing unsaved to ask about on the reload
		// the save reads the page's storage again first and finishes later:
		// until then the page would ask before the reload (beforeunload)
		p.waitFor("the save is done", "!robotsStudioWeb.unsaved", 20*time.Second)
		p.load(url)
		file, err := filepath.Abs(filepath.Join("testdata", "crlf-bom-invalid.txt"))
		mustf(t, err, "testdata")
		want, err := os.ReadFile(file)
		mustf(t, err, "testdata")
		p.click(300, 400)
		p.key("o", chromedp.ModifierCtrl)
		p.waitFor("File ▸ Open… puts a file input in the page", `document.getElementById("rs-file-input")`, 20*time.Second)
		p.do("pick the file", chromedp.SetUploadFiles(chromedp.CSS("#rs-file-input"), []string{file}))
		p.waitFor("the picked file is in the editor", `robotsStudio.text().then((s) => s.includes("Disallow: /nogoogle/"))`, 20*time.Second)
		p.settle()
		// An edit: its recovery copy is the first thing the page tries to
		// keep, and finds the storage full.
		p.click(300, 400)
		p.key(kb.End, chromedp.ModifierCtrl)
		p.key("x")
		want = append(want, 'x')
		p.waitFor("the page's storage is full", "robotsStudioWeb.storage.full", 30*time.Second)
		p.key("s", chromedp.ModifierCtrl)
		dl := filepath.Join(p.download, filepath.Base(file))
		deadline := time.Now().Add(20 * time.Second)
		for {
			if data, err := os.ReadFile(dl); err == nil && len(data) > 0 {
				if !bytes.Equal(data, want) {
					t.Fatalf("downloaded %q, want %q", data, want)
				}
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("Save with the storage full downloaded nothing\nconsole:\n%s", p.consoleTail(20))
			}
			time.Sleep(100 * time.Millisecond)
		}
	})

	step("a crash shows the stopped-unexpectedly screen", func(t *testing.T) {
		// A keydown the web driver cannot take (a negative key code) makes
		// the Go program panic, as any bug would.
		p.eval(`(() => {
			const ev = new KeyboardEvent("keydown", { key: "x", bubbles: true, cancelable: true });
			Object.defineProperty(ev, "keyCode", { get: () => -5 });
			try { document.dispatchEvent(ev); } catch (e) {}
		})()`, nil)
		p.waitFor("the crash screen is shown", `(() => {
			const s = document.getElementById("rs-loader");
			const cs = getComputedStyle(s);
			return robotsStudioWeb.progress.phase === "error" && !s.hidden && cs.display !== "none" &&
				cs.visibility !== "hidden" && Number(cs.opacity) === 1 && document.getElementById("rs-reload") !== null;
		})()`, 20*time.Second)
	})
}
