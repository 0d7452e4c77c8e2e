package aitab

import (
	"math"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// rowsView is the access report: a column of texts in a vertical scroll
// that looks as a VBox of labels and rich texts would, but has widgets only
// for the rows in sight (and half a view above and below). The report has a
// wrapped line for every catalogue crawler (over two hundred); as widgets
// of a VBox each was wrapped again on every zoom and theme switch, about
// two seconds of each F11 while the tab was in view.
//
// A row's height is measured when it comes into sight, at the view's width
// and the theme's sizes; the rows never seen yet count with an estimate
// from their length, so the scroll's length settles as the user scrolls.
type rowsView struct {
	widget.BaseWidget
	scroll *container.Scroll // the view's own scroll; nil when it sits in outer
	// outer is the scroll the view sits in, as one object of box, a VBox,
	// among others; nil: the view has a scroll of its own.
	outer *container.Scroll
	box   *fyne.Container

	rows    []reportRow
	heights []float32 // measured under key; 0: not yet
	key     rowsKey
	total   float32 // the column's height, measured and estimated rows
	line    float32 // under key: a line's height and a character's
	char    float32 // width, for the estimates
	guessed float32 // under key: what the rows measured so far were
	found   float32 // estimated to be, and what they measured

	inUse   map[int]*steadyText // the widgets of the rows in sight, drawn
	parked  map[int]*steadyText // rows seen and just out of sight: kept as wrapped, not drawn
	free    []*steadyText
	objects []fyne.CanvasObject
	minW    float32 // the widest row's least width: the unwrapped rows and the wrapped ones seen
	minKey  rowsKey // the key minW's unwrapped rows were measured under; widthless
	placing bool
}

// reportRow is one row: its text segments and whether it wraps (a row
// without segments is an empty space, none high, as an empty VBox). A joined
// row is the next line of the row before it, as the lines of one label:
// no padding between them, and they share the label's inner padding (its
// widget overlaps the one above by that padding twice over).
type reportRow struct {
	segs   []widget.RichTextSegment
	wrap   fyne.TextWrap
	joined bool
}

// rowsKey is what a measured height depends on.
type rowsKey struct{ width, text, pad, inner, spacing float32 }

// labelRow is a row drawn as a widget.Label with style would draw it.
func labelRow(text string, style fyne.TextStyle, wrap fyne.TextWrap) reportRow {
	return reportRow{segs: []widget.RichTextSegment{&widget.TextSegment{Text: text, Style: widget.RichTextStyle{
		ColorName: theme.ColorNameForeground, Inline: true, TextStyle: style, SizeName: theme.SizeNameText}}}, wrap: wrap}
}

// labelLines is text as a label with style and wrap shows it: a row for
// each line, each after the first joined to the one before. A label wraps
// each line on its own, so the rows wrap as the label would.
func labelLines(text string, style fyne.TextStyle, wrap fyne.TextWrap) []reportRow {
	lines := strings.Split(text, "\n")
	rows := make([]reportRow, len(lines))
	for i, l := range lines {
		rows[i] = labelRow(l, style, wrap)
		rows[i].joined = i > 0
	}
	return rows
}

// width is an unwrapped row's least width: its segments side by side.
func (r reportRow) width(k rowsKey) float32 {
	w := float32(0)
	for _, seg := range r.segs {
		if t, ok := seg.(*widget.TextSegment); ok {
			w += fyne.MeasureText(t.Text, k.text, t.Style.TextStyle).Width
		}
	}
	return w + 2*k.inner
}

// String is the row's text.
func (r reportRow) String() string {
	var b strings.Builder
	for _, s := range r.segs {
		b.WriteString(s.Textual())
	}
	return b.String()
}

func newRowsView() *rowsView {
	v := &rowsView{inUse: map[int]*steadyText{}, parked: map[int]*steadyText{}}
	v.ExtendBaseWidget(v)
	v.scroll = container.NewVScroll(v)
	v.scroll.OnScrolled = func(fyne.Position) { v.place(v.Size()) }
	return v
}

// newRowsInBox is a view without a scroll of its own, for a VBox in a
// scroll with other objects; within names that scroll.
func newRowsInBox() *rowsView {
	v := &rowsView{inUse: map[int]*steadyText{}, parked: map[int]*steadyText{}}
	v.ExtendBaseWidget(v)
	return v
}

// within puts box, a VBox holding the view among other objects, in a
// vertical scroll, which the view follows, and returns that scroll.
func (v *rowsView) within(box *fyne.Container) *container.Scroll {
	v.box = box
	v.outer = container.NewVScroll(newMoving(box, func() { v.place(v.Size()) }))
	return v.outer
}

// moving is a scroll's content that says when the scroll moves it. A
// scroll moved by code (the window's Tab scrolls the control it reaches
// into view) tells no OnScrolled; every move of the view moves its content.
type moving struct {
	widget.BaseWidget
	content fyne.CanvasObject
	moved   func()
}

func newMoving(content fyne.CanvasObject, moved func()) *moving {
	m := &moving{content: content, moved: moved}
	m.ExtendBaseWidget(m)
	return m
}

// Move moves the content with the scroll's view, and says so.
func (m *moving) Move(p fyne.Position) {
	if p == m.Position() {
		return
	}
	m.BaseWidget.Move(p)
	m.moved()
}

func (m *moving) CreateRenderer() fyne.WidgetRenderer { return movingRenderer{m} }

type movingRenderer struct{ m *moving }

func (r movingRenderer) Destroy()                     {}
func (r movingRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.m.content} }
func (r movingRenderer) Layout(size fyne.Size)        { r.m.content.Resize(size) }
func (r movingRenderer) MinSize() fyne.Size           { return r.m.content.MinSize() }
func (r movingRenderer) Refresh()                     { r.m.content.Refresh() }

