package editor

import "time"

// change is one replacement, kept with what it removed so it can be reversed.
type change struct {
	start    int
	removed  []byte
	inserted []byte
}

// stepKind says which edits may merge into one undo step.
type stepKind uint8

const (
	stepOther stepKind = iota
	stepTyping
	stepBackspace
	stepDelete
)

// step is what one Undo reverses: its changes in order, and the selection
// before and after so the cursor comes back to where the user was.
type step struct {
	id                         int
	kind                       stepKind
	changes                    []change
	cursorBefore, anchorBefore int
	cursorAfter, anchorAfter   int
	at                         time.Time
}

// groupPause is the typing pause after which a new undo step starts, so a
// burst of typing undoes in one go but a pause between thoughts does not.
const groupPause = 1500 * time.Millisecond

// history is the undo and redo stacks. Step ids let Modified() compare the
// current state with the saved one even after undo and redo.
type history struct {
	undo, redo []*step
	nextID     int
	sealed     bool // the next edit starts a new step (set by cursor moves)
}

func (h *history) clear() {
	h.undo, h.redo = nil, nil
	h.sealed = true
}

// currentID identifies the text state: the id of the last applied step.
func (h *history) currentID() int {
	if len(h.undo) == 0 {
		return 0
	}
	return h.undo[len(h.undo)-1].id
}

// canMerge reports whether an edit of kind k at offset start continues the
// last step. Typing merges while it continues where it stopped, and breaks
// after a word so Ctrl+Z takes back one word at a time.
func (h *history) canMerge(k stepKind, start, end int, text []byte, now time.Time) bool {
	if h.sealed || k == stepOther || len(h.undo) == 0 {
		return false
	}
	s := h.undo[len(h.undo)-1]
	if s.kind != k || now.Sub(s.at) > groupPause {
		return false
	}
	last := s.changes[len(s.changes)-1]
	switch k {
	case stepTyping:
		if start != end || start != last.start+len(last.inserted) || len(last.inserted) == 0 {
			return false
		}
		prev := last.inserted[len(last.inserted)-1]
		return !(isSpaceByte(prev) && len(text) > 0 && !isSpaceByte(text[0]))
	case stepBackspace:
		return len(text) == 0 && end == last.start
	case stepDelete:
		return len(text) == 0 && start == last.start
	}
	return false
}

func isSpaceByte(c byte) bool { return c == ' ' || c == '\t' }

func (h *history) push(s *step) {
	h.nextID++
	s.id = h.nextID
	h.undo = append(h.undo, s)
	h.redo = nil
	h.sealed = false
}
