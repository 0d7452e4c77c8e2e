package editor

import (
	"math"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// viewport is what part of the text is on screen and where each part of
// the widget lies: the scroll position, the layout of the areas for the
// current size (view), following the cursor, and which text lies under a
// point of the widget. It reads the buffer and the wrapper; the cursor
// it follows is handed to toCursor, and what it needs from the widget
// (size, theme, repaint, the height of a bar at the top) comes as
// callbacks.
type viewport struct {
	buf  *buffer
	wrap *wrapper
	host *host
	// barHeight is the height of the find or go-to bar at the top, 0 when
	// none is shown.
	barHeight       func() float32
	topRow, leftCol int // first visible line (0-based) and display column
	// With word wrap on, topSub is the first visible row of line topRow
	// and leftCol stays 0; see wrap.go.
	topSub int
	// kept is the line ShowLine last showed (1-based; 0 for none), and
	// keptIn the view's rows and columns then: when the editor is resized
	// under it (presenter mode narrowing it for compare, the explanation
	// below growing) the line is shown again, wrapped anew, until the
	// user scrolls, edits or moves the cursor.
	kept   int
	keptIn [2]int
}

// forget stops keeping a line in view.
func (vp *viewport) forget() { vp.kept = 0 }

// keep shows the kept line again when the view's size changed since.
func (vp *viewport) keep(v view) {
	if vp.kept > 0 && vp.host.size().Height > 0 && [2]int{v.visRows, v.visCols} != vp.keptIn {
		vp.showLine(vp.kept)
	}
}

// metrics measures the monospace cell at the widget's text size.
func (vp *viewport) metrics() metrics {
	size := vp.host.themeSize(theme.SizeNameText)
	m := fyne.MeasureText("M", size, fyne.TextStyle{Monospace: true})
	return metrics{cellW: m.Width, lineH: m.Height, textSize: size}
}

// view lays out the editor's areas for its current size.
func (vp *viewport) view() view {
	v := view{metrics: vp.metrics()}
	size := vp.host.size()
	v.barH = vp.barHeight()
	digits := len(strconv.Itoa(len(vp.buf.doc.Lines)))
	// One cell for gutter marks, one of padding after the numbers.
	v.gutterW = float32(max(digits, 3)+2) * v.cellW
	v.sb = vp.host.themeSize(theme.SizeNameScrollBarSmall) * 3
	v.x0, v.y0 = v.gutterW, v.barH
	v.w = max(0, size.Width-v.gutterW-v.sb)
	v.h = max(0, size.Height-v.barH-v.sb)
	if vp.wrap.on {
		v.h = max(0, size.Height-v.barH) // no horizontal scroll bar
	}
	v.visRows = max(1, int(v.h/v.lineH))
	v.visCols = max(1, int(v.w/v.cellW))
	return v
}

// clamp keeps the view inside the text; the last line may rise to the
// bottom of the view, not further.
func (vp *viewport) clamp(v view) {
	if vp.wrap.on {
		vp.leftCol = 0
		vp.clampWrapped(v)
		return
	}
	vp.topRow = max(0, min(vp.topRow, len(vp.buf.doc.Lines)-v.visRows))
	vp.leftCol = max(0, min(vp.leftCol, int(vp.buf.maxWidth)+1-v.visCols))
}

// toCursor makes the view follow the cursor, vertically and
// horizontally. Before the first layout there is no view to follow.
func (vp *viewport) toCursor(cursor int) {
	vp.forget()
	if vp.host.size().Height <= 0 {
		return
	}
	v := vp.view()
	if vp.wrap.on {
		vp.toCursorWrapped(v, cursor)
		return
	}
	d := vp.buf.doc
	row := d.LineAt(cursor) - 1
	if row < vp.topRow {
		vp.topRow = row
	} else if row >= vp.topRow+v.visRows {
		vp.topRow = row - v.visRows + 1
	}
	col := colOf(d.Src, vp.buf.line(row), cursor)
	// A margin of a few cells shows what is next to the cursor after a
	// horizontal jump instead of pinning it to the edge.
	margin := min(8, v.visCols/4)
	if col < vp.leftCol {
		vp.leftCol = max(0, col-margin)
	} else if col >= vp.leftCol+v.visCols {
		vp.leftCol = col - v.visCols + 1 + margin
	}
	vp.clamp(v)
}

// visibleRows lists the rows on screen: one per line scrolled by leftCol,
// or with word wrap the rows of the lines from topRow/topSub down.
func (vp *viewport) visibleRows(dst []vrow, v view) []vrow {
	d := vp.buf.doc
	if !vp.wrap.on {
		for row := vp.topRow; row < min(len(d.Lines), vp.topRow+v.visRows); row++ {
			dst = append(dst, vrow{line: row, off: -1, left: vp.leftCol, right: vp.leftCol + v.visCols})
		}
		return dst
	}
	line, sub := vp.topRow, vp.topSub
	for len(dst) < v.visRows && line < len(d.Lines) {
		rows := vp.wrap.rows(line, v.visCols)
		for ; sub < len(rows) && len(dst) < v.visRows; sub++ {
			right := rows[sub].col + v.visCols
			if sub+1 < len(rows) {
				right = rows[sub+1].col
			}
			dst = append(dst, vrow{line: line, sub: sub, off: rows[sub].off, left: rows[sub].col, right: right})
		}
		line, sub = line+1, 0
	}
	return dst
}

// clampWrapped keeps the wrapped view inside the text: the top row exists
// and the last row rises no higher than the bottom of the view.
func (vp *viewport) clampWrapped(v view) {
	last := len(vp.buf.doc.Lines) - 1
	vp.topRow = max(0, min(vp.topRow, last))
	vp.topSub = max(0, min(vp.topSub, len(vp.wrap.rows(vp.topRow, v.visCols))-1))
	if vp.topRow+v.visRows <= last {
		return // at least a screen of lines, so of rows, follows the top
	}
	ll := len(vp.wrap.rows(last, v.visCols)) - 1
	l, s, _ := vp.wrap.stepRows(last, ll, -(v.visRows - 1), v.visCols)
	if before(l, s, vp.topRow, vp.topSub) {
		vp.topRow, vp.topSub = l, s
	}
}

// toCursorWrapped scrolls the fewest rows that bring the cursor's
// row into view.
func (vp *viewport) toCursorWrapped(v view, cursor int) {
	cl, cs := vp.wrap.cursorRow(cursor, v.visCols)
	if before(cl, cs, vp.topRow, vp.topSub) {
		vp.topRow, vp.topSub = cl, cs
	} else if l, s, _ := vp.wrap.stepRows(cl, cs, -(v.visRows - 1), v.visCols); before(vp.topRow, vp.topSub, l, s) {
		vp.topRow, vp.topSub = l, s
	}
	vp.clampWrapped(v)
}

// scrollRows scrolls the wrapped view by n rows.
func (vp *viewport) scrollRows(v view, n int) {
	vp.topRow, vp.topSub, _ = vp.wrap.stepRows(vp.topRow, vp.topSub, n, v.visCols)
	vp.clampWrapped(v)
}

// pointAt converts a position in the widget to a line index (may lie
// outside the text, for drags beyond the edges) and a display column.
func (vp *viewport) pointAt(p fyne.Position) (row int, col float32) {
	row, _, col = vp.hit(p)
	return row, col
}

// hit is pointAt with the visual row of the line under p when word wrap
// is on (sub is 0 otherwise).
func (vp *viewport) hit(p fyne.Position) (row, sub int, col float32) {
	v := vp.view()
	k := int(math.Floor(float64((p.Y - v.y0) / v.lineH)))
	x := (p.X - v.x0) / v.cellW
	if !vp.wrap.on {
		return vp.topRow + k, 0, max(0, float32(vp.leftCol)+x)
	}
	l, s, rest := vp.wrap.stepRows(vp.topRow, vp.topSub, k, v.visCols)
	switch {
	case rest > 0:
		return len(vp.buf.doc.Lines), 0, 0
	case rest < 0:
		return -1, 0, 0
	}
	return l, s, float32(vp.wrap.rows(l, v.visCols)[s].col) + max(0, x)
}

// offsetAt is the character boundary nearest to position p.
func (vp *viewport) offsetAt(p fyne.Position) int {
	row, sub, col := vp.hit(p)
	d := vp.buf.doc
	switch {
	case row < 0:
		return vp.buf.textStart()
	case row >= len(d.Lines):
		return len(d.Src)
	case vp.wrap.on:
		return vp.wrap.offsetInRow(row, sub, col, vp.view().visCols)
	}
	return offsetAtCol(d.Src, vp.buf.line(row), col)
}

// showLine scrolls so 1-based line n (in the text) is visible, all its
// wrapped rows, centred when it was off screen. Before the first layout
// there is nothing to scroll.
func (vp *viewport) showLine(n int) {
	if vp.host.size().Height <= 0 {
		return
	}
	v := vp.view()
	if vp.wrap.on {
		bl, bs, _ := vp.wrap.stepRows(vp.topRow, vp.topSub, v.visRows-1, v.visCols)
		rows := len(vp.wrap.rows(n-1, v.visCols))
		switch {
		case n-1 < vp.topRow || n-1 > bl || n-1 == vp.topRow && vp.topSub > 0:
			vp.topRow, vp.topSub, _ = vp.wrap.stepRows(n-1, 0, -(v.visRows / 2), v.visCols)
		case n-1 == bl && bs < rows-1:
			// Its first rows are at the bottom, the rest below the edge
			// (a long rule wrapped in the narrow editor): scroll just so
			// its last row is the bottom one, or its first the top one
			// when it is taller than the view.
			if rows >= v.visRows {
				vp.topRow, vp.topSub = n-1, 0
			} else {
				vp.topRow, vp.topSub, _ = vp.wrap.stepRows(n-1, rows-1, -(v.visRows - 1), v.visCols)
			}
		}
		vp.clampWrapped(v)
		vp.kept, vp.keptIn = n, [2]int{v.visRows, v.visCols}
		return
	}
	if n-1 < vp.topRow || n-1 >= vp.topRow+v.visRows {
		vp.topRow = n - 1 - v.visRows/2
	}
	vp.clamp(v)
	vp.kept, vp.keptIn = n, [2]int{v.visRows, v.visCols}
}

// wheel scrolls by whole lines (and columns with Shift or a
// horizontal wheel), at least one per event.
func (vp *viewport) wheel(ev *fyne.ScrollEvent, shift bool) {
	vp.forget()
	v := vp.view()
	dx, dy := ev.Scrolled.DX, ev.Scrolled.DY
	if shift && dx == 0 {
		dx, dy = dy, 0
	}
	steps := func(d, unit float32) int {
		n := int(math.Round(float64(-d / unit)))
		if n == 0 && d != 0 {
			n = 1
			if d > 0 {
				n = -1
			}
		}
		return n
	}
	if vp.wrap.on {
		vp.scrollRows(v, steps(dy, v.lineH)*3)
	} else {
		vp.topRow += steps(dy, v.lineH) * 3
		vp.leftCol += steps(dx, v.cellW) * 3
	}
	vp.clamp(v)
	vp.host.refresh()
}
