package testerpane

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/robots-studio/robots-studio/tester/testset"
)

// TestTabGoesDownThePane: Tab moves the keyboard through the pane in the
// order a reader sees it — the reading's selector, the crawler rows, the
// path rows, the filter, then the results table — and Shift+Tab goes back
// the same way. Fyne follows the order of a container's objects, and a
// Border put the centre first: Tab from the filter went up to the selector
// and on to the editor, and never reached the table.
func TestTabGoesDownThePane(t *testing.T) {
	p, w := newTestPane(t, privateRobots)
	w.Resize(fyne.NewSize(700, 700))
	p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot"}, Paths: []string{"/a", "/b"}})
	c := w.Canvas()
	want := []fyne.Focusable{p.ui.engineSel, p.input.entry(crawlerRows, 0), p.input.entry(pathRows, 0), p.ui.filter, p.ui.table}
	c.Focus(p.ui.engineSel)
	at := 0
	for i := 0; i < 40 && at < len(want)-1; i++ {
		c.FocusNext()
		for j := at + 1; j < len(want); j++ {
			if c.Focused() == want[j] {
				if j != at+1 {
					t.Fatalf("Tab reached %T before %T", want[j], want[at+1])
				}
				at = j
			}
		}
	}
	if at != len(want)-1 {
		t.Fatalf("Tab did not reach %T after %T", want[at+1], want[at])
	}
	// and with the lists folded, from the filter to the table at once
	p.ui.fold.set(true)
	c.Focus(p.ui.filter)
	for i := 0; i < 10 && c.Focused() != p.ui.table; i++ {
		c.FocusNext()
	}
	if c.Focused() != p.ui.table {
		t.Error("Tab from the filter does not reach the table with the lists folded")
	}
	for i := 0; i < 10 && c.Focused() != p.ui.filter; i++ {
		c.FocusPrevious()
	}
	if c.Focused() != p.ui.filter {
		t.Error("Shift+Tab from the table does not come back to the filter")
	}
}

// TestTabIntoARowOutOfSightScrollsToIt: Tab through twenty crawler rows
// brings each focused row (its entry and its buttons) into the rows' view.
// In the real window the lists show two rows; Tab went on to the third
// row, the fourth, … with the view standing still, so the keyboard was in
// a row no one could see.
func TestTabIntoARowOutOfSightScrollsToIt(t *testing.T) {
	p, w := newTestPane(t, privateRobots)
	s := testset.New()
	for i := range 20 {
		s.Crawlers = append(s.Crawlers, fmt.Sprintf("Bot%d", i))
	}
	s.Paths = []string{"/a"}
	p.SetTestSet(s)
	p.ui.fold.set(false)
	sc := p.ui.rowsScroll
	sc.Content.Resize(fyne.NewSize(sc.Size().Width, sc.Content.MinSize().Height))
	if sc.Content.Size().Height <= sc.Size().Height {
		t.Fatalf("the rows fit their view (%v in %v): nothing to scroll", sc.Content.Size(), sc.Size())
	}
	c := w.Canvas()
	c.Focus(p.input.entry(crawlerRows, 0))
	drv := fyne.CurrentApp().Driver()
	inView := func(o fyne.CanvasObject) bool {
		y := drv.AbsolutePositionForObject(o).Y - drv.AbsolutePositionForObject(sc).Y
		return y >= 0 && y+o.Size().Height <= sc.Size().Height+0.5
	}
	last := p.input.entry(crawlerRows, 19)
	for i := 0; i < 100 && c.Focused() != last; i++ {
		c.FocusNext()
		f, ok := c.Focused().(fyne.CanvasObject)
		if !ok {
			t.Fatalf("Tab %d: nothing focused", i+1)
		}
		if !inView(f) {
			t.Fatalf("Tab %d: the focused %T is out of the rows' view (scrolled to %v)", i+1, f, sc.Offset)
		}
	}
	if c.Focused() != last {
		t.Fatal("Tab did not reach the last crawler row")
	}
}
