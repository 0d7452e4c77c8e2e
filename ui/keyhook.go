package ui

import (
	"fyne.io/fyne/v2"

	"github.com/robots-studio/robots-studio/ui/dlg"
)

// KeyHook, when set (by the window build's main: main_keys.go), puts
// filter in front of Fyne's handling of every key pressed or repeated in
// win: filter gets the key (its name when the window's filter needs it,
// else "") and its modifiers, and pass, which hands the key on to Fyne. It
// reports whether it took hold. Fyne gives a key to the focused widget
// only, and its own widgets (a file dialog's lists and buttons) drop Esc:
// this is the one place a key is seen before them.
var KeyHook func(win fyne.Window, filter func(name fyne.KeyName, mods fyne.KeyModifier, pass func())) bool

// hookKeys puts the window's key filter in front of Fyne's, where the
// build can (the desktop's driver; not the browser's nor the test driver).
func (s *studio) hookKeys() {
	if KeyHook != nil {
		KeyHook(s.win, func(name fyne.KeyName, mods fyne.KeyModifier, pass func()) {
			windowKey(s.win, name, mods, pass)
		})
	}
}

// windowKey is what the window does with a key before and after Fyne: Esc
// (and Enter in a dialog of Fyne's own widgets) goes to the dialog on top
// whichever widget has the keyboard (dlg.Ahead); a key that moved the
// keyboard (Tab, Ctrl+Tab, Enter to a new row…) scrolls the control it
// went to into view (reveal).
func windowKey(win fyne.Window, name fyne.KeyName, mods fyne.KeyModifier, pass func()) {
	if mods == 0 && dlg.Ahead(win, name) {
		return
	}
	c := win.Canvas()
	before := c.Focused()
	pass()
	if f := c.Focused(); f != nil && f != before {
		reveal(c, f)
	}
}
