package keys

import (
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// MaxOneLine and MaxMultiLine are the characters a one-line and a
// multi-line Entry hold unless its Max says otherwise. Fyne's Entry does
// work in proportion to its whole text on every key: with the fyne test
// driver a key in a one-line field holding 10,000 characters took
// 0.26–0.57 s, at 100,000 3–8 s, and several times that in the browser,
// where a page given random pastes stopped answering for minutes. The
// longest User-Agent strings and URLs in use are well under 2,048
// characters (the sitemaps protocol caps a URL there).
const (
	MaxOneLine   = 2048
	MaxMultiLine = 1 << 20
)

// TooLong is told when a paste into an Entry was cut to its Max: how many
// characters the field holds and how many of the paste were left out (the
// window says so; the clipboard still has them all). Nil: nobody is told.
var TooLong func(e *Entry, max, left int)

// Entry is a widget.Entry whose key methods and focus changes run through
// Run, so its text, cursor and callbacks (OnChanged, OnSubmitted) change on
// the UI goroutine in every driver. Types that embed it set OnKey and
// OnPaste instead of overriding the key methods, which would bypass Run.
type Entry struct {
	widget.Entry

	// OnKey sees each typed key first, on the UI goroutine; true means it
	// handled the key and the entry does nothing more with it.
	OnKey func(*fyne.KeyEvent) bool
	// OnPaste sees pasted text first, on the UI goroutine; true means it
	// handled the paste.
	OnPaste func(text string) bool

	// Max is the most characters the user can type or paste into the
	// entry (NewEntry: MaxOneLine, NewMultiLineEntry: MaxMultiLine; 0:
	// no limit). Text set by the program is not cut.
	Max int

	held Held // the keys that went down here (a character needs one)
}

// NewEntry returns a one-line Entry.
func NewEntry() *Entry {
	e := &Entry{Max: MaxOneLine}
	e.ExtendBaseWidget(e)
	return e
}

// NewMultiLineEntry returns a multi-line Entry.
func NewMultiLineEntry() *Entry {
	e := &Entry{Max: MaxMultiLine}
	e.MultiLine = true
	e.Wrapping = fyne.TextWrapWord
	e.ExtendBaseWidget(e)
	return e
}

// TypedRune is widget.Entry's, on the UI goroutine.
// A character whose key went down elsewhere (it closed a dialog) is dropped.
func (e *Entry) TypedRune(r rune) {
	Run(func() {
		if !e.held.Stray(r) && (len(e.Text) < e.Max || e.room() > 0) {
			e.Entry.TypedRune(r)
		}
	})
}

// TypedKey offers the key to OnKey, then to widget.Entry, on the UI goroutine.
func (e *Entry) TypedKey(k *fyne.KeyEvent) {
	Run(func() {
		if e.OnKey != nil && e.OnKey(k) {
			return
		}
		if WindowKey(k.Name) || e.passesEnter(k) {
			// Esc leaves presenter mode, F11 enters it, with the
			// focus in a field (it once took two presses of Esc);
			// in a dialog Esc cancels and Enter takes the default
			PassOn(e, k)
			return
		}
		e.Entry.TypedKey(k)
	})
}

// passesEnter: a one-line field that does nothing with Enter (no
// OnSubmitted) gives it to the window, so Enter in a dialog's field takes
// the dialog's default button.
func (e *Entry) passesEnter(k *fyne.KeyEvent) bool {
	return (k.Name == fyne.KeyReturn || k.Name == fyne.KeyEnter) && !e.MultiLine && e.OnSubmitted == nil
}

// TypedShortcut is widget.Entry's on the UI goroutine; a paste's text is
// read first, where the key arrived (PasteText), and offered to OnPaste.
func (e *Entry) TypedShortcut(s fyne.Shortcut) {
	p, ok := s.(*fyne.ShortcutPaste)
	if !ok {
		if next, ok := ctrlTab(s); ok {
			// Tab is text in a multi-line field: Ctrl+Tab and
			// Ctrl+Shift+Tab leave it, as they leave the editor.
			if c := fyne.CurrentApp().Driver().CanvasForObject(e); c != nil {
				Run(func() {
					if next {
						c.FocusNext()
					} else {
						c.FocusPrevious()
					}
				})
			}
			return
		}
		if MenuShortcut(s) { // Alt and a letter: the window's menus
			PassOnShortcut(e, s)
			return
		}
		Run(func() { e.Entry.TypedShortcut(s) })
		return
	}
	text := PasteText(p)
	Run(func() {
		if e.OnPaste != nil && e.OnPaste(text) {
			return
		}
		if room := e.room(); room < len(text) && room < utf8.RuneCountInString(text) {
			kept := CutRunes(text, room)
			if TooLong != nil {
				TooLong(e, e.Max, utf8.RuneCountInString(text)-utf8.RuneCountInString(kept))
			}
			text = kept
		}
		e.Entry.TypedShortcut(Read(p, text))
	})
}

// ctrlTab reports whether s is Ctrl+Tab (next) or Ctrl+Shift+Tab.
func ctrlTab(s fyne.Shortcut) (next, ok bool) {
	c, is := s.(interface {
		Key() fyne.KeyName
		Mod() fyne.KeyModifier
	})
	if !is || c.Key() != fyne.KeyTab {
		return false, false
	}
	switch base := c.Mod() &^ fyne.KeyModifierShift; base {
	case fyne.KeyModifierControl, fyne.KeyModifierSuper: // as the editor
		return c.Mod()&fyne.KeyModifierShift == 0, true
	}
	return false, false
}

// KeyDown is widget.Entry's (it tracks Shift), on the UI goroutine.
func (e *Entry) KeyDown(k *fyne.KeyEvent) { Run(func() { e.held.Down(k); e.Entry.KeyDown(k) }) }

// KeyUp is widget.Entry's, on the UI goroutine.
func (e *Entry) KeyUp(k *fyne.KeyEvent) { Run(func() { e.held.Up(k); e.Entry.KeyUp(k) }) }

// FocusGained is widget.Entry's, on the UI goroutine (the web driver
// reports the page gaining focus from its own goroutine too).
func (e *Entry) FocusGained() { Run(e.Entry.FocusGained) }

// FocusLost is widget.Entry's, on the UI goroutine.
func (e *Entry) FocusLost() { Run(func() { e.held.Clear(); e.Entry.FocusLost() }) }

// room is how many more characters the entry takes: Max less the text
// that stays (a selection is replaced by what is typed or pasted).
func (e *Entry) room() int {
	if e.Max <= 0 {
		return int(^uint(0) >> 1)
	}
	return max(0, e.Max-utf8.RuneCountInString(e.Text)+utf8.RuneCountInString(e.SelectedText()))
}

// CutRunes is s's first n characters.
func CutRunes(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}
