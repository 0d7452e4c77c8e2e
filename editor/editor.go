// Package editor is Robots Studio's code editor: a Fyne widget that edits a
// robots.txt byte-exactly (CRLF, BOM, NUL and invalid UTF-8 survive), colours
// it from the one syntax.Document the rest of the app reads, and stays fast
// on 500 KiB files and 100 KB lines by drawing only the visible cells.
//
// widget.Entry is not used: it re-converts the whole text to runes per row on
// every refresh (seconds per key at 20k lines) and cannot colour spans.
// TextGrid is not used either: it builds as many cells (three canvas objects
// each) per visible row as the longest line has, so one 100 KB line would
// cost millions of objects; the own renderer in render.go draws only the
// visible cells of the visible rows.
package editor

import (
	"errors"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/syntax"
)

// Editor is the robots.txt code editor widget. It is the Fyne face of
// the parts below, each a type of its own with one job: the Editor's
// methods are the Fyne interfaces it implements (input.go) and the API the
// window uses, and they hand the work to a part.
type Editor struct {
	widget.BaseWidget

	// OnChanged, if set, is called after every edit.
	OnChanged func()
	// OnCursorMoved, if set, is called after the cursor moved (keys, mouse,
	// edits, undo). Every move ends in a repaint, so the repaint is where
	// the move is noticed.
	OnCursorMoved func()
	// OnShortcut, if set, receives the Ctrl shortcuts the editor does not
	// use, so the window can act on keys its menu cannot name (a menu item
	// has one shortcut; zoom in is both Ctrl+= and Ctrl++).
	OnShortcut func(*desktop.CustomShortcut)
	// MessageView, if set, makes the widget that shows a mark's whole
	// message (chosen in the context menu), wrapping to the width it is
	// given: the window draws the message's code in the code font.
	MessageView func(message string) fyne.CanvasObject

	buf   buffer    // the text and its parse; where the cursor may go (buffer.go, nav.go)
	sel   selection // cursor and selection (selection.go)
	edits edits     // every change of the text, undo and redo (edit.go, undo.go)
	marks markSet   // line decorations and the ShowLine flash (marks.go)
	vp    viewport  // scroll position and layout (viewport.go)
	wrap  wrapper   // word wrap (wrap.go)
	kb    keyboard  // focus, keys and shortcuts (keyboard.go)
	mouse mouse     // pointer selection gestures (mouse.go)
	tip   hoverTip  // the mark message under the pointer (tip.go)
	bars  *bars     // find / replace and go to line (find.go)

	now func() time.Time // replaced in tests to control undo grouping
	// after runs f on the UI goroutine after d and returns a cancel
	// function; tests replace it to run the timer by hand.
	after func(d time.Duration, f func()) (cancel func())
}

// New returns an empty editor.
func New() *Editor {
	e := &Editor{now: time.Now, after: afterOnUI}
	e.sel.e = e
	e.edits.e = e
	e.vp.e = e
	e.wrap.e = e
	e.mouse.e = e
	e.kb.e = e
	e.marks.e = e
	e.tip.e = e
	e.buf.set(nil)
	e.edits.hist.clear()
	e.bars = newBars(e)
	e.ExtendBaseWidget(e)
	return e
}

// SetText replaces the text with exactly src and clears the undo history.
// The editor keeps its own copy, so the caller may reuse src.
func (e *Editor) SetText(src []byte) {
	e.buf.set(append([]byte(nil), src...))
	e.edits.hist.clear()
	e.edits.savedID = 0
	e.sel.cursor = e.buf.textStart()
	e.sel.anchor = e.sel.cursor
	e.sel.wantCol = -1
	e.vp.topRow, e.vp.leftCol, e.vp.topSub = 0, 0, 0
	e.vp.forget()
	e.bars.find.recount()
	e.Refresh()
}

// Bytes returns the exact current text. The slice is shared with Document()
// and must not be modified.
func (e *Editor) Bytes() []byte { return e.buf.doc.Src }

// Document returns the parse of the current text. It is replaced, never
// changed, by an edit, so a caller may keep it while the user types.
func (e *Editor) Document() *syntax.Document { return e.buf.doc }

// CursorLine is the 1-based line of the cursor.
func (e *Editor) CursorLine() int { return e.buf.doc.LineAt(e.sel.cursor) }

// CursorColumn is the 1-based rune column of the cursor.
func (e *Editor) CursorColumn() int {
	l := e.buf.line(e.CursorLine() - 1)
	return runeCol(e.buf.doc.Src, l, e.sel.cursor) + 1
}

// Selection returns the selected byte range [start, end).
func (e *Editor) Selection() (start, end int) {
	return min(e.sel.cursor, e.sel.anchor), max(e.sel.cursor, e.sel.anchor)
}

// SetSelection selects [start, end) with the cursor at end; offsets are
// clamped and moved to character boundaries.
func (e *Editor) SetSelection(start, end int) {
	e.sel.anchor = e.buf.snap(start)
	e.sel.move(e.buf.snap(end), true)
}

// Edit replaces the byte range [Start, End) of Bytes() with Text: the
// project's one edit type, so lint fixes and wizard changes apply as they are.
type Edit = syntax.Edit

// ErrBadEdit is returned by ApplyEdits for ranges outside the text or
// overlapping each other.
var ErrBadEdit = errors.New("editor: bad edit")

// ApplyEdits applies edits (offsets all refer to the current text) as one
// undo step. The text is unchanged when an error is returned.
func (e *Editor) ApplyEdits(edits []Edit) error { return e.edits.apply(edits) }

// Undo reverses the last step.
func (e *Editor) Undo() { e.edits.undo() }

// Redo re-applies the last undone step.
func (e *Editor) Redo() { e.edits.redo() }

// CanUndo and CanRedo let the window enable its menu items.
func (e *Editor) CanUndo() bool { return len(e.edits.hist.undo) > 0 }
