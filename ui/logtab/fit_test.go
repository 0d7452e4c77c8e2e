package logtab

import (
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/robots-studio/robots-studio/ui/i18n/i18ntest"
	"github.com/robots-studio/robots-studio/ui/uitest"
)

// TestColumnsFitAt1024: in a 1024×768 window, in en, ru and pl, empty and
// after a run (of the saved file: no draft columns) sorted by each column
// in turn, the crawlers' table shows every column whole without scrolling
// sideways (the Polish "Niedozwolone" read "Niedozwo" at its edge), and
// the column the table is sorted by has room for its arrow. With a draft's
// two columns more the table scrolls sideways at this size.
func TestColumnsFitAt1024(t *testing.T) {
	for _, locale := range []string{"en", "ru", "pl"} {
		t.Run(locale, func(t *testing.T) {
			i18ntest.Speak(t, locale)
			uitest.NewApp(t)
			robots := doc(t, "robots.txt")
			w := test.NewTempWindow(t, nil)
			tab := New(w, func() Source { return Source{Robots: robots} }, func(Selection) {})
			w.SetContent(tab.Content)
			// the tab's room in a 1024×768 window: its width less the
			// window's padding, its height less the menu, tabs and status bar
			w.Resize(fyne.NewSize(1016, 600))
			fits := func(state string) {
				t.Helper()
				s := tab.summary
				need := theme.ScrollBarSize()
				for i := range s.cols {
					need += s.width(i)
				}
				if have := s.table.Size().Width; need > have+0.5 {
					t.Errorf("%s: the columns need %.0f px, the table has %.0f", state, need, have)
				}
				c := s.cols[s.sortCol]
				arrow := fyne.MeasureText(c.title, theme.TextSize(), fyne.TextStyle{Bold: true}).Width + theme.IconInlineSize()
				if s.width(s.sortCol) < arrow {
					t.Errorf("%s: %q is %.0f px wide, its title and arrow need %.0f", state, c.title, s.width(s.sortCol), arrow)
				}
			}
			fits("empty")
			run(t, tab, filepath.Join("testdata", "combined.log"))
			for i := range tab.summary.cols {
				tab.summary.sortBy(i)
				w.Content().Refresh()
				fits("sorted by " + tab.summary.cols[i].title)
			}
		})
	}
}
