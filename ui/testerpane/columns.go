package testerpane

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// The results table without compare fits its width: the short columns
// (crawler, verdict, reading, expectation) take what their words need, the
// text columns (path, deciding line, group) share the rest, and a column
// that says nothing new is left out unless the user asked for it:
//   - Read as, when one reading answers for every crawler (the selector
//     above the table names it);
//   - Expected, while no result has an expectation;
//   - Group, when the table is too narrow for it at its least width.
// Columns… shows or hides each one for good; "Fit to the window" gives the
// choice back.

// optionalCols are the columns the user may hide, in table order.
var optionalCols = []colKind{colEngine, colRule, colGroup, colExpect}

// Least widths of the text columns, at 14 pt; the rest is shared by weight.
var flexCols = []struct {
	kind   colKind
	least  float32
	weight float32
}{{colPath, 90, 4}, {colRule, 76, 3}, {colGroup, 90, 2}}

// pathLeastText is the first thirty characters of typicalPath, the path
// the window's figure counts with (pathChars): the path column's least
// width (leastOf, fitCompare). A webmaster reads a path before its
// deciding line or its group, and before a long crawler name.
var pathLeastText = typicalPath[:30]

// colChoice is the user's choice for an optional column.
type colChoice int8

const (
	colAuto colChoice = iota
	colShown
	colHidden
)

// normalColumns are the columns without compare for a table width wide.
func (tb *resultTable) normalColumns(width float32) []column {
	want := func(k colKind) bool {
		switch tb.colChoice[k] {
		case colShown:
			return true
		case colHidden:
			return false
		}
		switch k {
		case colEngine:
			return tb.reading.engineID == OwnReading
		case colExpect:
			return len(tb.set.Expect) > 0
		}
		return true
	}
	var cols []column
	for _, k := range []colKind{colCrawler, colHost, colPath, colVerdict, colEngine, colRule, colGroup, colExpect} {
		if k == colHost && !tb.view.mixed {
			continue
		}
		if !slices.Contains(optionalCols, k) || want(k) {
			cols = append(cols, column{kind: k})
		}
	}
	// The group gives way when the others need the width, then the
	// reading's name (the status bar and the explanation say it), unless
	// the user chose them: the deciding line says why, and stays.
	for _, k := range []colKind{colGroup, colEngine} {
		if width > 0 && tb.colChoice[k] == colAuto && tb.leastWidth(cols) > width {
			cols = slices.DeleteFunc(cols, func(c column) bool { return c.kind == k })
		}
	}
	// In presenter mode the deciding line gives way too, last, when thirty
	// characters of the path do not fit beside it at presenter zoom
	// (1024×768): the back row reads the crawler, the path and the verdict
	// large, and the selected result's deciding rule is in the large-type
	// explanation and marked in the editor beside the table.
	// So it does beside a host column (rows of several hosts at 1024×768,
	// in Russian and Polish): the selected result's explanation quotes
	// its deciding line.
	if (tb.presenting || tb.view.mixed) && width > 0 && tb.colChoice[colRule] == colAuto && tb.pathRoom(cols) > width {
		cols = slices.DeleteFunc(cols, func(c column) bool { return c.kind == colRule })
	}
	return cols
}

// pathRoom is the width cols need for thirty characters of the path: every
// column at its least, those of givingWay at theirs (as fitColumns gives
// way).
func (tb *resultTable) pathRoom(cols []column) float32 {
	w := tb.leastWidth(cols)
	for _, c := range cols {
		if _, kept := tb.userWidth(c); kept {
			continue
		}
		if slices.Contains(givingWay, c.kind) {
			w -= max(0, tb.fitWidth(c)-tb.leastGiving(c))
		}
	}
	return w
}

// leastWidth is the width cols need with every text column at its least.
func (tb *resultTable) leastWidth(cols []column) float32 {
	total := theme.ScrollBarSize()
	for _, c := range cols {
		total += theme.Padding()
		if w, ok := tb.userWidth(c); ok {
			total += w
		} else if i := flexIndex(c.kind); i >= 0 {
			total += tb.leastOf(c, i)
		} else {
			total += tb.fitWidth(c)
		}
	}
	return total
}

func flexIndex(k colKind) int {
	return slices.IndexFunc(flexCols, func(f struct {
		kind   colKind
		least  float32
		weight float32
	}) bool {
		return f.kind == k
	})
}

// leastOf is text column c's least width: its share's floor, and never
// narrower than its header (a Russian "Решающая строка" ran into the next
// header at the floor alone).
func (tb *resultTable) leastOf(c column, f int) float32 {
	least := zoomed(flexCols[f].least)
	if c.kind == colPath && !tb.compare {
		least = textWidth(pathLeastText, false) + zoomed(2*cellPad)
	}
	return max(least, tb.headerWidth(c))
}

// leastCrawler is the least width the crawler column gives way to when
// the path needs the width: a short name's, never narrower than its header.
func (tb *resultTable) leastCrawler(c column) float32 {
	return max(zoomed(84), tb.headerWidth(c))
}

// givingWay are the columns that give way, in this order, to thirty
// characters of the path (fitColumns, pathRoom).
var givingWay = []colKind{colCrawler, colHost}

// leastGiving is the least width a column of givingWay gives way to: a
// short crawler name's, about twelve characters of a host
// ("www.li…n.com"); never narrower than its header.
func (tb *resultTable) leastGiving(c column) float32 {
	if c.kind == colHost {
		return max(textWidth("www.linkedin", false)+zoomed(2*cellPad), tb.headerWidth(c))
	}
	return tb.leastCrawler(c)
}

