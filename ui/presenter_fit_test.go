package ui

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

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

// TestPresenterSelectingARowKeepsTheLayout: clicking a result in presenter
// mode at a projector's size keeps presenter mode's layout: the tester's
// detail area stays hidden (the large-type explanation is presenter
// mode's own), the window's content still fits the screen's width (the
// detail's expectation buttons widened a 1024×768 window in Russian, and
// "Export" ran off its right edge) and the deciding line stays given way
// for the path at 1024×768.
func TestPresenterSelectingARowKeepsTheLayout(t *testing.T) {
	for _, c := range []struct {
		locale string
		screen fyne.Size
	}{{"ru", fyne.NewSize(1024, 768)}, {"pl", fyne.NewSize(1024, 768)}, {"en", fyne.NewSize(1024, 768)}, {"ru", fyne.NewSize(1280, 800)}} {
		t.Run(fmt.Sprintf("%s-%vx%v", c.locale, c.screen.Width, c.screen.Height), func(t *testing.T) {
			i18ntest.Speak(t, c.locale)
			s := newTestStudio(t)
			s.win.Resize(c.screen)
			src := corpus.File(t, "linkedin.robots.txt")
			s.openPath(writeFile(t, "robots.txt", src))
			s.pane.SetTestSet(loggen.TestSet(src, 20, 60, "https://www.linkedin.com"))
			s.class.setPresenter(true)
			defer s.class.setPresenter(false)
			before := s.pane.Figures()
			if !before.HasThird {
				t.Fatal("presenter mode shows no third result row to click")
			}
			test.TapCanvas(s.win.Canvas(), before.ThirdRow)
			if _, ok := s.pane.Selected(); !ok {
				t.Fatal("clicking the third row selected no result")
			}
			if w := s.win.Content().MinSize().Width; w > c.screen.Width {
				t.Errorf("after selecting a row the window needs %v px of width, the screen has %v", w, c.screen.Width)
			}
			// a real window grows to its content's least size: so does this one
			s.win.Resize(s.win.Content().MinSize().Max(c.screen))
			after := s.pane.Figures()
			if after.DetailShown {
				t.Error("selecting a row in presenter mode shows the tester's detail area")
			}
			if after.RuleShown != before.RuleShown {
				t.Errorf("the deciding line column was shown=%v before the click, %v after", before.RuleShown, after.RuleShown)
			}
			if after.PathChars < 30 {
				t.Errorf("after the click the path column shows %d characters, want 30", after.PathChars)
			}
		})
	}
}
