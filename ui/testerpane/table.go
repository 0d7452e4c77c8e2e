package testerpane

import (
	"image/color"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/ui/look"
)

// The results are one widget.Table: only the cells on screen exist, so ten
// thousand rows scroll as smoothly as ten. Without compare each row shows
// one verdict (crawler, path, verdict, deciding line, group, engine used,
// expectation); with compare the verdict columns are replaced by one short
// column per engine. A verdict is shown by an icon, a word and a colour
// together, so it reads on a projector, in print and for colour-blind
// students alike.

// colKind is what a column shows.
type colKind int

const (
	colCrawler colKind = iota
	colPath
	colVerdict
	colRule
	colGroup
	colEngine
	colExpect
	colEngineVerdict // compare: one engine's verdict
	colHost          // the scheme and host, when the rows name more than one
)

// resultTable is the results table's columns: which there are, their
// widths for the current language and zoom, and the cell texts cut to them.
type resultTable struct {
	*paneState
	ui      *paneUI // the table widget, the hover tip
	view    *resultView
	answers *answerer
	reading *readings
	expect  *expectations
	matrix  *compareView
	detail  *detailView // the selected result explained

	cols   []column
	widths []float32
	// widthsText is the text size the widths were worked out for: a zoom
	// works them out again (fillLayout)
	widthsText float32
	fits       map[fitKey]string
	// colChoice is the user's choice of the optional columns without
	// compare (columns.go); tableW the table's width at the last layout.
	colChoice map[colKind]colChoice
	tableW    float32
	resize    colResize // a column the user is resizing (widths.go)
}

// column is one table column; engine is set for colEngineVerdict.
type column struct {
	kind   colKind
	engine string
}

// header is the column's title as the header row shows it.
func (tb *resultTable) header(c column) string {
	switch c.kind {
	case colCrawler:
		return lang.X("testerpane.col.crawler", "Crawler")
	case colPath:
		return lang.X("testerpane.col.path", "Path")
	case colHost:
		return lang.X("testerpane.col.host", "Host")
	case colVerdict:
		return lang.X("testerpane.col.verdict", "Verdict")
	case colRule:
		return lang.X("testerpane.col.rule", "Deciding line")
	case colGroup:
		return lang.X("testerpane.col.group", "Group")
	case colEngine:
		return lang.X("testerpane.col.engine", "Read as")
	case colExpect:
		return lang.X("testerpane.col.expect", "Expected")
	}
	return shortName(c.engine)
}

// tip is the header's full text, shown on hover when it says more than the
// header (the engines' full names behind the short ones).
func (tb *resultTable) tip(c column) string {
	if c.kind == colEngineVerdict {
		return engine.NameOf(c.engine).String()
	}
	return ""
}

// layoutColumns chooses the columns for the mode and sizes each so that its
// header and its words fit in the current language.
func (tb *resultTable) layoutColumns() {
	if tb.compare {
		tb.cols = []column{{kind: colCrawler}}
		if tb.view.mixed {
			tb.cols = append(tb.cols, column{kind: colHost})
		}
		tb.cols = append(tb.cols, column{kind: colPath})
		for _, id := range tb.matrix.compareEngines() {
			tb.cols = append(tb.cols, column{kind: colEngineVerdict, engine: id})
		}
	} else {
		tb.cols = tb.normalColumns(tb.tableW)
	}
	tb.widths = make([]float32, len(tb.cols))
	tb.widthsText = theme.TextSize()
	for i, c := range tb.cols {
		tb.widths[i] = tb.startWidth(c)
	}
	if t := tb.ui.table; t != nil {
		for i, w := range tb.widths {
			t.SetColumnWidth(i, w)
		}
		tb.fitCompare(t.Size().Width)
		tb.fitColumns(tb.tableW)
		t.Refresh()
	}
}

// Cell geometry: text is inset by cellPad on each side; an icon takes
// iconSize and a gap; a header leaves room for its sort arrow.
const (
	cellPad  = 4
	iconSize = 16
	iconGap  = 3
	sortRoom = 12
)

