package testerpane

import (
	"maps"
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
	if tb.p.compare {
		name = comparePrefix + name
	}
	return name
}

// userWidth is the width the user gave column c, at the text size in use.
func (tb *resultTable) userWidth(c column) (float32, bool) {
	w, ok := tb.p.set.Columns[tb.colName(c)]
	if !ok || math.IsNaN(w) || w < leastKeptWidth || w > mostKeptWidth {
		return 0, false
	}
	return zoomed(float32(w)), true
}

// userResized keeps the width the user dragged column col to, and lays the
// other columns out around it.
func (tb *resultTable) userResized(col int, w float32) {
	p := tb.p
	if col < 0 || col >= len(tb.cols) || col >= len(tb.widths) || w <= 0 {
		return
	}
	std := math.Round(float64(w * 14 / max(1, zoomed(14)))) // at the standard text size
	name := tb.colName(tb.cols[col])
	if old, ok := p.set.Columns[name]; ok && old == std {
		return
	}
	if p.set.Columns == nil {
		p.set.Columns = map[string]float64{}
	}
	p.set.Columns[name] = std
	tb.widths[col] = w
	if p.compare {
		tb.fitCompare(tb.tableW)
	} else {
		tb.fitColumns(tb.tableW)
	}
	if p.ui.table != nil {
		p.ui.table.Refresh()
	}
	if p.onTestSetChanged != nil {
		p.onTestSetChanged()
	}
}

// forgetWidths gives the widths of the table in view (plain or Compare)
// back to the layout.
func (tb *resultTable) forgetWidths() {
	p := tb.p
	if len(p.set.Columns) == 0 {
		return
	}
	maps.DeleteFunc(p.set.Columns, func(name string, _ float64) bool {
		return strings.HasPrefix(name, comparePrefix) == p.compare
	})
	if len(p.set.Columns) == 0 {
		p.set.Columns = nil
	}
	if p.onTestSetChanged != nil {
		p.onTestSetChanged()
	}
}

// DragEnd keeps the width of a column the user dragged (widget.Table keeps
// which column it is dragging, and its widths, to itself in Fyne 2.7.1: they
// are read from its fields; TestDraggedWidthIsKept fails if a Fyne update
// renames them).
func (t *hoverTable) DragEnd() {
	col := -1
	if v := reflect.ValueOf(&t.Table).Elem().FieldByName("dragCol"); v.IsValid() {
		col = int(v.Int())
	}
	t.Table.DragEnd()
	if col < 0 {
		return
	}
	widths := reflect.ValueOf(&t.Table).Elem().FieldByName("columnWidths")
	if !widths.IsValid() || widths.IsNil() {
		return
	}
	if w := widths.MapIndex(reflect.ValueOf(col)); w.IsValid() {
		t.p.table.userResized(col, float32(w.Float()))
	}
}
