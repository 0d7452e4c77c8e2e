package editor

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"github.com/robots-studio/robots-studio/editor/keys"
)

// keyboard is the keyboard side of the editor: whether it has the focus,
// the Shift state (Fyne's TypedKey carries no modifiers), what each key and
// Ctrl shortcut does, and which keys go on to the window. The Editor's
// Focusable, Keyable and Shortcutable methods (input.go) run it through
// keys.Run.
type keyboard struct {
	e       *Editor
	focused bool
	shift   bool
	held    keys.Held // keys that went down here: a character needs one (TypedRune)
}

func (k *keyboard) typedKey(ev *fyne.KeyEvent) {
	e := k.e
	ext := k.shift
	s, t := e.Selection()
	switch ev.Name {
	case fyne.KeyLeft:
		if e.sel.hasSelection() && !ext {
			e.sel.move(s, false)
		} else {
			e.sel.move(e.buf.charLeft(e.sel.cursor), ext)
		}
	case fyne.KeyRight:
		if e.sel.hasSelection() && !ext {
			e.sel.move(t, false)
		} else {
			e.sel.move(e.buf.charRight(e.sel.cursor), ext)
		}
	case fyne.KeyUp:
		e.sel.vertical(-1, ext)
	case fyne.KeyDown:
		e.sel.vertical(1, ext)
	case fyne.KeyPageUp:
		k.page(-1, ext)
	case fyne.KeyPageDown:
		k.page(1, ext)
	case fyne.KeyHome:
		e.sel.move(e.buf.homeOf(e.sel.cursor), ext)
	case fyne.KeyEnd:
		e.sel.move(int(e.buf.line(e.CursorLine()-1).End), ext)
	case fyne.KeyReturn, fyne.KeyEnter:
		e.edits.newline()
	case fyne.KeyBackspace:
		e.edits.deleteBackward(false)
	case fyne.KeyDelete:
		e.edits.deleteForward(false)
	case fyne.KeyTab:
		e.edits.insert([]byte{'\t'}, stepTyping)
	case fyne.KeyEscape:
		switch {
		case e.bars.top() != nil:
			e.bars.hide()
		case e.sel.hasSelection():
			e.sel.move(e.sel.cursor, false)
		default:
			k.passOn(ev)
		}
	case fyne.KeyF1, fyne.KeyF2, fyne.KeyF3, fyne.KeyF4, fyne.KeyF5, fyne.KeyF6,
		fyne.KeyF7, fyne.KeyF8, fyne.KeyF9, fyne.KeyF10, fyne.KeyF11, fyne.KeyF12:
		k.passOn(ev)
	}
}

// passOn hands a key the editor has no use for to the window (keys.PassOn).
func (k *keyboard) passOn(ev *fyne.KeyEvent) { keys.PassOn(k.e, ev) }

// page moves the cursor and the view by one screen.
func (k *keyboard) page(dir int, extend bool) {
	e := k.e
	rows := 1
	if e.Size().Height > 0 {
		rows = max(1, e.vp.view().visRows-1)
	}
	if e.wrap.on && e.Size().Height > 0 {
		e.vp.scrollRows(e.vp.view(), dir*rows)
	} else {
		e.vp.topRow += dir * rows
	}
	e.sel.vertical(dir*rows, extend)
}

func (k *keyboard) typedShortcut(sc fyne.Shortcut) {
	e := k.e
	switch s := sc.(type) {
	case *fyne.ShortcutCopy:
		e.edits.copyTo(s.Clipboard)
	case *fyne.ShortcutCut:
		e.edits.cutTo(s.Clipboard)
	case *fyne.ShortcutSelectAll:
		e.sel.selectAll()
	case *fyne.ShortcutUndo:
		e.edits.undo()
	case *fyne.ShortcutRedo:
		e.edits.redo()
	case *desktop.CustomShortcut:
		k.customShortcut(s)
	}
}

func (k *keyboard) customShortcut(s *desktop.CustomShortcut) {
	e := k.e
	ctrl := s.Modifier&(fyne.KeyModifierControl|fyne.KeyModifierSuper) != 0
	ext := s.Modifier&fyne.KeyModifierShift != 0
	if !ctrl {
		if keys.MenuShortcut(s) { // Alt and a letter opens a menu
			keys.PassOnShortcut(e, s)
		}
		return
	}
	switch s.KeyName {
	case fyne.KeyTab:
		// Tab indents: Ctrl+Tab and Ctrl+Shift+Tab take the keyboard
		// out of the editor, to the next or previous control.
		if c := fyne.CurrentApp().Driver().CanvasForObject(e); c != nil {
			if ext {
				c.FocusPrevious()
			} else {
				c.FocusNext()
			}
		}
	case fyne.KeyZ:
		if ext {
			e.edits.redo()
		} else {
			e.edits.undo()
		}
	case fyne.KeyY:
		e.edits.redo()
	case fyne.KeyF:
		e.bars.showFind(false)
	case fyne.KeyH:
		e.bars.showFind(true)
	case fyne.KeyG:
		e.bars.showGoTo()
	case fyne.KeyHome:
		e.sel.move(e.buf.textStart(), ext)
	case fyne.KeyEnd:
		e.sel.move(len(e.buf.doc.Src), ext)
	case fyne.KeyLeft:
		e.sel.move(e.buf.wordLeft(e.sel.cursor), ext)
	case fyne.KeyRight:
		e.sel.move(e.buf.wordRight(e.sel.cursor), ext)
	case fyne.KeyBackspace:
		e.edits.deleteBackward(true)
	case fyne.KeyDelete:
		e.edits.deleteForward(true)
	default:
		if e.OnShortcut != nil {
			e.OnShortcut(s)
		}
	}
}

// requestFocus gives the keyboard focus to the editor.
func (k *keyboard) requestFocus() {
	e := k.e
	if c := fyne.CurrentApp().Driver().CanvasForObject(e); c != nil && c.Focused() != e {
		c.Focus(e)
	}
}
