//go:build js

package keys

import (
	"strings"
	"syscall/js"

	"fyne.io/fyne/v2"
)

// textSinkID is the page element that takes an input method's text.
const textSinkID = "rs-text-sink"

// Browser gives w the keyboard input Fyne's web driver drops (browser.go):
// letters outside ASCII and AltGr characters, Home, End, Page Up/Down, and
// Ctrl with a punctuation key; and the text of an input method, of the
// browser's own Paste and of an on-screen keyboard, which arrive on a
// hidden text area that holds the page's keyboard focus. Call it once,
// after the window is shown.
func Browser(w fyne.Window) {
	doc := js.Global().Get("document")
	if doc.IsUndefined() || doc.IsNull() || !doc.Call("getElementById", textSinkID).IsNull() {
		return
	}
	mac := strings.HasPrefix(js.Global().Get("navigator").Get("platform").String(), "Mac")

	// A key that belongs to an input method's composition never reaches
	// the driver: the driver blocks every key's default action, and the
	// composition is that default.
	composing := js.FuncOf(func(_ js.Value, a []js.Value) any {
		if ev := a[0]; ev.Get("isComposing").Truthy() || number(ev.Get("keyCode")) == 229 {
			ev.Call("stopImmediatePropagation")
		}
		return nil
	})
	js.Global().Call("addEventListener", "keydown", composing, true)
	js.Global().Call("addEventListener", "keyup", composing, true)

	doc.Call("addEventListener", "keydown", js.FuncOf(func(_ js.Value, a []js.Value) any {
		ev := a[0]
		if ev.Get("key").Type() != js.TypeString {
			return nil
		}
		k := BrowserKey{Key: ev.Get("key").String(), Code: ev.Get("code").String(), Ctrl: ev.Get("ctrlKey").Truthy(), Alt: ev.Get("altKey").Truthy(),
			Shift: ev.Get("shiftKey").Truthy(), Meta: ev.Get("metaKey").Truthy(),
			AltGraph: modifier(ev, "AltGraph"), Mac: mac}
		if text := k.Text(); text != "" {
			go TypeText(w.Canvas(), text) // as the driver does: off the page's event
		} else if name, mod, ok := k.Name(); ok {
			go Press(w, name, mod)
		}
		return nil
	}))

	sink := textSink(doc)
	take := func() string {
		s := sink.Get("value").String()
		sink.Set("value", "")
		return s
	}
	// A key's character is typed by the driver or by the keydown above;
	// when the browser still sends it on as a keypress (it does for some
	// synthetic keys), it must not reach the sink and be typed twice.
	// Input methods and on-screen keyboards send no keypress.
	sink.Call("addEventListener", "keypress", js.FuncOf(func(_ js.Value, a []js.Value) any {
		a[0].Call("preventDefault")
		return nil
	}))
	sink.Call("addEventListener", "compositionend", js.FuncOf(func(_ js.Value, _ []js.Value) any {
		if s := take(); s != "" {
			go TypeText(w.Canvas(), s)
		}
		return nil
	}))
	sink.Call("addEventListener", "input", js.FuncOf(func(_ js.Value, a []js.Value) any {
		ev := a[0]
		if ev.Get("isComposing").Truthy() {
			return nil // its text comes at compositionend
		}
		s := take()
		if s == "" {
			return nil
		}
		if kind := ev.Get("inputType").String(); kind == "insertFromPaste" || kind == "insertFromDrop" || strings.ContainsAny(s, "\r\n") {
			go PasteInto(w.Canvas(), s)
		} else {
			go TypeText(w.Canvas(), s)
		}
		return nil
	}))
	focus := func() {
		if a := doc.Get("activeElement"); a.IsNull() || a.Equal(doc.Get("body")) || a.Get("tagName").String() == "CANVAS" {
			opts := js.Global().Get("Object").New()
			opts.Set("preventScroll", true)
			sink.Call("focus", opts)
		}
	}
	// The driver cancels a press's default (focus moves), so the sink
	// keeps the focus through clicks on the window; a click on the page's
	// own buttons takes it, and the next click or key gives it back.
	refocus := js.FuncOf(func(_ js.Value, _ []js.Value) any { focus(); return nil })
	js.Global().Call("addEventListener", "mousedown", refocus, true)
	js.Global().Call("addEventListener", "keydown", refocus, true)
	focus()
}

// number is v as an int, 0 when it is no number.
func number(v js.Value) int {
	if v.Type() != js.TypeNumber {
		return 0
	}
	return v.Int()
}

// modifier is the event's getModifierState(name), false for an event
// without one (a plain Event a script dispatched).
func modifier(ev js.Value, name string) bool {
	return ev.Get("getModifierState").Type() == js.TypeFunction && ev.Call("getModifierState", name).Truthy()
}

// textSink makes the hidden text area: in the page's corner, transparent,
// out of the way of the pointer, but focusable, so input methods and
// on-screen keyboards open for it.
func textSink(doc js.Value) js.Value {
	t := doc.Call("createElement", "textarea")
	t.Set("id", textSinkID)
	for k, v := range map[string]string{
		"autocomplete": "off", "autocorrect": "off", "autocapitalize": "off", "spellcheck": "false",
		"aria-hidden": "true", "tabindex": "-1",
	} {
		t.Call("setAttribute", k, v)
	}
	t.Get("style").Set("cssText", "position:fixed;left:0;bottom:0;width:1px;height:1px;padding:0;border:0;"+
		"opacity:0;pointer-events:none;resize:none;overflow:hidden;z-index:-1")
	doc.Get("body").Call("appendChild", t)
	return t
}
