//go:build js

package ui

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall/js"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/storage"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/internal/version"
	"github.com/robots-studio/robots-studio/tester/report"
	"github.com/robots-studio/robots-studio/ui/dlg"
	"github.com/robots-studio/robots-studio/ui/webfile"
)

// platformStart runs at the end of Start, on the UI goroutine: it exposes
// the automation hook and opens the files dropped on the page while the
// app was loading.
func (s *studio) platformStart() {
	// The page has one thread: the tester's compile and tally "in the
	// background" run only while the UI goroutine waits, which is for the
	// next frame, and their results then need a frame of their own (the
	// whole window painted twice per key, the browser showing neither
	// until both are done). Done with the key, before its frame, the one
	// frame shows the key and its results (docs/speed-window.md, "The
	// browser build").
	s.pane.SetSynchronous(true)
	hook := newWebHook(s)
	hook.install()
	webfile.OnHide(s.web.pageHidden)
	keys.Browser(s.win) // the keys and input method text the web driver drops
	if q := webfile.Queued(); len(q) > 0 {
		hook.openDroppedPaths(q)
	}
}

// webHook is the page's automation interface (globalThis.robotsStudio,
// docs/web-automation.md): what a script may read of the window and ask
// it to do.
type webHook struct {
	w             *shared                // the window's objects (the pane is replaced on a language switch)
	whenSafe      func(action func())    // runs action once unsaved changes are saved or given up
	openPath      func(path string) bool // opens a file in the editor
	openURIs      func(uris []fyne.URI)  // opens files as a drop on the window would
	showFileError func(err error)
	// edited and testsEdited follow a change the hook made to the text or
	// to the tester's rows.
	edited, testsEdited func()
	save                func(then func()) // File ▸ Save
	language            func(code string) // switches the window's language ("": the system's)
	zoom                func() int        // the window's zoom in percent
	recoveryOffered     func() []string   // the texts the recovery dialog offers (none when it is closed)
	disk                *diskState        // the question about a change on disk (another tab's save)
	// problems is the codes of the findings the Problems panel shows, and
	// whether they are of the editor's current text (the browser lints
	// after a pause in typing).
	problems func() (codes []string, current bool)
}

// newWebHook makes the automation interface of the studio's window; the
// app and the editor are made before it and never replaced.
func newWebHook(s *studio) webHook {
	return webHook{w: s.shared,
		whenSafe:      s.whenSafe,
		openPath:      s.openPath,
		openURIs:      s.dropped,
		showFileError: s.showFileError,
		edited:        s.documentChanged,
		testsEdited:   func() { s.updateTitle(); s.refreshStatus() },
		save:          s.save,
		language:      s.switchLanguage,
		zoom:          func() int { return s.view.zoom() },
		disk:          &s.disk,
		problems: func() ([]string, bool) {
			codes := make([]string, len(s.checks.diags))
			for i, d := range s.checks.diags {
				codes[i] = d.Code
			}
			return codes, s.checks.lintDoc != nil && s.checks.lintDoc == s.ed.Document()
		},
		recoveryOffered: func() []string {
			out := []string{}
			if s.recovery.dlg != nil {
				for _, r := range s.recovery.rows {
					out = append(out, string(r.Text))
				}
			}
			return out
		},
	}
}

// pageHidden runs in the page's visibilitychange (hidden) and pagehide
// events, before the page writes its storage out. A tab that goes away
// gives up its recovery copies (written at the last pause in typing), so
// the next load offers them at once; a tab only hidden writes its copy as
// soon as Go runs again, as an edit pause would. Neither waits: the event
// must return before the page can do anything else.
func (w *webSide) pageHidden(closing bool) {
	if closing {
		w.gone = true
		w.doc.Release()
		return
	}
	fyne.Do(w.do.autosave)
}

// pageVisible says whether the page is in view.
func pageVisible() bool {
	return js.Global().Get("document").Get("visibilityState").String() == "visible"
}

// openDroppedPaths opens files dropped on the page as a drop on the window
// would (dropped, window.go).
func (h webHook) openDroppedPaths(paths []string) {
	uris := make([]fyne.URI, 0, len(paths))
	for _, p := range paths {
		uris = append(uris, storage.NewFileURI(p))
	}
	h.openURIs(uris)
}

