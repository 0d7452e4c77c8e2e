package ui

import (
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/robots-studio/robots-studio/ui/look"
)

// bannerFill is the colour the fetch banner is painted in.
func bannerFill(s *studio) color.Color {
	var fill color.Color
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *canvas.Rectangle:
			if fill == nil {
				fill = x.FillColor
			}
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		}
	}
	for _, o := range s.live.banner.Objects {
		walk(o)
	}
	return fill
}

// TestThemeSwitchRedrawsWhatIsPaintedByHand: after View ▸ Theme the fetch
// banner is painted in the new theme (dark → light left a black box with
// unreadable text), and the Problems rows are drawn again in it (light →
// dark left rows 2–3 near-invisible).
func TestThemeSwitchRedrawsWhatIsPaintedByHand(t *testing.T) {
	english(t)
	srv := site(t, 200)
	s := newTestStudio(t)
	s.openSample()
	openSite(t, s, srv.URL+"/some/page")
	for _, name := range []string{"dark", "light", "dark"} {
		s.app.Settings().SetTheme(look.New(name))
		s.tell(themed)
		want := theme.Color(theme.ColorNameInputBackground)
		if got := bannerFill(s); got != want {
			t.Errorf("%s: the banner is painted %v, the theme's input background is %v", name, got, want)
		}
		fg := theme.Color(theme.ColorNameForeground)
		rows := 0
		walkAll(s.lint.list, func(o fyne.CanvasObject) {
			if l, ok := o.(*hoverLabel); ok && l.Text != "" {
				rows++
				if l.drawnIn != fg {
					t.Errorf("%s: Problems row %q was drawn in another theme", name, l.Text)
				}
			}
		})
		if rows == 0 {
			t.Fatalf("%s: no Problems row drawn", name)
		}
	}
}

// walkAll visits every object under o, through widget renderers.
func walkAll(o fyne.CanvasObject, visit func(fyne.CanvasObject)) {
	visit(o)
	switch w := o.(type) {
	case *fyne.Container:
		for _, c := range w.Objects {
			walkAll(c, visit)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(w).Objects() {
			walkAll(c, visit)
		}
	}
}
