package keys_test

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/editor/keys"
)

// The characters the page types that Fyne's web driver drops: it types a
// keydown's `key` only when it is one byte with no modifier but Shift.
func TestBrowserKeyText(t *testing.T) {
	for _, c := range []struct {
		rule string
		key  keys.BrowserKey
		want string
	}{
		{"a Cyrillic letter (Russian layout) is typed", keys.BrowserKey{Key: "п"}, "п"},
		{"a Cyrillic capital with Shift is typed", keys.BrowserKey{Key: "Ё", Shift: true}, "Ё"},
		{"a Polish letter by AltGr on Linux (no Ctrl/Alt reported) is typed", keys.BrowserKey{Key: "ż", AltGraph: true}, "ż"},
		{"a Polish letter by AltGr on Windows (Ctrl+Alt) is typed", keys.BrowserKey{Key: "ó", Ctrl: true, Alt: true}, "ó"},
		{"an ASCII character by AltGr on Windows is typed", keys.BrowserKey{Key: "@", Ctrl: true, Alt: true, AltGraph: true}, "@"},
		{"a letter by Option on a Mac is typed", keys.BrowserKey{Key: "ż", Alt: true, Mac: true}, "ż"},
		{"an ASCII letter is left to the driver", keys.BrowserKey{Key: "a"}, ""},
		{"an ASCII letter with Shift is left to the driver", keys.BrowserKey{Key: "A", Shift: true}, ""},
		{"an ASCII letter by AltGr on Linux is left to the driver", keys.BrowserKey{Key: "@", AltGraph: true}, ""},
		{"Ctrl+letter is a shortcut, not text", keys.BrowserKey{Key: "c", Ctrl: true}, ""},
		{"Ctrl+Alt+ASCII without AltGr is a shortcut", keys.BrowserKey{Key: "z", Ctrl: true, Alt: true}, ""},
		{"Alt with a Cyrillic letter outside a Mac is no text", keys.BrowserKey{Key: "ф", Alt: true}, ""},
		{"Super with a letter is no text", keys.BrowserKey{Key: "п", Meta: true}, ""},
		{"a key's name is no text", keys.BrowserKey{Key: "Home"}, ""},
		{"an input method's key is no text", keys.BrowserKey{Key: "Process"}, ""},
		{"a dead key is no text", keys.BrowserKey{Key: "Dead"}, ""},
	} {
		if got := c.key.Text(); got != c.want {
			t.Errorf("%s: Text(%+v) = %q, want %q", c.rule, c.key, got, c.want)
		}
	}
}

