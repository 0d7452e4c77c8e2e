// Package safewidget holds Fyne widgets with the guards this app needs.
package safewidget

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// Select is a widget.Select that ignores a tap or key when it is not on a
// canvas. Fyne's Select opens its pop-up on CanvasForObject(itself), which is
// nil once the window has replaced the widget (switching the language
// rebuilds the tester pane; a click that began on the old drop-down ends on
// a detached one), and a pop-up on a nil canvas is a nil-pointer panic.
type Select struct {
	widget.Select
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