// install sets globalThis.robotsStudio, the page's documented
// automation interface (docs/web-automation.md). Every call that touches
// the window returns a Promise and does its work on the UI goroutine
// (fyne.Do): a JavaScript callback must never wait for Go, or the page
// stops.
func (h webHook) install() {
	api := js.Global().Get("Object").New()
	api.Set("version", version.String())
	// goroutines answers at once, without the UI goroutine: what every
	// goroutine is doing, for a report of a page that stopped answering
	api.Set("goroutines", js.FuncOf(func(js.Value, []js.Value) any {
		buf := make([]byte, 1<<20)
		return string(buf[:runtime.Stack(buf, true)])
	}))
	fn := func(name string, f func(args []js.Value) any) {
		api.Set(name, js.FuncOf(func(_ js.Value, args []js.Value) any { return onUI(func() any { return f(args) }) }))
	}
	fn("openText", func(a []js.Value) any {
		name, text := argString(a, 0), argString(a, 1)
		h.openTextNamed(name, []byte(text))
		return nil
	})
	fn("text", func([]js.Value) any { return string(h.w.ed.Bytes()) })
	fn("recoveryOffered", func([]js.Value) any {
		out := []any{}
		for _, t := range h.recoveryOffered() {
			out = append(out, t)
		}
		return out
	})
	fn("setText", func(a []js.Value) any {
		h.w.ed.SetText([]byte(argString(a, 0)))
		h.edited()
		return nil
	})
	fn("setTests", func(a []js.Value) any {
		pane := h.w.pane
		set := pane.TestSet()
		set.Crawlers = argStrings(a, 0)
		set.Paths = argStrings(a, 1)
		pane.SetTestSet(set)
		h.testsEdited()
		return nil
	})
	fn("results", func([]js.Value) any {
		out, err := h.resultsJSON()
		if err != nil {
			panic(err)
		}
		return js.Global().Get("JSON").Call("parse", out)
	})
	fn("problems", func([]js.Value) any {
		codes, current := h.problems()
		if !current {
			return nil
		}
		out := make([]any, len(codes))
		for i, c := range codes {
			out[i] = c
		}
		return out
	})
	fn("save", func([]js.Value) any { h.save(nil); return nil })
	fn("diskQuestion", func([]js.Value) any {
		if h.disk.ask == nil {
			return ""
		}
		return h.disk.question
	})
	fn("answerDisk", func(a []js.Value) any {
		b := h.disk.mine
		if argString(a, 0) == "reload" {
			b = h.disk.reload
		}
		if h.disk.ask == nil || b == nil {
			return false
		}
		b.OnTapped()
		return true
	})
	fn("dialog", func([]js.Value) any {
		title, shown := dlg.Shown(h.w.win)
		if !shown {
			return nil
		}
		return map[string]any{"title": title, "keys": dlg.Open(h.w.win) > 0}
	})
	fn("openPaths", func(a []js.Value) any { h.openDroppedPaths(argStrings(a, 0)); return nil })
	fn("setLanguage", func(a []js.Value) any { h.language(argString(a, 0)); return nil })
	fn("settings", func([]js.Value) any {
		p := h.w.app.Preferences()
		// fileMenu: the File menu's title as the window shows it now, so a
		// script can tell which language the window speaks.
		return map[string]any{"language": p.String(prefLanguage), "theme": p.StringWithFallback(prefTheme, "system"),
			"fileMenu": lang.X("menu.file", "File"), "zoom": h.zoom()}
	})
	api.Set("ready", true)
	js.Global().Set("robotsStudio", api)
}

// openTextNamed opens text as a document named name (after the usual
// question about unsaved changes): it is written to the page's temporary
// folder and opened from there, so Save downloads it under that name.
func (h webHook) openTextNamed(name string, text []byte) {
	if validSaveName(name) != "" {
		name = "robots.txt"
	}
	dir, err := os.MkdirTemp("", "opened")
	if err != nil {
		h.showFileError(err)
		return
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, text, 0o600); err != nil {
		h.showFileError(err)
		return
	}
	h.whenSafe(func() { h.openPath(path) })
}

// resultsJSON is a JSON array of the verdicts the tester shows for the
// document, crawlers and paths, each crawler under the reading the tester
// uses for it — as the objects `robots-studio test --json` prints
// (tester/report), which release/webtest compares them with.
func (h webHook) resultsJSON() (string, error) {
	var b bytes.Buffer
	lines := report.NewJSONLines(&b)
	for _, v := range h.w.pane.Verdicts(h.w.ed.Document()) {
		if err := lines.Write(&v.Verdict); err != nil {
			return "", err
		}
	}
	return "[" + strings.ReplaceAll(strings.TrimSpace(b.String()), "\n", ",") + "]", nil
}

// onUI runs f on the UI goroutine and returns a Promise of its result (a
// panic in f rejects it).
func onUI(f func() any) js.Value {
	executor := js.FuncOf(func(_ js.Value, a []js.Value) any {
		resolve, reject := a[0], a[1]
		fyne.Do(func() {
			defer func() {
				if r := recover(); r != nil {
					reject.Invoke(js.Global().Get("Error").New(fmt.Sprint(r)))
				}
			}()
			resolve.Invoke(f())
		})
		return nil
	})
	p := js.Global().Get("Promise").New(executor)
	executor.Release()
	return p
}

func argString(a []js.Value, i int) string {
	if i < len(a) && a[i].Type() == js.TypeString {
		return a[i].String()
	}
	return ""
}

func argStrings(a []js.Value, i int) []string {
	if i < len(a) {
		return webfile.Strings(a[i])
	}
	return nil
}

// setTheme sets t as the app's theme. In the browser the change frees the
// window's text textures at once, and WebGL calls need the window's
// context, which the web driver makes current only while it draws: outside
// it the free called a method on null and the page stopped (View ▸ Zoom In
// crashed). So the change runs inside the window's context; before the
// window exists there is nothing to free.
func setTheme(a fyne.App, t fyne.Theme) {
	ran := false
	for _, w := range a.Driver().AllWindows() {
		if gl, ok := w.(interface{ RunWithContext(func()) }); ok {
			gl.RunWithContext(func() { ran = true; a.Settings().SetTheme(t) })
			break
		}
	}
	if !ran {
		a.Settings().SetTheme(t)
	}
}