// viewport is the part of the view in sight: where it starts and how high
// it is, in the view's own coordinates.
func (v *rowsView) viewport(size fyne.Size) (top, view float32) {
	switch {
	case v.outer != nil && v.outer.Size().Height > 0:
		return v.outer.Offset.Y - v.Position().Y, v.outer.Size().Height
	case v.scroll != nil && v.scroll.Size().Height > 0:
		return v.scroll.Offset.Y, v.scroll.Size().Height
	}
	return 0, size.Height
}

// relayout lays out again the VBox the view sits in, as the scroll does
// when the content's least size changed: the view's height did.
func (v *rowsView) relayout() {
	c := v.box
	if c.Layout == nil {
		return
	}
	size := fyne.NewSize(c.Size().Width, max(c.MinSize().Height, v.outer.Size().Height))
	c.Resize(size)
	c.Layout.Layout(c.Objects, size)
	canvas.Refresh(v.outer) // its bar: the frame's least-size pass lays the scroll out again
}

// setRows shows rows in place of the ones shown.
func (v *rowsView) setRows(rows []reportRow) {
	v.rows = rows
	v.heights = make([]float32, len(rows))
	v.guessed, v.found = 0, 0
	v.minKey = rowsKey{}
	for _, m := range []map[int]*steadyText{v.inUse, v.parked} {
		for i, rt := range m {
			delete(m, i)
			v.free = append(v.free, rt)
		}
	}
	v.total = -1
	if v.outer != nil {
		if v.Size().Width > 0 {
			v.relayout()
			v.Refresh()
		}
		return
	}
	if v.scroll.Size().Width > 0 {
		v.Resize(v.MinSize().Max(v.scroll.Size())) // as the scroll lays out its content
		v.place(v.Size())
		v.scroll.Refresh() // its bar: the column's length changed
	}
}

// text is every row's text, a line each.
func (v *rowsView) text() string {
	out := make([]string, len(v.rows))
	for i, r := range v.rows {
		out[i] = r.String()
	}
	return strings.Join(out, "\n")
}

func (v *rowsView) CreateRenderer() fyne.WidgetRenderer { return rowsRenderer{v} }

type rowsRenderer struct{ v *rowsView }

func (r rowsRenderer) Destroy()                     {}
func (r rowsRenderer) Objects() []fyne.CanvasObject { return r.v.objects }
func (r rowsRenderer) Layout(size fyne.Size)        { r.v.place(size) }
func (r rowsRenderer) MinSize() fyne.Size           { return r.v.minSize() }
func (r rowsRenderer) Refresh() {
	for _, rt := range r.v.inUse {
		rt.Refresh()
	}
	r.v.place(r.v.Size())
	canvas.Refresh(r.v)
}

// sizes checks the view's width and the theme's sizes against those the
// heights were measured under, and forgets the heights when they changed.
func (v *rowsView) sizes(width float32) rowsKey {
	th := v.Theme()
	k := rowsKey{width: width, text: th.Size(theme.SizeNameText), pad: th.Size(theme.SizeNamePadding),
		inner: th.Size(theme.SizeNameInnerPadding), spacing: th.Size(theme.SizeNameLineSpacing)}
	if k != v.key {
		v.key = k
		clear(v.heights)
		v.total, v.guessed, v.found = -1, 0, 0
		v.line = fyne.MeasureText("Ág", k.text, fyne.TextStyle{}).Height
		v.char = fyne.MeasureText(sample, k.text, fyne.TextStyle{}).Width / float32(utf8.RuneCountInString(sample))
	}
	return k
}