func textWidth(s string, bold bool) float32 {
	return fyne.MeasureText(s, theme.TextSize(), fyne.TextStyle{Bold: bold}).Width
}

// fitWidth is the width a column needs for its header and, for the short
// columns, its longest word; long-text columns start at a useful width and
// the user widens them by dragging the header's edge.
func (tb *resultTable) fitWidth(c column) float32 {
	need := tb.headerWidth(c)
	word := float32(0)
	switch c.kind {
	case colCrawler:
		// the longest crawler name, within reason: names are not cut; in
		// compare the eight engine columns need the width more
		most := zoomed(200)
		if tb.compare {
			most = zoomed(120)
		}
		if tb.tableW > 0 {
			// a narrow table keeps its width for the path (a cut name
			// shows whole in its tip)
			most = min(most, max(zoomed(84), tb.tableW*0.22))
		}
		word = zoomed(84)
		for _, cr := range tb.set.Crawlers {
			word = max(word, min(textWidth(cr, false), most))
		}
		word += zoomed(2 * cellPad)
	case colPath:
		word = zoomed(180)
		if tb.compare {
			word = zoomed(104)
		}
	case colHost:
		// the widest host, within reason (hosts are few and short)
		word = zoomed(60)
		for _, pr := range tb.view.pairs {
			word = max(word, min(textWidth(tb.view.displayHost(pr.path), false), zoomed(180)))
		}
		word += zoomed(2 * cellPad)
	case colRule:
		word = zoomed(200)
	case colGroup:
		word = zoomed(120)
	case colVerdict:
		for _, w := range []string{verdictWord(true), verdictWord(false)} {
			word = max(word, textWidth(w, true))
		}
		word += zoomed(iconSize + iconGap + 2*cellPad)
	case colEngine:
		// as wide as the readings the rows use, not every reading there is
		for _, cr := range tb.set.Crawlers {
			if cr != "" {
				word = max(word, textWidth(shortName(tb.reading.engineFor(cr)), false))
			}
		}
		word += zoomed(2 * cellPad)
	case colExpect:
		for _, w := range []string{expectWord(true), expectWord(false)} {
			word = max(word, textWidth(w, true))
		}
		word += zoomed(iconSize + iconGap + 2*cellPad)
	case colEngineVerdict:
		// a compact mark: the icon (✓ or ✗ in the verdict's colour); the
		// word, the deciding line and the reading's full name are in the
		// cell's tooltip and the detail area
		word = zoomed(iconSize + 2*cellPad)
	}
	return max(need, word)
}

// startWidth is column c's width before the table's width is shared out:
// the user's, or what its words need.
func (tb *resultTable) startWidth(c column) float32 {
	if w, ok := tb.userWidth(c); ok {
		return w
	}
	return tb.fitWidth(c)
}

// headerWidth is what column c's header needs: its title, the cell's
// padding and, while the rows are sorted by it, room for the sort arrow
// (kept for every column, the arrow's room made Read as and the compare
// columns wider than anything they show).
func (tb *resultTable) headerWidth(c column) float32 {
	room := float32(0)
	if s := tb.view.sortCol; s >= 0 && s < len(tb.cols) && tb.cols[s] == c {
		room = sortRoom
	}
	return textWidth(tb.header(c), true) + zoomed(2*cellPad+room)
}

// TableWidth is the width the table needs to show every column at its
// fitted width in the current text size (the path column at its least),
// with the scroll bar.
func (p *Pane) TableWidth() float32 {
	w := theme.ScrollBarSize()
	for _, c := range p.table.cols {
		w += p.table.fitWidth(c) + theme.Padding()
	}
	return w
}

// zoomed scales a width given for the theme's standard 14-point text to
// the text size in use (View ▸ Zoom, presenter mode).
func zoomed(v float32) float32 { return v * theme.TextSize() / 14 }

// verdictWord is the word of the verdict column.
func verdictWord(allowed bool) string {
	if allowed {
		return lang.X("testerpane.allowed", "allowed")
	}
	return lang.X("testerpane.blocked", "blocked")
}

