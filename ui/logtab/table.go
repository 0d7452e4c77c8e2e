package logtab

import (
	"fmt"
	"sort"
	"strings"

	"fyne.io/fyne/v2"
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

// columns are the table's columns; the draft's only when there is one.
func columns(draft bool) []column {
	cols := []column{
		{key: "crawler", title: lang.X("logtab.col.crawler", "Crawler"), width: 140,
			text: func(c *accesslog.CrawlerStats) string { return c.Name },
			less: func(a, b *accesslog.CrawlerStats) bool { return strings.ToLower(a.Name) < strings.ToLower(b.Name) }},
		{key: "verified", title: lang.X("logtab.col.verified", "Identity"), width: 90,
			text: func(c *accesslog.CrawlerStats) string { return verifiedText(c.Verified) },
			less: func(a, b *accesslog.CrawlerStats) bool { return a.Verified < b.Verified }},
	}
	add := func(key, title string, width float32, f func(c *accesslog.CrawlerStats) int64) {
		text, less := num(f)
		cols = append(cols, column{key: key, title: title, width: width, text: text, less: less})
	}
	add("hits", lang.X("logtab.col.hits", "Hits"), 70, func(c *accesslog.CrawlerStats) int64 { return c.Hits })
	add("paths", lang.X("logtab.col.paths", "Paths"), 70, func(c *accesslog.CrawlerStats) int64 { return c.DistinctPaths })
	add("disallowed", lang.X("logtab.col.disallowed", "Disallowed"), 90, func(c *accesslog.CrawlerStats) int64 { return c.Disallowed })
	if draft {
		add("blocked", lang.X("logtab.col.newly_blocked", "Draft blocks"), 95, func(c *accesslog.CrawlerStats) int64 { return c.NewlyBlocked })
		add("allowed", lang.X("logtab.col.newly_allowed", "Draft allows"), 95, func(c *accesslog.CrawlerStats) int64 { return c.NewlyAllowed })
	}
	cols = append(cols, column{key: "robots", title: lang.X("logtab.col.robots", "robots.txt"), width: 120,
		text: robotsText,
		less: func(a, b *accesslog.CrawlerStats) bool { return robotsFetches(a) < robotsFetches(b) }})
	return cols
}

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
	table    *keys.Table
	cols     []column
	rows     []*accesslog.CrawlerStats
	sortCol  int
	desc     bool
	onSelect func(*accesslog.CrawlerStats)
	widths   []float32 // the columns' widths, as setWidths set them
	// onWidths is told the columns' widths changed (the tab gives the
	// table the room they need).
	onWidths func()
}

func newSummaryTable(onSelect func(*accesslog.CrawlerStats)) *summaryTable {
	s := &summaryTable{cols: columns(false), sortCol: 2, desc: true, onSelect: onSelect}
	s.table = keys.NewTable(
		func() (int, int) { return len(s.rows), len(s.cols) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(id widget.TableCellID, o fyne.CanvasObject) {
			if id.Row < len(s.rows) {
				o.(*widget.Label).SetText(s.cols[id.Col].text(s.rows[id.Row]))
			}
		})
	s.table.ShowHeaderRow = true
	s.table.CreateHeader = func() fyne.CanvasObject {
		b := widget.NewButton("", nil)
		b.Importance = widget.LowImportance
		b.IconPlacement = widget.ButtonIconTrailingText // the sort's arrow after the title
		return b
	}
	s.table.UpdateHeader = func(id widget.TableCellID, o fyne.CanvasObject) {
		b := o.(*widget.Button)
		if id.Col < 0 || id.Col >= len(s.cols) {
			b.SetText("")
			return
		}
		b.SetText(s.cols[id.Col].title)
		// the sort's direction as an icon: ▲ and ▼ are in no font the
		// browser build has
		switch {
		case id.Col != s.sortCol:
			b.SetIcon(nil)
		case s.desc:
			b.SetIcon(theme.MoveDownIcon())
		default:
			b.SetIcon(theme.MoveUpIcon())
		}
		col := id.Col
		b.OnTapped = func() { s.sortBy(col) }
	}
	s.table.OnSelected = func(id widget.TableCellID) {
		if id.Row >= 0 && id.Row < len(s.rows) && s.onSelect != nil {
			s.onSelect(s.rows[id.Row])
		}
	}
	s.setWidths()
	return s
}

// maxColumnWidth keeps one long crawler name from pushing the other columns
// out of view; such a name is written out in full when its row is selected.
const maxColumnWidth = 280

// setWidths gives each column room for its heading and for its widest
// cell, in the language shown (Russian and Polish headings are longer
// than the English ones the base widths were made for), and the column
// sorted by room for its arrow too: room for an arrow beside every
// heading made the Polish table 790 px wide, wider than its 630 at
// 1024×768 ("Niedozwo…").
func (s *summaryTable) setWidths() {
	pad := 2 * theme.InnerPadding()
	measure := func(text string, bold bool) float32 {
		return fyne.MeasureText(text, theme.TextSize(), fyne.TextStyle{Bold: bold}).Width + pad
	}
	s.widths = s.widths[:0]
	for i, c := range s.cols {
		head := measure(c.title, true)
		if i == s.sortCol {
			head += theme.IconInlineSize() + theme.Padding()
		}
		w := max(c.width, head)
		for _, r := range s.rows {
			w = max(w, measure(c.text(r), false))
		}
		w = min(w, max(c.width, maxColumnWidth))
		s.widths = append(s.widths, w)
		s.table.SetColumnWidth(i, w)
	}
	if s.onWidths != nil {
		s.onWidths()
	}
}

// width is column i's width (0 past the last).
func (s *summaryTable) width(i int) float32 {
	if i < 0 || i >= len(s.widths) {
		return 0
	}
	return s.widths[i]
}

// need is the width the table needs to show every column whole.
func (s *summaryTable) need() float32 {
	w := theme.ScrollBarSize() + theme.Padding()
	for _, c := range s.widths {
		w += c
	}
	return w
}

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
	if draft := len(s.cols) > len(columns(false)); draft != rep.HasDraft {
		key := s.cols[s.sortCol].key
		s.cols = columns(rep.HasDraft)
		s.sortCol = 2
		for i, c := range s.cols {
			if c.key == key {
				s.sortCol = i
			}
		}
		s.setWidths()
	}
	s.rows = append([]*accesslog.CrawlerStats(nil), rep.Crawlers...)
	s.setWidths()
	sortRows(s.rows, s.cols[s.sortCol], s.desc)
	s.table.UnselectAll()
	s.table.Refresh()
}
