package testerpane

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// hoverTable is the results table, passing the pointer on to its cells.
// widget.Table takes the hover events itself (for its column dividers), so
// a cell never heard of the pointer and a cut cell could not show its whole
// text; the table now tells the cell under the pointer.
type hoverTable struct {
	widget.Table
	p     *Pane
	cells []*tableCell // every cell the table made (it reuses them)
	over  *tableCell   // the cell under the pointer
}

func newHoverTable(p *Pane, length func() (int, int), create func() fyne.CanvasObject, update func(widget.TableCellID, fyne.CanvasObject)) *hoverTable {
	t := &hoverTable{p: p}
	t.Length, t.UpdateCell = length, update
	t.CreateCell = func() fyne.CanvasObject {
		o := create()
		if c, ok := o.(*tableCell); ok {
			t.cells = append(t.cells, c)
		}
		return o
	}
	t.ExtendBaseWidget(t)
	return t
}

// cellAt is the cell drawn at the window position abs, if any.
func (t *hoverTable) cellAt(abs fyne.Position) *tableCell {
	drv := fyne.CurrentApp().Driver()
	rows, cols := 0, 0
	if t.Length != nil {
		rows, cols = t.Length()
	}
	for _, c := range t.cells {
		if !c.Visible() || c.id.Row < 0 || c.id.Row >= rows || c.id.Col < 0 || c.id.Col >= cols || drv.CanvasForObject(c) == nil {
			continue
		}
		at, size := drv.AbsolutePositionForObject(c), c.Size()
		if abs.X >= at.X && abs.X < at.X+size.Width && abs.Y >= at.Y && abs.Y < at.Y+size.Height {
			return c
		}
	}
	return nil
}

func (t *hoverTable) hover(abs fyne.Position) {
	c := t.cellAt(abs)
	if c == t.over {
		return
	}
	if t.over != nil {
		t.over.MouseOut()
	}
	t.over = c
	if c != nil {
		c.MouseIn(&desktop.MouseEvent{PointEvent: fyne.PointEvent{AbsolutePosition: abs}})
	}
}

// MouseIn is part of desktop.Hoverable.
func (t *hoverTable) MouseIn(e *desktop.MouseEvent) {
	t.Table.MouseIn(e)
	t.hover(e.AbsolutePosition)
}

// MouseMoved is part of desktop.Hoverable.
func (t *hoverTable) MouseMoved(e *desktop.MouseEvent) {
	t.Table.MouseMoved(e)
	t.hover(e.AbsolutePosition)
}

// MouseOut is part of desktop.Hoverable.
func (t *hoverTable) MouseOut() {
	t.Table.MouseOut()
	if t.over != nil {
		t.over.MouseOut()
		t.over = nil
	}
}

// cellTip is the whole text of a cut cell, drawn over the table under the
// cell. It is made of plain canvas objects, which take no pointer events: a
// pop-up would cover the window and take the pointer from the table, which
// would hide the tip again at once.
type cellTip struct {
	area  fyne.CanvasObject // what the layer covers (the table's place)
	layer *fyne.Container
	bg    *canvas.Rectangle
	text  *canvas.Text
}

func newCellTip(area fyne.CanvasObject) *cellTip {
	t := &cellTip{area: area, bg: canvas.NewRectangle(theme.Color(theme.ColorNameOverlayBackground)), text: canvas.NewText("", theme.Color(theme.ColorNameForeground))}
	t.layer = container.NewWithoutLayout(t.bg, t.text)
	t.layer.Hide()
	return t
}

// show draws text under the cell c, inside the layer.
func (t *cellTip) show(c fyne.CanvasObject, text string) {
	drv := fyne.CurrentApp().Driver()
	// A hidden layer was not laid out: it takes the table's place now.
	t.layer.Move(t.area.Position())
	t.layer.Resize(t.area.Size())
	t.bg.FillColor = theme.Color(theme.ColorNameOverlayBackground)
	t.bg.StrokeColor = theme.Color(theme.ColorNameForeground)
	t.bg.StrokeWidth = 1
	t.text.Color = theme.Color(theme.ColorNameForeground)
	t.text.TextSize = theme.TextSize()
	t.text.Text = text
	pad := theme.Padding()
	ts := t.text.MinSize()
	size := fyne.NewSize(ts.Width+2*pad, ts.Height+2*pad)
	at := drv.AbsolutePositionForObject(c).Subtract(drv.AbsolutePositionForObject(t.area)) // the layer is hidden: not yet placed
	layer := t.layer.Size()
	pos := fyne.NewPos(max(0, min(at.X, layer.Width-size.Width)), at.Y+c.Size().Height)
	if pos.Y+size.Height > layer.Height {
		pos.Y = max(0, at.Y-size.Height) // above the cell at the bottom
	}
	t.bg.Move(pos)
	t.bg.Resize(size)
	t.text.Move(pos.AddXY(pad, pad))
	t.text.Resize(ts)
	t.layer.Show()
	t.repaint()
}

func (t *cellTip) hide() {
	if t.layer.Visible() {
		t.layer.Hide()
		t.repaint()
	}
}

// repaint asks the window for a frame: a layer that was hidden since the
// start is not known to the canvas yet, so its own Refresh asks nobody.
func (t *cellTip) repaint() {
	t.layer.Refresh()
	if cnv := fyne.CurrentApp().Driver().CanvasForObject(t.area); cnv != nil {
		cnv.Refresh(t.layer)
	}
}

// shown is the tip's text while it is shown ("" when hidden).
func (t *cellTip) shown() string {
	if !t.layer.Visible() {
		return ""
	}
	return t.text.Text
}
