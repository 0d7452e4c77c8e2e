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
// behind a short one. Dragging its right edge (or the gap after it)
// widens or narrows the column; the width is the user's (widths.go).
type headerCell struct {
	widget.BaseWidget
	tb    *resultTable
	col   int
	tip   string
	text  *canvas.Text
	arrow *canvas.Image
	bg    *canvas.Rectangle
	pop   *widget.PopUp

	pointerX float32 // where the pointer is over the header, for the cursor
}

func newHeaderCell(tb *resultTable) *headerCell {
	h := &headerCell{tb: tb, text: canvas.NewText("", theme.Color(theme.ColorNameForeground)),
		arrow: canvas.NewImageFromResource(nil), bg: canvas.NewRectangle(color.Transparent)}
	h.text.TextStyle.Bold = true
	h.arrow.FillMode = canvas.ImageFillContain
	h.arrow.Hide()
	h.ExtendBaseWidget(h)
	return h
}

// edgeGrab is how near the right edge a press starts a resize.
const edgeGrab = 8

func (h *headerCell) onEdge(x float32) bool { return x >= h.Size().Width-edgeGrab }

// Cursor shows the resize arrows over the edge and while resizing.
func (h *headerCell) Cursor() desktop.Cursor {
	if h.tb.resize.active || h.onEdge(h.pointerX) {
		return desktop.HResizeCursor
	}
	return desktop.DefaultCursor
}

// MouseDown on the edge starts resizing the column (widths.go).
func (h *headerCell) MouseDown(e *desktop.MouseEvent) {
	if e.Button == desktop.MouseButtonPrimary && h.onEdge(e.Position.X) {
		h.tb.startResize(h.col, e.AbsolutePosition.X)
	}
}

// MouseUp ends a resize.
func (h *headerCell) MouseUp(*desktop.MouseEvent) { h.tb.finishResize() }

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
func (h *headerCell) Tapped(*fyne.PointEvent) { h.tb.view.sortBy(h.col) }

// MouseIn shows the full name under the header.
func (h *headerCell) MouseIn(e *desktop.MouseEvent) {
	h.pointerX = e.Position.X
	if h.tb.followResize(e) {
		return
	}
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

func (h *headerCell) MouseMoved(e *desktop.MouseEvent) {
	h.pointerX = e.Position.X
	h.tb.followResize(e)
}

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