// height is row i's measured height, or an estimate from its length,
// scaled as the rows measured so far came out against their estimates.
func (v *rowsView) height(i int) float32 {
	if len(v.rows[i].segs) == 0 {
		return 0
	}
	if h := v.heights[i]; h > 0 {
		return h
	}
	if v.guessed > 0 {
		return v.estimate(i) * v.found / v.guessed
	}
	return v.estimate(i)
}

// measured records row i's height.
func (v *rowsView) measured(i int, h float32) {
	if v.heights[i] == 0 {
		v.guessed += v.estimate(i)
		v.found += h
	}
	v.heights[i] = h
}

// estimate is row i's height guessed from its length.
func (v *rowsView) estimate(i int) float32 {
	k := v.key
	lines := 1
	if v.rows[i].wrap != fyne.TextWrapOff && k.width > 2*k.inner {
		n := float32(utf8.RuneCountInString(v.rows[i].String())) * v.char / (k.width - 2*k.inner)
		lines = max(1, int(math.Ceil(float64(n))))
	}
	return float32(lines)*v.line + float32(lines-1)*k.spacing + 2*k.inner
}

// sample is text of ordinary letters, to estimate a character's width.
const sample = "the quick brown fox jumps over the lazy dog, AND THEN SOME / 1234"

func (v *rowsView) minSize() fyne.Size {
	k := v.sizes(v.Size().Width)
	if v.total < 0 {
		v.total = 0
		for i := range v.rows {
			v.total += v.gap(i) + v.height(i)
		}
	}
	if mk := (rowsKey{text: k.text, inner: k.inner}); mk != v.minKey {
		// An unwrapped row is as wide as its text, in sight or not (a VBox
		// is as wide as its widest row): measured once per text size.
		v.minKey, v.minW = mk, 0
		for _, r := range v.rows {
			if r.wrap == fyne.TextWrapOff && len(r.segs) > 0 {
				v.minW = max(v.minW, r.width(k))
			}
		}
	}
	return fyne.NewSize(v.minW, v.total)
}

// place gives widgets to the rows in sight, lays them out in the column
// and lets the others' widgets go, but for those of rows within half a
// view of it that had one: they are kept as they were wrapped, out of the
// window, so that scrolling back to them wraps nothing (and their height
// is known while it holds). Only the rows in sight are drawn and wrapped:
// Fyne paints every object in a scroll's content, in sight or not (the
// scroll only clips), and on a zoom its theme walk wraps every rich text in
// the window again; a row kept aside is wrapped again when it comes back
// into sight, if the theme or the width changed meanwhile.
func (v *rowsView) place(size fyne.Size) {
	if v.placing {
		return
	}
	v.placing = true
	defer func() { v.placing = false }()
	v.sizes(size.Width)
	top, view := v.viewport(size)
	from, to := top-view/2, top+view*3/2
	seen, parked := map[int]*steadyText{}, map[int]*steadyText{}
	v.objects = make([]fyne.CanvasObject, 0, len(v.inUse)+8)
	y := float32(0)
	for i, row := range v.rows {
		y += v.gap(i)
		h := v.height(i)
		switch {
		case len(row.segs) == 0 || y+h < from || y > to:
		case y+h >= top && y <= top+view:
			rt := v.take(i, row)
			rt.Move(fyne.NewPos(0, y))
			if rt.Size().Width != size.Width {
				rt.Resize(fyne.NewSize(size.Width, h))
			} else if !rt.current(size.Width) {
				rt.Refresh() // new text, or kept aside while the theme changed
			}
			m := rt.MinSize()
			h = m.Height
			v.measured(i, h)
			v.minW = max(v.minW, m.Width)
			rt.Resize(fyne.NewSize(size.Width, h))
			seen[i] = rt
			v.objects = append(v.objects, rt)
		default:
			rt := v.inUse[i]
			if rt == nil {
				rt = v.parked[i]
			}
			if rt == nil {
				break
			}
			parked[i] = rt
			if rt.current(size.Width) {
				// as wrapped for this theme and width: its height is known
				h = rt.MinSize().Height
				v.measured(i, h)
			}
		}
		y += h
	}
	total := y
	for _, m := range []map[int]*steadyText{v.inUse, v.parked} {
		for i, rt := range m {
			if seen[i] == nil && parked[i] == nil {
				v.free = append(v.free, rt)
			}
		}
	}
	v.inUse, v.parked = seen, parked
	if total != v.total {
		v.total = total
		if v.outer != nil {
			// The VBox lays the view out again at its new height in the
			// next frame's least-size pass (a layout from here would run
			// inside the VBox's own, which goes on with the old height).
			canvas.Refresh(v)
			return
		}
		if want := max(total, v.scroll.Size().Height); want != size.Height && size.Width > 0 {
			// A view scrolled to the end stays at the end: the rows
			// measured there may have come out higher than estimated.
			atEnd := top > 0 && top+view >= size.Height-1
			v.BaseWidget.Resize(fyne.NewSize(size.Width, want))
			v.placing = false
			if atEnd {
				v.scroll.ScrollToOffset(fyne.NewPos(v.scroll.Offset.X, want-view))
			}
			v.place(v.Size())
		}
	}
}

