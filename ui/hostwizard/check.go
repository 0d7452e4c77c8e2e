package hostwizard

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/mirror"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/ui/look"
	"github.com/robots-studio/robots-studio/ui/richmsg"
	"github.com/robots-studio/robots-studio/ui/safewidget"
)

// checkStep is a table: for every name × crawler × path, what the tester
// says when that name serves the planned robots.txt.
type checkStep struct {
	w        *wizard
	strategy *safewidget.Select
	crawlers *keys.Entry
	paths    *keys.Entry
	table    *keys.Table
	rows     []mirror.CheckRow
	summary  *widget.Label
	detail   *richmsg.Text // the selected row in full (the Why column is cut), its rules as code
}

const checkCols = 6

func newCheckStep(w *wizard) *checkStep {
	c := &checkStep{w: w, crawlers: keys.NewEntry(), paths: keys.NewEntry(), summary: wrapped(""), detail: richmsg.NewText("", richmsg.Style{})}
	// The order follows mirror.Strategy: the recommended set-up first.
	c.strategy = safewidget.NewSelect([]string{
		lang.X("mirror.ui.strategy_redirect", "Each mirror answers 301 to the main name (recommended)"),
		lang.X("mirror.ui.strategy_per_host", "Each mirror serves its own robots.txt with Disallow: / (classic; hides the 301s from Google)"),
	}, func(string) { c.run() })
	c.table = keys.NewTableWithHeaders(
		func() (int, int) { return len(c.rows), checkCols },
		func() fyne.CanvasObject {
			// A cell never spills over its neighbour: the long Why text
			// ends in "…", and the selected row is written out in full
			// under the table.
			r := widget.NewRichText(&widget.TextSegment{Style: widget.RichTextStyleInline})
			r.Truncation = fyne.TextTruncateEllipsis
			return r
		},
		func(id widget.TableCellID, o fyne.CanvasObject) {
			r := o.(*widget.RichText)
			seg := r.Segments[0].(*widget.TextSegment)
			seg.Text = c.cell(id.Row, id.Col)
			seg.Style.ColorName = c.cellColour(id.Row, id.Col)
			r.Refresh()
		})
	c.table.CreateHeader = func() fyne.CanvasObject { return widget.NewLabel("") }
	c.table.UpdateHeader = func(id widget.TableCellID, o fyne.CanvasObject) {
		l := o.(*widget.Label)
		if id.Row < 0 {
			l.SetText(checkHeader(id.Col))
		} else {
			l.SetText("")
		}
	}
	c.table.ShowHeaderColumn = false
	c.table.OnSelected = func(id widget.TableCellID) { c.showDetail(id.Row) }
	c.setWidths()
	return c
}

// The last column, whose text may end in "…", is as wide as its longest
// text between these bounds: it fills the window without making the table
// scroll far sideways.
const whyWidth, maxWhyWidth = 520, 900

// setWidths gives every column but the last room for its heading and its
// widest cell in the language shown ("301 to the main name, whose
// robots.txt applies" is longer than the English headings).
func (c *checkStep) setWidths() {
	pad := 2 * theme.InnerPadding()
	for col := 0; col < checkCols-1; col++ {
		w := fyne.MeasureText(checkHeader(col), theme.TextSize(), fyne.TextStyle{}).Width + pad
		for row := range c.rows {
			w = max(w, fyne.MeasureText(c.cell(row, col), theme.TextSize(), fyne.TextStyle{}).Width+pad)
		}
		c.table.SetColumnWidth(col, min(w+1, 400))
	}
	why := float32(whyWidth)
	for row := range c.rows {
		why = max(why, fyne.MeasureText(c.cell(row, checkCols-1), theme.TextSize(), fyne.TextStyle{}).Width+pad)
	}
	c.table.SetColumnWidth(checkCols-1, min(why, maxWhyWidth))
}

func checkHeader(col int) string {
	switch col {
	case 0:
		return lang.X("mirror.ui.col_name", "Name")
	case 1:
		return lang.X("mirror.ui.col_serves", "Serves")
	case 2:
		return lang.X("mirror.ui.col_crawler", "Crawler")
	case 3:
		return lang.X("mirror.ui.col_path", "Path")
	case 4:
		return lang.X("mirror.ui.col_verdict", "Verdict")
	}
	return lang.X("mirror.ui.col_why", "Why")
}