// fitColumns sizes the text columns of the table without compare so that
// every column fits width: each text column gets its least width and a
// share of what is left by weight. When even the least widths do not fit,
// they stay at their least and the table scrolls. A column the user gave a
// width keeps it, and the others share what it leaves (widths.go).
func (tb *resultTable) fitColumns(width float32) {
	if tb.compare || tb.ui.table == nil || width <= 0 || len(tb.widths) != len(tb.cols) {
		return
	}
	flex := func(c column) int {
		if _, ok := tb.userWidth(c); ok {
			return -1
		}
		return flexIndex(c.kind)
	}
	used, weights := theme.ScrollBarSize(), float32(0)
	for i, c := range tb.cols {
		used += theme.Padding()
		if f := flex(c); f >= 0 {
			used += tb.leastOf(c, f)
			weights += flexCols[f].weight
		} else {
			used += tb.widths[i]
		}
	}
	spare := width - used
	// Too narrow for thirty characters of the path (1024×768, in Russian
	// and Polish above all, whose verdicts are long words): the crawler
	// column gives way first, as in Compare, then the host column of rows
	// of several hosts, each down to a short name's width; a name cut
	// there shows whole in its tip (a host is cut in the middle).
	for _, k := range givingWay {
		i := slices.IndexFunc(tb.cols, func(c column) bool { return c.kind == k })
		if spare >= 0 || i < 0 {
			continue
		}
		if _, kept := tb.userWidth(tb.cols[i]); !kept {
			give := max(0, min(-spare, tb.widths[i]-tb.leastGiving(tb.cols[i])))
			tb.widths[i] -= give
			tb.ui.table.SetColumnWidth(i, tb.widths[i])
			spare += give
		}
	}
	shrunk := false
	if spare < 0 {
		// Still too narrow for thirty characters of the path beside the
		// deciding line: the path gives up to a third of its least
		// before the table scrolls sideways.
		if i := slices.IndexFunc(tb.cols, func(c column) bool { return c.kind == colPath }); i >= 0 && flex(tb.cols[i]) >= 0 {
			f := flexIndex(colPath)
			give := min(-spare, tb.leastOf(tb.cols[i], f)/3)
			tb.widths[i] = tb.leastOf(tb.cols[i], f) - give
			tb.ui.table.SetColumnWidth(i, tb.widths[i])
			spare += give
			weights -= flexCols[f].weight
			shrunk = true
		}
	}
	spare = max(0, spare)
	for i, c := range tb.cols {
		if f := flex(c); f >= 0 && !(shrunk && c.kind == colPath) {
			w := tb.leastOf(c, f)
			if weights > 0 {
				w += spare * flexCols[f].weight / weights
			}
			tb.widths[i] = w
			tb.ui.table.SetColumnWidth(i, w)
		}
	}
}

// columnsFollow lays the table out again when the columns it should show
// changed (an expectation set, the reading changed, the width changed).
func (tb *resultTable) columnsFollow(width float32) {
	if tb.compare || tb.ui.table == nil {
		return
	}
	if !slices.Equal(tb.cols, tb.normalColumns(width)) {
		tb.layoutColumns()
		return
	}
	// a longer crawler name, another reading's name under Read as, widen
	// their columns
	if len(tb.widths) == len(tb.cols) {
		for i, c := range tb.cols {
			if flexIndex(c.kind) >= 0 {
				continue
			}
			if w := tb.startWidth(c); w != tb.widths[i] {
				tb.widths[i] = w
				tb.ui.table.SetColumnWidth(i, w)
			}
		}
	}
	tb.fitColumns(width)
}

// SetColumnShown shows (on) or hides an optional column for good.
func (tb *resultTable) SetColumnShown(k colKind, on bool) {
	if !slices.Contains(optionalCols, k) {
		return
	}
	if on {
		tb.colChoice[k] = colShown
	} else {
		tb.colChoice[k] = colHidden
	}
	tb.layoutColumns()
	if tb.onColumnsChanged != nil {
		tb.onColumnsChanged()
	}
}

// fitColumnsAgain gives every optional column back to the automatic rules,
// and every width back to the layout.
func (tb *resultTable) fitColumnsAgain() {
	clear(tb.colChoice)
	tb.forgetWidths()
	tb.layoutColumns()
	if tb.onColumnsChanged != nil {
		tb.onColumnsChanged()
	}
}

// showColumnChooser opens the table's column list without compare: a
// check for each optional column, as it shows now.
func (tb *resultTable) showColumnChooser(anchor fyne.CanvasObject) {
	list := container.NewVBox()
	var fill func()
	fill = func() {
		list.RemoveAll()
		for _, k := range optionalCols {
			check := widget.NewCheck(tb.header(column{kind: k}), nil)
			check.SetChecked(slices.ContainsFunc(tb.cols, func(c column) bool { return c.kind == k }))
			check.OnChanged = func(on bool) { tb.SetColumnShown(k, on); fill() }
			list.Add(check)
		}
	}
	fill()
	auto := widget.NewButton(lang.X("testerpane.columns.auto", "Fit to the window"), func() { tb.fitColumnsAgain(); fill() })
	tb.matrix.showChooser(anchor, lang.X("testerpane.columns.title", "Columns"), container.NewVBox(list, auto))
}
