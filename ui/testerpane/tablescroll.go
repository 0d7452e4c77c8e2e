package testerpane

import (
	"math"
	"reflect"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
)

// The results table scrolls by whole rows when it brings a row into view:
// after a click, after Up or Down (Left and Right too), when a selection
// is put back and when the detail area opens below the table. Its top row
// is then always whole, and the row asked for is whole in view.
//
// widget.Table's own ScrollTo (Fyne 2.7.1) does not do that: it counts the
// header row's height into the row's place, so a row scrolled to from
// below ends a header's height above the bottom edge with half a row at the
// top, and a row scrolled to from above goes under the header. The table
// is also sized to a whole number of rows (fillLayout, wholeRowsHeight), so
// that the last row fits exactly when the view is at the end.

// rowMetrics is the height of the table's rows and of its header row, as
// widget.Table works them out (a row is as tall as the taller of a cell
// and a header), and the gap between two rows.
type rowMetrics struct {
	row, header, gap float32
	// in is the text size and padding they were measured in (a zoom or
	// a theme switch measures again)
	in [2]float32
}

// stride is the distance from one row's top to the next one's.
func (m rowMetrics) stride() float32 { return m.row + m.gap }

// metrics measures the rows as the table does: with a fresh cell and header.
func (t *hoverTable) metrics() rowMetrics {
	key := [2]float32{theme.TextSize(), theme.Padding()}
	if t.measured.in != key || t.measured.row == 0 {
		cell, head := t.newCell().MinSize(), t.CreateHeader().MinSize()
		t.measured = rowMetrics{row: max(cell.Height, head.Height), header: head.Height, gap: theme.Padding(), in: key}
	}
	return t.measured
}

// scrolled is where the table's cells are scrolled to. widget.Table keeps
// it to itself in Fyne 2.7.1 (no getter; its scroll's OnScrolled is its
// own), so it is read from the table's field; TestTableScrolledReadsTheOffset
// fails if a Fyne update renames it.
func (t *hoverTable) scrolled() fyne.Position {
	return positionField(reflect.ValueOf(&t.Table).Elem().FieldByName("offset"))
}

// focusRow is the row of the table's keyboard focus (moved by Up and
// Down), read from the table as scrolled is.
func (t *hoverTable) focusRow() int {
	v := reflect.ValueOf(&t.Table).Elem().FieldByName("currentFocus")
	if !v.IsValid() {
		return -1
	}
	return int(v.FieldByName("Row").Int())
}

func positionField(v reflect.Value) fyne.Position {
	if !v.IsValid() {
		return fyne.Position{}
	}
	return fyne.NewPos(float32(v.FieldByName("X").Float()), float32(v.FieldByName("Y").Float()))
}

// rowsInView is how many whole result rows the table shows (the rows it
// holds, when fewer fit).
func (t *hoverTable) rowsInView() int {
	if t == nil || t.Size().Height <= 0 || t.Length == nil {
		return 0
	}
	rows, _ := t.Length()
	m := t.metrics()
	n := int(math.Floor(float64((t.Size().Height - m.header + m.gap) / m.stride())))
	return max(0, min(n, rows))
}

// Figures are what a picture of the window is checked against, as the
// window's status file (ROBOTS_STUDIO_STATUS) and make tour report them.
type Figures struct {
	RowsInView int           // whole result rows in view
	PathChars  int           // characters of a typical path the Path column shows whole
	ThirdRow   fyne.Position // a point in the third row in view, in window coordinates
	HasThird   bool          // the table shows a third row
	// TableWidth is the results table's width as laid out now, PathRoom
	// the width at which it would show thirty characters of the path
	// without compare: every column at its least, the crawler column at a
	// short name's width, the group and the reading's name left out (as
	// normalColumns and fitColumns give way). Presenter mode narrows the
	// editor to it.
	TableWidth, PathRoom float32
	// DetailShown: the detail area below the table is shown (never in
	// presenter mode); RuleShown: the table has the deciding line column.
	DetailShown, RuleShown bool
}

// Figures reports the pane's figures now.
func (p *Pane) Figures() Figures {
	f := Figures{RowsInView: p.ui.table.rowsInView(), PathChars: p.table.pathChars(), TableWidth: p.ui.table.Size().Width}
	tb := p.table
	f.PathRoom = tb.pathRoom(slices.DeleteFunc(tb.normalColumns(0), func(c column) bool {
		return (c.kind == colGroup || c.kind == colEngine) && tb.colChoice[c.kind] == colAuto
	}))
	f.ThirdRow, f.HasThird = p.ui.table.rowPoint(2)
	f.DetailShown = p.detail.object().Visible()
	f.RuleShown = slices.ContainsFunc(tb.cols, func(c column) bool { return c.kind == colRule })
	return f
}

