package editor

import (
	"fmt"
	"sort"

	"fyne.io/fyne/v2"

	"github.com/robots-studio/robots-studio/editor/keys"
)

// edits changes the text: every change goes through edit, which records
// it for undo, places the cursor and tells the window. Undo, redo, the
// saved state and the typing commands (insert, delete, new line, paste)
// live here; the history itself is undo.go's.
type edits struct {
	buf  *buffer
	sel  *selection
	host *host
	// recount has the find bar count its matches in the new text.
	recount func()
	// notify tells the window the text changed (the Editor's OnChanged).
	notify func()

	notifying bool // a coalesced OnChanged is queued (changed)
	savedID   int
	hist      history
}

// edit is the one way the text changes: replace [start,end) with text, record
// it for undo (merging with the previous step when kind allows), put the
// cursor at cursorAfter and tell the window.
func (ed *edits) edit(kind stepKind, start, end int, text []byte, cursorAfter int) {
	removed := append([]byte(nil), ed.buf.doc.Src[start:end]...)
	ins := append([]byte(nil), text...)
	now := ed.host.now()
	c := change{start: start, removed: removed, inserted: ins}
	if ed.hist.canMerge(kind, start, end, text, now) {
		s := ed.hist.undo[len(ed.hist.undo)-1]
		s.changes = append(s.changes, c)
		s.at = now
		ed.hist.redo = nil
		ed.buf.replace(start, end, ins)
		ed.sel.place(cursorAfter)
		s.cursorAfter, s.anchorAfter = ed.sel.cursor, ed.sel.anchor
	} else {
		s := &step{kind: kind, changes: []change{c}, cursorBefore: ed.sel.cursor, anchorBefore: ed.sel.anchor, at: now}
		ed.buf.replace(start, end, ins)
		ed.sel.place(cursorAfter)
		s.cursorAfter, s.anchorAfter = ed.sel.cursor, ed.sel.anchor
		ed.hist.push(s)
	}
	if kind == stepOther {
		ed.hist.sealed = true
	}
	ed.changed()
}

// changed runs after every text change: recount the find bar's matches,
// repaint and notify the window. Where keys are queued (the browser), the
// window hears of the keys handled since the last frame once, right before
// the next frame is painted (keys.BeforeFrame), instead of re-running the
// tester per key, and that frame shows all they changed.
func (ed *edits) changed() {
	ed.recount()
	ed.host.refresh()
	if !keys.Queued() {
		ed.notify()
		return
	}
	if ed.notifying {
		return
	}
	ed.notifying = true
	keys.BeforeFrame(func() {
		ed.notifying = false
		ed.notify()
	})
}

// undo reverses the last step.
func (ed *edits) undo() {
	h := &ed.hist
	if len(h.undo) == 0 {
		return
	}
	s := h.undo[len(h.undo)-1]
	h.undo = h.undo[:len(h.undo)-1]
	for i := len(s.changes) - 1; i >= 0; i-- {
		c := s.changes[i]
		ed.buf.replace(c.start, c.start+len(c.inserted), c.removed)
	}
	h.redo = append(h.redo, s)
	h.sealed = true
	ed.sel.restore(s.cursorBefore, s.anchorBefore)
	ed.changed()
}

// redo re-applies the last undone step.
func (ed *edits) redo() {
	h := &ed.hist
	if len(h.redo) == 0 {
		return
	}
	s := h.redo[len(h.redo)-1]
	h.redo = h.redo[:len(h.redo)-1]
	for _, c := range s.changes {
		ed.buf.replace(c.start, c.start+len(c.removed), c.inserted)
	}
	h.undo = append(h.undo, s)
	h.sealed = true
	ed.sel.restore(s.cursorAfter, s.anchorAfter)
	ed.changed()
}

// modified reports whether the text differs from the last SetText or
// setModified(false); undoing back to that state clears it again.
func (ed *edits) modified() bool {
	return ed.hist.currentID() != ed.savedID
}

// setModified marks the text as saved (false) or as unsaved (true).
func (ed *edits) setModified(m bool) {
	if m {
		ed.savedID = -1
	} else {
		ed.savedID = ed.hist.currentID()
	}
}

// canRedo reports whether redo has something to re-apply.
func (ed *edits) canRedo() bool {
	return len(ed.hist.redo) > 0
}

// insert replaces the selection with text as a step of the given kind.
func (ed *edits) insert(text []byte, kind stepKind) {
	s, t := ed.sel.bounds()
	ed.edit(kind, s, t, text, s+len(text))
}

// deleteBackward removes the selection, or the character (word with ctrl)
// before the cursor.
func (ed *edits) deleteBackward(word bool) {
	if ed.sel.hasSelection() {
		ed.insert(nil, stepOther)
		return
	}
	s := ed.buf.charLeft(ed.sel.cursor)
	if word {
		s = ed.buf.wordLeft(ed.sel.cursor)
	}
	if s == ed.sel.cursor {
		return
	}
	ed.edit(stepBackspace, s, ed.sel.cursor, nil, s)
}

func (ed *edits) deleteForward(word bool) {
	if ed.sel.hasSelection() {
		ed.insert(nil, stepOther)
		return
	}
	t := ed.buf.charRight(ed.sel.cursor)
	if word {
		t = ed.buf.wordRight(ed.sel.cursor)
	}
	if t == ed.sel.cursor {
		return
	}
	ed.edit(stepDelete, ed.sel.cursor, t, nil, ed.sel.cursor)
}

// newline inserts the document's dominant terminator (a CRLF file stays CRLF)
// and repeats the current line's indentation.
func (ed *edits) newline() {
	d := ed.buf.doc
	l := ed.buf.line(d.LineAt(ed.sel.cursor) - 1)
	s, _ := ed.sel.bounds()
	ind := int(l.Start)
	for ind < s && ind < int(l.End) && isSpaceByte(d.Src[ind]) {
		ind++
	}
	text := append(append([]byte(nil), d.DominantEOL().Bytes()...), d.Src[l.Start:ind]...)
	ed.hist.sealed = true
	ed.insert(text, stepOther)
}

func (ed *edits) pasteText(text string) {
	if text == "" {
		return
	}
	ed.hist.sealed = true
	ed.insert(normalizeEOL([]byte(text), ed.buf.doc.DominantEOL().Bytes()), stepOther)
}

// apply applies edits (offsets all refer to the current text) as one
// undo step. The text is unchanged when an error is returned.
func (ed *edits) apply(edits []Edit) error {
	if len(edits) == 0 {
		return nil
	}
	sorted := append([]Edit(nil), edits...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Start < sorted[j].Start })
	src := ed.buf.doc.Src
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
	cur := ed.sel.cursor
	switch {
	case cur >= hi:
		cur += len(text) - (hi - lo)
	case cur > lo:
		cur = lo + len(text)
	}
	ed.edit(stepOther, lo, hi, text, cur)
	return nil
}

func clipboard(c fyne.Clipboard) fyne.Clipboard {
	if c != nil {
		return c
	}
	return fyne.CurrentApp().Clipboard()
}

func (ed *edits) copyTo(c fyne.Clipboard) {
	if ed.sel.hasSelection() {
		clipboard(c).SetContent(string(ed.sel.text()))
	}
}

func (ed *edits) cutTo(c fyne.Clipboard) {
	if ed.sel.hasSelection() {
		ed.copyTo(c)
		ed.insert(nil, stepOther)
	}
}

func (ed *edits) pasteFrom(c fyne.Clipboard) {
	ed.pasteText(clipboard(c).Content())
}
