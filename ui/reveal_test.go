package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// TestTabScrollsTheControlIntoView: Tab to a control below the fold of a
// scrolled tab left it out of sight (the AI access tab's server rules
// field at 1024×768). Every key that moves the keyboard goes through the
// window's filter, which scrolls each scroll holding the control — here
// one inside another, the fields inside a widget of Fyne's own — until it
// is in view, and back up on Shift+Tab.
func TestTabScrollsTheControlIntoView(t *testing.T) {
	test.NewTempApp(t)
	var fields []*widget.Entry
	column := container.NewVBox()
	for range 30 {
		e := widget.NewEntry()
		fields = append(fields, e)
		column.Add(e)
	}
	// A card: a widget that does not say what it holds.
	inner := container.NewVScroll(container.NewVBox(widget.NewLabel("inner"), widget.NewCard("", "", column)))
	inner.SetMinSize(fyne.NewSize(200, 600))
	outer := container.NewVScroll(container.NewVBox(widget.NewLabel("top"), inner))
	w := test.NewTempWindow(t, outer)
	w.Resize(fyne.NewSize(300, 300))
	c := w.Canvas()
	drv := fyne.CurrentApp().Driver()
	inView := func(e *widget.Entry) bool {
		at := drv.AbsolutePositionForObject(e)
		return at.Y >= 0 && at.Y+e.Size().Height <= c.Size().Height &&
			at.Y >= drv.AbsolutePositionForObject(inner).Y &&
			at.Y+e.Size().Height <= drv.AbsolutePositionForObject(inner).Y+inner.Size().Height
	}
	for i := range fields {
		press(c, fyne.KeyTab, 0)
		if c.Focused() != fyne.Focusable(fields[i]) {
			t.Fatalf("Tab × %d reached %T, want field %d", i+1, c.Focused(), i)
		}
		if !inView(fields[i]) {
			t.Fatalf("Tab × %d: field %d is out of view (inner offset %v, outer %v)", i+1, i, inner.Offset, outer.Offset)
		}
	}
	c.Focus(fields[len(fields)-1])
	for i := len(fields) - 2; i >= 0; i-- {
		windowKey(w, fyne.KeyTab, fyne.KeyModifierShift, func() { c.FocusPrevious() })
		if !inView(fields[i]) {
			t.Fatalf("Shift+Tab to field %d: out of view (inner offset %v)", i, inner.Offset)
		}
	}
}

// TestIntoMovesTheLeast: a span already in view keeps the offset; one
// below or above it is brought to the nearer edge, with padding, never
// past the content's ends.
func TestIntoMovesTheLeast(t *testing.T) {
	for _, c := range []struct {
		rule                          string
		offset, at, size, view, whole float32
		want                          float32
	}{
		{"in view: no move", 100, 150, 30, 200, 1000, 100},
		{"below: its bottom at the view's bottom, plus padding", 0, 400, 30, 200, 1000, 234},
		{"above: its top at the view's top, less padding", 500, 300, 30, 200, 1000, 296},
		{"near the top: not past the start", 500, 2, 30, 200, 1000, 0},
		{"near the end: not past the end", 0, 980, 20, 200, 1000, 800},
		{"taller than the view: its top", 0, 400, 300, 200, 1000, 396},
	} {
		if got := into(c.offset, c.at, c.size, c.view, c.whole, 4); got != c.want {
			t.Errorf("%s: %v, want %v", c.rule, got, c.want)
		}
	}
}

// A control added and focused before any frame drew it (the last of 500
// pasted path rows) has no canvas yet: the driver puts it at 0,0, and the
// view went to the top instead of to the control. Its place is found from
// the containers it lies in.
func TestRevealFindsAControlNeverDrawn(t *testing.T) {
	test.NewTempApp(t)
	rows := container.NewVBox()
	for range 5 {
		rows.Add(widget.NewEntry())
	}
	view := container.NewVScroll(container.NewVBox(widget.NewLabel("Paths"), rows))
	w := test.NewTempWindow(t, view)
	w.Resize(fyne.NewSize(300, 200))
	// 40 rows more, laid out but never drawn, the way a paste adds them.
	var last *widget.Entry
	for range 40 {
		last = widget.NewEntry()
		rows.Objects = append(rows.Objects, last)
	}
	rows.Layout.Layout(rows.Objects, rows.MinSize())
	view.Content.Resize(view.Content.MinSize())
	// The desktop driver: an object never drawn is at 0,0.
	drawn := screenPos
	t.Cleanup(func() { screenPos = drawn })
	screenPos = func(o fyne.CanvasObject) fyne.Position {
		if o == last {
			return fyne.Position{}
		}
		return drawn(o)
	}
	reveal(w.Canvas(), last)
	at := rows.Position().Y + last.Position().Y
	if view.Offset.Y+view.Size().Height < at+last.Size().Height || view.Offset.Y > at {
		t.Errorf("the row at %v (height %v) is out of the view at offset %v (height %v)", at, last.Size().Height, view.Offset.Y, view.Size().Height)
	}
}
