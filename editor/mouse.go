package editor

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
)

// mouse is the pointer's selection gestures: press, multi-click (word,
// line), drag and tap. The Editor's Fyne methods (input.go) hand their
// events to it. It reads the text and the view and moves the selection.
type mouse struct {
	buf          *buffer
	sel          *selection
	vp           *viewport
	host         *host
	pressed      bool
	pressMode    int // 1 char, 2 word, 3 line
	pressAnchorA int
	pressAnchorB int
	dragPos      fyne.Position
	lastDown     time.Time
	lastDownPos  fyne.Position
	clicks       int
	downHandled  bool
	strayUp      bool // a release came without a press here (see up)
}

// clickTime is the longest pause between clicks of a double or triple click.
const clickTime = 400 * time.Millisecond

// down places the cursor (1 click), selects a word (2) or a line (3);
// Shift+click extends the selection. Doing it on press, not on tap, lets a
// drag start from the right place.
func (m *mouse) down(ev *desktop.MouseEvent) {
	if ev.Button != desktop.MouseButtonPrimary {
		return
	}
	m.host.focus()
	now := m.host.now()
	d := ev.Position.Subtract(m.lastDownPos)
	if now.Sub(m.lastDown) < clickTime && d.X*d.X+d.Y*d.Y < 25 {
		m.clicks = m.clicks%3 + 1
	} else {
		m.clicks = 1
	}
	m.lastDown, m.lastDownPos = now, ev.Position
	m.downHandled, m.strayUp = true, false
	if ev.Position.X < m.vp.view().gutterW && m.clicks == 1 {
		m.clicks = 3 // a click on a line number selects the line
	}
	m.press(ev.Position, m.clicks, ev.Modifier&fyne.KeyModifierShift != 0)
}

// press starts a selection gesture of the given granularity at p.
func (m *mouse) press(p fyne.Position, mode int, extend bool) {
	m.pressed, m.pressMode, m.dragPos = true, mode, p
	off := m.vp.offsetAt(p)
	switch mode {
	case 2:
		m.pressAnchorA, m.pressAnchorB = m.buf.wordAt(off)
	case 3:
		m.pressAnchorA, m.pressAnchorB = m.buf.lineRange(m.buf.doc.LineAt(off) - 1)
	default:
		m.sel.move(off, extend)
		return
	}
	m.sel.anchor = m.pressAnchorA
	m.sel.move(m.pressAnchorB, true)
}

// up ends a press. A release without a press here is the end of a
// click that began elsewhere — on a menu drawn over the editor, whose item
// the release chose: the tap that follows it must not move the cursor.
func (m *mouse) up(*desktop.MouseEvent) {
	m.strayUp = !m.pressed && !m.downHandled
	m.pressed = false
}

// dragged extends the selection by the press's granularity. The position
// is tracked from the press plus the deltas, which is right for both the
// desktop driver and the test driver's Drag.
func (m *mouse) dragged(ev *fyne.DragEvent) {
	if !m.pressed {
		m.host.focus()
		m.press(ev.Position, 1, false)
	}
	m.dragPos = m.dragPos.Add(ev.Dragged)
	off := m.vp.offsetAt(m.dragPos)
	switch m.pressMode {
	case 2:
		s, t := m.buf.wordAt(off)
		m.extendUnit(off, s, t)
	case 3:
		s, t := m.buf.lineRange(m.buf.doc.LineAt(off) - 1)
		m.extendUnit(off, s, t)
	default:
		m.sel.move(off, true)
	}
}

// extendUnit extends a word or line selection to the unit [s,t) around off,
// keeping the unit first pressed selected.
func (m *mouse) extendUnit(off, s, t int) {
	if off < m.pressAnchorA {
		m.sel.anchor = m.pressAnchorB
		m.sel.move(s, true)
	} else {
		m.sel.anchor = m.pressAnchorA
		m.sel.move(max(t, m.pressAnchorB), true)
	}
}

// dragEnd ends a drag.
func (m *mouse) dragEnd() { m.pressed = false }

// tapped follows a tap without a preceding MouseDown (touch, or the test
// driver): it focuses the editor and places the cursor.
func (m *mouse) tapped(ev *fyne.PointEvent) {
	if m.strayUp {
		m.strayUp = false
		return
	}
	// After a press the editor has the keyboard already. The driver sends
	// the tap only when no second click came (300 ms later), and a key
	// pressed meanwhile (Ctrl+Shift+P to a path row, a paste there) may
	// have moved the keyboard on: the late tap must not take it back.
	if !m.downHandled {
		m.host.focus()
		m.sel.move(m.vp.offsetAt(ev.Position), false)
	}
	m.downHandled = false
	m.pressed = false
}

// doubleTapped selects the word under the pointer.
func (m *mouse) doubleTapped(ev *fyne.PointEvent) {
	m.host.focus()
	s, t := m.buf.wordAt(m.vp.offsetAt(ev.Position))
	m.sel.anchor = s
	m.sel.move(t, true)
	m.downHandled = false
	m.pressed = false
}
