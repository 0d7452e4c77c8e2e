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
	"fmt"
	"sort"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// Editor is the robots.txt code editor widget.
type Editor struct {
	widget.BaseWidget

	buf  buffer
	hist history
	sel  selection

	onChanged func()
	notifying bool // a coalesced onChanged is queued (changed)
	savedID   int
	// onCursorMoved and reported: see SetOnCursorMoved.
	onCursorMoved func()
	reported      int

	marks []Mark // sorted by line
	flash int    // 1-based line being flashed by ShowLine, 0 for none
	// unflash cancels the pending end of a ShowLine flash.
	unflash func()

	topRow, leftCol int // first visible line (0-based) and display column
	// With word wrap on, topSub is the first visible row of line topRow
	// and leftCol stays 0; see wrap.go.
	wrap    bool
	topSub  int
	wrapped wrapCache

	focused bool
	shift   bool

	// mouse state; see input.go
	pressed      bool
	pressMode    int // 1 char, 2 word, 3 line
	pressAnchorA int
	pressAnchorB int
	dragPos      fyne.Position
	lastDown     time.Time
	lastDownPos  fyne.Position
	clicks       int
	downHandled  bool
	strayUp      bool // a release came without a press here (mouse input, input.go)
	hoverMsg     string
	hoverPos     fyne.Position

	bars *bars // find / replace and go to line

	// onShortcut receives the Ctrl shortcuts the editor does not use.
	onShortcut func(*desktop.CustomShortcut)

	now func() time.Time // replaced in tests to control undo grouping
	// after runs f on the UI goroutine after d and returns a cancel
	// function; tests replace it to run the timer by hand.
	after func(d time.Duration, f func()) (cancel func())
}

// New returns an empty editor.
func New() *Editor {
	e := &Editor{now: time.Now, after: afterOnUI}
	e.sel.e = e
	e.buf.set(nil)
	e.hist.clear()
	e.bars = newBars(e)
	e.ExtendBaseWidget(e)
	return e
}

// SetText replaces the text with exactly src and clears the undo history.
// The editor keeps its own copy, so the caller may reuse src.
func (e *Editor) SetText(src []byte) {
	e.buf.set(append([]byte(nil), src...))
	e.hist.clear()
	e.savedID = 0
	e.sel.cursor = e.buf.textStart()
	e.sel.anchor = e.sel.cursor
	e.sel.wantCol = -1
	e.topRow, e.leftCol, e.topSub = 0, 0, 0
	e.bars.find.recount()
	e.Refresh()
}

// Bytes returns the exact current text. The slice is shared with Document()
// and must not be modified.
func (e *Editor) Bytes() []byte { return e.buf.doc.Src }

// Document returns the parse of the current text. It is replaced, never
// changed, by an edit, so a caller may keep it while the user types.
func (e *Editor) Document() *syntax.Document { return e.buf.doc }

// SetOnChanged sets the function called after every edit.
func (e *Editor) SetOnChanged(f func()) { e.onChanged = f }

// SetOnCursorMoved sets the function called after the cursor moved (keys,
// mouse, edits, undo). Every move ends in a repaint, so the repaint is where
// the move is noticed.
func (e *Editor) SetOnCursorMoved(f func()) { e.onCursorMoved = f }

// Refresh repaints and reports a cursor move (SetOnCursorMoved).
func (e *Editor) Refresh() {
	e.BaseWidget.Refresh()
	if e.onCursorMoved != nil && e.sel.cursor != e.reported {
		e.reported = e.sel.cursor
		e.onCursorMoved()
	}
}

// Modified reports whether the text differs from the last SetText or
// SetModified(false); undoing back to that state clears it again.
func (e *Editor) Modified() bool { return e.hist.currentID() != e.savedID }