// wholeRowsHeight is the height at most h that holds the header and a
// whole number of rows; h itself when not even one row fits.
func (t *hoverTable) wholeRowsHeight(h float32) float32 {
	m := t.metrics()
	n := math.Floor(float64((h - m.header + m.gap) / m.stride()))
	if n < 1 {
		return h
	}
	return m.header + float32(n)*m.stride() - m.gap
}

// showRow scrolls the table by whole rows so that row is whole in view,
// moving the view as little as it can (a row already in view only has its
// view put on a row boundary).
func (t *hoverTable) showRow(row int) {
	if t.Length == nil {
		return
	}
	rows, _ := t.Length()
	m := t.metrics()
	view := t.Size().Height - m.header
	if row < 0 || row >= rows || view <= 0 {
		return
	}
	s := m.stride()
	at := t.scrolled()
	from := at.Y
	if t.before != nil {
		from, t.before = *t.before, nil
	}
	// the first row on top that still shows row whole, and the last
	first := int(math.Ceil(float64((float32(row)*s+m.row-view)/s) - 1e-3))
	top := min(max(int(math.Round(float64(from/s))), first, 0), row)
	y := float32(top) * s
	// at the end the view stops at the last row (a whole row: the table
	// is a whole number of rows high)
	y = max(0, min(y, float32(rows)*s-m.gap-view))
	if y != at.Y {
		t.ScrollToOffset(fyne.NewPos(at.X, y))
	}
}

// rowInView reports whether some of row shows in the table's view.
func (t *hoverTable) rowInView(row int, view float32) bool {
	m := t.metrics()
	at := t.scrolled().Y
	if t.before != nil {
		at = *t.before
	}
	y := float32(row)*m.stride() - at
	return y+m.row > 0 && y < view
}

// selectedRow is the table row of the selected result, or -1.
func (rv *resultView) selectedRow() int {
	if rv.selected == nil {
		return -1
	}
	return slices.Index(rv.shown, rv.selected.pair)
}

// Tapped selects the cell under the pointer as widget.Table does, and
// gives the table the keyboard. widget.Table asks the window for the focus
// by its own name, the embedded Table, which a real window does not know
// (it knows the hoverTable): Up, Down and Space never reached the table
// there.
func (t *hoverTable) Tapped(e *fyne.PointEvent) {
	t.keepPlace(func() { t.Table.Tapped(e) })
	if c := fyne.CurrentApp().Driver().CanvasForObject(t); c != nil && c.Focused() != t {
		c.Focus(t)
	}
}

// TypedKey moves the keyboard focus as widget.Table does, Up and Down
// select the row they reach, then it scrolls the focused row whole into
// view by whole rows; Esc and the function keys go
// to the window (presenter mode). On the web the key arrives off the UI
// goroutine: keys.Run brings it there.
func (t *hoverTable) TypedKey(e *fyne.KeyEvent) {
	keys.Run(func() {
		if keys.WindowKey(e.Name) {
			keys.PassOn(t, e)
			return
		}
		t.keepPlace(func() {
			t.Table.TypedKey(e)
			switch e.Name {
			case fyne.KeyUp, fyne.KeyDown:
				// The selection follows the keyboard, as in any list of
				// results: the detail and the editor's marks go with it
				// (widget.Table moves only its focus and waits for Space).
				if row := t.focusRow(); row >= 0 && row != t.selectedRow() {
					t.Select(widget.TableCellID{Row: row, Col: 0})
				}
				t.showRow(t.focusRow())
			case fyne.KeyLeft, fyne.KeyRight:
				t.showRow(t.focusRow())
			}
		})
	})
}

// keepPlace runs f, a widget.Table method that may scroll by its own rule
// first (a click, a key); showRow then starts from where the view was
// before, not from where that rule put it, and moves it as little as it
// can (from there, a row scrolled to from above ends at the bottom edge,
// not in the middle).
func (t *hoverTable) keepPlace(f func()) {
	y := t.scrolled().Y
	t.before = &y
	defer func() { t.before = nil }()
	f()
}

// focusOn puts the table's keyboard focus and selection on row when the
// pane selected it by itself (a rebuilt window putting the selection back):
// Up and Down then go on from the selected row, not from the top.
func (t *hoverTable) focusOn(row int) {
	if row < 0 || t.focusRow() == row {
		return
	}
	t.st.suppressSelection = true // the pane has selected it already
	defer func() { t.st.suppressSelection = false }()
	t.keepPlace(func() {
		t.Select(widget.TableCellID{Row: row, Col: 0})
		t.showRow(row)
	})
}

// rowPoint is a point inside the n-th result row in view, in window
// coordinates (false when the table shows fewer rows): where the window's
// tour clicks to select a result as a user would.
func (t *hoverTable) rowPoint(n int) (fyne.Position, bool) {
	if t == nil || n >= t.rowsInView() {
		return fyne.Position{}, false
	}
	drv := fyne.CurrentApp().Driver()
	at := drv.AbsolutePositionForObject(t)
	m := t.metrics()
	return at.AddXY(t.Size().Width*0.45, m.header+m.gap+float32(n)*m.stride()+m.row/2), true
}
