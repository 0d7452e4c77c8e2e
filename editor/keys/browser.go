package keys

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
)

// The browser's keys that Fyne 2.7's web driver drops, and how the page
// (browser_js.go) hands them to the window as the desktop driver would.
//
// The driver reads a keydown's character only when its `key` is one byte
// long: every letter outside ASCII (п, ż, Ё) and every character made with
// AltGr was lost. It names keys by their old `keyCode`, and its table has no
// code for Home, End, Page Up and Page Down, nor a name for any punctuation
// key, so Ctrl+= (zoom in) and Ctrl+Home reached no one.

// BrowserKey is a keydown as the page sees it: the DOM's `key` (the
// character the layout makes, or a key's name such as "Home") and the
// modifiers.
type BrowserKey struct {
	Key                    string
	Code                   string // the DOM's `code`: the physical key ("KeyF")
	Ctrl, Alt, Shift, Meta bool
	AltGraph               bool // getModifierState("AltGraph"): AltGr made the character
	Mac                    bool // the page runs on macOS, where Option makes characters
}

// driverTypes reports whether Fyne's web driver types the key's character
// itself: one byte, with no modifier but Shift.
func (k BrowserKey) driverTypes() bool {
	return len(k.Key) == 1 && !k.Ctrl && !k.Alt && !k.Meta
}

// Text is the character the key types that the driver drops, or "": a key
// whose `key` is one printable character outside what the driver types,
// pressed alone, with Shift, with AltGr (on Windows also reported as
// Ctrl+Alt) or, on a Mac, with Option.
func (k BrowserKey) Text() string {
	r, n := utf8.DecodeRuneInString(k.Key)
	if n == 0 || n != len(k.Key) || r == utf8.RuneError || !unicode.IsPrint(r) || k.driverTypes() {
		return ""
	}
	made := !k.Ctrl && !k.Alt && !k.Meta || k.AltGraph
	if r >= utf8.RuneSelf && !k.Meta {
		// AltGr on Windows is Ctrl+Alt; Option on a Mac is Alt. A
		// shortcut (Ctrl+letter) reports the plain ASCII letter instead.
		made = made || k.Ctrl && k.Alt || k.Mac && k.Alt && !k.Ctrl
	}
	if !made {
		return ""
	}
	return k.Key
}

// unnamed are the keys the driver cannot name, by their DOM `key`.
var unnamed = map[string]fyne.KeyName{
	"Home": fyne.KeyHome, "End": fyne.KeyEnd, "PageUp": fyne.KeyPageUp, "PageDown": fyne.KeyPageDown,
}

// punctuation are the keys the driver names for no shortcut (Ctrl+= came
// through as Ctrl with no key), by the character the layout gives.
var punctuation = map[string]fyne.KeyName{
	"=": fyne.KeyEqual, "+": fyne.KeyPlus, "-": fyne.KeyMinus, ",": fyne.KeyComma, ".": fyne.KeyPeriod,
	"/": fyne.KeySlash, "\\": fyne.KeyBackslash, "[": fyne.KeyLeftBracket, "]": fyne.KeyRightBracket,
	";": fyne.KeySemicolon, "'": fyne.KeyApostrophe, "`": fyne.KeyBackTick, "*": fyne.KeyAsterisk,
}

