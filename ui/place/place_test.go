package place

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// In adds up the positions of the containers between c and o, and finds
// nothing through a widget (its parts are its renderer's, not children).
func TestIn(t *testing.T) {
	target := canvas.NewRectangle(nil)
	inner := container.NewWithoutLayout(target)
	outer := container.NewWithoutLayout(canvas.NewRectangle(nil), inner)
	inner.Move(fyne.NewPos(10, 20))
	target.Move(fyne.NewPos(3, 4))
	for _, c := range []struct {
		rule string
		c, o fyne.CanvasObject
		at   fyne.Position
		ok   bool
	}{
		{"an object is at 0,0 in itself", target, target, fyne.Position{}, true},
		{"the positions down to the object are added", outer, target, fyne.NewPos(13, 24), true},
		{"a child is at its own position", outer, inner, fyne.NewPos(10, 20), true},
		{"an object not inside is not found", inner, outer, fyne.Position{}, false},
		{"a widget's parts are not followed", widget.NewCard("", "", target), target, fyne.Position{}, false},
	} {
		if at, ok := In(c.c, c.o); at != c.at || ok != c.ok {
			t.Errorf("%s: In = %v, %v; want %v, %v", c.rule, at, ok, c.at, c.ok)
		}
	}
}
