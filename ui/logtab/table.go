package logtab

import (
	"fmt"
	"sort"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/accesslog"
)

// column is one column of the summary: its title, its width and how a row
// shows and compares in it.
type column struct {
	key, title string
	width      float32
	text       func(c *accesslog.CrawlerStats) string
	less       func(a, b *accesslog.CrawlerStats) bool
}

func num(f func(c *accesslog.CrawlerStats) int64) (func(*accesslog.CrawlerStats) string, func(a, b *accesslog.CrawlerStats) bool) {
	return func(c *accesslog.CrawlerStats) string { return fmt.Sprint(f(c)) },
		func(a, b *accesslog.CrawlerStats) bool { return f(a) < f(b) }
}

// columns are the table's columns; the draft's only when there is one. A
// column is as wide as its title and its values; width is a least width
// for the crawler's names before there are any.
func columns(draft bool) []column {
	cols := []column{
		{key: "crawler", title: lang.X("logtab.col.crawler", "Crawler"), width: 140,
			text: func(c *accesslog.CrawlerStats) string { return c.Name },
			less: func(a, b *accesslog.CrawlerStats) bool { return strings.ToLower(a.Name) < strings.ToLower(b.Name) }},
		{key: "verified", title: lang.X("logtab.col.verified", "Identity"),
			text: func(c *accesslog.CrawlerStats) string { return verifiedText(c.Verified) },
			less: func(a, b *accesslog.CrawlerStats) bool { return a.Verified < b.Verified }},
	}
	add := func(key, title string, f func(c *accesslog.CrawlerStats) int64) {
		text, less := num(f)
		cols = append(cols, column{key: key, title: title, text: text, less: less})
	}
	add("hits", lang.X("logtab.col.hits", "Hits"), func(c *accesslog.CrawlerStats) int64 { return c.Hits })
	add("paths", lang.X("logtab.col.paths", "Paths"), func(c *accesslog.CrawlerStats) int64 { return c.DistinctPaths })
	add("disallowed", lang.X("logtab.col.disallowed", "Disallowed"), func(c *accesslog.CrawlerStats) int64 { return c.Disallowed })
	if draft {
		add("blocked", lang.X("logtab.col.newly_blocked", "Draft blocks"), func(c *accesslog.CrawlerStats) int64 { return c.NewlyBlocked })
		add("allowed", lang.X("logtab.col.newly_allowed", "Draft allows"), func(c *accesslog.CrawlerStats) int64 { return c.NewlyAllowed })
	}
	cols = append(cols, column{key: "robots", title: lang.X("logtab.col.robots", "robots.txt"),
		text: robotsText,
		less: func(a, b *accesslog.CrawlerStats) bool { return robotsFetches(a) < robotsFetches(b) }})
	return cols
}

// foldOrder is the order columns leave the table when it has not the room
// for all of them (a draft's two columns more at 1024×768, longer titles in
// Russian and Polish): first the count of distinct paths, then the
// robots.txt fetches, then the identity. The crawler, its hits and the
// counts of the verdicts (disallowed, and what a draft blocks and allows)
// always stay; a folded column is written in the detail beside the table
// for the crawler selected. The column sorted by stays.
var foldOrder = []string{"paths", "robots", "verified"}

func verifiedText(v accesslog.Verification) string { return v.Text().String() }

func robotsFetches(c *accesslog.CrawlerStats) int64 {
	var n int64
	for _, v := range c.RobotsFetches {
		n += v
	}
	return n
}

// robotsText is the statuses a crawler's robots.txt fetches got ("200×3
// 404×1"), or "never".
func robotsText(c *accesslog.CrawlerStats) string {
	if c.NeverFetchedRobots() {
		return lang.X("logtab.never", "never")
	}
	var parts []string
	for _, f := range c.FetchConclusions() {
		parts = append(parts, fmt.Sprintf("%d×%d", f.Status, f.Fetches))
	}
	return strings.Join(parts, " ")
}

// sortRows orders rows by column col, descending when desc; ties keep the
// report's order (most hits first).
func sortRows(rows []*accesslog.CrawlerStats, col column, desc bool) {
	sort.SliceStable(rows, func(i, j int) bool {
		if desc {
			return col.less(rows[j], rows[i])
		}
		return col.less(rows[i], rows[j])
	})
}

