package testerpane

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/ui/i18n/i18ntest"
	"github.com/robots-studio/robots-studio/ui/look"
)

// TestPresentingWithoutResultsKeepsRowsInView: in presenter mode (140 %
// zoom) on a 1024×768 projector, with no results yet, the crawler and path
// rows the class is to type in are whole in view, in en, ru and pl (their
// headings were cut in half under the Add buttons: the rows kept a quarter
// of the pane, the empty results the rest).
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
			p.SetPresenting(false)
			if p.ui.upper.Offset != 0.25 {
				t.Errorf("after presenter mode the rows have %.2f of the pane, want 0.25 back", p.ui.upper.Offset)
			}
		})
	}
}
