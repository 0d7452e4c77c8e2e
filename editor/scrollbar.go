package editor

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// scrollBar is a minimal scroll bar in rows (vertical) or columns: the editor
// scrolls in whole units, so container.Scroll's pixel offsets do not fit.
type scrollBar struct {
	widget.BaseWidget
	e                     *Editor
	vertical              bool
	value, visible, total float32
	track, thumb          *canvas.Rectangle
	dragFrom              float32
	dragging              bool
}

func newScrollBar(e *Editor, vertical bool) *scrollBar {
	s := &scrollBar{e: e, vertical: vertical}
	s.track = canvas.NewRectangle(color.Transparent)
	s.thumb = canvas.NewRectangle(color.Transparent)
	s.ExtendBaseWidget(s)
	return s
}

// set places the bar and its thumb for value of total, with visible units
// on screen.
func (s *scrollBar) set(pos fyne.Position, size fyne.Size, value, visible, total float32) {
	s.Move(pos)
	if s.value != value || s.visible != visible || s.total != total || s.Size() != size {
		s.value, s.visible, s.total = value, visible, total
		s.Resize(size)
		s.layout()
	}
	if visible >= total {
		s.Hide()
	} else {
		s.Show()
	}
}

func (s *scrollBar) length() float32 {
	if s.vertical {
		return s.Size().Height
	}
	return s.Size().Width
}

func (s *scrollBar) layout() {
	size := s.Size()
	s.track.Resize(size)
	s.track.FillColor = theme.ColorForWidget(theme.ColorNameInputBackground, s.e)
	s.thumb.FillColor = theme.ColorForWidget(theme.ColorNameScrollBar, s.e)
	s.track.Refresh()
	s.thumb.Refresh()
	if s.total <= 0 {
		return
	}
	n := s.length()
	thumbLen := max(n*s.visible/s.total, 16)
	at := (n - thumbLen) * s.value / max(1, s.total-s.visible)
	if s.vertical {
		s.thumb.Move(fyne.NewPos(1, at))
		s.thumb.Resize(fyne.NewSize(size.Width-2, thumbLen))
	} else {
		s.thumb.Move(fyne.NewPos(at, 1))
		s.thumb.Resize(fyne.NewSize(thumbLen, size.Height-2))
	}
}

// scrollTo sets the editor's first row or column.
func (s *scrollBar) scrollTo(v float32) {
	s.e.vp.forget()
	if s.vertical {
		s.e.vp.topRow, s.e.vp.topSub = int(v), 0
	} else {
		s.e.vp.leftCol = int(v)
	}
	s.e.Refresh()
}

// unitsPerPixel converts thumb movement to rows or columns.
func (s *scrollBar) unitsPerPixel() float32 {
	thumb := max(s.length()*s.visible/s.total, 16)
	return max(1, s.total-s.visible) / max(1, s.length()-thumb)
}

// Dragged moves the thumb with the pointer.
func (s *scrollBar) Dragged(ev *fyne.DragEvent) {
	if !s.dragging {
		s.dragging, s.dragFrom = true, s.value
	}
	d := ev.Dragged.DX
	if s.vertical {
		d = ev.Dragged.DY
	}
	s.dragFrom += d * s.unitsPerPixel()
	s.scrollTo(max(0, s.dragFrom))
}

// DragEnd is part of fyne.Draggable.
func (s *scrollBar) DragEnd() { s.dragging = false }

// Tapped pages towards the tap, as a click on a scroll bar track does.
func (s *scrollBar) Tapped(ev *fyne.PointEvent) {
	p := ev.Position.X
	if s.vertical {
		p = ev.Position.Y
	}
	thumbAt := s.thumb.Position().X
	if s.vertical {
		thumbAt = s.thumb.Position().Y
	}
	if p < thumbAt {
		s.scrollTo(max(0, s.value-s.visible))
	} else {
		s.scrollTo(s.value + s.visible)
	}
}

// CreateRenderer is part of fyne.Widget.
func (s *scrollBar) CreateRenderer() fyne.WidgetRenderer {
	return &scrollBarRenderer{s: s}
}

type scrollBarRenderer struct{ s *scrollBar }

func (r *scrollBarRenderer) Destroy()           {}
func (r *scrollBarRenderer) Layout(fyne.Size)   { r.s.layout() }
func (r *scrollBarRenderer) MinSize() fyne.Size { return fyne.NewSize(4, 4) }
func (r *scrollBarRenderer) Refresh()           { r.s.layout() }
func (r *scrollBarRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.s.track, r.s.thumb}
}
