package testerpane

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/testset"
	"github.com/robots-studio/robots-studio/ui/i18n/i18ntest"
)

// TestLanguageSwitchKeepsTheTester: rows, compare columns (order, hidden
// engine), filter, verdict toggle, sort and the selected result survive
// Russian, then Polish, with the texts in the new language.
func TestLanguageSwitchKeepsTheTester(t *testing.T) {
	const robots = "User-agent: *\nDisallow: /private/\n"
	x, _ := newTestPane(t, robots)
	i18ntest.Speak(t, "en")
	set := testset.New()
	set.Crawlers = []string{"Googlebot", "YandexBot"}
	set.Paths = []string{"/a", "/private/x", "/private/y"}
	x.SetTestSet(set)
	x.SetCompare(true)
	x.OrderByDate(true)
	x.ShowEngine("temoto", false)
	x.ui.filter.SetText("Yandex")
	x.ui.toggles[showBlocked].SetChecked(true)
	x.view.sortBy(1)
	x.view.sortBy(1) // by path, descending
	x.table.selectCell(cell{pair{"YandexBot", "/private/x"}, "yandex"})
	x.ui.upper.SetOffset(0.4)
	x.ui.lower.SetOffset(0.6)
	shown := slices.Clone(x.view.shown)
	cols := x.matrix.compareEngines()
	if len(shown) != 2 || shown[0].path != "/private/y" || cols[0] != "original1994" || slices.Contains(cols, "temoto") {
		t.Fatalf("set-up: rows %v, columns %v", shown, cols)
	}
	for _, l := range []struct{ code, locale, filter string }{
		{"ru", "ru_RU.UTF-8", "Фильтр: робот, путь или правило"},
		{"pl", "pl_PL.UTF-8", "Filtr: robot, ścieżka lub reguła"},
	} {
		i18ntest.Speak(t, l.code)
		w := test.NewTempWindow(t, nil)
		y := New(w)
		y.tallies.worker.Inline = true
		y.synchronous = true // as newTestPane
		t.Cleanup(func() { y.compiler.Wait(); y.tallies.worker.Wait() })
		w.SetContent(y.Object())
		w.Resize(fyne.NewSize(1280, 900))
		y.SetDocument(syntax.Parse([]byte(robots)))
		y.Restore(x.State())
		x = y
		if x.ui.filter.PlaceHolder != l.filter {
			t.Errorf("%s: filter reads %q, want %q", l.code, x.ui.filter.PlaceHolder, l.filter)
		}
		if !x.Compare() || !slices.Equal(x.matrix.compareEngines(), cols) {
			t.Errorf("%s: compare %v, columns %v, want %v", l.code, x.Compare(), x.matrix.compareEngines(), cols)
		}
		if got := x.TestSet(); !slices.Equal(got.Crawlers, set.Crawlers) || !slices.Equal(got.Paths, set.Paths) {
			t.Errorf("%s: rows %v %v", l.code, got.Crawlers, got.Paths)
		}
		if x.ui.filter.Text != "Yandex" || !x.view.toggles[showBlocked] || x.view.toggles[showAllowed] || x.view.sortCol != 1 || !x.view.sortDesc {
			t.Errorf("%s: filter %q, toggles %v, sort %d desc %v", l.code, x.ui.filter.Text, x.view.toggles, x.view.sortCol, x.view.sortDesc)
		}
		if !slices.Equal(x.view.shown, shown) {
			t.Errorf("%s: rows shown %v, want %v", l.code, x.view.shown, shown)
		}
		if x.ui.upper.Offset != 0.4 || x.ui.lower.Offset != 0.6 {
			t.Errorf("%s: dividers at %v and %v", l.code, x.ui.upper.Offset, x.ui.lower.Offset)
		}
		if x.selected == nil || *x.selected != (cell{pair{"YandexBot", "/private/x"}, "yandex"}) {
			t.Errorf("%s: selected %v", l.code, x.selected)
		}
	}
}

// TestCompareColumnsRoundTrip: the columns as the window stores them come
// back the same, and the store is told of each change the user makes.
func TestCompareColumnsRoundTrip(t *testing.T) {
	x, _ := newTestPane(t, "User-agent: *\nDisallow: /p\n")
	changes := 0
	x.SetOnColumnsChanged(func() { changes++ })
	x.OrderByDate(true)
	x.ShowEngine("lycos1996", false)
	order, hidden := x.CompareColumns()
	// the libraries are hidden until chosen (hiddenByDefault); by date
	// shows the 1990s texts
	if changes != 2 || order[0] != "original1994" || !slices.Equal(hidden, []string{"lycos1996", "temoto", "urllib", "protego", "robots-parser"}) {
		t.Fatalf("%d changes, order %v, hidden %v", changes, order, hidden)
	}
	y, _ := newTestPane(t, "")
	y.SetCompareColumns(order, append(hidden, "no-such-engine"))
	if o, h := y.CompareColumns(); !slices.Equal(o, order) || !slices.Equal(h, hidden) {
		t.Errorf("restored %v %v, want %v %v", o, h, order, hidden)
	}
}
