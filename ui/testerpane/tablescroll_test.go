package testerpane

import (
	"fmt"
	"math"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/robots-studio/robots-studio/tester/testset"
)

// manyRowsPane is a pane at 1280×800 with 120 result rows, far more than
// the table shows.
func manyRowsPane(t *testing.T) (*Pane, fyne.Window) {
	t.Helper()
	p, w := newTestPane(t, shopRobots)
	set := &testset.Set{Crawlers: []string{"Googlebot", "bingbot", "YandexBot"}}
	for i := range 40 {
		set.Paths = append(set.Paths, fmt.Sprintf("/private/page-%02d", i))
	}
	p.SetTestSet(set)
	if len(p.view.shown) != 120 {
		t.Fatalf("setup: %d rows", len(p.view.shown))
	}
	// After the rows, as a window lays out again when sizes change (the
	// test canvas does not follow a changed MinSize by itself).
	w.Resize(fyne.NewSize(1280, 800))
	return p, w
}

// tableView is the table's cell area as Fyne drew it: its scroll (found in
// the table's renderer, not through the pane's own bookkeeping) and the
// drawn cells by row.
type tableView struct {
	scroll *container.Scroll
	rows   map[int]*tableCell // one drawn cell of each row
}

func viewOf(t *testing.T, p *Pane) tableView {
	t.Helper()
	v := tableView{rows: map[int]*tableCell{}}
	for _, o := range test.WidgetRenderer(p.ui.table).Objects() {
		if s, ok := o.(*container.Scroll); ok {
			v.scroll = s
		}
	}
	if v.scroll == nil {
		t.Fatal("no scroll in the table's renderer")
	}
	for _, o := range test.WidgetRenderer(v.scroll.Content.(fyne.Widget)).Objects() {
		if c, ok := o.(*tableCell); ok && o.Visible() {
			v.rows[c.id.Row] = c
		}
	}
	if len(v.rows) < 3 {
		t.Fatalf("the table draws %d rows", len(v.rows))
	}
	return v
}

// stride is the distance between two drawn rows' tops.
func (v tableView) stride(t *testing.T) float32 {
	t.Helper()
	for r, c := range v.rows {
		if n, ok := v.rows[r+1]; ok {
			return n.Position().Y - c.Position().Y
		}
	}
	t.Fatal("no two adjacent rows drawn")
	return 0
}

// checkWhole fails unless the view starts at a row's top and row is drawn
// whole inside it.
func checkWhole(t *testing.T, p *Pane, row int, after string) {
	t.Helper()
	v := viewOf(t, p)
	s, off, h := v.stride(t), v.scroll.Offset.Y, v.scroll.Size().Height
	if k := off / s; math.Abs(float64(k-float32(math.Round(float64(k))))) > 0.01 {
		t.Errorf("after %s the view starts %.1f px into row %d (offset %.1f, rows every %.1f px): half a row at the top",
			after, off-float32(math.Floor(float64(k)))*s, int(k), off, s)
	}
	c, ok := v.rows[row]
	if !ok {
		t.Errorf("after %s row %d is not drawn (offset %.1f)", after, row, off)
		return
	}
	top, bottom := c.Position().Y-off, c.Position().Y-off+c.Size().Height
	if top < -0.01 || bottom > h+0.01 {
		t.Errorf("after %s row %d spans %.1f–%.1f of a view %.1f px high: not whole in view", after, row, top, bottom, h)
	}
}

// lastWholeRow is the last row drawn whole in the view.
func lastWholeRow(t *testing.T, p *Pane) int {
	v := viewOf(t, p)
	last := -1
	for r, c := range v.rows {
		if c.Position().Y-v.scroll.Offset.Y+c.Size().Height <= v.scroll.Size().Height+0.01 && r > last {
			last = r
		}
	}
	return last
}

// firstRow is the first row drawn whole in the view.
func firstRow(t *testing.T, p *Pane) int {
	v := viewOf(t, p)
	first := -1
	for r, c := range v.rows {
		if c.Position().Y >= v.scroll.Offset.Y-0.01 && (first < 0 || r < first) {
			first = r
		}
	}
	return first
}

// TestClickScrollsByWholeRows: clicking the row at the bottom edge of a
// view scrolled part way (as a mouse wheel leaves it) brings it whole
// into view with no half row at the top, the detail area opening below.
func TestClickScrollsByWholeRows(t *testing.T) {
	p, w := manyRowsPane(t)
	v := viewOf(t, p)
	s := v.stride(t)
	p.ui.table.ScrollToOffset(fyne.NewPos(0, 5*s+2*s/3)) // where a wheel stops
	v = viewOf(t, p)
	// the row cut by the bottom edge
	row := -1
	for r, c := range v.rows {
		y := c.Position().Y - v.scroll.Offset.Y
		if y < v.scroll.Size().Height && y+c.Size().Height > v.scroll.Size().Height {
			row = r
		}
	}
	if row < 0 {
		t.Fatal("setup: no row cut by the bottom edge")
	}
	c := v.rows[row]
	at := fyne.CurrentApp().Driver().AbsolutePositionForObject(c)
	shows := v.scroll.Size().Height - (c.Position().Y - v.scroll.Offset.Y) // the part above the edge
	test.TapCanvas(w.Canvas(), at.AddXY(c.Size().Width/2, shows/2))
	if got := p.view.selectedRow(); got != row {
		t.Fatalf("the click selected row %d, not %d", got, row)
	}
	if !p.detail.body.Visible() {
		t.Fatal("the detail area did not open")
	}
	checkWhole(t, p, row, "a click on the bottom row")
}

