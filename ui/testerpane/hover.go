package testerpane

import (
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
)

// hoverCell is what the table needs of its cells to pass the pointer on:
// a cell that takes hover events and knows its place.
type hoverCell interface {
	fyne.CanvasObject
	desktop.Hoverable
	cellID() widget.TableCellID
}

// columnResize is a column's width dragged at its edge (widths.go), as
// the table, its cells and its headers start, follow and end it.
type columnResize interface {
	startResize(col int, absX float32)
	followResize(e *desktop.MouseEvent) bool // true while a resize goes on
	finishResize()
}

// hoverTable is the results table, passing the pointer on to its cells.
// widget.Table takes the hover events itself (for its column dividers), so
// a cell never heard of the pointer and a cut cell could not show its whole
// text; the table now tells the cell under the pointer.
type hoverTable struct {
	widget.Table
	st    *paneState  // the pane moves the selection itself (focusOn)
	cells []hoverCell // every cell the table made (it reuses them)
	over  hoverCell   // the cell under the pointer

	// What the table asks of the results table.
	newCell     func() fyne.CanvasObject // a cell, to measure the rows
	resize      columnResize             // a column's width dragged at its edge
	selectedRow func() int               // the selected result's row, or -1
	// measured is the rows' height, for scrolling by whole rows
	// (tablescroll.go)
	measured rowMetrics
	// before is where the view was before widget.Table scrolled by its
	// own rule, while a click or a key is handled (keepPlace)
	before *float32
	ring   keys.Ring // round the table while it has the keyboard
}

// CreateRenderer draws the table with its ring.
func (t *hoverTable) CreateRenderer() fyne.WidgetRenderer {
	return t.ring.Wrap(t.Table.CreateRenderer())
}

// FocusGained marks the focused cell, as widget.Table does, and shows the ring.
func (t *hoverTable) FocusGained() {
	keys.Run(func() {
		t.Table.FocusGained()
		t.ring.Set(t, true)
	})
}

// FocusLost takes the mark and the ring away.
func (t *hoverTable) FocusLost() {
	keys.Run(func() {
		t.Table.FocusLost()
		t.ring.Set(t, false)
	})
}

func newHoverTable(st *paneState, resize columnResize, selectedRow func() int, length func() (int, int), create func() fyne.CanvasObject, update func(widget.TableCellID, fyne.CanvasObject)) *hoverTable {
	t := &hoverTable{st: st, resize: resize, selectedRow: selectedRow, newCell: create}
	t.Length, t.UpdateCell = length, update
	t.CreateCell = func() fyne.CanvasObject {
		o := create()
		if c, ok := o.(hoverCell); ok {
			t.cells = append(t.cells, c)
		}
		return o
	}
	t.ExtendBaseWidget(t)
	return t
}

