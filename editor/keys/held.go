package keys

import "fyne.io/fyne/v2"

// StrayRunes, when on, makes the editor and the app's text fields drop a
// typed character whose key they did not see go down. A desktop driver
// reports a key press as KeyDown and TypedKey to the focused widget, then
// the character it makes as TypedRune to the widget focused by then: when
// the key closed a dialog (Space on its focused button), the character went
// on to the editor behind it — File ▸ Revert, Tab, Tab, Space reverted the
// file and then typed a space into it. The window turns this on at start;
// Fyne's test driver types characters without KeyDown, so it is off by
// default, and tests of it turn it on and press keys as a driver does.
//
// The browser's driver is left out (see heldOn): a character an input
// method commits there comes with no key of its own.
var StrayRunes bool

// Held is the set of keys a widget saw go down and not yet up: a typed
// character belongs to the widget only while one is held (a held key's
// repeats included).
type Held struct {
	down map[fyne.KeyName]bool
}

// Down records a key going down.
func (h *Held) Down(k *fyne.KeyEvent) {
	if h.down == nil {
		h.down = map[fyne.KeyName]bool{}
	}
	h.down[k.Name] = true
}

// Up records a key coming up (one the widget never saw go down is ignored).
func (h *Held) Up(k *fyne.KeyEvent) { delete(h.down, k.Name) }

// Clear forgets every key: the widget lost the keyboard, and the keys' ups
// go elsewhere.
func (h *Held) Clear() { clear(h.down) }

// Stray tells whether a typed character r came from no key this widget
// saw go down, and so belongs to the widget that had the keyboard when the
// key was pressed. A space needs the space bar itself held here: the keys
// that opened a menu from the editor (Alt+F) go down in the editor and up
// in the menu, so the editor still counts them as held when Space presses
// a menu item or a dialog's button (File ▸ Revert from the keyboard, then
// Tab, Tab, Space typed the space again in the real window). Space is the
// one key that both presses a button or menu item and makes a character;
// Enter makes none.
func (h *Held) Stray(r rune) bool {
	if !StrayRunes || !heldOn {
		return false
	}
	if r == ' ' {
		return !h.down[fyne.KeySpace]
	}
	return len(h.down) == 0
}
