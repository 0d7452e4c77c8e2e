package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/ui/place"
)

// reveal scrolls every scroll container that holds f, innermost first, so
// that f is in view: Tab to a control below the fold of a scrolled tab
// (Meta tags, AI access at 1024×768) left it out of sight. The window's
// key filter (windowKey) calls it whenever a key moved the keyboard, so no
// tab needs a rule of its own. Fyne has no way to ask a widget's parent:
// the path to f is found from the top of the window (or the pop-up over
// it) down (pathTo).
func reveal(c fyne.Canvas, f fyne.Focusable) {
	target, ok := f.(fyne.CanvasObject)
	if !ok || target == nil {
		return
	}
	t := sought{target, screenPos(target), target.Size()}
	var path []fyne.CanvasObject
	for _, root := range []fyne.CanvasObject{c.Overlays().Top(), c.Content()} {
		if p, found := pathTo(root, t, nil); found {
			path = p
			break
		}
	}
	pad := theme.Padding()
	for i := len(path) - 2; i >= 0; i-- {
		s, ok := path[i].(*container.Scroll)
		if !ok || s.Content == nil {
			continue
		}
		rel, ok := place.In(s.Content, target)
		if !ok {
			rel = screenPos(target).Subtract(screenPos(s.Content))
		}
		size, view, whole := t.size, s.Size(), s.Content.Size()
		off := s.Offset
		if s.Direction != container.ScrollHorizontalOnly && s.Direction != container.ScrollNone {
			off.Y = into(off.Y, rel.Y, size.Height, view.Height, whole.Height, pad)
		}
		if s.Direction == container.ScrollHorizontalOnly || s.Direction == container.ScrollBoth {
			off.X = into(off.X, rel.X, size.Width, view.Width, whole.Width, pad)
		}
		if off != s.Offset {
			s.ScrollToOffset(off)
		}
	}
}

// into is the offset along one axis that shows the span [at, at+size) of
// content whole long in a view of length view now at offset: unchanged if
// the span is in view, else the least move that shows it (its start, when
// it is longer than the view), with pad to spare, within the content.
func into(offset, at, size, view, whole, pad float32) float32 {
	switch {
	case at < offset || size > view:
		offset = at - pad
	case at+size > offset+view:
		offset = at + size - view + pad
	default:
		return offset
	}
	return max(0, min(offset, whole-view))
}

// screenPos is where the driver draws o. The desktop driver knows only
// objects it has drawn and puts any other at 0,0 (Fyne's test driver finds
// every object: its tests replace this to behave as the desktop does).
var screenPos = func(o fyne.CanvasObject) fyne.Position {
	return fyne.CurrentApp().Driver().AbsolutePositionForObject(o)
}

// sought is the control reveal looks for, with its place on the screen
// (found once: each look-up walks the window).
type sought struct {
	obj  fyne.CanvasObject
	pos  fyne.Position
	size fyne.Size
}

// pathTo is the chain of objects from o down to target, when o holds it.
// Fyne has no public way to a widget's parts (its renderer); the
// containers and the widgets that say what they hold are followed, and a
// widget that does not is taken to hold target when target lies within
// it on the screen (widgets that are not stacked do not overlap).
func pathTo(o fyne.CanvasObject, target sought, path []fyne.CanvasObject) ([]fyne.CanvasObject, bool) {
	if o == nil || !o.Visible() {
		return nil, false
	}
	path = append(path, o)
	if o == target.obj {
		return path, true
	}
	var kids []fyne.CanvasObject
	switch x := o.(type) {
	case *fyne.Container:
		kids = x.Objects
	case *container.Scroll:
		kids = []fyne.CanvasObject{x.Content}
	case *container.Split:
		kids = []fyne.CanvasObject{x.Leading, x.Trailing}
	case *container.AppTabs:
		if it := x.Selected(); it != nil {
			kids = []fyne.CanvasObject{it.Content}
		}
	case *container.DocTabs:
		if it := x.Selected(); it != nil {
			kids = []fyne.CanvasObject{it.Content}
		}
	case *container.ThemeOverride:
		kids = []fyne.CanvasObject{x.Content}
	case *widget.PopUp:
		kids = []fyne.CanvasObject{x.Content}
	case *keys.Tabs:
		kids = []fyne.CanvasObject{x.Tabs}
	case *tabBody:
		kids = []fyne.CanvasObject{x.content}
	case fyne.Widget:
		if target.within(o) {
			return append(path, target.obj), true
		}
		return nil, false
	}
	for _, k := range kids {
		if p, ok := pathTo(k, target, path); ok {
			return p, true
		}
	}
	return nil, false
}

// within reports whether t lies inside b on the screen.
func (t sought) within(b fyne.CanvasObject) bool {
	drv := fyne.CurrentApp().Driver()
	if drv.CanvasForObject(b) == nil {
		return false
	}
	pa, pb := t.pos, screenPos(b)
	sa, sb := t.size, b.Size()
	return pa.X >= pb.X && pa.Y >= pb.Y && pa.X+sa.Width <= pb.X+sb.Width && pa.Y+sa.Height <= pb.Y+sb.Height
}
