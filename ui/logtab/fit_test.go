package logtab

import (
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/robots-studio/robots-studio/ui/i18n/i18ntest"
	"github.com/robots-studio/robots-studio/ui/uitest"
)

// tab1024 is the Logs tab with the room it has in a 1024×768 window (its
// width less the window's padding, its height less the menu, tabs and
// status bar), in locale, replaying against the saved file and, with
// draft, an unsaved draft.
func tab1024(t *testing.T, locale string, draft bool) (*Tab, fyne.Window) {
	t.Helper()
	i18ntest.Speak(t, locale)
	uitest.NewApp(t)
	src := Source{Robots: doc(t, "robots.txt")}
	if draft {
		src.Draft = doc(t, "draft.txt")
	}
	w := test.NewTempWindow(t, nil)
	tab := New(w, func() Source { return src }, func(Selection) {})
	w.SetContent(tab.Content)
	w.Resize(fyne.NewSize(1016, 600))
	return tab, w
}

// TestColumnsFitAt1024: in a 1024×768 window, in en, ru and pl, empty and
// after a run, of the saved file and of a draft (two columns more), sorted
// by each column in turn, the crawlers' table shows its columns whole
// without scrolling sideways (the Polish "Niedozwolone" read "Niedozwo" at
// its edge; a draft's two columns pushed robots.txt out of view in every
// language), the column the table is sorted by has room for its arrow, and
// the crawler, its hits and the counts of the verdicts are always columns
// (with the longest crawler names seen in real logs).
func TestColumnsFitAt1024(t *testing.T) {
	for _, locale := range []string{"en", "ru", "pl"} {
		for _, draft := range []bool{false, true} {
			name := locale
			if draft {
				name += "/draft"
			}
			t.Run(name, func(t *testing.T) {
				tab, w := tab1024(t, locale, draft)
				ran := false // a draft's columns come with a run's report
				fits := func(state string) {
					t.Helper()
					s := tab.summary
					// the columns, the table's gaps between them and the
					// scroll bar's room
					need := theme.ScrollBarSize() + float32(len(s.cols)-1)*theme.Padding()
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
					for _, r := range s.rows {
						if w := fyne.MeasureText(r.Name, theme.TextSize(), fyne.TextStyle{}).Width + 2*theme.InnerPadding(); w > s.width(0)+0.5 {
							t.Errorf("%s: the crawler %q needs %.0f px, its column has %.0f", state, r.Name, w, s.width(0))
						}
					}
					shown := map[string]bool{}
					for _, c := range s.cols {
						shown[c.key] = true
					}
					for _, key := range []string{"crawler", "hits", "disallowed", "blocked", "allowed"} {
						if !shown[key] && (draft && ran || key != "blocked" && key != "allowed") {
							t.Errorf("%s: no %s column", state, key)
						}
					}
				}
				fits("empty")
				// with the longest crawler names of real logs
				run(t, tab, filepath.Join("testdata", "combined.log"), filepath.Join("testdata", "longnames.log"))
				ran = true
				fits("after a run")
				var keys []string
				for _, c := range tab.summary.cols {
					keys = append(keys, c.key)
				}
				for _, key := range keys {
					for i, c := range tab.summary.cols {
						if c.key == key {
							tab.summary.sortBy(i)
							w.Content().Refresh()
							fits("sorted by " + c.title)
						}
					}
				}
			})
		}
	}
}

// TestFoldedColumnsShowInTheDetail: a column the table has no room for at
// 1024×768 (a draft's report, in each language) is named in the line
// beside the table, and its value is written there for the crawler
// selected; at 1280×800 in English every column is in the table.
func TestFoldedColumnsShowInTheDetail(t *testing.T) {
	for _, locale := range []string{"en", "ru", "pl"} {
		t.Run(locale, func(t *testing.T) {
			tab, w := tab1024(t, locale, true)
			run(t, tab, filepath.Join("testdata", "combined.log"))
			s := tab.summary
			if len(s.folded) == 0 {
				t.Fatalf("no column folded: %d columns of %.0f px in a table of %.0f", len(s.cols), s.need(), s.table.Size().Width)
			}
			for _, c := range s.folded {
				if !strings.Contains(tab.detail.Text, c.title) {
					t.Errorf("nothing selected: the detail %q does not name the folded %q", tab.detail.Text, c.title)
				}
			}
			s.table.Select(fyneCell(0, 0))
			for _, c := range s.folded {
				if want := c.title + ": " + c.text(tab.selected); !strings.Contains(tab.detail.Text, want) {
					t.Errorf("the detail %q does not say the folded %q", tab.detail.Text, want)
				}
			}
			if locale != "en" {
				return
			}
			w.Resize(fyne.NewSize(1272, 632)) // 1280×800
			if len(s.folded) != 0 || len(s.cols) != len(s.all) {
				t.Errorf("at 1280×800: %d columns shown, folded %q", len(s.cols), s.foldedKeys())
			}
			if strings.Contains(tab.detail.Text, "\n") {
				t.Errorf("at 1280×800 the detail still writes folded columns: %q", tab.detail.Text)
			}
		})
	}
}
