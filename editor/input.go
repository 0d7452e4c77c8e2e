package editor

import (
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"github.com/robots-studio/robots-studio/editor/keys"
)

// The Editor takes keyboard focus and handles the keys itself. Fyne's
// TypedKey carries no modifiers, so Shift is tracked from KeyDown/KeyUp;
// Ctrl combinations arrive as shortcuts (desktop.CustomShortcut).
//
// Every key method and focus change does its work through keys.Run: the
// web driver calls them on a goroutine of its own while the UI goroutine
// paints, and an edit must never be seen half done by the renderer (the
// browser build crashed in runeAt that way). On the desktop Run is a plain
// call.

var (
	_ fyne.Focusable         = (*Editor)(nil)
	_ fyne.Tabbable          = (*Editor)(nil)
	_ fyne.Shortcutable      = (*Editor)(nil)
	_ desktop.Keyable        = (*Editor)(nil)
	_ desktop.Mouseable      = (*Editor)(nil)
	_ desktop.Hoverable      = (*Editor)(nil)
	_ desktop.Cursorable     = (*Editor)(nil)
	_ fyne.Tappable          = (*Editor)(nil)
	_ fyne.DoubleTappable    = (*Editor)(nil)
	_ fyne.Draggable         = (*Editor)(nil)
	_ fyne.Scrollable        = (*Editor)(nil)
	_ fyne.SecondaryTappable = (*Editor)(nil)
)

// FocusGained is part of fyne.Focusable.
func (e *Editor) FocusGained() {
	keys.Run(func() {
		e.kb.focused = true
		e.Refresh()
	})
}

// FocusLost is part of fyne.Focusable.
func (e *Editor) FocusLost() {
	keys.Run(func() {
		e.kb.focused = false
		e.kb.shift = false
		e.kb.held.Clear()
		e.Refresh()
	})
}

// AcceptsTab keeps Tab for indentation instead of focus traversal.
func (e *Editor) AcceptsTab() bool { return true }

// TypedRune inserts a typed character, replacing the selection.
func (e *Editor) TypedRune(r rune) {
	if r < 0x20 || r == 0x7f || !utf8.ValidRune(r) {
		return
	}
	keys.Run(func() {
		if other := keys.MovedOn(e); other != nil {
			other.TypedRune(r)
			return
		}
		if !e.kb.held.Stray(r) { // not a key that went down in a dialog
			e.edits.insert(utf8.AppendRune(nil, r), stepTyping)
		}
	})
}

// KeyDown tracks Shift for selection with the arrow keys.
// It also notes the key held, for TypedRune.
func (e *Editor) KeyDown(ev *fyne.KeyEvent) {
	keys.Run(func() {
		e.kb.held.Down(ev)
		if ev.Name == desktop.KeyShiftLeft || ev.Name == desktop.KeyShiftRight {
			e.kb.shift = true
		}
	})
}

// KeyUp is part of desktop.Keyable.
func (e *Editor) KeyUp(ev *fyne.KeyEvent) {
	keys.Run(func() {
		e.kb.held.Up(ev)
		if ev.Name == desktop.KeyShiftLeft || ev.Name == desktop.KeyShiftRight {
			e.kb.shift = false
		}
	})
}

// TypedKey handles editing and movement keys.
func (e *Editor) TypedKey(ev *fyne.KeyEvent) {
	keys.Run(func() {
		if other := keys.MovedOn(e); other != nil {
			other.TypedKey(ev)
			return
		}
		e.kb.typedKey(ev)
	})
}

// TypedShortcut handles clipboard, undo and Ctrl key combinations. A
// paste's text is read before the work goes to the UI goroutine
// (keys.PasteText): the browser's clipboard answers later, and the UI
// goroutine must not wait for it.
func (e *Editor) TypedShortcut(sc fyne.Shortcut) {
	if p, ok := sc.(*fyne.ShortcutPaste); ok {
		text := keys.PasteText(p)
		keys.Run(func() { e.edits.pasteText(text) })
		return
	}
	keys.Run(func() { e.kb.typedShortcut(sc) })
}

// Copy puts the selection on the clipboard.
func (e *Editor) Copy() { e.edits.copyTo(nil) }

// Cut moves the selection to the clipboard.
func (e *Editor) Cut() { e.edits.cutTo(nil) }

// Paste inserts the clipboard text with line endings converted to the
// document's, replacing the selection.
func (e *Editor) Paste() { e.edits.pasteFrom(nil) }

// MouseDown places the cursor (1 click), selects a word (2) or a line (3);
// Shift+click extends the selection (mouse.go).
func (e *Editor) MouseDown(ev *desktop.MouseEvent) { e.mouse.down(ev) }

// MouseUp is part of desktop.Mouseable.
func (e *Editor) MouseUp(ev *desktop.MouseEvent) { e.mouse.up(ev) }

// Dragged extends the selection by the press's granularity.
func (e *Editor) Dragged(ev *fyne.DragEvent) { e.mouse.dragged(ev) }

// DragEnd is part of fyne.Draggable.
func (e *Editor) DragEnd() { e.mouse.dragEnd() }

// Tapped focuses the editor.
func (e *Editor) Tapped(ev *fyne.PointEvent) { e.mouse.tapped(ev) }

// DoubleTapped selects the word under the pointer.
func (e *Editor) DoubleTapped(ev *fyne.PointEvent) { e.mouse.doubleTapped(ev) }

// Scrolled scrolls by whole lines (and columns with Shift or a
// horizontal wheel), at least one per event.
func (e *Editor) Scrolled(ev *fyne.ScrollEvent) { e.vp.wheel(ev, e.kb.shift) }

// MouseIn is part of desktop.Hoverable.
func (e *Editor) MouseIn(ev *desktop.MouseEvent) { e.MouseMoved(ev) }

// MouseMoved shows the message of a lint mark under the pointer.
func (e *Editor) MouseMoved(ev *desktop.MouseEvent) { e.tip.moved(ev.Position) }

// MouseOut hides the mark message.
func (e *Editor) MouseOut() { e.tip.out() }

// Cursor shows the text cursor over the editor.
func (e *Editor) Cursor() desktop.Cursor { return desktop.TextCursor }