// expectWord is the expectation column's word: the answer the user
// expects. Whether the verdict meets it is said by the icon beside it (a
// check or a warning) and, when it does not, by bold red text: the column
// stays as narrow as the verdict's, so it fits beside the others.
func expectWord(allowed bool) string { return verdictWord(allowed) }

func verdictColorName(allowed bool) fyne.ThemeColorName {
	if allowed {
		return look.ColorNameAllowed
	}
	return look.ColorNameBlocked
}

// The cells' icons are made once: a cell whose icon is the same resource as
// before is not recoloured (an SVG recolour costs more than the rest of the
// cell).
var (
	iconsOnce sync.Once
	// made on first use: a theme icon asks the running app for its theme,
	// and at package init there is none (the no-display message would
	// come with seven Fyne errors)
	allowedIcon, blockedIcon, passIcon, failIcon, workingIcon fyne.Resource
	// On the differ tint the icon takes the tint's text colour.
	differAllowedIcon, differBlockedIcon fyne.Resource
)

func makeIcons() {
	iconsOnce.Do(func() {
		allowedIcon = theme.NewColoredResource(theme.ConfirmIcon(), look.ColorNameAllowed)
		blockedIcon = theme.NewColoredResource(theme.CancelIcon(), look.ColorNameBlocked)
		passIcon = theme.NewColoredResource(theme.CheckButtonCheckedIcon(), look.ColorNameAllowed)
		failIcon = theme.NewColoredResource(theme.WarningIcon(), look.ColorNameBlocked)
		workingIcon = theme.HistoryIcon()
		differAllowedIcon = theme.NewColoredResource(theme.ConfirmIcon(), look.ColorNameDifferText)
		differBlockedIcon = theme.NewColoredResource(theme.CancelIcon(), look.ColorNameDifferText)
	})
}

func verdictIcon(allowed bool) fyne.Resource {
	makeIcons()
	if allowed {
		return allowedIcon
	}
	return blockedIcon
}

// markTip is what a compare cell's mark stands for, as its tooltip says
// it: "Google: blocked · line 14: Disallow: /addContacts*", and the answer
// expected when it is not met. Worked out on hover, not for every cell drawn.
func (tb *resultTable) markTip(c cell) string {
	v := tb.answers.verdict(c)
	if v == nil {
		return ""
	}
	data := map[string]any{"Reading": engine.NameOf(c.engine).String(), "Verdict": verdictWord(v.Allowed), "Deciding": decidingText(v)}
	if want, ok := tb.expect.expectation(c); ok && want != v.Allowed {
		data["Want"] = expectWord(want)
		return lang.X("testerpane.mark.tip_failed", "{{.Reading}}: {{.Verdict}}, expected {{.Want}} · {{.Deciding}}", data)
	}
	return lang.X("testerpane.mark.tip", "{{.Reading}}: {{.Verdict}} · {{.Deciding}}", data)
}

// decidingText names what decided: the rule's line and text, or why no rule did.
func decidingText(v *engine.Verdict) string {
	switch {
	case v.Reason == engine.ReasonFileError:
		return lang.X("testerpane.decided.file_error", "the engine cannot read this file")
	case v.Reason == engine.ReasonRobotsTxt:
		return lang.X("testerpane.decided.robots_txt", "/robots.txt itself is always allowed")
	case v.Rule != nil:
		return lang.X("testerpane.decided.rule", "line {{.Line}}: {{.Rule}}", map[string]any{"Line": v.Rule.Line, "Rule": v.Rule.Text})
	case v.Reason == engine.ReasonNoGroup:
		return lang.X("testerpane.decided.no_group", "no group applies")
	case v.Reason == engine.ReasonEmptyGroup:
		return lang.X("testerpane.decided.empty_group", "its group has no rules")
	}
	return lang.X("testerpane.decided.no_rule", "no rule matches")
}