// TestKeysScrollByWholeRows: Down pressed past the last row in view, all
// the way to the end, and Up back to the top, keep the focused row whole
// in view and the top row whole (Fyne's own scroll put the row a header's
// height too far: half a row at the top going down, the row under the
// header going up).
func TestKeysScrollByWholeRows(t *testing.T) {
	p, w := manyRowsPane(t)
	v := viewOf(t, p)
	c := v.rows[0]
	test.TapCanvas(w.Canvas(), fyne.CurrentApp().Driver().AbsolutePositionForObject(c).AddXY(c.Size().Width/2, c.Size().Height/2))
	if w.Canvas().Focused() != p.ui.table {
		t.Fatal("setup: the click did not give the table the keyboard")
	}
	checkWhole(t, p, 0, "a click on the first row")
	visible := lastWholeRow(t, p)
	for row := 1; row < len(p.view.shown); row++ {
		w.Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
		if got := p.ui.table.focusRow(); got != row {
			t.Fatalf("Down moved the focus to row %d, not %d", got, row)
		}
		if got := p.view.selectedRow(); got != row {
			t.Fatalf("Down to row %d selected row %d: the selection (and the detail) must follow the keys", row, got)
		}
		checkWhole(t, p, row, fmt.Sprintf("Down to row %d (row %d was the last in view)", row, visible))
		// the view moves no further than it must: the row comes in at
		// the bottom edge
		if last := lastWholeRow(t, p); row > visible && last != row {
			t.Errorf("after Down to row %d the last row in view is %d: the view moved further than it needed", row, last)
		}
		if t.Failed() {
			return
		}
	}
	for row := len(p.view.shown) - 2; row >= 0; row-- {
		w.Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyUp})
		if got := p.view.selectedRow(); got != row {
			t.Fatalf("Up to row %d selected row %d", row, got)
		}
		checkWhole(t, p, row, fmt.Sprintf("Up to row %d", row))
		if first := firstRow(t, p); row < len(p.view.shown)-visible && first != row {
			t.Errorf("after Up to row %d the first row in view is %d: the view moved further than it needed", row, first)
		}
		if t.Failed() {
			return
		}
	}
	// Space selects the focused row, which stays where it is.
	w.Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
	if p.view.selectedRow() != 0 {
		t.Errorf("Space selected row %d", p.view.selectedRow())
	}
	checkWhole(t, p, 0, "Space")
}

// TestDetailKeepsTheSelectionInView: a result selected in the table's last
// row in view (as when a selection is put back after a rebuild) stays
// whole in view when the detail area opens below and takes the table's
// height, and again when the divider is dragged up further.
func TestDetailKeepsTheSelectionInView(t *testing.T) {
	p, _ := manyRowsPane(t)
	row := lastWholeRow(t, p)
	pr := p.view.shown[row]
	p.table.selectCell(cell{pr, p.reading.engineFor(pr.crawler)})
	if p.ui.lower.Offset > 0.99 {
		t.Fatal("setup: the detail area did not open")
	}
	checkWhole(t, p, row, "the detail area opening")
	before := viewOf(t, p).scroll.Size().Height
	p.ui.lower.SetOffset(p.ui.lower.Offset - 0.15)
	if after := viewOf(t, p).scroll.Size().Height; after > before-theme.TextSize() {
		t.Fatalf("setup: the divider did not shrink the table (%.0f → %.0f px)", before, after)
	}
	checkWhole(t, p, row, "the divider dragged up")
}

// TestTableHoldsWholeRows: the table is sized to whole rows, so at the end
// of the results the last row ends at the bottom edge and the top row is
// whole too.
func TestTableHoldsWholeRows(t *testing.T) {
	p, _ := manyRowsPane(t)
	p.ui.table.ScrollToBottom()
	checkWhole(t, p, len(p.view.shown)-1, "scrolling to the bottom")
}

// TestTableScrolledReadsTheOffset: the table's scroll offset and keyboard
// focus are read from widget.Table's own fields (it has no getters); this
// fails if a Fyne update renames them.
func TestTableScrolledReadsTheOffset(t *testing.T) {
	p, w := manyRowsPane(t)
	p.ui.table.ScrollToOffset(fyne.NewPos(0, 77))
	if got := p.ui.table.scrolled().Y; got != 77 {
		t.Errorf("scrolled() = %v after ScrollToOffset(77)", got)
	}
	if got := viewOf(t, p).scroll.Offset.Y; got != 77 {
		t.Errorf("the table's scroll is at %v", got)
	}
	c := viewOf(t, p).rows[5]
	test.TapCanvas(w.Canvas(), fyne.CurrentApp().Driver().AbsolutePositionForObject(c).AddXY(c.Size().Width/2, c.Size().Height/2))
	if got := p.ui.table.focusRow(); got != 5 {
		t.Errorf("focusRow() = %d after a click on row 5", got)
	}
}

// TestRestoredSelectionTakesTheKeyboard: a pane rebuilt with the user's
// state (a language switch) shows the selected row whole, and Down goes on
// from it (the rebuilt table's keyboard focus was on the first row, so Down
// jumped to the top).
func TestRestoredSelectionTakesTheKeyboard(t *testing.T) {
	p, _ := manyRowsPane(t)
	pr := p.view.shown[50]
	p.table.selectCell(cell{pr, p.reading.engineFor(pr.crawler)})
	st := p.State()

	q, w := manyRowsPane(t)
	q.Restore(st)
	if q.view.selectedRow() != 50 {
		t.Fatalf("restored selection is row %d", q.view.selectedRow())
	}
	checkWhole(t, q, 50, "the selection put back")
	w.Canvas().Focus(q.ui.table)
	w.Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
	if got := q.ui.table.focusRow(); got != 51 {
		t.Errorf("Down after the selection was put back went to row %d, not 51", got)
	}
	checkWhole(t, q, 51, "Down after the selection was put back")
}
