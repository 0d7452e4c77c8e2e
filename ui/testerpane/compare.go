package testerpane

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// The matrix: one row per (crawler, path), the crawler and path columns
// stay put, then one column per engine. A cell whose answer differs from the
// row's majority (or every cell of a row split evenly) is highlighted and
// marked with ≠, so the disagreement shows without relying on colour.

const (
	colCrawler = iota
	colPath
	firstEngineCol
)

// dissent reports, for each engine column of row pr, whether it differs
// from the majority; split is true when the engines disagree at all.
func (p *Pane) dissent(pr pair) (odd []bool, split bool) {
	odd = make([]bool, len(p.engines))
	allowed := make([]bool, len(p.engines))
	yes := 0
	for i, e := range p.engines {
		if v := p.verdict(cell{pr, e.Info().ID}); v != nil && v.Allowed {
			allowed[i] = true
			yes++
		}
	}
	no := len(p.engines) - yes
	if yes == 0 || no == 0 {
		return odd, false
	}
	for i := range odd {
		switch {
		case yes == no:
			odd[i] = true
		case yes > no:
			odd[i] = !allowed[i]
		default:
			odd[i] = allowed[i]
		}
	}
	return odd, true
}

func (p *Pane) newCompareTable() *widget.Table {
	t := widget.NewTable(
		func() (int, int) { return len(p.pairs), firstEngineCol + len(p.engines) },
		func() fyne.CanvasObject { return newMatrixCell() },
		func(id widget.TableCellID, o fyne.CanvasObject) {
			if id.Row < len(p.pairs) {
				p.updateMatrixCell(id, o.(*matrixCell))
			}
		})
	t.ShowHeaderRow = true
	t.StickyColumnCount = firstEngineCol
	t.CreateHeader = func() fyne.CanvasObject {
		l := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		l.Truncation = fyne.TextTruncateEllipsis
		return l
	}
	t.UpdateHeader = func(id widget.TableCellID, o fyne.CanvasObject) {
		l := o.(*widget.Label)
		switch {
		case id.Col == colCrawler:
			l.SetText(lang.X("testerpane.col.crawler", "Crawler"))
		case id.Col == colPath:
			l.SetText(lang.X("testerpane.col.path", "Path"))
		case id.Col-firstEngineCol < len(p.engines):
			l.SetText(p.ui.engineNames[id.Col-firstEngineCol])
		}
	}
	t.SetColumnWidth(colCrawler, 130)
	t.SetColumnWidth(colPath, 140)
	for i := range p.engines {
		t.SetColumnWidth(firstEngineCol+i, 126)
	}
	t.OnSelected = func(id widget.TableCellID) {
		if id.Row < 0 || id.Row >= len(p.pairs) {
			return
		}
		engineID := p.engineID
		if i := id.Col - firstEngineCol; i >= 0 && i < len(p.engines) {
			engineID = p.engines[i].Info().ID
		}
		p.selectCell(cell{p.pairs[id.Row], engineID})
	}
	return t
}

func (p *Pane) updateMatrixCell(id widget.TableCellID, m *matrixCell) {
	pr := p.pairs[id.Row]
	odd, split := p.dissent(pr)
	switch id.Col {
	case colCrawler, colPath:
		text := pr.crawler
		if id.Col == colPath {
			text = pr.path
		}
		if split && id.Col == colCrawler {
			text = "≠ " + text
		}
		m.set(nil, text, widget.MediumImportance, false, nil)
		return
	}
	i := id.Col - firstEngineCol
	if i >= len(p.engines) {
		return
	}
	c := cell{pr, p.engines[i].Info().ID}
	v := p.verdict(c)
	if v == nil {
		switch p.state(c) {
		case cellWorking:
			m.set(theme.HistoryIcon(), lang.X("testerpane.working", "still working…"), widget.LowImportance, false, nil)
		case cellCancelled:
			m.set(nil, lang.X("testerpane.working.cancelled", "cancelled"), widget.WarningImportance, false, nil)
		}
		return
	}
	text := v.Word().String()
	if odd[i] {
		text = "≠ " + text
	}
	var pass *bool
	if want, ok := p.expectation(c); ok {
		ok := v.Allowed == want
		pass = &ok
	}
	m.set(verdictIcon(v), text, verdictImportance(v), odd[i], pass)
}

// matrixCell is one matrix cell: a tinted background, the verdict's icon
// and word, and on the right the expectation check (a ticked box when it
// passes, a warning sign when it fails).
type matrixCell struct {
	widget.BaseWidget
	bg      *canvas.Rectangle
	icon    *widget.Icon
	label   *widget.Label
	check   *widget.Icon
	box     *fyne.Container
	content fyne.CanvasObject
}

func newMatrixCell() *matrixCell {
	m := &matrixCell{bg: canvas.NewRectangle(color.Transparent), icon: widget.NewIcon(nil),
		label: widget.NewLabel(""), check: widget.NewIcon(nil)}
	m.label.Truncation = fyne.TextTruncateEllipsis
	m.box = container.NewBorder(nil, nil, m.icon, m.check, m.label)
	m.content = container.NewStack(m.bg, m.box)
	m.ExtendBaseWidget(m)
	return m
}

func (m *matrixCell) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(m.content) }

// set shows a cell; icon nil hides the icon (crawler and path columns),
// pass nil means no expectation.
func (m *matrixCell) set(icon fyne.Resource, text string, imp widget.Importance, odd bool, pass *bool) {
	relayout := (icon == nil) == m.icon.Visible() || (pass == nil) == m.check.Visible()
	if icon == nil {
		m.icon.Hide()
	} else {
		m.icon.SetResource(icon)
		m.icon.Show()
	}
	failed := pass != nil && !*pass
	switch {
	case pass == nil:
		m.check.Hide()
	case *pass:
		m.check.SetResource(theme.NewSuccessThemedResource(theme.CheckButtonCheckedIcon()))
		m.check.Show()
	default:
		m.check.SetResource(theme.NewErrorThemedResource(theme.WarningIcon()))
		m.check.Show()
	}
	m.label.Importance = imp
	m.label.TextStyle.Bold = odd || failed
	m.label.SetText(text)
	switch {
	case failed:
		m.bg.FillColor = tint(theme.Color(theme.ColorNameError), 0x40)
	case odd:
		m.bg.FillColor = tint(theme.Color(theme.ColorNameWarning), 0x55)
	default:
		m.bg.FillColor = color.Transparent
	}
	m.bg.Refresh()
	if relayout {
		m.box.Refresh()
	}
}

// tint is c made translucent.
func tint(c color.Color, alpha uint8) color.Color {
	r, g, b, _ := c.RGBA()
	return color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: alpha}
}