// decidingCell is the Deciding line column's text: it leads with what
// matters, the line number and the rule ("14: Disallow: /x"), with no word
// before them — the column's header says what the number is, and a column cut
// at 1024 px showed only "строка …". The worded form (decidingText) is in
// the explanation and the compare marks' tooltips.
func decidingCell(v *engine.Verdict) string {
	if v.Reason != engine.ReasonFileError && v.Reason != engine.ReasonRobotsTxt && v.Rule != nil {
		return lang.X("testerpane.decided.cell", "{{.Line}}: {{.Rule}}", map[string]any{"Line": v.Rule.Line, "Rule": v.Rule.Text})
	}
	return decidingText(v)
}

// groupText is the group column: the name it was reached by and its line.
func groupText(v *engine.Verdict) string {
	if v.Group == nil {
		return lang.X("testerpane.group.none", "none")
	}
	return lang.X("testerpane.group.cell", "{{.Token}} (line {{.Line}})", map[string]any{"Token": v.Group.Token, "Line": v.Group.Start()})
}

// usageText is the usage preference in force that matters to the crawler's
// purpose ("  ·  asks: no AI training (line 3)"), or "".
func usageText(v *engine.Verdict) string {
	out := ""
	for _, n := range v.Notes {
		if strings.HasPrefix(n.Key, "aipref.") {
			out += "  ·  " + n.String()
		}
	}
	return out
}

// content is what one cell shows.
type content struct {
	text     string
	icon     fyne.Resource
	color    fyne.ThemeColorName // "" is the foreground
	bold     bool
	middle   bool   // a path: cut in the middle, its start and end kept
	full     string // the hover tip's text when it is more than text (a path's whole URL)
	differ   bool   // the engines disagree and this answer is the odd one
	working  bool   // the verdict is still being worked out: offer Cancel
	selected bool   // the selected result's row
}

// cellAt is where row, col of the table stand in the pane.
func (tb *resultTable) cellAt(row int, col column) cell {
	pr := tb.view.shown[row]
	if col.kind == colEngineVerdict {
		return cell{pr, col.engine}
	}
	return cell{pr, tb.reading.engineFor(pr.crawler)}
}

// content works out the cell at row, col.
func (tb *resultTable) content(row int, col column) content {
	makeIcons()
	c := tb.cellAt(row, col)
	out := content{selected: tb.selected != nil && tb.selected.pair == c.pair}
	switch col.kind {
	case colCrawler:
		out.text = c.crawler
		return out
	case colPath:
		out.text, out.middle = tb.view.displayPath(c.path), true
		if out.text != c.path {
			out.full = c.path
		}
		return out
	case colHost:
		out.text, out.middle = tb.view.displayHost(c.path), true
		out.full = c.path // the whole URL, when the host is cut
		return out
	case colEngine:
		out.text = shortName(c.engine)
		return out
	}
	v := tb.answers.verdict(c)
	if v == nil {
		switch tb.answers.state(c) {
		case cellWorking:
			if col.kind == colVerdict || col.kind == colEngineVerdict {
				out.working = true
			}
			out.text, out.icon = lang.X("testerpane.working", "still working…"), workingIcon
		case cellCancelled:
			out.text = lang.X("testerpane.working.cancelled", "cancelled")
		}
		return out
	}
	switch col.kind {
	case colVerdict:
		out.text, out.icon, out.color, out.bold = verdictWord(v.Allowed), verdictIcon(v.Allowed), verdictColorName(v.Allowed), true
	case colEngineVerdict:
		out.icon, out.color = verdictIcon(v.Allowed), verdictColorName(v.Allowed)
		if want, ok := tb.expect.expectation(c); ok && want != v.Allowed {
			// not as expected: marked as in the plain table's Expected column
			out.icon, out.bold, out.color = failIcon, true, look.ColorNameBlocked
			return out
		}
		if tb.matrix.differs(c) {
			out.differ, out.bold, out.color = true, true, look.ColorNameDifferText
			out.icon = differBlockedIcon
			if v.Allowed {
				out.icon = differAllowedIcon
			}
		}
	case colRule:
		out.text = decidingCell(v) + usageText(v)
	case colGroup:
		out.text = groupText(v)
	case colExpect:
		want, ok := tb.expect.expectation(c)
		if !ok {
			return out
		}
		pass := v.Allowed == want
		out.text, out.bold = expectWord(want), !pass
		if pass {
			out.icon = passIcon
		} else {
			out.icon, out.color = failIcon, look.ColorNameBlocked
		}
	}
	return out
}

