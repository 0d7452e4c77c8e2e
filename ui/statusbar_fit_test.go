package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/robots-studio/robots-studio/internal/corpus"
	"github.com/robots-studio/robots-studio/ui/i18n/i18ntest"
)

// TestStatusBarReadingIsNeverCut: at 1024×768, in en, ru and pl, with
// and without presenter mode and with the longest reading's name, the
// status bar shows the reading's name whole ("Трактовка: Свои прав…" was
// cut in Russian): when the row is too narrow, the position and the
// reading take their short forms ("1:1", the name alone).
func TestStatusBarReadingIsNeverCut(t *testing.T) {
	for _, locale := range []string{"en", "ru", "pl"} {
		t.Run(locale, func(t *testing.T) {
			i18ntest.Speak(t, locale)
			s := newTestStudio(t)
			s.win.Resize(fyne.NewSize(1024, 768))
			s.openPath(writeFile(t, "robots.txt", corpus.File(t, "linkedin.robots.txt")))
			for _, reading := range []string{"", "temoto"} {
				if reading != "" {
					s.pane.SetEngine(reading)
					s.refreshBar()
				}
				for _, present := range []bool{false, true} {
					s.class.setPresenter(present)
					s.win.Content().Refresh()
					l, name := s.bar.reading, s.pane.ReadingName()
					if !strings.Contains(l.Text, name) || l.Size().Width+0.5 < labelWidth(l.Text) {
						t.Errorf("reading %q, presenter %v: the status bar shows %q in %.0f px, it needs %.0f", name, present, l.Text, l.Size().Width, labelWidth(l.Text))
					}
					if !present && s.bar.compact && locale == "en" && reading == "" {
						t.Errorf("English at 1024 px has room for the full texts, yet shows %q and %q", s.bar.pos.Text, l.Text)
					}
				}
				s.class.setPresenter(false)
			}
		})
	}
}
