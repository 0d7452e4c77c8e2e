// Package safewidget holds Fyne widgets with the guards this app needs.
package safewidget

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"
)

// Select is a widget.Select that ignores a tap or key when it is not on a
// canvas. Fyne's Select opens its pop-up on CanvasForObject(itself), which is
// nil once the window has replaced the widget (switching the language
// rebuilds the tester pane; a click that began on the old drop-down ends on
// a detached one), and a pop-up on a nil canvas is a nil-pointer panic.
//
// It also drops its hover shade when the layout moves it from under a
// still pointer (see Move).
type Select struct {
	widget.Select
	// hover: the pointer came over the select and has not left it, nor
	// has the select moved since
	hover bool
}

// NewSelect is widget.NewSelect with the guard.
func NewSelect(options []string, changed func(string)) *Select {
	s := &Select{Select: widget.Select{Options: options, OnChanged: changed}}
	s.ExtendBaseWidget(s)
	return s
}

// canvasFor finds the canvas an object is drawn on (nil when none).
var canvasFor = func(o fyne.CanvasObject) fyne.Canvas {
	a := fyne.CurrentApp()
	if a == nil || a.Driver() == nil {
		return nil
	}
	return a.Driver().CanvasForObject(o)
}

// onCanvas reports whether a pop-up can be placed for s.
func (s *Select) onCanvas() bool { return canvasFor(s) != nil }

// Tapped opens the pop-up, when there is a canvas to open it on.
func (s *Select) Tapped(e *fyne.PointEvent) {
	if s.onCanvas() {
		s.Select.Tapped(e)
	}
}

// TypedKey handles keys (Space and arrows open the pop-up) on a canvas only.
func (s *Select) TypedKey(e *fyne.KeyEvent) {
	if s.onCanvas() {
		s.Select.TypedKey(e)
	}
}

// A window tells a widget of the pointer only when the pointer moves. When
// the layout moves the select from under a still pointer (presenter mode
// on or off, a zoom, the pane's dividers), Fyne's Select kept its hover
// shade where the pointer no longer was: the Reading selector looked a
// shade off (37 against 32 in dark, 240 against 243 in light) next to a
// fresh window's. A select that moves or changes size is no longer
// hovered; the pointer's next move over it hovers it again (the window
// reports that as a move within, not an entry: see MouseMoved).

// MouseIn shades the select under the pointer.
func (s *Select) MouseIn(e *desktop.MouseEvent) {
	s.hover = true
	s.Select.MouseIn(e)
}

// MouseMoved shades the select again when the pointer moves over it after
// the select itself moved.
func (s *Select) MouseMoved(e *desktop.MouseEvent) {
	if !s.hover {
		s.MouseIn(e)
		return
	}
	s.Select.MouseMoved(e)
}

// MouseOut takes the shade away.
func (s *Select) MouseOut() {
	s.hover = false
	s.Select.MouseOut()
}

// Move places the select; a new place leaves the pointer behind.
func (s *Select) Move(pos fyne.Position) {
	if pos != s.Position() {
		s.unhover()
	}
	s.Select.Move(pos)
}

// Resize sizes the select; a new size may leave the pointer outside.
func (s *Select) Resize(size fyne.Size) {
	if size != s.Size() {
		s.unhover()
	}
	s.Select.Resize(size)
}

func (s *Select) unhover() {
	if s.hover {
		s.MouseOut()
	}
}
