//go:build js

package webfile

import (
	"syscall/js"

	"fyne.io/fyne/v2"
)

// Enabled: this is the browser build.
const Enabled = true

// page is the object the page runtime exposes (web/ and its loader).
func page() js.Value { return js.Global().Get("robotsStudioWeb") }

// Pick shows the browser's file picker; then gets the picked paths on the
// UI goroutine. A cancelled picker calls nothing.
func Pick(accept string, multiple bool, then func(paths []string)) {
	p := page()
	if p.IsUndefined() || p.IsNull() {
		fyne.LogError("the page has no file picker (robotsStudioWeb missing)", nil)
		return
	}
	Await(p.Call("pickFiles", accept, multiple), func(v js.Value, err error) {
		if err != nil {
			fyne.LogError("file picker", err)
			return
		}
		paths := Strings(v)
		if len(paths) == 0 {
			return
		}
		fyne.Do(func() { then(paths) })
	})
}

// Download hands data to the browser as a file download named name; the
// bytes are passed as they are.
func Download(name string, data []byte) {
	p := page()
	if p.IsUndefined() || p.IsNull() {
		fyne.LogError("the page cannot download (robotsStudioWeb missing)", nil)
		return
	}
	arr := js.Global().Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(arr, data)
	p.Call("download", name, arr)
}

// Flush asks the page to make what was written under /home durable (its
// file system persists to IndexedDB). It does not wait.
func Flush() {
	p := page()
	if p.IsUndefined() || p.IsNull() || p.Get("flush").IsUndefined() {
		return
	}
	Await(p.Call("flush"), func(_ js.Value, err error) {
		if err != nil {
			fyne.LogError("saving the browser's storage", err)
		}
	})
}

// Reread brings the file at path up to date with the page's storage
// (another tab may have saved over it since this tab read it), then calls
// then on the UI goroutine, whatever happened.
func Reread(path string, then func()) {
	p := page()
	if p.IsUndefined() || p.IsNull() || p.Get("reread").IsUndefined() {
		then()
		return
	}
	Await(p.Call("reread", path), func(_ js.Value, err error) {
		if err != nil {
			fyne.LogError("rereading "+path, err)
		}
		fyne.Do(then)
	})
}

// SetUnsaved tells the page whether the tab holds unsaved work; while it
// does, the page asks before the tab is closed or reloaded (beforeunload).
func SetUnsaved(unsaved bool) {
	if p := page(); !p.IsUndefined() && !p.IsNull() {
		p.Set("unsaved", unsaved)
	}
}

// OnHide sets what runs when the page is hidden (closing false: another
// tab, a minimised window) or goes away (closing true: closed, reloaded,
// navigated from), just before the page writes its storage out. f runs
// inside the page's event, on the event's goroutine: it must not wait for
// anything (a file's fsync waits for the page: no copy can be written
// there).
func OnHide(f func(closing bool)) {
	p := page()
	if p.IsUndefined() || p.IsNull() {
		return
	}
	p.Set("onHide", js.FuncOf(func(_ js.Value, args []js.Value) any {
		f(len(args) > 0 && args[0].Truthy())
		return nil
	}))
}

// Queued are the paths of files dropped on the page before the app was
// ready to take them.
func Queued() []string {
	p := page()
	if p.IsUndefined() || p.IsNull() || p.Get("takeQueued").IsUndefined() {
		return nil
	}
	return Strings(p.Call("takeQueued"))
}

// Await calls done once the promise settles (from a JavaScript callback:
// done must not block).
func Await(promise js.Value, done func(v js.Value, err error)) {
	if promise.Type() != js.TypeObject || promise.Get("then").Type() != js.TypeFunction {
		done(promise, nil)
		return
	}
	var ok, fail js.Func
	ok = js.FuncOf(func(_ js.Value, args []js.Value) any {
		ok.Release()
		fail.Release()
		v := js.Undefined()
		if len(args) > 0 {
			v = args[0]
		}
		done(v, nil)
		return nil
	})
	fail = js.FuncOf(func(_ js.Value, args []js.Value) any {
		ok.Release()
		fail.Release()
		msg := "rejected"
		if len(args) > 0 {
			msg = js.Global().Get("String").Invoke(args[0]).String()
		}
		done(js.Undefined(), jsError(msg))
		return nil
	})
	promise.Call("then", ok, fail)
}

type jsError string

func (e jsError) Error() string { return string(e) }

// Strings reads a JavaScript array of strings.
func Strings(v js.Value) []string {
	if v.Type() != js.TypeObject || v.Get("length").Type() != js.TypeNumber {
		return nil
	}
	out := make([]string, 0, v.Length())
	for i := 0; i < v.Length(); i++ {
		if e := v.Index(i); e.Type() == js.TypeString {
			out = append(out, e.String())
		}
	}
	return out
}