// SetModified marks the text as saved (false) or as unsaved (true).
func (e *Editor) SetModified(m bool) {
	if m {
		e.savedID = -1
	} else {
		e.savedID = e.hist.currentID()
	}
}

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
func (e *Editor) ApplyEdits(edits []Edit) error {
	if len(edits) == 0 {
		return nil
	}
	sorted := append([]Edit(nil), edits...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Start < sorted[j].Start })
	src := e.buf.doc.Src
	prev := 0
	for _, ed := range sorted {
		if ed.Start < prev || ed.End < ed.Start || ed.End > len(src) {
			return fmt.Errorf("%w: [%d,%d) in %d bytes", ErrBadEdit, ed.Start, ed.End, len(src))
		}
		prev = ed.End
	}
	// One replacement spanning all edits keeps undo exact and re-parses the
	// touched lines once, however many edits there are.
	lo, hi := sorted[0].Start, sorted[len(sorted)-1].End
	var text []byte
	at := lo
	for _, ed := range sorted {
		text = append(text, src[at:ed.Start]...)
		text = append(text, ed.Text...)
		at = ed.End
	}
	// Keep the cursor on the same text when it lies outside the edited span.
	cur := e.sel.cursor
	switch {
	case cur >= hi:
		cur += len(text) - (hi - lo)
	case cur > lo:
		cur = lo + len(text)
	}
	e.edit(stepOther, lo, hi, text, cur)
	return nil
}

// edit is the one way the text changes: replace [start,end) with text, record
// it for undo (merging with the previous step when kind allows), put the
// cursor at cursorAfter and tell the window.
func (e *Editor) edit(kind stepKind, start, end int, text []byte, cursorAfter int) {
	removed := append([]byte(nil), e.buf.doc.Src[start:end]...)
	ins := append([]byte(nil), text...)
	now := e.now()
	c := change{start: start, removed: removed, inserted: ins}
	if e.hist.canMerge(kind, start, end, text, now) {
		s := e.hist.undo[len(e.hist.undo)-1]
		s.changes = append(s.changes, c)
		s.at = now
		e.hist.redo = nil
		e.buf.replace(start, end, ins)
		e.sel.place(cursorAfter)
		s.cursorAfter, s.anchorAfter = e.sel.cursor, e.sel.anchor
	} else {
		s := &step{kind: kind, changes: []change{c}, cursorBefore: e.sel.cursor, anchorBefore: e.sel.anchor, at: now}
		e.buf.replace(start, end, ins)
		e.sel.place(cursorAfter)
		s.cursorAfter, s.anchorAfter = e.sel.cursor, e.sel.anchor
		e.hist.push(s)
	}
	if kind == stepOther {
		e.hist.sealed = true
	}
	e.changed()
}

// changed runs after every text change: repaint and notify the window.
// Where keys are queued (the browser), keys typed while a frame was drawn
// wait in the queue together: the window hears of them once, after the
// last of them, instead of re-running the tester and lint per key.
func (e *Editor) changed() {
	e.bars.find.recount()
	e.Refresh()
	if e.onChanged == nil {
		return
	}
	if !keys.Queued() {
		e.onChanged()
		return
	}
	if e.notifying {
		return
	}
	e.notifying = true
	keys.Run(func() {
		e.notifying = false
		if e.onChanged != nil {
			e.onChanged()
		}
	})
}

// Undo reverses the last step.
func (e *Editor) Undo() {
	h := &e.hist
	if len(h.undo) == 0 {
		return
	}
	s := h.undo[len(h.undo)-1]
	h.undo = h.undo[:len(h.undo)-1]
	for i := len(s.changes) - 1; i >= 0; i-- {
		c := s.changes[i]
		e.buf.replace(c.start, c.start+len(c.inserted), c.removed)
	}
	h.redo = append(h.redo, s)
	h.sealed = true
	e.sel.restore(s.cursorBefore, s.anchorBefore)
	e.changed()
}

// Redo re-applies the last undone step.
func (e *Editor) Redo() {
	h := &e.hist
	if len(h.redo) == 0 {
		return
	}
	s := h.redo[len(h.redo)-1]
	h.redo = h.redo[:len(h.redo)-1]
	for _, c := range s.changes {
		e.buf.replace(c.start, c.start+len(c.removed), c.inserted)
	}
	h.undo = append(h.undo, s)
	h.sealed = true
	e.sel.restore(s.cursorAfter, s.anchorAfter)
	e.changed()
}

// CanUndo and CanRedo let the window enable its menu items.
func (e *Editor) CanUndo() bool { return len(e.hist.undo) > 0 }

// CanRedo reports whether Redo has something to re-apply.
func (e *Editor) CanRedo() bool { return len(e.hist.redo) > 0 }
