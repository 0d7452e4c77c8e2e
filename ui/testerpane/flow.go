package testerpane

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"time"
)

// flowLayout lays its objects out left to right and starts a new line when
// the next does not fit, as words wrap: the filter's four toggles take one
// line at 1280×800 and two in Russian at 1024×768, where in one line they
// made the window wider than the screen. Its least width is the widest
// object's; its least height is that of the lines at the width it was last
// laid out in (a container asks for the height again after a resize).
type flowLayout struct {
	gap   float32
	width float32 // the width of the last layout
	// relayout lays out again the containers whose height depends on the
	// lines (a canvas refresh alone left the summary under the second line)
	relayout func()
}

func (l *flowLayout) lines(objs []fyne.CanvasObject, width float32, place bool) float32 {
	x, y, lineH := float32(0), float32(0), float32(0)
	for _, o := range objs {
		if !o.Visible() {
			continue
		}
		s := o.MinSize()
		if x > 0 && x+s.Width > width {
			x, y, lineH = 0, y+lineH+l.gap, 0
		}
		if place {
			o.Move(fyne.NewPos(x, y))
			o.Resize(s)
		}
		x += s.Width + l.gap
		lineH = max(lineH, s.Height)
	}
	return y + lineH
}

func (l *flowLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	w := float32(0)
	for _, o := range objs {
		if o.Visible() {
			w = max(w, o.MinSize().Width)
		}
	}
	if l.width <= 0 {
		return fyne.NewSize(w, l.lines(objs, 1e9, false))
	}
	return fyne.NewSize(w, l.lines(objs, max(l.width, w), false))
}

func (l *flowLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	before := l.lines(objs, max(l.width, 1), false)
	l.width = size.Width
	l.lines(objs, size.Width, true)
	if after := l.lines(objs, size.Width, false); after != before && l.relayout != nil {
		// the lines changed with the width: the parents lay out again, after
		// the frame this layout belongs to
		AfterFrame(l.relayout)
	}
}

// topOver is container.NewBorder(top, nil, nil, nil, center) with top first
// among its objects: Fyne moves the keyboard with Tab in the order of the
// objects, and NewBorder puts the centre before the top, so Tab went from
// the filter back up to the reading's selector and never to the table
// under it.
func topOver(top, center fyne.CanvasObject) *fyne.Container {
	return container.New(layout.NewBorderLayout(top, nil, nil, nil), top, center)
}

// AfterFrame runs f on the UI goroutine once the frame being drawn is
// done. Asked for with fyne.Do from within a layout, which the window runs
// while it draws, f ran inside that frame: its changes were laid out but
// not painted until something else (a hover) asked for a frame. Fyne's
// test driver draws no frames and runs fyne.Do on the caller's goroutine:
// the tests of the packages that build a Pane set AfterFrame to fyne.Do
// in their TestMain.
var AfterFrame = func(f func()) { go fyne.Do(f) }

// Later runs f on a goroutine of its own once d has passed. Fyne's test
// driver runs fyne.Do on the caller's goroutine, so there a timer's f would
// run beside the test that goes on changing the pane (the race detector
// found "counting…" doing so): the tests of the packages that build a Pane
// set Later to drop f, and the tests of what a delay does ask for it
// through the pane's own seam (counting_test.go).
var Later = func(d time.Duration, f func()) { time.AfterFunc(d, f) }

// stackLayout stacks the filter row, the toggles and the summary, giving
// the toggles the height of their lines at the width it lays them out in.
// A VBox asked the toggles for their least height before it resized them,
// so after a change of width it placed the summary by the old lines: in
// Russian at 1024×768 the summary was drawn over the second line of
// toggles.
type stackLayout struct {
	flow *flowLayout
	gap  float32
}

func (l *stackLayout) height(objs []fyne.CanvasObject, i int, width float32) float32 {
	if c, ok := objs[i].(*fyne.Container); ok && c.Layout == l.flow {
		return l.flow.lines(c.Objects, width, false)
	}
	return objs[i].MinSize().Height
}

func (l *stackLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var w, h float32
	for i, o := range objs {
		if !o.Visible() {
			continue
		}
		w = max(w, o.MinSize().Width)
		if h > 0 {
			h += l.gap
		}
		h += l.height(objs, i, max(l.flow.width, o.MinSize().Width))
	}
	return fyne.NewSize(w, h)
}

func (l *stackLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	y := float32(0)
	for i, o := range objs {
		if !o.Visible() {
			continue
		}
		h := l.height(objs, i, size.Width)
		o.Move(fyne.NewPos(0, y))
		o.Resize(fyne.NewSize(size.Width, h))
		y += h + l.gap
	}
}
