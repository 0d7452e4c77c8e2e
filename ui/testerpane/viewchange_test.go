package testerpane

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/testset"
)

// A new filter starts the table at its first row (the scroll position of
// the old rows hid the first matches), and the summary's counts describe
// the rows shown, "N of M" results.
func TestFilterShowsFirstRowsAndCountsWhatIsShown(t *testing.T) {
	p, w := newTestPane(t, shopRobots)
	w.Resize(fyne.NewSize(1280, 800))
	s := testset.New()
	s.Crawlers = []string{"Googlebot", "bingbot"}
	for i := range 60 {
		s.Paths = append(s.Paths, fmt.Sprintf("/private/%d", i))
	}
	p.SetTestSet(s)
	p.ui.table.ScrollToBottom()
	w.Canvas().Refresh(p.ui.table)
	p.view.setFilter("googlebot")
	w.Canvas().Refresh(p.ui.table)
	top := -1
	walk(p.ui.table, func(o fyne.CanvasObject) {
		if tc, ok := o.(*tableCell); ok && tc.shown.text != "" && (top == -1 || tc.id.Row < top) {
			top = tc.id.Row
		}
	})
	if top != 0 {
		t.Errorf("after the filter the first row drawn is %d, want 0", top)
	}
	sum := p.ui.summary.Text
	if !strings.Contains(sum, "60 of 120") || !strings.Contains(sum, "Googlebot") || strings.Contains(sum, "bingbot") {
		t.Errorf("summary with the filter on: %q", sum)
	}
}

// The Export… pop-up opens inside the window although its button sits at
// the right edge (it was cut there).
func TestExportMenuStaysInsideTheWindow(t *testing.T) {
	p, w := newTestPane(t, shopRobots)
	w.Resize(fyne.NewSize(600, 700))
	p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot"}, Paths: []string{"/private/x"}})
	p.export.showExportMenu(p.ui.exportBtn)
	m := p.export.lastExportMenu
	if m == nil || !m.Visible() {
		t.Fatal("no Export menu")
	}
	right := m.Position().X + m.Size().Width
	if right > w.Canvas().Size().Width-2*theme.Padding()+0.5 { // a gap to the edge: flush reads as cut
		t.Errorf("the menu ends at x=%v, past the window's %v", right, w.Canvas().Size().Width)
	}
}

// In a small window (1024×700: the pane is about 500×600) the Add crawler
// and Catalogue… buttons stay in sight above the results, however many rows
// there are (they scrolled away under the rows).
func TestAddButtonsStayInSight(t *testing.T) {
	p, w := newTestPane(t, shopRobots)
	w.Resize(fyne.NewSize(500, 600))
	p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot", "bingbot", "YandexBot", "GPTBot", "Slurp"},
		Paths: []string{"/a", "/b", "/c", "/d", "/e"}})
	if !p.ui.fold.folded {
		t.Error("five rows each: the lists stay open over the results")
	}
	p.ui.fold.set(false) // Edit
	drv := fyne.CurrentApp().Driver()
	var add *widget.Button
	walk(p.ui.root, func(o fyne.CanvasObject) {
		if b, ok := o.(*widget.Button); ok && b.Text == "Add crawler" {
			add = b
		}
	})
	if add == nil {
		t.Fatal("no Add crawler button drawn")
	}
	// Not inside the scrolled rows, where five rows push it out of sight
	// (a position check alone passed with the button scrolled away).
	walk(p.ui.rowsScroll.Content, func(o fyne.CanvasObject) {
		if o == add {
			t.Error("Add crawler scrolls away with the rows")
		}
	})
	bottom := drv.AbsolutePositionForObject(add).Y + add.Size().Height
	if limit := drv.AbsolutePositionForObject(p.ui.lower).Y; bottom > limit {
		t.Errorf("Add crawler ends at y=%v, under the results that start at %v", bottom, limit)
	}
}

// TestListsFoldToOneLine: a loaded set of more rows than fit folds the
// crawler and path lists to one line that counts them, which gives the
// table the height (at 1280×800 the open lists left it nine rows of 1,200);
// Edit, Add Crawler Row (Ctrl+Shift+A) or a row to focus open them again,
// and a small set opens them.
func TestListsFoldToOneLine(t *testing.T) {
	p, w := newTestPane(t, shopRobots)
	w.Resize(fyne.NewSize(700, 700))
	set := &testset.Set{}
	for i := range 20 {
		set.Crawlers = append(set.Crawlers, fmt.Sprintf("Bot%d", i))
	}
	for i := range 60 {
		set.Paths = append(set.Paths, fmt.Sprintf("/p/%d", i))
	}
	p.SetTestSet(set)
	if !p.ui.fold.folded || p.ui.fold.label.Text != "20 crawlers · 60 paths" {
		t.Fatalf("folded %v, %q", p.ui.fold.folded, p.ui.fold.label.Text)
	}
	folded := p.Figures().RowsInView
	p.ui.fold.set(false)
	w.Content().Refresh()
	if open := p.Figures().RowsInView; open >= folded {
		t.Errorf("the table shows %d rows with the lists open and %d folded", open, folded)
	}
	p.ui.fold.set(true)
	p.AddCrawler()
	if p.ui.fold.folded {
		t.Error("Add Crawler Row leaves the lists folded")
	}
	p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot"}, Paths: []string{"/a", "/b"}})
	if p.ui.fold.folded {
		t.Error("a set of three rows is folded")
	}
}

// TestDifferFilterComesWithCompare: "readings differ" filters by a
// difference only compare's columns show, so it cannot stay on without
// them: ticking it turns compare on, and compare off unticks it.
func TestDifferFilterComesWithCompare(t *testing.T) {
	p, _ := newTestPane(t, "User-agent: Yandex\nDisallow: /private\n\nUser-agent: *\nDisallow: /\n")
	p.SetTestSet(&testset.Set{Crawlers: []string{"YandexBot"}, Paths: []string{"/public", "/private"}})
	p.ui.toggles[showDiffer].SetChecked(true)
	if !p.Compare() {
		t.Fatal("ticking readings differ left compare off")
	}
	p.SetCompare(false)
	if p.view.toggles[showDiffer] || p.ui.toggles[showDiffer].Checked {
		t.Error("readings differ stays on with compare off")
	}
	if len(p.view.shown) != 2 {
		t.Errorf("%d rows shown with the filter gone, want 2", len(p.view.shown))
	}
}

// TestCompareMarksAFailingExpectation: an expectation that fails is marked
// in the compare table's engine cell as in the plain table's Expected
// column.
func TestCompareMarksAFailingExpectation(t *testing.T) {
	p, _ := newTestPane(t, "User-agent: *\nDisallow: /private\n")
	set := &testset.Set{Crawlers: []string{"Googlebot"}, Paths: []string{"/private"}}
	set.SetExpected("Googlebot", "/private", "google", true) // wrong: it is blocked
	p.SetTestSet(set)
	p.SetCompare(true)
	got := p.table.content(0, column{kind: colEngineVerdict, engine: "google"})
	if got.icon != failIcon {
		t.Errorf("the failing expectation's cell shows %v, want the fail icon", got.icon)
	}
	if other := p.table.content(0, column{kind: colEngineVerdict, engine: "bing"}); other.icon == failIcon {
		t.Error("an engine without an expectation is marked as failing")
	}
}
