package testerpane

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/ui/i18n/i18ntest"
)

// TestReadingNameWholeInItsSelector: the tester's share of a 1024×768
// window (568 px) and of a 1280×800 one (700 px), in en, ru and pl, shows
// every reading's name whole in the Reading selector ("Свои правила ка…"
// in Russian, "Własne zasady …" in Polish at 1024×768), and at 1280×800
// Compare keeps its full name with each crawler's own reading.
func TestReadingNameWholeInItsSelector(t *testing.T) {
	for _, locale := range []string{"en", "ru", "pl"} {
		t.Run(locale, func(t *testing.T) {
			i18ntest.Speak(t, locale)
			test.NewTempApp(t)
			win := test.NewTempWindow(t, nil)
			p := New(win)
			p.tallies.worker.Inline = true
			t.Cleanup(func() { p.compiler.Wait(); p.tallies.worker.Wait() })
			win.SetContent(p.Object())
			p.SetDocument(syntax.Parse([]byte("User-agent: *\nDisallow: /private/\n")))
			for _, width := range []float32{568, 700} {
				win.Resize(fyne.NewSize(width, 700))
				ids := []string{OwnReading}
				for _, e := range p.reading.engines {
					ids = append(ids, e.Info().ID)
				}
				for _, id := range append(ids, OwnReading) {
					p.SetEngine(id)
					sel := p.ui.engineSel
					if have, need := sel.Size().Width, selectNeed(sel.Selected); have+0.5 < need {
						t.Errorf("%v px: the selector shows %q in %.0f px, it needs %.0f (steps taken: %d)", width, sel.Selected, have, need, p.ui.readingRow.step)
					}
				}
				if row := p.ui.readingRow; width >= 700 && row.step > 0 {
					t.Errorf("%v px, %q: Compare reads %q, the row has room for %q", width, p.ui.engineSel.Selected, p.ui.compareChk.Text, row.compareFull)
				}
			}
		})
	}
}