// summaryTable is the per-crawler table; a header click sorts by that
// column (again: the other way), a row click selects the crawler.
type summaryTable struct {
	table *keys.Table
	all   []column // the columns of the report shown (the draft's or not)
	cols  []column // those the table shows: all less the folded ones
	// folded are the columns left out for want of room, in the table's
	// order; the tab writes them in the detail for the crawler selected.
	folded   []column
	room     float32 // the widest the table may be (0: not known yet, no limit)
	rows     []*accesslog.CrawlerStats
	sortCol  int // in cols
	desc     bool
	onSelect func(*accesslog.CrawlerStats)
	widths   []float32 // the shown columns' widths, as setWidths set them
	// onWidths is told the columns' widths changed (the tab gives the
	// table the room they need); onFolded that other columns are folded.
	onWidths, onFolded func()
}

func newSummaryTable(onSelect func(*accesslog.CrawlerStats)) *summaryTable {
	s := &summaryTable{all: columns(false), sortCol: 2, desc: true, onSelect: onSelect}
	s.cols = s.all
	s.table = keys.NewTable(
		func() (int, int) { return len(s.rows), len(s.cols) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(id widget.TableCellID, o fyne.CanvasObject) {
			if id.Row < len(s.rows) {
				o.(*widget.Label).SetText(s.cols[id.Col].text(s.rows[id.Row]))
			}
		})
	s.table.ShowHeaderRow = true
	s.table.CreateHeader = func() fyne.CanvasObject { return newSortHeader() }
	s.table.UpdateHeader = func(id widget.TableCellID, o fyne.CanvasObject) {
		h := o.(*sortHeader)
		if id.Col < 0 || id.Col >= len(s.cols) {
			h.set("", nil, nil)
			return
		}
		// the sort's direction as an icon: ▲ and ▼ are in no font the
		// browser build has
		var arrow fyne.Resource
		switch {
		case id.Col != s.sortCol:
		case s.desc:
			arrow = theme.MoveDownIcon()
		default:
			arrow = theme.MoveUpIcon()
		}
		col := id.Col
		h.set(s.cols[id.Col].title, arrow, func() { s.sortBy(col) })
	}
	s.table.OnSelected = func(id widget.TableCellID) {
		if id.Row >= 0 && id.Row < len(s.rows) && s.onSelect != nil {
			s.onSelect(s.rows[id.Row])
		}
	}
	s.setWidths()
	return s
}

// sortHeader is a column's heading: a button with its title and, on the
// column sorted by, the sort's arrow after it. The arrow is an icon of its
// own, not the button's: a Fyne button that once had an icon keeps its
// room in its least size, and the table hands a heading to another column
// when columns fold.
type sortHeader struct {
	widget.BaseWidget
	button *widget.Button
	arrow  *widget.Icon
}

func newSortHeader() *sortHeader {
	h := &sortHeader{button: widget.NewButton("", nil), arrow: widget.NewIcon(nil)}
	h.button.Importance = widget.LowImportance
	h.arrow.Hide()
	h.ExtendBaseWidget(h)
	return h
}

// set shows title, arrow (nil: none) and what a tap does.
func (h *sortHeader) set(title string, arrow fyne.Resource, tapped func()) {
	h.button.OnTapped = tapped
	h.button.SetText(title)
	h.arrow.SetResource(arrow)
	h.arrow.Hidden = arrow == nil
	h.Refresh()
}

// Tapped: a tap on the arrow sorts as one on the title.
func (h *sortHeader) Tapped(*fyne.PointEvent) {
	if h.button.OnTapped != nil {
		h.button.OnTapped()
	}
}

func (h *sortHeader) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewBorder(nil, nil, nil, h.arrow, h.button))
}

// maxColumnWidth keeps one long crawler name from pushing the other columns
// out of view; such a name is written out in full when its row is selected.
const maxColumnWidth = 280

