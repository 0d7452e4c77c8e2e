package keys

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

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

	held Held // the keys that went down here (a character needs one)
}

// NewEntry returns a one-line Entry.
func NewEntry() *Entry {
	e := &Entry{}
	e.ExtendBaseWidget(e)
	return e
}

// NewMultiLineEntry returns a multi-line Entry.
func NewMultiLineEntry() *Entry {
	e := &Entry{}
	e.MultiLine = true
	e.Wrapping = fyne.TextWrapWord
	e.ExtendBaseWidget(e)
	return e
}

// TypedRune is widget.Entry's, on the UI goroutine.
// A character whose key went down elsewhere (it closed a dialog) is dropped.
func (e *Entry) TypedRune(r rune) {
	Run(func() {
		if !e.held.Stray(r) {
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
		e.Entry.TypedShortcut(Read(p, text))
	})
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