// Name is the key the driver drops, and the modifiers it goes with: Home,
// End, Page Up and Page Down with any modifiers; a punctuation key with
// Ctrl, Alt or Super (alone it types its character, which the driver
// does); a letter with Alt and neither Ctrl nor Super, the key of a menu
// (the driver names a letter only with Ctrl or Super: Alt+F reached the
// window as Alt and no key) — the letter the layout makes, or where it
// makes none in ASCII (Russian), the physical key's. On a Mac Option makes
// characters, and AltGr makes them everywhere: neither is a menu's key. ok
// is false for every other key.
func (k BrowserKey) Name() (name fyne.KeyName, mod fyne.KeyModifier, ok bool) {
	if k.Shift {
		mod |= fyne.KeyModifierShift
	}
	if k.Ctrl {
		mod |= fyne.KeyModifierControl
	}
	if k.Alt {
		mod |= fyne.KeyModifierAlt
	}
	if k.Meta {
		mod |= fyne.KeyModifierSuper
	}
	if n, found := unnamed[k.Key]; found {
		return n, mod, true
	}
	if n, found := punctuation[k.Key]; found && (k.Ctrl || k.Alt || k.Meta) && !k.AltGraph {
		return n, mod, true
	}
	if k.Alt && !k.Ctrl && !k.Meta && !k.AltGraph && !k.Mac {
		if len(k.Key) == 1 && asciiLetter(k.Key[0]) {
			return fyne.KeyName(strings.ToUpper(k.Key)), mod, true
		}
		r, _ := utf8.DecodeRuneInString(k.Key)
		if l, ok := strings.CutPrefix(k.Code, "Key"); ok && len(l) == 1 && asciiLetter(l[0]) && r >= utf8.RuneSelf && unicode.IsLetter(r) {
			return fyne.KeyName(l), mod, true
		}
	}
	return "", 0, false
}

func asciiLetter(b byte) bool { return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' }

// TypeText types text into the window as the driver types a character:
// each rune to the focused widget's TypedRune, or to the canvas's rune
// handler when nothing has the focus. Control characters are left out
// (Enter and Tab come as keys).
func TypeText(c fyne.Canvas, text string) {
	for _, r := range text {
		if r < 0x20 || r == 0x7f || r == utf8.RuneError {
			continue
		}
		if f := c.Focused(); f != nil {
			f.TypedRune(r)
		} else if h := c.OnTypedRune(); h != nil {
			h(r)
		}
	}
}

// PasteInto pastes text into the focused widget as Ctrl+V would, with text
// as the clipboard's content (the browser's own paste carries its text).
func PasteInto(c fyne.Canvas, text string) {
	p := &fyne.ShortcutPaste{Clipboard: readClipboard{text: text}}
	if f, ok := c.Focused().(fyne.Shortcutable); ok {
		f.TypedShortcut(p)
		return
	}
	TypeText(c, text)
}

// Press delivers a key the driver could not name as the desktop driver
// delivers it: with Ctrl, Alt or Super it is a shortcut — the main menu's
// item first, then the focused widget's, then the canvas's; otherwise
// TypedKey to the focused widget, or the canvas's key handler.
func Press(w fyne.Window, name fyne.KeyName, mod fyne.KeyModifier) {
	c := w.Canvas()
	if mod&^fyne.KeyModifierShift != 0 {
		sc := &desktop.CustomShortcut{KeyName: name, Modifier: mod}
		if m := w.MainMenu(); m != nil {
			for _, menu := range m.Items {
				if runMenuShortcut(menu, sc) {
					return
				}
			}
		}
		if f, ok := c.Focused().(fyne.Shortcutable); ok {
			f.TypedShortcut(sc)
			return
		}
		if h, ok := c.(interface{ TypedShortcut(fyne.Shortcut) }); ok {
			h.TypedShortcut(sc)
		}
		return
	}
	ev := &fyne.KeyEvent{Name: name}
	if f := c.Focused(); f != nil {
		f.TypedKey(ev)
	} else if h := c.OnTypedKey(); h != nil {
		h(ev)
	}
}

// runMenuShortcut runs the action of the item of m (or of a submenu) whose
// shortcut is sc, and reports whether there was one.
func runMenuShortcut(m *fyne.Menu, sc fyne.Shortcut) bool {
	if m == nil {
		return false
	}
	for _, it := range m.Items {
		if it.Shortcut != nil && it.Action != nil && !it.Disabled && it.Shortcut.ShortcutName() == sc.ShortcutName() {
			it.Action()
			return true
		}
		if runMenuShortcut(it.ChildMenu, sc) {
			return true
		}
	}
	return false
}