// cellAt is the cell drawn at the window position abs, if any.
func (t *hoverTable) cellAt(abs fyne.Position) hoverCell {
	drv := fyne.CurrentApp().Driver()
	rows, cols := 0, 0
	if t.Length != nil {
		rows, cols = t.Length()
	}
	for _, c := range t.cells {
		id := c.cellID()
		if !c.Visible() || id.Row < 0 || id.Row >= rows || id.Col < 0 || id.Col >= cols || drv.CanvasForObject(c) == nil {
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
	if t.resize.followResize(e) {
		return
	}
	t.hover(e.AbsolutePosition)
}

// MouseMoved is part of desktop.Hoverable.
func (t *hoverTable) MouseMoved(e *desktop.MouseEvent) {
	t.Table.MouseMoved(e)
	if t.resize.followResize(e) {
		return
	}
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

// HoverTip is the whole text of a cut cell or row, drawn over a list or
// table under the hovered item, wrapped to the area's width. It is made of
// plain canvas objects, which take no pointer events: a pop-up would cover
// the window and take the pointer from the list, which would hide the tip
// again at once. Put Layer() in a container.NewStack over the area.
type HoverTip struct {
	area  fyne.CanvasObject // what the layer covers
	layer *fyne.Container
	bg    *canvas.Rectangle
	lines []*canvas.Text
	text  string
}

// NewHoverTip makes a tip for area (the list or table it is drawn over).
func NewHoverTip(area fyne.CanvasObject) *HoverTip {
	t := &HoverTip{area: area, bg: canvas.NewRectangle(theme.Color(theme.ColorNameOverlayBackground))}
	t.layer = container.NewWithoutLayout(t.bg)
	t.layer.Hide()
	return t
}

// Layer is what to stack over the area.
func (t *HoverTip) Layer() fyne.CanvasObject { return t.layer }

// Show draws text under the item o (above it near the bottom).
func (t *HoverTip) Show(o fyne.CanvasObject, text string) {
	drv := fyne.CurrentApp().Driver()
	// A hidden layer was not laid out: it takes the area's place now.
	t.layer.Move(t.area.Position())
	t.layer.Resize(t.area.Size())
	area := t.area.Size()
	pad := theme.Padding()
	lines := wrapText(text, max(40, area.Width-2*pad))
	for len(t.lines) < len(lines) {
		t.lines = append(t.lines, canvas.NewText("", nil))
	}
	objs := []fyne.CanvasObject{t.bg}
	var w, h float32
	for i, l := range lines {
		c := t.lines[i]
		c.Text, c.TextSize, c.Color = l, theme.TextSize(), theme.Color(theme.ColorNameForeground)
		ms := c.MinSize()
		w = max(w, ms.Width)
		c.Move(fyne.NewPos(0, h))
		c.Resize(ms)
		h += ms.Height
		objs = append(objs, c)
	}
	size := fyne.NewSize(w+2*pad, h+2*pad)
	at := drv.AbsolutePositionForObject(o).Subtract(drv.AbsolutePositionForObject(t.area))
	pos := fyne.NewPos(max(0, min(at.X, area.Width-size.Width)), at.Y+o.Size().Height)
	if pos.Y+size.Height > area.Height {
		pos.Y = max(0, at.Y-size.Height) // above the item at the bottom
	}
	t.bg.FillColor = theme.Color(theme.ColorNameOverlayBackground)
	t.bg.StrokeColor = theme.Color(theme.ColorNameForeground)
	t.bg.StrokeWidth = 1
	t.bg.Move(pos)
	t.bg.Resize(size)
	for _, c := range objs[1:] {
		c.Move(c.Position().Add(pos).AddXY(pad, pad))
	}
	t.layer.Objects = objs
	t.text = text
	t.layer.Show()
	t.repaint()
}

// Hide takes the tip away.
func (t *HoverTip) Hide() {
	if t.layer.Visible() {
		t.layer.Hide()
		t.repaint()
	}
}

// Shown is the tip's text while it is shown ("" when hidden).
func (t *HoverTip) Shown() string {
	if !t.layer.Visible() {
		return ""
	}
	return t.text
}

// repaint asks the window for a frame: a layer that was hidden since the
// start is not known to the canvas yet, so its own Refresh asks nobody.
func (t *HoverTip) repaint() {
	t.layer.Refresh()
	if cnv := fyne.CurrentApp().Driver().CanvasForObject(t.area); cnv != nil {
		cnv.Refresh(t.layer)
	}
}

// wrapText breaks text into lines no wider than width, at spaces where it
// can and anywhere in a word longer than a line.
func wrapText(text string, width float32) []string {
	fits := func(s string) bool {
		return fyne.MeasureText(s, theme.TextSize(), fyne.TextStyle{}).Width <= width
	}
	var lines []string
	line := ""
	for _, word := range strings.Split(text, " ") {
		try := word
		if line != "" {
			try = line + " " + word
		}
		if fits(try) {
			line = try
			continue
		}
		if line != "" {
			lines = append(lines, line)
		}
		line = word
		for !fits(line) && utf8.RuneCountInString(line) > 1 {
			r := []rune(line)
			n := len(r) - 1
			for n > 1 && !fits(string(r[:n])) {
				n--
			}
			lines = append(lines, string(r[:n]))
			line = string(r[n:])
		}
	}
	return append(lines, line)
}
