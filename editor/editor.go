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
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// Editor is the robots.txt code editor widget. It is the Fyne face of
// the parts below, each a type of its own with one job: the Editor's
// methods are the Fyne interfaces it implements (input.go) and the API the
// window uses, and they hand the work to a part. No part points back to
// the Editor: each holds pointers to the parts below it (buffer ← wrapper
// ← viewport ← selection ← edits ← bars ← keyboard; mouse, marks and the
// hover tip beside them), what it needs from the widget as the host's
// callbacks, and a few callbacks of its own for what goes back up (the
// find bar's recount after an edit, ShowLine, the window's OnChanged).
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

	host  host      // what the parts need from the widget, as callbacks
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

// host is what the parts need from the widget they are drawn in, as
// callbacks, so a part can be built and tested without an Editor. It
// holds no part.
type host struct {
	refresh   func()                           // repaint the widget
	size      func() fyne.Size                 // the widget's size; zero before it is laid out
	themeSize func(fyne.ThemeSizeName) float32 // a theme size as the widget sees it
	canvas    func() fyne.Canvas               // the canvas the widget is on; nil before it is shown
	focus     func()                           // give the widget the keyboard focus
	now       func() time.Time                 // the clock (undo grouping, multi-clicks)
}

// New returns an empty editor.
func New() *Editor {
	e := &Editor{now: time.Now, after: afterOnUI}
	e.host = host{
		refresh:   e.Refresh,
		size:      e.Size,
		themeSize: func(n fyne.ThemeSizeName) float32 { return theme.SizeForWidget(n, e) },
		canvas:    func() fyne.Canvas { return fyne.CurrentApp().Driver().CanvasForObject(e) },
		focus: func() {
			if c := fyne.CurrentApp().Driver().CanvasForObject(e); c != nil && c.Focused() != e {
				c.Focus(e)
			}
		},
		now: func() time.Time { return e.now() },
	}
	h := &e.host
	e.wrap = wrapper{buf: &e.buf}
	e.vp = viewport{buf: &e.buf, wrap: &e.wrap, host: h, barHeight: func() float32 {
		if b := e.bars.top(); b != nil {
			return b.MinSize().Height
		}
		return 0
	}}
	e.sel = selection{buf: &e.buf, wrap: &e.wrap, vp: &e.vp, hist: &e.edits.hist, host: h}
	e.edits = edits{buf: &e.buf, sel: &e.sel, host: h,
		recount: func() { e.bars.find.recount() },
		notify: func() {
			if e.OnChanged != nil {
				e.OnChanged()
			}
		}}
	e.marks = markSet{buf: &e.buf, host: h, after: func(d time.Duration, f func()) func() { return e.after(d, f) }}
	e.tip = hoverTip{vp: &e.vp, marks: &e.marks, host: h}
	e.mouse = mouse{buf: &e.buf, sel: &e.sel, vp: &e.vp, host: h}
	e.bars = newBars(&e.buf, &e.sel, &e.edits, h, e.ShowLine)
	e.kb = keyboard{buf: &e.buf, sel: &e.sel, edits: &e.edits, bars: e.bars, vp: &e.vp, wrap: &e.wrap, host: h,
		passOn:         func(ev *fyne.KeyEvent) { keys.PassOnNow(e, ev) }, // typedKey runs through keys.Run
		passOnShortcut: func(s fyne.Shortcut) { keys.PassOnShortcut(e, s) },
		shortcut: func(s *desktop.CustomShortcut) {
			if e.OnShortcut != nil {
				e.OnShortcut(s)
			}
		}}
	e.buf.set(nil)
	e.edits.hist.clear()
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
	return e.sel.bounds()
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
