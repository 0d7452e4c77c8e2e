package keys

import (
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// windowKeys are the windows' own key handlers as given to SetWindowKey,
// unwrapped, by canvas: PassOnNow calls them directly.
var windowKeys sync.Map

// SetWindowKey makes f the window's own key handler (c.SetOnTypedKey),
// run through Run as Key does.
func SetWindowKey(c fyne.Canvas, f func(*fyne.KeyEvent)) {
	windowKeys.Store(c, f)
	c.SetOnTypedKey(Key(f))
}

// ForgetWindowKey drops the handler SetWindowKey kept for c, when its
// window closes: the handler holds the window's whole state, which would
// otherwise outlive every window the user closed.
func ForgetWindowKey(c fyne.Canvas) { windowKeys.Delete(c) }

// PassOnNow is PassOn for work already on the UI goroutine (a widget's key
// handling, run through Run): the window's handler runs at once, not
// queued a second time behind keys typed since. In the browser, F10 typed
// in the editor opened the menu bar only after the Down and Enter typed
// right after it, which the editor had taken as its own.
func PassOnNow(o fyne.CanvasObject, ev *fyne.KeyEvent) {
	a := fyne.CurrentApp()
	if a == nil || a.Driver() == nil {
		return
	}
	if c := a.Driver().CanvasForObject(o); c != nil {
		if f, ok := windowKeys.Load(c); ok {
			f.(func(*fyne.KeyEvent))(ev)
			return
		}
	}
	PassOn(o, ev)
}

// MovedOn is the widget that has the keyboard now, when another than w:
// in the browser a key reaches the widget with the keyboard on a goroutine
// of its own and its work waits in Run's queue, and a key before it may
// have moved the keyboard on meanwhile (F10 to the menu bar, a shortcut
// that opened a dialog). The key then goes where the keyboard went, as it
// would have, typed a moment later. Nil where keys are not queued (the
// desktop gives a key only to the widget with the keyboard).
func MovedOn(w interface {
	fyne.Focusable
	fyne.CanvasObject
}) fyne.Focusable {
	a := fyne.CurrentApp()
	if !Queued() || a == nil || a.Driver() == nil {
		return nil
	}
	c := a.Driver().CanvasForObject(w)
	if c == nil {
		return nil
	}
	if f := c.Focused(); f != nil && f != fyne.Focusable(w) {
		return f
	}
	return nil
}

// PassOn hands a key a focused widget has no use for (a function key, Esc
// with nothing to close) to the window's own key handler, which Fyne calls
// only when no widget has the focus: so F11 and Esc work for the window
// while a text field or the editor has the keyboard.
func PassOn(o fyne.CanvasObject, ev *fyne.KeyEvent) {
	a := fyne.CurrentApp()
	if a == nil || a.Driver() == nil {
		return
	}
	if c := a.Driver().CanvasForObject(o); c != nil {
		if f := c.OnTypedKey(); f != nil {
			f(ev)
		}
	}
}

// WindowKey reports whether a widget leaves key to the window: Esc and
// the function keys, which an entry or a table does nothing with.
func WindowKey(k fyne.KeyName) bool {
	switch k {
	case fyne.KeyEscape, fyne.KeyF1, fyne.KeyF2, fyne.KeyF3, fyne.KeyF4, fyne.KeyF5, fyne.KeyF6,
		fyne.KeyF7, fyne.KeyF8, fyne.KeyF9, fyne.KeyF10, fyne.KeyF11, fyne.KeyF12:
		return true
	}
	return false
}

// Check is a widget.Check that hands Esc and the function keys to the
// window: after a tick the box keeps the keyboard focus, and F11 then did
// nothing (presenter mode could not be entered after ticking Compare).
type Check struct {
	widget.Check
}

// NewCheck is widget.NewCheck with the keys handed on.
func NewCheck(label string, changed func(bool)) *Check {
	c := &Check{}
	c.Text, c.OnChanged = label, changed
	c.ExtendBaseWidget(c)
	return c
}

// TypedKey gives the window the keys a check box does nothing with
// (Enter too: in a dialog, it takes the dialog's default button).
func (c *Check) TypedKey(k *fyne.KeyEvent) {
	if WindowKey(k.Name) || k.Name == fyne.KeyReturn || k.Name == fyne.KeyEnter {
		PassOn(c, k)
		return
	}
	c.Check.TypedKey(k)
}

// PassOnShortcut hands a shortcut a focused widget does not handle to the
// window's own shortcuts (Canvas.AddShortcut), which Fyne tries only when
// the focused widget takes no shortcuts at all: so Alt and a menu's letter
// opens the menu while the editor or a field has the keyboard.
func PassOnShortcut(o fyne.CanvasObject, s fyne.Shortcut) {
	a := fyne.CurrentApp()
	if a == nil || a.Driver() == nil {
		return
	}
	if c, ok := a.Driver().CanvasForObject(o).(interface{ TypedShortcut(fyne.Shortcut) }); ok {
		c.TypedShortcut(s)
	}
}

// MenuShortcut reports whether a shortcut is one a text widget leaves to
// the window: Alt with a letter (and no Ctrl), the key of a menu.
func MenuShortcut(s fyne.Shortcut) bool {
	c, ok := s.(interface {
		Key() fyne.KeyName
		Mod() fyne.KeyModifier
	})
	return ok && c.Mod()&fyne.KeyModifierAlt != 0 && c.Mod()&(fyne.KeyModifierControl|fyne.KeyModifierSuper) == 0
}

// Select is a widget.Select that hands Esc, Enter and the function keys
// to the window: in a dialog Esc on a focused selector did nothing.
type Select struct {
	widget.Select
}

// NewSelect is widget.NewSelect with the keys handed on.
func NewSelect(options []string, changed func(string)) *Select {
	s := &Select{}
	s.Options, s.OnChanged = options, changed
	s.ExtendBaseWidget(s)
	return s
}

// TypedKey gives the window the keys a selector does nothing with.
func (s *Select) TypedKey(k *fyne.KeyEvent) {
	if WindowKey(k.Name) || k.Name == fyne.KeyReturn || k.Name == fyne.KeyEnter {
		PassOn(s, k)
		return
	}
	s.Select.TypedKey(k)
}

// List is a widget.List that hands Esc and the function keys to the
// window (a list answers Space and the arrows only). With EnterSelects,
// Enter opens the highlighted row as Space does (a keyboard user presses
// Enter to go to a finding); without it Enter goes to the window (in a
// dialog, its default button).
type List struct {
	widget.List
	EnterSelects bool
	ring         Ring // round the list while it has the keyboard
}

// NewList is widget.NewList with the keys handed on.
func NewList(length func() int, create func() fyne.CanvasObject, update func(widget.ListItemID, fyne.CanvasObject)) *List {
	l := &List{}
	l.Length, l.CreateItem, l.UpdateItem = length, create, update
	l.ExtendBaseWidget(l)
	return l
}

// CreateRenderer draws the list with its ring.
func (l *List) CreateRenderer() fyne.WidgetRenderer { return l.ring.Wrap(l.List.CreateRenderer()) }

// FocusGained marks the focused row, as widget.List does, and shows the ring.
func (l *List) FocusGained() {
	Run(func() {
		l.List.FocusGained()
		l.ring.Set(l, true)
	})
}

// FocusLost takes the mark and the ring away.
func (l *List) FocusLost() {
	Run(func() {
		l.List.FocusLost()
		l.ring.Set(l, false)
	})
}

// Ringed reports whether the list shows it has the keyboard.
func (l *List) Ringed() bool { return l.ring.On() }

// TypedKey gives the window the keys a list does nothing with.
func (l *List) TypedKey(k *fyne.KeyEvent) {
	enter := k.Name == fyne.KeyReturn || k.Name == fyne.KeyEnter
	switch {
	case enter && l.EnterSelects:
		k = &fyne.KeyEvent{Name: fyne.KeySpace, Physical: k.Physical}
	case WindowKey(k.Name) || enter:
		PassOn(l, k)
		return
	}
	l.List.TypedKey(k)
}

// Table is a widget.Table that hands Esc, Enter and the function keys to
// the window, and shows a Ring while it has the keyboard.
type Table struct {
	widget.Table
	ring Ring
}

// NewTable is widget.NewTable with the keys handed on and the ring.
func NewTable(length func() (rows, cols int), create func() fyne.CanvasObject, update func(widget.TableCellID, fyne.CanvasObject)) *Table {
	t := &Table{}
	t.Length, t.CreateCell, t.UpdateCell = length, create, update
	t.ExtendBaseWidget(t)
	return t
}

// NewTableWithHeaders is widget.NewTableWithHeaders as a Table.
func NewTableWithHeaders(length func() (rows, cols int), create func() fyne.CanvasObject, update func(widget.TableCellID, fyne.CanvasObject)) *Table {
	t := NewTable(length, create, update)
	t.ShowHeaderRow, t.ShowHeaderColumn = true, true
	return t
}

// CreateRenderer draws the table with its ring.
func (t *Table) CreateRenderer() fyne.WidgetRenderer { return t.ring.Wrap(t.Table.CreateRenderer()) }

// FocusGained marks the focused cell, as widget.Table does, and shows the ring.
func (t *Table) FocusGained() {
	Run(func() {
		t.Table.FocusGained()
		t.ring.Set(t, true)
	})
}

// FocusLost takes the mark and the ring away.
func (t *Table) FocusLost() {
	Run(func() {
		t.Table.FocusLost()
		t.ring.Set(t, false)
	})
}

// Ringed reports whether the table shows it has the keyboard.
func (t *Table) Ringed() bool { return t.ring.On() }

// TypedKey gives the window the keys a table does nothing with.
func (t *Table) TypedKey(k *fyne.KeyEvent) {
	if WindowKey(k.Name) || k.Name == fyne.KeyReturn || k.Name == fyne.KeyEnter {
		PassOn(t, k)
		return
	}
	t.Table.TypedKey(k)
}
