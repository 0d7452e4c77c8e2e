package safewidget

import (
	"image"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/ui/uitest"
)

// TestTextButtonDrawsAsFynesButton: a TextButton draws, pixel for pixel,
// what a low-importance widget.Button with the same leading icon and text
// draws, where the text fits.
func TestTextButtonDrawsAsFynesButton(t *testing.T) {
	uitest.NewApp(t)
	for _, text := range []string{"Problems — errors: 0, warnings: 3, notes: 40", "Проблемы — ошибки: 1, предупреждения: 12"} {
		fynes := widget.NewButtonWithIcon(text, theme.MenuDropDownIcon(), nil)
		fynes.Alignment = widget.ButtonAlignLeading
		fynes.Importance = widget.LowImportance
		own := NewTextButton(text, theme.MenuDropDownIcon(), nil)
		size := fyne.NewSize(fynes.MinSize().Width+60, fynes.MinSize().Height)
		shot := func(o fyne.CanvasObject) image.Image {
			w := test.NewTempWindow(t, o)
			w.SetPadded(false)
			w.Resize(size)
			return w.Canvas().Capture()
		}
		a, b := shot(fynes), shot(own)
		if a.Bounds() != b.Bounds() {
			t.Fatalf("%q: %v and %v", text, a.Bounds(), b.Bounds())
		}
		differ := 0
		for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
			for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
				if a.At(x, y) != b.At(x, y) {
					differ++
				}
			}
		}
		if differ > 0 {
			t.Errorf("%q: %d pixels differ from Fyne's button", text, differ)
		}
	}
}

// TestTextButtonKeepsItsWidth: the button's least size is the same
// whatever its text says (the window lays nothing out again when the
// Problems header's counts change), and its text is cut with "…" where the
// button is narrower than it.
func TestTextButtonKeepsItsWidth(t *testing.T) {
	uitest.NewApp(t)
	b := NewTextButton("Problems — errors: 0, warnings: 3, notes: 4", theme.MenuDropDownIcon(), nil)
	test.NewTempWindow(t, b)
	least := b.MinSize()
	b.SetText("Problems — errors: 10, warnings: 300, notes: 4000")
	if b.MinSize() != least {
		t.Errorf("least size %v with a longer text, was %v", b.MinSize(), least)
	}
	b.Resize(fyne.NewSize(200, least.Height))
	if got := uitest.Drawn(b); got == b.Text() || len(got) == 0 || got[len(got)-len("…"):] != "…" {
		t.Errorf("200 px wide: draws %q", got)
	}
}

// TestTextButtonTaps: a tap anywhere on it, and the keyboard on its
// button, call the function.
func TestTextButtonTaps(t *testing.T) {
	uitest.NewApp(t)
	n := 0
	b := NewTextButton("Problems", theme.MenuDropDownIcon(), func() { n++ })
	w := test.NewTempWindow(t, b)
	w.Resize(fyne.NewSize(300, 50))
	test.TapCanvas(w.Canvas(), fyne.NewPos(200, 20)) // on the text
	w.Canvas().Focus(b.Button)
	b.Button.TypedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
	if n != 2 {
		t.Errorf("%d taps reached the function, want 2", n)
	}
}
