package testerpane

import (
	"maps"

	"fyne.io/fyne/v2/driver/desktop"
	"math"
	"reflect"
	"strings"
)

// The widths the user gives columns by dragging the gap between two
// headers are the user's, not the layout's: they are kept with the test set
// (testset.Set.Columns), so the file opens again with its columns as the
// user left them, and the fitting (columns.go, fitCompare) works around
// them — a widened Path takes its width from the deciding line and the
// group, never the other way round. "Fit to the window" in Columns… gives
// every width back to the layout.

// comparePrefix starts the names of Compare's columns in the test set: its
// path column is another column than the plain table's.
const comparePrefix = "compare."

// Bounds of a kept width at the standard text size: a hand-edited file
// cannot make a column vanish or a mile wide.
const (
	leastKeptWidth = 16
	mostKeptWidth  = 4000
)

// colName is column c's name in the test set: "path", "rule", …; in
// Compare "compare.path", "compare.google".
func (tb *resultTable) colName(c column) string {
	var name string
	switch c.kind {
	case colCrawler:
		name = "crawler"
	case colHost:
		name = "host"
	case colPath:
		name = "path"
	case colVerdict:
		name = "verdict"
	case colRule:
		name = "rule"
	case colGroup:
		name = "group"
	case colEngine:
		name = "engine"
	case colExpect:
		name = "expect"
	case colEngineVerdict:
		name = c.engine
	}
	if tb.compare {
		name = comparePrefix + name
	}
	return name
}

// userWidth is the width the user gave column c, at the text size in use.
func (tb *resultTable) userWidth(c column) (float32, bool) {
	w, ok := tb.set.Columns[tb.colName(c)]
	if !ok || math.IsNaN(w) || w < leastKeptWidth || w > mostKeptWidth {
		return 0, false
	}
	return zoomed(float32(w)), true
}

// userResized keeps the width the user dragged column col to, and lays the
// other columns out around it.
func (tb *resultTable) userResized(col int, w float32) {
	if col < 0 || col >= len(tb.cols) || col >= len(tb.widths) || w <= 0 {
		return
	}
	std := math.Round(float64(w * 14 / max(1, zoomed(14)))) // at the standard text size
	name := tb.colName(tb.cols[col])
	if old, ok := tb.set.Columns[name]; ok && old == std {
		return
	}
	if tb.set.Columns == nil {
		tb.set.Columns = map[string]float64{}
	}
	tb.set.Columns[name] = std
	tb.widths[col] = w
	if tb.compare {
		tb.fitCompare(tb.tableW)
	} else {
		tb.fitColumns(tb.tableW)
	}
	if tb.ui.table != nil {
		tb.ui.table.Refresh()
	}
	if tb.onTestSetChanged != nil {
		tb.onTestSetChanged()
	}
}

// forgetWidths gives the widths of the table in view (plain or Compare)
// back to the layout.
func (tb *resultTable) forgetWidths() {
	if len(tb.set.Columns) == 0 {
		return
	}
	maps.DeleteFunc(tb.set.Columns, func(name string, _ float64) bool {
		return strings.HasPrefix(name, comparePrefix) == tb.compare
	})
	if len(tb.set.Columns) == 0 {
		tb.set.Columns = nil
	}
	if tb.onTestSetChanged != nil {
		tb.onTestSetChanged()
	}
}

// A resize is followed by hand, not as a drag: in the window every drag
// over the table goes to widget.Table's divider layer, which calls the
// table's own Dragged, and the press on a header goes to the header cell
// (a tap sorts), so widget.Table's resize never started there and never
// said where it ended. The header cells and the table pass the pointer on
// here: a press on a header's right edge, or on the gap after it, starts a
// resize; moves with the button down follow it; the button let go (a
// release, or a move without it) ends it and keeps the width.
type colResize struct {
	active             bool
	col                int
	startW, startX, to float32
}

// startResize starts resizing column col with the pointer at absX.
func (tb *resultTable) startResize(col int, absX float32) {
	if col < 0 || col >= len(tb.widths) {
		return
	}
	tb.resize = colResize{active: true, col: col, startW: tb.widths[col], startX: absX, to: tb.widths[col]}
}

// followResize follows the pointer while a resize is on; it reports
// whether one was.
func (tb *resultTable) followResize(e *desktop.MouseEvent) bool {
	r := &tb.resize
	if !r.active || e == nil {
		return r.active
	}
	if e.Button&desktop.MouseButtonPrimary == 0 {
		tb.finishResize()
		return true
	}
	if r.col >= len(tb.widths) || tb.ui.table == nil {
		r.active = false
		return true
	}
	r.to = max(zoomed(leastKeptWidth), r.startW+e.AbsolutePosition.X-r.startX)
	tb.widths[r.col] = r.to
	tb.ui.table.SetColumnWidth(r.col, r.to)
	return true
}

// finishResize ends a resize, keeping the width when it changed.
func (tb *resultTable) finishResize() {
	r := tb.resize
	tb.resize.active = false
	if r.active && r.to != r.startW {
		tb.userResized(r.col, r.to)
	}
}

// MouseDown on the gap after a header starts a resize (widget.Table marks
// that gap's column while the pointer is over it; it keeps it to itself in
// Fyne 2.7.1 and it is read from its field: TestDraggedWidthIsKept fails
// if a Fyne update renames it).
func (t *hoverTable) MouseDown(e *desktop.MouseEvent) {
	t.Table.MouseDown(e)
	if v := reflect.ValueOf(&t.Table).Elem().FieldByName("dragCol"); v.IsValid() && e.Button == desktop.MouseButtonPrimary {
		if col := int(v.Int()); col >= 0 {
			t.resize.startResize(col, e.AbsolutePosition.X)
		}
	}
}

// MouseUp ends a resize.
func (t *hoverTable) MouseUp(e *desktop.MouseEvent) {
	t.Table.MouseUp(e)
	t.resize.finishResize()
}
