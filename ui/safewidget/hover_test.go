package safewidget

import (
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/ui/uitest"
)

// TestMovedSelectLosesItsHoverShade: the layout moves a hovered select
// from under a still pointer (presenter mode on, a zoom): it is drawn as a
// select nobody points at, pixel for pixel, as in a fresh window (Fyne's
// Select kept the hover shade, 37 against 32 in the dark window). The
// pointer's next move over it shades it again.
func TestMovedSelectLosesItsHoverShade(t *testing.T) {
	uitest.NewApp(t)
	s := NewSelect([]string{"google", "temoto"}, nil)
	s.SetSelectedIndex(0)
	w := test.NewTempWindow(t, container.NewWithoutLayout(s))
	w.Resize(fyne.NewSize(400, 300))
	size := fyne.NewSize(240, s.MinSize().Height)
	s.Resize(size)
	s.Move(fyne.NewPos(10, 10))
	// a point inside the select, clear of its text and arrow
	inside := func() fyne.Position {
		return fyne.CurrentApp().Driver().AbsolutePositionForObject(s).AddXY(size.Width*0.65, size.Height/2)
	}
	shade := func() color.Color {
		at := inside()
		return w.Canvas().Capture().At(int(at.X), int(at.Y))
	}
	plain := shade()

	test.MoveMouse(w.Canvas(), inside())
	hovered := shade()
	if hovered == plain {
		t.Fatal("setup: the pointer over the select does not shade it")
	}
	pointer := inside()
	s.Move(fyne.NewPos(10, 120)) // the layout moves it; the pointer stays
	if got := shade(); got != plain {
		t.Errorf("the select moved from under the pointer is drawn %v, a select nobody points at %v (hovered: %v)", got, plain, hovered)
	}
	if pointer == inside() {
		t.Fatal("setup: the select did not move from under the pointer")
	}
	test.MoveMouse(w.Canvas(), inside()) // the pointer follows it
	if got := shade(); got != hovered {
		t.Errorf("the pointer moved over the select again: drawn %v, hovered is %v", got, hovered)
	}
	test.MoveMouse(w.Canvas(), fyne.NewPos(390, 290))
	if got := shade(); got != plain {
		t.Errorf("the pointer left the select: drawn %v, want %v", got, plain)
	}
}
