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
// keys.Run. It moves the selection, edits and opens the bars; what goes
// on to the window goes through its callbacks.
type keyboard struct {
	buf   *buffer
	sel   *selection
	edits *edits
	bars  *bars
	vp    *viewport
	wrap  *wrapper
	host  *host
	// passOn and passOnShortcut hand a key or shortcut the editor has no
	// use for to the window's own handlers (keys.PassOn, PassOnShortcut).
	passOn         func(*fyne.KeyEvent)
	passOnShortcut func(fyne.Shortcut)
	// shortcut receives the Ctrl shortcuts the editor does not use (the
	// Editor's OnShortcut).
	shortcut func(*desktop.CustomShortcut)

	focused bool
	shift   bool
	held    keys.Held // keys that went down here: a character needs one (TypedRune)
}

func (k *keyboard) typedKey(ev *fyne.KeyEvent) {
	ext := k.shift
	s, t := k.sel.bounds()
	switch ev.Name {
	case fyne.KeyLeft:
		if k.sel.hasSelection() && !ext {
			k.sel.move(s, false)
		} else {
			k.sel.move(k.buf.charLeft(k.sel.cursor), ext)
		}
	case fyne.KeyRight:
		if k.sel.hasSelection() && !ext {
			k.sel.move(t, false)
		} else {
			k.sel.move(k.buf.charRight(k.sel.cursor), ext)
		}
	case fyne.KeyUp:
		k.sel.vertical(-1, ext)
	case fyne.KeyDown:
		k.sel.vertical(1, ext)
	case fyne.KeyPageUp:
		k.page(-1, ext)
	case fyne.KeyPageDown:
		k.page(1, ext)
	case fyne.KeyHome:
		k.sel.move(k.buf.homeOf(k.sel.cursor), ext)
	case fyne.KeyEnd:
		k.sel.move(int(k.buf.line(k.buf.doc.LineAt(k.sel.cursor)-1).End), ext)
	case fyne.KeyReturn, fyne.KeyEnter:
		k.edits.newline()
	case fyne.KeyBackspace:
		k.edits.deleteBackward(false)
	case fyne.KeyDelete:
		k.edits.deleteForward(false)
	case fyne.KeyTab:
		k.edits.insert([]byte{'\t'}, stepTyping)
	case fyne.KeyEscape:
		switch {
		case k.bars.top() != nil:
			k.bars.hide()
		case k.sel.hasSelection():
			k.sel.move(k.sel.cursor, false)
		default:
			k.passOn(ev)
		}
	case fyne.KeyF1, fyne.KeyF2, fyne.KeyF3, fyne.KeyF4, fyne.KeyF5, fyne.KeyF6,
		fyne.KeyF7, fyne.KeyF8, fyne.KeyF9, fyne.KeyF10, fyne.KeyF11, fyne.KeyF12:
		k.passOn(ev)
	}
}

// page moves the cursor and the view by one screen.
func (k *keyboard) page(dir int, extend bool) {
	rows := 1
	if k.host.size().Height > 0 {
		rows = max(1, k.vp.view().visRows-1)
	}
	if k.wrap.on && k.host.size().Height > 0 {
		k.vp.scrollRows(k.vp.view(), dir*rows)
	} else {
		k.vp.topRow += dir * rows
	}
	k.sel.vertical(dir*rows, extend)
}

func (k *keyboard) typedShortcut(sc fyne.Shortcut) {
	switch s := sc.(type) {
	case *fyne.ShortcutCopy:
		k.edits.copyTo(s.Clipboard)
	case *fyne.ShortcutCut:
		k.edits.cutTo(s.Clipboard)
	case *fyne.ShortcutSelectAll:
		k.sel.selectAll()
	case *fyne.ShortcutUndo:
		k.edits.undo()
	case *fyne.ShortcutRedo:
		k.edits.redo()
	case *desktop.CustomShortcut:
		k.customShortcut(s)
	}
}

func (k *keyboard) customShortcut(s *desktop.CustomShortcut) {
	ctrl := s.Modifier&(fyne.KeyModifierControl|fyne.KeyModifierSuper) != 0
	ext := s.Modifier&fyne.KeyModifierShift != 0
	if !ctrl {
		if keys.MenuShortcut(s) { // Alt and a letter opens a menu
			k.passOnShortcut(s)
		}
		return
	}
	switch s.KeyName {
	case fyne.KeyTab:
		// Tab indents: Ctrl+Tab and Ctrl+Shift+Tab take the keyboard
		// out of the editor, to the next or previous control.
		if c := k.host.canvas(); c != nil {
			if ext {
				c.FocusPrevious()
			} else {
				c.FocusNext()
			}
		}
	case fyne.KeyZ:
		if ext {
			k.edits.redo()
		} else {
			k.edits.undo()
		}
	case fyne.KeyY:
		k.edits.redo()
	case fyne.KeyF:
		k.bars.showFind(false)
	case fyne.KeyH:
		k.bars.showFind(true)
	case fyne.KeyG:
		k.bars.showGoTo()
	case fyne.KeyHome:
		k.sel.move(k.buf.textStart(), ext)
	case fyne.KeyEnd:
		k.sel.move(len(k.buf.doc.Src), ext)
	case fyne.KeyLeft:
		k.sel.move(k.buf.wordLeft(k.sel.cursor), ext)
	case fyne.KeyRight:
		k.sel.move(k.buf.wordRight(k.sel.cursor), ext)
	case fyne.KeyBackspace:
		k.edits.deleteBackward(true)
	case fyne.KeyDelete:
		k.edits.deleteForward(true)
	default:
		k.shortcut(s)
	}
}
