package testerpane

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// headerCell is a column title: a tap sorts by the column (again: the other
// way round), an arrow shows the sort, and hovering shows the full name
// behind a short one. Dragging the gap between two headers widens a column
// (the table does that).
type headerCell struct {
	widget.BaseWidget
	p     *Pane
	col   int
	tip   string
	text  *canvas.Text
	arrow *canvas.Image
	bg    *canvas.Rectangle
	pop   *widget.PopUp
}

func newHeaderCell(p *Pane) *headerCell {
	h := &headerCell{p: p, text: canvas.NewText("", theme.Color(theme.ColorNameForeground)),
		arrow: canvas.NewImageFromResource(nil), bg: canvas.NewRectangle(color.Transparent)}
	h.text.TextStyle.Bold = true
	h.arrow.FillMode = canvas.ImageFillContain
	h.arrow.Hide()
	h.ExtendBaseWidget(h)
	return h
}

func (h *headerCell) show(col int, text, tip string, arrow fyne.Resource) {
	h.col, h.tip = col, tip
	h.text.Text = text
	h.text.Color = theme.Color(theme.ColorNameForeground)
	h.text.TextSize = theme.TextSize()
	if arrow == nil {
		h.arrow.Hide()
	} else {
		h.arrow.Resource = arrow
		h.arrow.Show()
		h.arrow.Refresh()
	}
	h.text.Refresh()
	h.Refresh()
}

// Tapped sorts by this column.
func (h *headerCell) Tapped(*fyne.PointEvent) { h.p.view.sortBy(h.col) }

// MouseIn shows the full name under the header.
func (h *headerCell) MouseIn(*desktop.MouseEvent) {
	if h.tip == "" || h.tip == h.text.Text {
		return
	}
	c := fyne.CurrentApp().Driver().CanvasForObject(h)
	if c == nil {
		return
	}
	l := widget.NewLabel(h.tip)
	h.pop = widget.NewPopUp(l, c)
	at := fyne.CurrentApp().Driver().AbsolutePositionForObject(h)
	h.pop.ShowAtPosition(fyne.NewPos(at.X, at.Y+h.Size().Height+2))
}

func (h *headerCell) MouseMoved(*desktop.MouseEvent) {}

// MouseOut hides the full name.
func (h *headerCell) MouseOut() {
	if h.pop != nil {
		h.pop.Hide()
		h.pop = nil
	}
}

func (h *headerCell) CreateRenderer() fyne.WidgetRenderer {
	return &headerRenderer{h: h, objects: []fyne.CanvasObject{h.bg, h.text, h.arrow}}
}

type headerRenderer struct {
	h       *headerCell
	objects []fyne.CanvasObject
}

func (r *headerRenderer) Layout(size fyne.Size) {
	r.h.bg.Resize(size)
	ts := r.h.text.MinSize()
	r.h.text.Move(fyne.NewPos(cellPad, (size.Height-ts.Height)/2))
	r.h.text.Resize(ts)
	a := float32(sortRoom - 2)
	r.h.arrow.Resize(fyne.NewSize(a, a))
	r.h.arrow.Move(fyne.NewPos(size.Width-a-1, (size.Height-a)/2))
}

// MinSize is as compact as a row (the table sizes its rows to the taller
// of a cell and a header).
func (r *headerRenderer) MinSize() fyne.Size {
	return fyne.NewSize(20, r.h.text.MinSize().Height+theme.Padding()+2)
}

func (r *headerRenderer) Refresh() {
	r.Layout(r.h.Size())
	canvas.Refresh(r.h)
}

func (r *headerRenderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *headerRenderer) Destroy()                     {}