// setWidths gives each column room for its heading and for its widest
// cell, in the language shown, and the column sorted by room for its arrow
// too (room for an arrow beside every heading made the Polish table 790 px
// wide, wider than its 630 at 1024×768: "Niedozwo…"). When the columns
// need more than the table's room, the columns of foldOrder leave it until
// the rest fit (with a draft's two columns at 1024×768 the table scrolled
// sideways, in every language), and then a long crawler name is cut; room
// left over goes to a crawler name cut at maxColumnWidth.
func (s *summaryTable) setWidths() {
	pad := 2 * theme.InnerPadding()
	measure := func(text string, bold bool) float32 {
		return fyne.MeasureText(text, theme.TextSize(), fyne.TextStyle{Bold: bold}).Width + pad
	}
	sortKey := s.cols[s.sortCol].key
	want := make([]float32, len(s.all)) // each column's width, whole
	wide := make([]float32, len(s.all)) // and with no crawler name cut
	total := theme.ScrollBarSize() + theme.Padding() + gaps(len(s.all))
	for i, c := range s.all {
		w := max(c.width, measure(c.title, true))
		if c.key == sortKey {
			w += theme.IconInlineSize() + theme.Padding()
		}
		for _, r := range s.rows {
			w = max(w, measure(c.text(r), false))
		}
		wide[i] = w
		want[i] = min(w, max(c.width, maxColumnWidth))
		total += want[i]
	}
	fold := map[string]bool{}
	for _, key := range foldOrder {
		if s.room <= 0 || total <= s.room {
			break
		}
		for i, c := range s.all {
			if c.key == key && key != sortKey {
				fold[key] = true
				total -= want[i] + theme.Padding()
			}
		}
	}
	// Still too wide: a long crawler name is cut before the counts, down
	// to the column's least width (the name is written out in full when
	// its row is selected).
	for i, c := range s.all {
		if over := total - s.room; s.room > 0 && over > 0 && c.key == "crawler" && want[i] > c.width {
			cut := min(over, want[i]-c.width)
			want[i] -= cut
			total -= cut
		}
	}
	was := s.foldedKeys()
	s.cols, s.folded, s.widths = nil, nil, s.widths[:0]
	for i, c := range s.all {
		if fold[c.key] {
			s.folded = append(s.folded, c)
			continue
		}
		w := want[i]
		if spare := s.room - total; spare > 0 && wide[i] > w {
			w = min(wide[i], w+spare)
			total += w - want[i]
		}
		if c.key == sortKey {
			s.sortCol = len(s.cols)
		}
		s.table.SetColumnWidth(len(s.cols), w)
		s.cols = append(s.cols, c)
		s.widths = append(s.widths, w)
	}
	if s.foldedKeys() != was {
		// the cells and headers are other columns' now, and a column's
		// width the same as before refreshes nothing
		s.table.Refresh()
	}
	if s.onWidths != nil {
		s.onWidths()
	}
	if s.onFolded != nil && s.foldedKeys() != was {
		s.onFolded()
	}
}

// foldedKeys names the folded columns, to tell a change.
func (s *summaryTable) foldedKeys() string {
	var k []string
	for _, c := range s.folded {
		k = append(k, c.key)
	}
	return strings.Join(k, " ")
}

// setRoom sets the widest the table may be and fits the columns to it.
func (s *summaryTable) setRoom(room float32) {
	if room != s.room {
		s.room = room
		s.setWidths()
	}
}

// width is column i's width (0 past the last).
func (s *summaryTable) width(i int) float32 {
	if i < 0 || i >= len(s.widths) {
		return 0
	}
	return s.widths[i]
}

// need is the width the table needs to show every column whole: the
// columns, the table's gaps between them, and the vertical scroll bar's
// room at the right.
func (s *summaryTable) need() float32 {
	w := theme.ScrollBarSize() + theme.Padding()
	for _, c := range s.widths {
		w += c
	}
	return w + gaps(len(s.widths))
}

// gaps is the room a table of n columns leaves between them.
func gaps(n int) float32 { return float32(max(0, n-1)) * theme.Padding() }

// sortBy sorts by column col: a new column starts descending for numbers
// and ascending for names; the same column again flips the order.
func (s *summaryTable) sortBy(col int) {
	if col == s.sortCol {
		s.desc = !s.desc
	} else {
		s.sortCol, s.desc = col, col >= 2
	}
	sortRows(s.rows, s.cols[s.sortCol], s.desc)
	s.setWidths() // the arrow moved to another column
	s.table.UnselectAll()
	s.table.Refresh()
}

func (s *summaryTable) setReport(rep *accesslog.Report) {
	if draft := len(s.all) > len(columns(false)); draft != rep.HasDraft {
		key := s.cols[s.sortCol].key
		s.all = columns(rep.HasDraft)
		s.cols, s.sortCol = s.all, 2
		for i, c := range s.cols {
			if c.key == key {
				s.sortCol = i
			}
		}
	}
	s.rows = append([]*accesslog.CrawlerStats(nil), rep.Crawlers...)
	s.setWidths()
	sortRows(s.rows, s.cols[s.sortCol], s.desc)
	s.table.UnselectAll()
	s.table.Refresh()
}