// The keys the page names that the driver cannot: Home, End, Page Up/Down,
// and punctuation with Ctrl, Alt or Super.
func TestBrowserKeyName(t *testing.T) {
	for _, c := range []struct {
		rule string
		key  keys.BrowserKey
		name fyne.KeyName
		mod  fyne.KeyModifier
		ok   bool
	}{
		{"Home alone", keys.BrowserKey{Key: "Home"}, fyne.KeyHome, 0, true},
		{"Shift+End selects", keys.BrowserKey{Key: "End", Shift: true}, fyne.KeyEnd, fyne.KeyModifierShift, true},
		{"Ctrl+Home", keys.BrowserKey{Key: "Home", Ctrl: true}, fyne.KeyHome, fyne.KeyModifierControl, true},
		{"Ctrl+Shift+End", keys.BrowserKey{Key: "End", Ctrl: true, Shift: true}, fyne.KeyEnd, fyne.KeyModifierControl | fyne.KeyModifierShift, true},
		{"Page Up", keys.BrowserKey{Key: "PageUp"}, fyne.KeyPageUp, 0, true},
		{"Page Down", keys.BrowserKey{Key: "PageDown"}, fyne.KeyPageDown, 0, true},
		{"Ctrl+= zooms in", keys.BrowserKey{Key: "=", Ctrl: true}, fyne.KeyEqual, fyne.KeyModifierControl, true},
		{"Ctrl+Shift+= (Ctrl++ on a US layout)", keys.BrowserKey{Key: "+", Ctrl: true, Shift: true}, fyne.KeyPlus, fyne.KeyModifierControl | fyne.KeyModifierShift, true},
		{"Ctrl+- zooms out", keys.BrowserKey{Key: "-", Ctrl: true}, fyne.KeyMinus, fyne.KeyModifierControl, true},
		{"= alone is a character the driver types", keys.BrowserKey{Key: "="}, "", 0, false},
		{"a punctuation character by AltGr is text", keys.BrowserKey{Key: "=", Ctrl: true, Alt: true, AltGraph: true}, "", 0, false},
		{"a letter is no named key", keys.BrowserKey{Key: "a", Ctrl: true}, "", 0, false},
		{"arrows are named by the driver", keys.BrowserKey{Key: "ArrowLeft"}, "", 0, false},
		{"Alt+f opens a menu: the letter is named", keys.BrowserKey{Key: "f", Alt: true}, fyne.KeyF, fyne.KeyModifierAlt, true},
		{"Alt+Shift+H names the letter too", keys.BrowserKey{Key: "H", Alt: true, Shift: true}, fyne.KeyH, fyne.KeyModifierAlt | fyne.KeyModifierShift, true},
		{"Ctrl+Alt+f is no menu's key (AltGr on Windows)", keys.BrowserKey{Key: "f", Ctrl: true, Alt: true}, "", 0, false},
		{"Option+f on a Mac makes a character", keys.BrowserKey{Key: "f", Alt: true, Mac: true}, "", 0, false},
		{"AltGr with a letter is a character", keys.BrowserKey{Key: "e", Alt: true, AltGraph: true}, "", 0, false},
		{"Alt with a Russian letter: the physical key's", keys.BrowserKey{Key: "а", Code: "KeyF", Alt: true}, fyne.KeyF, fyne.KeyModifierAlt, true},
		{"Alt+q on AZERTY (the physical A): the layout's letter", keys.BrowserKey{Key: "q", Code: "KeyA", Alt: true}, fyne.KeyQ, fyne.KeyModifierAlt, true},
		{"Alt with a digit is no menu's key", keys.BrowserKey{Key: "1", Code: "Digit1", Alt: true}, "", 0, false},
	} {
		name, mod, ok := c.key.Name()
		if name != c.name || mod != c.mod || ok != c.ok {
			t.Errorf("%s: Name(%+v) = %q, %v, %v; want %q, %v, %v", c.rule, c.key, name, mod, ok, c.name, c.mod, c.ok)
		}
	}
}

// Text, keys and pastes the page hands on reach the focused field as the
// driver's own would; a key with Ctrl runs the main menu's item first.
func TestBrowserDelivery(t *testing.T) {
	test.NewTempApp(t)
	e := keys.NewEntry()
	w := test.NewTempWindow(t, e)
	w.Canvas().Focus(e)

	keys.TypeText(w.Canvas(), "# Привет żółw Ё\x01")
	if e.Text != "# Привет żółw Ё" {
		t.Fatalf("typed text: %q", e.Text)
	}
	keys.Press(w, fyne.KeyHome, 0)
	keys.TypeText(w.Canvas(), "ą")
	keys.Press(w, fyne.KeyEnd, 0)
	keys.TypeText(w.Canvas(), "ę")
	if e.Text != "ą# Привет żółw Ёę" {
		t.Fatalf("after Home and End: %q", e.Text)
	}
	keys.PasteInto(w.Canvas(), "Łódź")
	if e.Text != "ą# Привет żółw ЁęŁódź" {
		t.Fatalf("after a paste: %q", e.Text)
	}

	zoomed := 0
	in := fyne.NewMenuItem("Zoom In", func() { zoomed++ })
	in.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyEqual, Modifier: fyne.KeyModifierControl}
	w.SetMainMenu(fyne.NewMainMenu(fyne.NewMenu("View", in)))
	keys.Press(w, fyne.KeyEqual, fyne.KeyModifierControl)
	if zoomed != 1 {
		t.Fatalf("Ctrl+= ran the menu's Zoom In %d times, want 1", zoomed)
	}
	in.Disabled = true
	keys.Press(w, fyne.KeyEqual, fyne.KeyModifierControl)
	if zoomed != 1 {
		t.Fatal("Ctrl+= ran a disabled item")
	}

	// Nothing focused: the canvas's own handlers get the rune and the key.
	w.Canvas().Unfocus()
	var runes []rune
	var named []fyne.KeyName
	w.Canvas().SetOnTypedRune(func(r rune) { runes = append(runes, r) })
	w.Canvas().SetOnTypedKey(func(k *fyne.KeyEvent) { named = append(named, k.Name) })
	keys.TypeText(w.Canvas(), "ж")
	keys.Press(w, fyne.KeyPageDown, 0)
	if string(runes) != "ж" || len(named) != 1 || named[0] != fyne.KeyPageDown {
		t.Fatalf("unfocused: runes %q, keys %v", string(runes), named)
	}
}
