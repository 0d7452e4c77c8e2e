package ui

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/robots-studio/robots-studio/internal/corpus"
	"github.com/robots-studio/robots-studio/ui/i18n/i18ntest"
)

// TestProblemsHintWhole: at 1024×768 and 1280×800, in en, ru and pl, with
// linkedin's file open (three findings) and none selected, the Problems
// panel's hint is whole in its area, never its last line half in view (the
// Russian and Polish ones wrapped to four lines in room for three and a
// half at 1024×768).
func TestProblemsHintWhole(t *testing.T) {
	for _, locale := range []string{"en", "ru", "pl"} {
		t.Run(locale, func(t *testing.T) {
			i18ntest.Speak(t, locale)
			s := newTestStudio(t)
			s.openPath(writeFile(t, "robots.txt", corpus.File(t, "linkedin.robots.txt")))
			for _, screen := range []fyne.Size{{Width: 1024, Height: 768}, {Width: 1280, Height: 800}} {
				// the window's content under the menu bar
				s.win.Resize(fyne.NewSize(screen.Width, screen.Height-48))
				s.win.Content().Refresh()
				p := s.lint
				if p.selected >= 0 || len(p.diags) == 0 {
					t.Fatalf("%v: %d findings, %d selected: the test proves nothing", screen, len(p.diags), p.selected)
				}
				need, have := p.detail.MinSize().Height, p.text.Size().Height
				if need > have+0.5 {
					t.Errorf("%v: the hint needs %.0f px, its area has %.0f", screen, need, have)
				} else {
					t.Logf("%v: the hint needs %.0f px of %.0f", screen, need, have)
				}
			}
		})
	}
}
