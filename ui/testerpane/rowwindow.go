package testerpane

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"

	"github.com/robots-studio/robots-studio/ui/place"
)

// The crawler and path rows are real entries, one per row; a test set of
// 500 paths is 500 entries and a thousand buttons. Fyne measures and walks
// every visible object of the window on each frame, scrolled out of view or
// not, which made each keystroke in the editor cost about 80 ms more with
// 500 path rows. So only the rows near the scrolled view are shown; the
// others are hidden, keeping their place (rowsLayout sizes hidden rows as
// they were last seen), and are shown again as the view comes near.

// rowMargin is how far beyond the view (above and below) rows stay shown:
// a resize or a quick scroll reveals shown rows before the next update.
const rowMargin = 900

// alwaysShown is how many rows are shown before the view's size is known.
const alwaysShown = 40

// rowsLayout stacks rows like a VBox, hidden rows included at their last
// known height, so hiding a row out of view moves nothing.
type rowsLayout struct {
	heights map[fyne.CanvasObject]float32
	rowH    float32
}

func newRowsLayout() *rowsLayout { return &rowsLayout{heights: map[fyne.CanvasObject]float32{}} }

func (l *rowsLayout) height(o fyne.CanvasObject) float32 {
	if o.Visible() {
		h := o.MinSize().Height
		l.heights[o] = h
		if l.rowH == 0 || h < l.rowH {
			l.rowH = h
		}
		return h
	}
	if h, ok := l.heights[o]; ok {
		return h
	}
	return l.rowH
}

func (l *rowsLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	if len(l.heights) > 4*len(objs)+16 {
		clear(l.heights) // rows rebuilt many times: forget the old ones
	}
	var w, h float32
	for i, o := range objs {
		if i > 0 {
			h += theme.Padding()
		}
		if !o.Visible() {
			h += l.height(o)
			continue
		}
		m := o.MinSize() // once per row: a row's size is dear to measure
		w = max(w, m.Width)
		l.heights[o] = m.Height
		if l.rowH == 0 || m.Height < l.rowH {
			l.rowH = m.Height
		}
		h += m.Height
	}
	return fyne.NewSize(w, h)
}

func (l *rowsLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	y := float32(0)
	for _, o := range objs {
		h := l.height(o)
		o.Move(fyne.NewPos(0, y))
		if o.Visible() {
			o.Resize(fyne.NewSize(size.Width, h))
		}
		y += h + theme.Padding()
	}
}

// updateRowWindow shows the rows near the view of the rows' scroll and
// hides the others (the focused row always stays shown).
func (in *rowInput) updateRowWindow() {
	sc := in.ui.rowsScroll
	if sc == nil {
		return
	}
	drv := fyne.CurrentApp().Driver()
	var focused fyne.Focusable
	if in.win != nil {
		focused = in.win.Canvas().Focused()
	}
	for _, k := range []rowKind{crawlerRows, pathRows} {
		box := in.box(k)
		top, bottom := float32(-1), float32(-1)
		if sc.Size().Height > 0 && box.Size().Height > 0 {
			// OnScrolled comes before the content moves: the box's place
			// in the content, and the scroll's offset, tell the view.
			boxY := placeIn(sc.Content, box, drv).Y
			top = sc.Offset.Y - boxY - rowMargin
			bottom = top + sc.Size().Height + 2*rowMargin
		}
		changed := false
		for i, o := range box.Objects {
			show := i < alwaysShown
			if top != -1 || bottom != -1 {
				y := o.Position().Y
				h := o.Size().Height
				if h == 0 {
					h = box.Layout.(*rowsLayout).height(o)
				}
				show = y+h >= top && y <= bottom
			}
			if !show && focused != nil && i < len(*in.rows(k)) && fyne.Focusable(in.entry(k, i)) == focused {
				show = true
			}
			if show != o.Visible() {
				changed = true
				if show {
					o.Show()
					o.Refresh() // it may have changed while hidden
				} else {
					o.Hide()
				}
			}
		}
		if changed {
			relayout(box)
		}
	}
}

// relayout lays the rows of box out again and has them drawn. It is not
// Container.Refresh, which refreshes every row, hidden ones too, and so
// made the renderer of each of 500 pasted rows at once (most of the paste's
// time); a row is refreshed when it is shown.
func relayout(box *fyne.Container) {
	if box.Layout != nil {
		box.Layout.Layout(box.Objects, box.Size())
	}
	canvas.Refresh(box)
}

// placeIn is o's place inside c. The rows' boxes sit in containers only
// (rowSection), so their place is the sum of the containers' positions
// down to them (place.In); otherwise the driver finds both on the screen,
// walking the whole window each time (the results refresh this window on
// every key).
func placeIn(c, o fyne.CanvasObject, drv fyne.Driver) fyne.Position {
	if p, ok := place.In(c, o); ok {
		return p
	}
	return drv.AbsolutePositionForObject(o).Subtract(drv.AbsolutePositionForObject(c))
}

// revealRow shows row i of k and scrolls the rows' view to it.
func (in *rowInput) revealRow(k rowKind, i int) {
	box := in.box(k)
	if i >= len(box.Objects) {
		return
	}
	o := box.Objects[i]
	if !o.Visible() {
		o.Show()
		o.Refresh()
		relayout(box)
	}
	sc := in.ui.rowsScroll
	if sc == nil || sc.Size().Height == 0 {
		return
	}
	// Rows just added (a paste of 500) lie past the content's old size
	// until the next frame lays the window out: the scroll would stop at
	// the old end and the row stay out of sight, hidden, with the focus.
	if m, have := sc.Content.MinSize(), sc.Content.Size(); have.Height < m.Height {
		sc.Content.Resize(fyne.NewSize(have.Width, m.Height))
	}
	// The row's place from the box's: a row never drawn has no canvas
	// yet, and the driver places it at 0,0 (the scroll went to the top and
	// the row stayed hidden, with the keyboard lost).
	y := placeIn(sc.Content, box, fyne.CurrentApp().Driver()).Y + o.Position().Y
	switch {
	case y < sc.Offset.Y:
		sc.ScrollToOffset(fyne.NewPos(0, y))
	case y+o.Size().Height > sc.Offset.Y+sc.Size().Height:
		sc.ScrollToOffset(fyne.NewPos(0, y+o.Size().Height-sc.Size().Height))
	}
	in.updateRowWindow()
}