func (c *checkStep) cell(row, col int) string {
	if row >= len(c.rows) {
		return ""
	}
	r := c.rows[row]
	switch col {
	case 0:
		if r.Main {
			return r.Host + " ★"
		}
		return r.Host
	case 1:
		return r.Served.String()
	case 2:
		return r.Crawler
	case 3:
		return r.Path
	case 4:
		if r.Allowed {
			return lang.X("mirror.ui.allowed", "allowed")
		}
		return lang.X("mirror.ui.blocked", "blocked")
	}
	return richmsg.Plain(r.Why) // one line: no code font
}

// cellColour colours the verdict with the theme's allowed and blocked
// colours; every other cell has the ordinary text colour.
func (c *checkStep) cellColour(row, col int) fyne.ThemeColorName {
	if col != 4 || row >= len(c.rows) {
		return theme.ColorNameForeground
	}
	if c.rows[row].Allowed {
		return look.ColorNameAllowed
	}
	return look.ColorNameBlocked
}

func (c *checkStep) content() fyne.CanvasObject {
	run := widget.NewButtonWithIcon(lang.X("mirror.ui.run", "Check"), theme.MediaPlayIcon(), c.run)
	form := widget.NewForm(
		widget.NewFormItem(lang.X("mirror.ui.strategy", "Set-up"), c.strategy),
		widget.NewFormItem(lang.X("mirror.ui.crawlers", "Crawlers"), c.crawlers),
		widget.NewFormItem(lang.X("mirror.ui.paths", "Paths"), c.paths),
	)
	return container.NewBorder(container.NewVBox(form, container.NewHBox(run), c.summary), c.detail, nil, nil, c.table)
}

// showDetail writes the selected row in full under the table.
func (c *checkStep) showDetail(row int) {
	if row < 0 || row >= len(c.rows) {
		c.detail.SetText("")
		return
	}
	r := c.rows[row]
	c.detail.SetText(lang.X("mirror.ui.check_detail", "{{.Name}} ({{.Serves}}), {{.Crawler}}, {{.Path}}: {{.Why}}",
		map[string]any{"Name": msg.Literal(c.cell(row, 0)), "Serves": r.Served.String(), "Crawler": msg.Literal(r.Crawler), "Path": msg.Literal(r.Path), "Why": r.Why}))
}

// reset fills the inputs for a new plan and runs the check.
func (c *checkStep) reset() {
	c.crawlers.SetText(strings.Join(mirror.DefaultCrawlers, " "))
	c.paths.SetText(strings.Join(c.w.plan.DefaultPaths(), " "))
	if c.strategy.SelectedIndex() < 0 {
		c.strategy.SetSelectedIndex(0) // runs the check
		return
	}
	c.run()
}

func (c *checkStep) run() {
	p := c.w.plan
	if p == nil || c.w.test == nil {
		return
	}
	s := mirror.Strategy(max(c.strategy.SelectedIndex(), 0))
	crawlers := strings.Fields(strings.ReplaceAll(c.crawlers.Text, ",", " "))
	paths := strings.Fields(strings.ReplaceAll(c.paths.Text, ",", " "))
	c.rows = p.Check(s, crawlers, paths, c.w.test)
	c.setWidths()
	c.table.UnselectAll()
	c.detail.SetText(lang.X("mirror.ui.check_detail_hint", "Select a row to read it in full."))
	allowed := 0
	for _, r := range c.rows {
		if r.Allowed {
			allowed++
		}
	}
	data := map[string]any{"Allowed": allowed, "Total": len(c.rows)}
	if s == mirror.Redirect {
		c.summary.SetText(lang.X("mirror.ui.check_summary_redirect", "{{.Allowed}} of {{.Total}} fetches allowed. A mirror's robots.txt redirects to the main one, and so do its pages: crawlers end up on the main name (★).", data))
	} else {
		c.summary.SetText(lang.X("mirror.ui.check_summary", "{{.Allowed}} of {{.Total}} fetches allowed. Only the main name (★) may be crawled, but a crawler that may not fetch a mirror's pages never sees their 301 or canonical link either: Google keeps the mirrors' addresses as they are.", data))
	}
	c.table.Refresh()
}