// newTable builds the results table.
func (tb *resultTable) newTable() *hoverTable {
	t := newHoverTable(tb.paneState, tb, tb.view.selectedRow,
		func() (int, int) { return len(tb.view.shown), len(tb.cols) },
		func() fyne.CanvasObject { return newTableCell(tb) },
		func(id widget.TableCellID, o fyne.CanvasObject) {
			tc := o.(*tableCell)
			if id.Row >= len(tb.view.shown) || id.Col >= len(tb.cols) {
				tc.show(id, content{})
				return
			}
			tc.show(id, tb.content(id.Row, tb.cols[id.Col]))
		})
	t.ShowHeaderRow = true
	t.CreateHeader = func() fyne.CanvasObject { return newHeaderCell(tb) }
	t.UpdateHeader = func(id widget.TableCellID, o fyne.CanvasObject) {
		h := o.(*headerCell)
		if id.Col < 0 || id.Col >= len(tb.cols) {
			return
		}
		c := tb.cols[id.Col]
		h.show(id.Col, tb.header(c), tb.tip(c), tb.view.sortArrow(id.Col))
	}
	t.OnSelected = func(id widget.TableCellID) {
		if id.Row < 0 || id.Row >= len(tb.view.shown) || id.Col < 0 || id.Col >= len(tb.cols) {
			return
		}
		tb.selectCell(tb.cellAt(id.Row, tb.cols[id.Col]))
	}
	return t
}

// tableCell draws one cell: an optional icon, the text (cut with an ellipsis
// when the column is too narrow: the detail area has it in full), a frame
// and tint for an answer that differs from the others, and the selected
// row's highlight. The text is a plain canvas.Text cut by fit, which
// remembers its cuts: a RichText shaped its text again on every scroll.
type tableCell struct {
	widget.BaseWidget
	tb     *resultTable
	id     widget.TableCellID
	shown  content
	bg     *canvas.Rectangle
	icon   *canvas.Image
	text   *canvas.Text
	cancel *widget.Button
	// iconTheme is the foreground colour of the theme the icon was drawn
	// in: a themed icon keeps its resource across a switch, and the image
	// must be drawn again in the new colours (dark ✓ stayed on olive).
	iconTheme color.Color
}

func newTableCell(tb *resultTable) *tableCell {
	c := &tableCell{tb: tb, bg: canvas.NewRectangle(color.Transparent), icon: canvas.NewImageFromResource(nil)}
	c.icon.FillMode = canvas.ImageFillContain
	c.text = canvas.NewText("", theme.Color(theme.ColorNameForeground))
	c.cancel = widget.NewButton(lang.X("testerpane.working.cancel", "Cancel"), func() {
		if c.id.Row < len(tb.view.shown) && c.id.Col < len(tb.cols) {
			tb.answers.cancel(tb.cellAt(c.id.Row, tb.cols[c.id.Col]))
		}
	})
	c.cancel.Importance = widget.LowImportance
	c.cancel.Hide()
	c.icon.Hide()
	c.ExtendBaseWidget(c)
	return c
}

// cellID is the cell's place in the table (hoverCell).
func (c *tableCell) cellID() widget.TableCellID { return c.id }

func (c *tableCell) CreateRenderer() fyne.WidgetRenderer {
	return &tableCellRenderer{c: c, objects: []fyne.CanvasObject{c.bg, c.icon, c.text, c.cancel}}
}

// MouseIn shows the whole text of a cell its column cuts, under the cell
// (the table passes the pointer on: see hoverTable).
// A path shows its whole URL there.
func (c *tableCell) MouseIn(e *desktop.MouseEvent) {
	if c.tb.followResize(e) {
		return
	}
	tip := c.shown.full
	if tip == "" {
		tip = c.shown.text
	}
	if tb := c.tb; c.id.Row < len(tb.view.shown) && c.id.Col < len(tb.cols) && tb.cols[c.id.Col].kind == colEngineVerdict {
		tip = tb.markTip(tb.cellAt(c.id.Row, tb.cols[c.id.Col]))
	}
	if tip == "" || c.text.Text == tip {
		return
	}
	c.tb.ui.tip.Show(c, tip)
}

