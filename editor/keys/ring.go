package keys

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
)

// Ring is the outline a list or a table draws round itself while it has
// the keyboard. Fyne marks the focused row or cell only with the faint
// colour the pointer's hover gets, so a keyboard user could not tell which
// widget had the keys: the ring says where the keyboard is, the row's
// colour which row.
type Ring struct {
	on bool
}

// Set shows or hides the ring of w, the widget whose renderer Wrap made.
func (r *Ring) Set(w fyne.Widget, on bool) {
	if r.on == on {
		return
	}
	r.on = on
	w.Refresh()
}

// On reports whether the ring is shown.
func (r *Ring) On() bool { return r.on }

// Wrap draws the ring over what inner draws.
func (r *Ring) Wrap(inner fyne.WidgetRenderer) fyne.WidgetRenderer {
	line := canvas.NewRectangle(color.Transparent)
	line.StrokeColor = color.Transparent
	return &ringRenderer{WidgetRenderer: inner, ring: r, line: line}
}

type ringRenderer struct {
	fyne.WidgetRenderer
	ring *Ring
	line *canvas.Rectangle
	from []fyne.CanvasObject // inner's objects, as objs was built from
	objs []fyne.CanvasObject
}

func (r *ringRenderer) Objects() []fyne.CanvasObject {
	in := r.WidgetRenderer.Objects()
	same := len(in) == len(r.from)
	for i := 0; same && i < len(in); i++ {
		same = in[i] == r.from[i]
	}
	if !same {
		r.from = append(r.from[:0], in...)
		r.objs = append(append(r.objs[:0], in...), r.line)
	}
	return r.objs
}

func (r *ringRenderer) Layout(size fyne.Size) {
	r.WidgetRenderer.Layout(size)
	r.line.Move(fyne.Position{})
	r.line.Resize(size)
}

func (r *ringRenderer) Refresh() {
	r.WidgetRenderer.Refresh()
	r.line.StrokeWidth = 2 * theme.InputBorderSize()
	r.line.StrokeColor = color.Transparent
	if r.ring.on {
		r.line.StrokeColor = theme.Color(theme.ColorNamePrimary)
	}
	r.line.Refresh()
}
