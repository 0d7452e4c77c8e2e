package keys

import "fyne.io/fyne/v2"

// PassOn hands a key a focused widget has no use for (a function key, Esc
// with nothing to close) to the window's own key handler, which Fyne calls
// only when no widget has the focus: so F11 and Esc work for the window
// while a text field or the editor has the keyboard.
func PassOn(o fyne.CanvasObject, ev *fyne.KeyEvent) {
	a := fyne.CurrentApp()
	if a == nil || a.Driver() == nil {
		return
	}
	if c := a.Driver().CanvasForObject(o); c != nil {
		if f := c.OnTypedKey(); f != nil {
			f(ev)
		}
	}
}

// windowKey reports whether a text field leaves key to the window: Esc and
// the function keys, which an entry does nothing with.
func windowKey(k fyne.KeyName) bool {
	switch k {
	case fyne.KeyEscape, fyne.KeyF1, fyne.KeyF2, fyne.KeyF3, fyne.KeyF4, fyne.KeyF5, fyne.KeyF6,
		fyne.KeyF7, fyne.KeyF8, fyne.KeyF9, fyne.KeyF10, fyne.KeyF11, fyne.KeyF12:
		return true
	}
	return false
}