// MouseMoved follows a column's resize that went down into the rows.
func (c *tableCell) MouseMoved(e *desktop.MouseEvent) { c.tb.followResize(e) }

// MouseOut hides the whole text.
func (c *tableCell) MouseOut() { c.tb.ui.tip.Hide() }

// Tapped hands a click to the table, which selects the cell: a cell that
// takes right-clicks is where the window delivers left-clicks too.
func (c *tableCell) Tapped(e *fyne.PointEvent) {
	t := c.tb.ui.table
	at := fyne.CurrentApp().Driver().AbsolutePositionForObject(t)
	t.Tapped(&fyne.PointEvent{AbsolutePosition: e.AbsolutePosition, Position: e.AbsolutePosition.Subtract(at)})
}

// TappedSecondary opens the expectation menu of the cell's result (a
// right-click): pin this answer, or every engine's current answers.
func (c *tableCell) TappedSecondary(e *fyne.PointEvent) {
	tb := c.tb
	if c.id.Row >= len(tb.view.shown) || c.id.Col >= len(tb.cols) {
		return
	}
	cnv := fyne.CurrentApp().Driver().CanvasForObject(c)
	if cnv == nil {
		return
	}
	widget.ShowPopUpMenuAtPosition(tb.expect.expectMenu(tb.cellAt(c.id.Row, tb.cols[c.id.Col])), cnv, e.AbsolutePosition)
}

// colorOf is the text colour of a content.
func colorOf(s content) color.Color {
	if s.color == "" {
		return theme.Color(theme.ColorNameForeground)
	}
	return theme.Color(s.color)
}

// show fills the cell; unchanged content in an unchanged theme costs
// nothing, which is what keeps a keystroke cheap (most verdicts stay as they
// were). A theme switch or a zoom changes the colours or the text size the
// cell was drawn with, and the cell is drawn again.
func (c *tableCell) show(id widget.TableCellID, s content) {
	c.id = id
	size, col := theme.TextSize(), colorOf(s)
	fill, stroke := cellBackground(s)
	fg := theme.Color(theme.ColorNameForeground)
	if s == c.shown && c.text.TextSize == size && c.text.Color == col && c.bg.FillColor == fill && c.bg.StrokeColor == stroke && c.iconTheme == fg {
		return
	}
	c.shown = s
	c.text.Color = col
	c.text.TextStyle.Bold = s.bold
	c.text.TextSize = size
	switch {
	case s.icon == nil:
		c.icon.Hide()
	case c.icon.Resource != s.icon || c.iconTheme != fg:
		c.icon.Resource = s.icon
		c.icon.Show()
		c.icon.Refresh()
	default:
		c.icon.Show()
	}
	c.iconTheme = fg
	if s.working {
		c.cancel.Show()
	} else {
		c.cancel.Hide()
	}
	c.bg.FillColor, c.bg.StrokeColor = fill, stroke
	c.bg.StrokeWidth = 0
	if s.differ {
		c.bg.StrokeWidth = 2
	}
	c.bg.Refresh()
	c.Refresh()
}

// ThemeChanged draws every shown cell again in the theme in use (a cell
// redraws itself when it finds the theme changed: see tableCell.show).
func (p *Pane) ThemeChanged() {
	if p.ui.table != nil {
		p.ui.table.Refresh()
	}
}

// cellBackground is the tint and frame of a cell in the current theme: a
// differing answer is framed, the selected row highlighted.
func cellBackground(s content) (fill, stroke color.Color) {
	switch {
	case s.differ:
		return theme.Color(look.ColorNameDifferBackground), theme.Color(look.ColorNameDifferText)
	case s.selected:
		return theme.Color(theme.ColorNameSelection), color.Transparent
	}
	return color.Transparent, color.Transparent
}

