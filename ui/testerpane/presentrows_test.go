package testerpane

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/ui/i18n/i18ntest"
	"github.com/robots-studio/robots-studio/ui/look"
	"github.com/robots-studio/robots-studio/ui/textfit"
)

// TestPresentingWithoutResultsKeepsRowsInView: in presenter mode (140 %
// zoom) on a 1024×768 projector, with no results yet, the crawler and path
// rows the class is to type in are whole in view, in en, ru and pl (their
// headings were cut in half under the Add buttons: the rows kept a quarter
// of the pane, the empty results the rest), nothing is cut, and the rows'
// hints are whole in their fields ("робот, например Google…", Polish
// "/ścieżka lub https://host/ście…").
func TestPresentingWithoutResultsKeepsRowsInView(t *testing.T) {
	for _, locale := range []string{"en", "ru", "pl"} {
		t.Run(locale, func(t *testing.T) {
			i18ntest.Speak(t, locale)
			test.NewTempApp(t)
			th := look.New("dark")
			th.Zoom = 140
			test.ApplyTheme(t, th)
			win := test.NewTempWindow(t, nil)
			p := New(win)
			p.tallies.worker.Inline = true
			t.Cleanup(func() { p.compiler.Wait(); p.tallies.worker.Wait() })
			win.SetContent(p.Object())
			// the tester's part of the window in presenter mode
			win.Resize(fyne.NewSize(715, 600))
			p.SetDocument(syntax.Parse([]byte("User-agent: *\nDisallow: /private/\n")))
			p.SetPresenting(true)
			win.Content().Refresh()
			sc := p.ui.rowsScroll
			if need, have := sc.Content.MinSize().Height, sc.Size().Height; have+0.5 < need {
				t.Errorf("the rows need %.0f px, they have %.0f", need, have)
			}
			for _, c := range textfit.Cut(win, textfit.Options{}) {
				t.Errorf("cut: %s", c)
			}
			// the rows' hints, which textfit leaves to the entries
			hints := 0
			for _, e := range entries(p.Object()) {
				if e.PlaceHolder == "" || !e.Visible() {
					continue
				}
				hints++
				if need := fyne.MeasureText(e.PlaceHolder, fyne.CurrentApp().Settings().Theme().Size(theme.SizeNameText), fyne.TextStyle{}).Width + 2*theme.InnerPadding(); e.Size().Width+0.5 < need {
					t.Errorf("the hint %q needs %.0f px, its field has %.0f", e.PlaceHolder, need, e.Size().Width)
				}
			}
			if hints < 2 {
				t.Errorf("%d rows' hints in view, want the crawler's and the path's", hints)
			}
			p.SetPresenting(false)
			if p.ui.upper.Offset != 0.25 {
				t.Errorf("after presenter mode the rows have %.2f of the pane, want 0.25 back", p.ui.upper.Offset)
			}
		})
	}
}

// entries are the one-line fields under o.
func entries(o fyne.CanvasObject) []*keys.Entry {
	var out []*keys.Entry
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if o == nil || !o.Visible() {
			return
		}
		switch x := o.(type) {
		case *keys.Entry:
			out = append(out, x)
		case *rowEntry:
			out = append(out, &x.Entry)
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		case *container.Scroll:
			walk(x.Content)
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c)
			}
		}
	}
	walk(o)
	return out
}
