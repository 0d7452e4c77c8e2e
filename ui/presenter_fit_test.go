package ui

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/robots-studio/robots-studio/internal/corpus"
	"github.com/robots-studio/robots-studio/internal/loggen"
	"github.com/robots-studio/robots-studio/ui/i18n/i18ntest"
)

// TestPresenterPathReadsThirtyCharactersAt1024: in presenter mode at
// 1024×768 (a classroom projector) the results without compare show thirty
// characters of a path at presenter zoom, as outside it (23 when the
// editor kept its usual share), and the editor keeps at least a fifth of
// the width for the rule the class looks at.
func TestPresenterPathReadsThirtyCharactersAt1024(t *testing.T) {
	for _, locale := range []string{"en", "ru", "pl"} {
		t.Run(locale, func(t *testing.T) {
			i18ntest.Speak(t, locale)
			s := newTestStudio(t)
			s.win.Resize(fyne.NewSize(1024, 768))
			src := corpus.File(t, "linkedin.robots.txt")
			s.openPath(writeFile(t, "robots.txt", src))
			s.pane.SetTestSet(loggen.TestSet(src, 20, 60, "https://www.linkedin.com"))
			s.class.setPresenter(true)
			defer s.class.setPresenter(false)
			if got := s.pane.Figures().PathChars; got < 30 {
				t.Errorf("presenter mode, zoom %d: the path column shows %d characters of a path, want 30 (editor share %.2f)", s.view.zoom(), got, s.split.Offset)
			}
			if s.split.Offset < presenterMinSplit-0.001 {
				t.Errorf("the editor has %.2f of the width, want at least %.2f", s.split.Offset, presenterMinSplit)
			}
		})
	}
}