// fitKey is a text cut to a width.
type fitKey struct {
	text   string
	bold   bool
	middle bool
	width  float32
	size   float32 // the text size: a zoom cuts again
}

// maxFits bounds the cut texts remembered; the cache starts over beyond.
const maxFits = 20000

// fit returns text, or as much of it as fits in width followed by "…";
// a path (middle) keeps its start and its end and loses the middle.
func (tb *resultTable) fit(text string, bold, middle bool, width float32) string {
	if text == "" || width <= 0 {
		return ""
	}
	k := fitKey{text, bold, middle, width, theme.TextSize()}
	if f, ok := tb.fits[k]; ok {
		return f
	}
	if len(tb.fits) > maxFits {
		clear(tb.fits)
	}
	out := text
	if middle && textWidth(text, bold) > width {
		out = CutMiddle(text, func(t string) bool { return textWidth(t, bold) <= width })
	} else if textWidth(text, bold) > width {
		r := []rune(text)
		// Start from the share of characters the width holds, then shorten
		// until it fits: one or two measurements for most texts.
		n := int(float32(len(r)) * width / textWidth(text, bold))
		for n = max(0, min(n, len(r))); n > 0 && textWidth(string(r[:n])+"…", bold) > width; n = n * 9 / 10 {
		}
		out = string(r[:n]) + "…"
	}
	tb.fits[k] = out
	return out
}

type tableCellRenderer struct {
	c       *tableCell
	objects []fyne.CanvasObject
}

func (r *tableCellRenderer) Layout(size fyne.Size) {
	c := r.c
	c.bg.Resize(size)
	c.bg.Move(fyne.NewPos(0, 0))
	x := float32(cellPad)
	icon := min(zoomed(iconSize), size.Height) // as large as the text: a compare mark reads on a projector
	if c.icon.Visible() && c.shown.text == "" && !c.cancel.Visible() {
		x = max(x, (size.Width-icon)/2) // a compare mark: centred under its header
	}
	if c.icon.Visible() {
		c.icon.Resize(fyne.NewSize(icon, icon))
		c.icon.Move(fyne.NewPos(x, (size.Height-icon)/2))
		x += icon + zoomed(iconGap)
	}
	right := size.Width
	if c.cancel.Visible() {
		w := c.cancel.MinSize().Width
		c.cancel.Resize(fyne.NewSize(w, size.Height))
		c.cancel.Move(fyne.NewPos(size.Width-w, 0))
		right -= w
	}
	c.text.Text = c.tb.fit(c.shown.text, c.shown.bold, c.shown.middle, right-x-cellPad)
	h := c.text.MinSize().Height
	c.text.Move(fyne.NewPos(x, (size.Height-h)/2))
	c.text.Resize(fyne.NewSize(max(0, right-x-cellPad), h))
	c.text.Refresh()
}

// MinSize is a compact row: the text with a small padding, so a results
// table at 1280×800 shows a useful number of rows.
func (r *tableCellRenderer) MinSize() fyne.Size {
	h := fyne.MeasureText("Ag", theme.TextSize(), fyne.TextStyle{}).Height
	return fyne.NewSize(40, h+theme.Padding()+2)
}

func (r *tableCellRenderer) Refresh() {
	r.Layout(r.c.Size())
	canvas.Refresh(r.c)
}

func (r *tableCellRenderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *tableCellRenderer) Destroy()                     {}

// selectCell shows c in the detail area and tells the window.
func (tb *resultTable) selectCell(c cell) {
	if tb.suppressSelection {
		return
	}
	tb.selected = &c
	tb.detail.update()
	tb.ui.table.Refresh() // the selected row's highlight
	tb.detail.openDetail()
	// the row whole in sight, the rows above it from a row's top (the
	// table's own scroll to a clicked row left half a row at the top),
	// and the keyboard there
	tb.ui.table.focusOn(tb.view.selectedRow())
	tb.ui.table.showRow(tb.view.selectedRow())
	if v := tb.answers.verdict(c); v != nil && tb.onSelect != nil {
		tb.onSelect(*v)
	}
}