// take is the widget for row i: the one it has, in sight or kept aside,
// or a free one given the row's text.
func (v *rowsView) take(i int, row reportRow) *steadyText {
	if rt := v.inUse[i]; rt != nil {
		return rt
	}
	if rt := v.parked[i]; rt != nil {
		return rt
	}
	var rt *steadyText
	if n := len(v.free); n > 0 {
		rt, v.free = v.free[n-1], v.free[:n-1]
	} else {
		rt = newSteadyText()
	}
	rt.show(row)
	return rt
}

// steadyText is a rich text that wraps its rows again only when what they
// depend on changed: its width, its segments (show) or the theme.
// widget.RichText wraps on every Refresh, and twice on every Resize, even
// one that changes only its height; on a zoom, Fyne's theme walk and the
// containers above it refresh each text several times, and the rows are
// resized to their new height after (measured: each row in sight wrapped
// six times per zoom).
type steadyText struct {
	widget.RichText
	row     []widget.RichTextSegment // the row's segments, as given; Segments has them broken into lines
	shown   int                      // counts show: the segments' version
	wrapped wrapKey                  // what the rows were last wrapped under
}

// words are the widths of the words the rows were broken at (breakRow).
var words widthCache

// wrapKey is what a rich text's rows depend on. Themes are compared as
// values: a new theme (each zoom is one) wraps again.
type wrapKey struct {
	theme   fyne.Theme
	variant fyne.ThemeVariant
	width   float32
	shown   int
}

func newSteadyText() *steadyText {
	s := &steadyText{}
	s.Scroll = container.ScrollNone // as widget.NewRichText
	s.ExtendBaseWidget(s)
	return s
}

// show gives the text row's segments and wrapping; they are wrapped when
// the row is placed, at its width.
func (s *steadyText) show(row reportRow) {
	s.row = slices.Clone(row.segs)
	s.Segments = s.row
	s.Wrapping = row.wrap
	s.shown++
}

// Refresh wraps the rows again if the theme or the width changed since
// they were last wrapped; otherwise it redraws them as they are.
func (s *steadyText) Refresh() {
	k := s.key()
	if reflect.TypeOf(k.theme).Comparable() && k == s.wrapped {
		s.BaseWidget.Refresh()
		return
	}
	s.wrapped = k
	s.Segments = s.row
	th := s.Theme()
	if width := k.width - 2*th.Size(theme.SizeNameInnerPadding); s.Wrapping == fyne.TextWrapWord && width > 0 {
		s.Segments = breakRow(s.row, width, th, &words)
	}
	s.RichText.Refresh()
}

// String is the row's text, without the line breaks it was given.
func (s *steadyText) String() string {
	var b strings.Builder
	for _, seg := range s.row {
		b.WriteString(seg.Textual())
	}
	return b.String()
}

// current says whether the rows are wrapped as they would be now at width.
func (s *steadyText) current(width float32) bool {
	k := s.key()
	k.width = width
	return reflect.TypeOf(k.theme).Comparable() && k == s.wrapped
}

// key is what the rows would be wrapped under now.
func (s *steadyText) key() wrapKey {
	k := wrapKey{theme: s.Theme(), width: s.Size().Width, shown: s.shown}
	if a := fyne.CurrentApp(); a != nil {
		k.variant = a.Settings().ThemeVariant()
	}
	return k
}

// Resize lays the rows out again at size, wrapping them only if the width
// changed.
func (s *steadyText) Resize(size fyne.Size) {
	if size == s.Size() {
		return
	}
	width := s.Size().Width
	s.BaseWidget.Resize(size)
	if size.Width != width {
		s.Refresh()
	}
}

// y is where row i starts, with the heights known or estimated.
func (v *rowsView) y(i int) float32 {
	y := float32(0)
	for j := range i {
		y += v.gap(j) + v.height(j)
	}
	return y + v.gap(i)
}

// gap is the space above row i: none above the first, the theme's padding
// between rows as a VBox has, and less than none between the lines of one
// label (rows joined), whose widgets overlap by their inner padding.
func (v *rowsView) gap(i int) float32 {
	switch {
	case i == 0:
		return 0
	case v.rows[i].joined:
		return -2 * v.key.inner
	}
	return v.key.pad
}
