// Package textfit finds text the window cuts: a label narrower than its
// text, a check box, button or select squeezed below its minimum size, or a
// label that runs past the right edge of the window outside any horizontal
// scroll. The tabs' tests render each tab at 1280×800 in every language and
// call Cut, so a translation that no longer fits fails a test instead of
// reaching users as "zablokowa…".
package textfit

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/ui/safewidget"
)

// tolerance absorbs rounding between measuring and laying out.
const tolerance = 1

// Options tune a search.
type Options struct {
	// Skip leaves an object and everything inside it out: a table whose
	// cells are cut by design because a detail area shows the selected row
	// in full.
	Skip func(fyne.CanvasObject) bool
}

// Cut lists every cut text under the window's content and in its open
// pop-ups, one line each ("label “Verdict”: text 74 px in 60 px"). The
// window must have been resized and laid out.
func Cut(win fyne.Window, opt Options) []string {
	f := &finder{opt: opt, width: win.Canvas().Size().Width, canvas: win.Canvas()}
	f.walk(win.Content(), false, f.width)
	for _, o := range win.Canvas().Overlays().List() {
		f.walk(o, false, f.width)
	}
	return f.found
}

type finder struct {
	opt    Options
	width  float32
	canvas fyne.Canvas
	found  []string
}

// walk checks o and what it holds. hScroll: o is inside a sideways scroll,
// which shows all of it in turn. edge: the right edge, in window
// coordinates, of the area that shows o — the window's, or a vertical
// scroll's that clips what runs past it.
func (f *finder) walk(o fyne.CanvasObject, hScroll bool, edge float32) {
	if o == nil || !o.Visible() || f.opt.Skip != nil && f.opt.Skip(o) {
		return
	}
	switch x := o.(type) {
	case *widget.Label:
		f.text(textOf{x, x.Text, x.Wrapping, x.Truncation, x.TextStyle, x.SizeName}, hScroll, edge)
		return
	case *safewidget.Ellipsis:
		// cut with "…" where it must be: as a label that says so
		f.text(textOf{x, x.Text, x.Wrapping, fyne.TextTruncateEllipsis, x.TextStyle, x.SizeName}, hScroll, edge)
		return
	case *widget.RichText:
		f.text(textOf{x, x.String(), x.Wrapping, x.Truncation, richStyle(x), ""}, hScroll, edge)
		return
	case *widget.Check:
		f.minSize(o, "check box", x.Text)
		return
	case *widget.Button:
		f.minSize(o, "button", x.Text)
		return
	case *widget.Select:
		f.minSize(o, "select", x.Selected)
		// and on: the select shows its choice in a label it cuts short
	case *canvas.Text:
		f.canvasText(x, hScroll, edge)
		return
	case *widget.Entry, *keys.Entry, *widget.SelectEntry:
		return // an entry scrolls its own text
	case *container.Scroll:
		if x.Direction == container.ScrollVerticalOnly {
			right := fyne.CurrentApp().Driver().AbsolutePositionForObject(x).X + x.Size().Width
			edge = min(edge, right)
		}
		f.walk(x.Content, hScroll || x.Direction == container.ScrollBoth || x.Direction == container.ScrollHorizontalOnly, edge)
		return
	case *fyne.Container:
		for _, c := range x.Objects {
			f.walk(c, hScroll, edge)
		}
		return
	}
	if w, ok := o.(fyne.Widget); ok {
		if _, isTable := o.(*widget.Table); isTable {
			hScroll = true // a table scrolls sideways; its cells are checked on their own
		}
		switch o.(type) {
		case *widget.List, *keys.List, *keys.Table:
			hScroll = true
		}
		for _, c := range test.WidgetRenderer(w).Objects() {
			f.walk(c, hScroll, edge)
		}
	}
}

// textOf is what a label or a rich text shows and how.
type textOf struct {
	obj        fyne.CanvasObject
	Text       string
	Wrapping   fyne.TextWrap
	Truncation fyne.TextTruncation
	TextStyle  fyne.TextStyle
	SizeName   fyne.ThemeSizeName
}

// richStyle is the style of a rich text's first text segment, the one
// measure uses for the whole text.
func richStyle(r *widget.RichText) fyne.TextStyle {
	for _, s := range r.Segments {
		if t, ok := s.(*widget.TextSegment); ok {
			return t.Style.TextStyle
		}
	}
	return fyne.TextStyle{}
}

func (f *finder) text(l textOf, hScroll bool, edge float32) {
	if l.Text == "" {
		return
	}
	size := l.obj.Size()
	inner := theme.InnerPadding()
	if min := l.obj.MinSize(); size.Height+tolerance < min.Height {
		// A wrapped text laid out before its width was known keeps the
		// height of fewer lines, and what follows covers the rest.
		f.report("text cut at the bottom", l.Text, min.Height, size.Height)
		return
	}
	if l.Wrapping != fyne.TextWrapOff && l.Truncation == fyne.TextTruncateOff {
		// A wrapping label breaks lines; it is cut only when it is too
		// narrow for a single word.
		widest := float32(0)
		for _, word := range strings.Fields(l.Text) {
			widest = max(widest, f.measure(l, word))
		}
		if widest > size.Width-2*inner+tolerance && size.Width > 0 {
			f.report("wrapped label", l.Text, widest, size.Width-2*inner)
		}
		return
	}
	widest := float32(0)
	for _, line := range strings.Split(l.Text, "\n") {
		widest = max(widest, f.measure(l, line))
	}
	if widest > size.Width-2*inner+tolerance {
		f.report("label", l.Text, widest, size.Width-2*inner)
		return
	}
	if !hScroll {
		pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(l.obj)
		if right := pos.X + inner + widest; right > edge+tolerance {
			f.report("label past the "+f.edgeName(edge), l.Text, right, edge)
		}
	}
}

// canvasText checks text a custom widget draws (a chart's legend, a form's
// hint): it must end inside the area that shows it.
func (f *finder) canvasText(t *canvas.Text, hScroll bool, edge float32) {
	if t.Text == "" || hScroll {
		return
	}
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(t)
	width := fyne.MeasureText(t.Text, t.TextSize, t.TextStyle).Width
	if right := pos.X + width; right > edge+tolerance {
		f.report("drawn text past the "+f.edgeName(edge), t.Text, right, edge)
	}
}

// edgeName says whose edge cuts a text: the window's or a scroll's.
func (f *finder) edgeName(edge float32) string {
	if edge < f.width {
		return "scroll edge"
	}
	return "window edge"
}

func (f *finder) measure(l textOf, text string) float32 {
	name := l.SizeName
	if name == "" {
		name = theme.SizeNameText
	}
	return fyne.MeasureText(text, theme.Size(name), l.TextStyle).Width
}

func (f *finder) minSize(o fyne.CanvasObject, kind, text string) {
	if min, size := o.MinSize(), o.Size(); min.Width > size.Width+tolerance {
		f.report(kind, text, min.Width, size.Width)
	}
}

func (f *finder) report(kind, text string, need, have float32) {
	if r := []rune(text); len(r) > 60 {
		text = string(r[:57]) + "…"
	}
	f.found = append(f.found, fmt.Sprintf("%s %q: needs %.0f px, has %.0f px", kind, text, need, have))
}
