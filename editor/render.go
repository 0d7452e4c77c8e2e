package editor

import (
	"image/color"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"

	"github.com/robots-studio/robots-studio/tester/syntax"
)

// The renderer draws only what is on screen: for each visible line, the
// visible columns, as one canvas.Text per run of one colour. Its cost per
// frame depends on the window size, not on the file: a 500 KiB file or a
// 100 KB line repaint like a short one. Objects are pooled and reused; a
// text object is refreshed (its texture rebuilt) only when its text, colour
// or size changed.

// metrics are the cell and line sizes of the monospace font.
type metrics struct {
	cellW, lineH, textSize float32
}

// view is the layout of the editor's areas for its current size.
type view struct {
	metrics
	barH             float32 // find or go-to bar at the top
	gutterW          float32
	x0, y0, w, h     float32 // text area
	sb               float32 // scrollbar thickness
	visRows, visCols int
}

// CreateRenderer is part of fyne.Widget.
func (e *Editor) CreateRenderer() fyne.WidgetRenderer {
	r := &editorRenderer{e: e}
	r.bg = canvas.NewRectangle(color.Transparent)
	r.gutterBg = canvas.NewRectangle(color.Transparent)
	r.cursor = canvas.NewRectangle(color.Transparent)
	r.tipBg = canvas.NewRectangle(color.Transparent)
	r.tip = &tipText{}
	r.vbar = newScrollBar(e, true)
	r.hbar = newScrollBar(e, false)
	return r
}

type editorRenderer struct {
	e                                   *Editor
	bg, gutterBg, cursor                *canvas.Rectangle
	tipBg                               *canvas.Rectangle
	tip                                 *tipText
	vbar, hbar                          *scrollBar
	texts, nums                         []*canvas.Text
	backs, fronts                       []*canvas.Rectangle
	nText, nNum, nBack, nFront          int
	objects                             []fyne.CanvasObject
	spans                               []span
	vrows                               []vrow
	matchCols                           []int
	pal                                 palette
	cursorX, cursorY                    float32 // last cursor position, for tests
	lastRows, lastTextObjs, lastCellsDn int     // what the last frame drew, for tests
	// built, builtSize and builtBarH: the size and bar height of the
	// last build (Layout)
	built     bool
	builtSize fyne.Size
	builtBarH float32
	builds    int // how many times build ran, for tests
}

func (r *editorRenderer) Destroy()                     {}
func (r *editorRenderer) Objects() []fyne.CanvasObject { return r.objects }

// Layout builds for a new size. Fyne also lays a widget out again when one
// of its objects' minimum sizes changed, which here is every text object
// whose text did (each key): the last build placed everything for this size
// already, and building again would only ask for one more frame (its
// bg.Refresh comes after the canvas took its dirty mark for this one).
func (r *editorRenderer) Layout(size fyne.Size) {
	if r.built && size == r.builtSize && r.e.vp.barHeight() == r.builtBarH {
		return
	}
	r.build()
}

// Refresh repaints, then reports a cursor move (OnCursorMoved): the
// Editor's Refresh is BaseWidget's, which comes here.
func (r *editorRenderer) Refresh() {
	r.build()
	r.e.sel.reportMove(r.e.OnCursorMoved)
}

func (r *editorRenderer) MinSize() fyne.Size {
	m := r.e.vp.metrics()
	return fyne.NewSize(m.cellW*24, m.lineH*4)
}

func setRect(o *canvas.Rectangle, c color.Color, pos fyne.Position, size fyne.Size) {
	if o.FillColor != c {
		o.FillColor = c
		o.Refresh()
	}
	o.Move(pos)
	o.Resize(size)
}

func (r *editorRenderer) back(c color.Color, pos fyne.Position, size fyne.Size) {
	if r.nBack == len(r.backs) {
		r.backs = append(r.backs, canvas.NewRectangle(c))
	}
	setRect(r.backs[r.nBack], c, pos, size)
	r.nBack++
}

func (r *editorRenderer) front(c color.Color, pos fyne.Position, size fyne.Size) {
	if r.nFront == len(r.fronts) {
		r.fronts = append(r.fronts, canvas.NewRectangle(c))
	}
	setRect(r.fronts[r.nFront], c, pos, size)
	r.nFront++
}

// text places pooled text object number *n of pool.
const (
	hexDigits    = "0123456789ABCDEF"
	controlScale = 0.55 // a control character's hex digits: two fit one above the other in a cell
)

// hexNames holds each hex digit as a string, so drawing one allocates nothing.
var hexNames = func() map[byte]string {
	m := make(map[byte]string, len(hexDigits))
	for i := range len(hexDigits) {
		m[hexDigits[i]] = hexDigits[i : i+1]
	}
	return m
}()

func text(pool *[]*canvas.Text, n *int, s string, c color.Color, size float32, pos fyne.Position, w, h float32, align fyne.TextAlign) {
	if *n == len(*pool) {
		t := canvas.NewText("", c)
		t.TextStyle = fyne.TextStyle{Monospace: true}
		*pool = append(*pool, t)
	}
	t := (*pool)[*n]
	*n++
	if t.Text != s || t.Color != c || t.TextSize != size || t.Alignment != align {
		t.Text, t.Color, t.TextSize, t.Alignment = s, c, size, align
		t.Refresh()
	}
	t.Move(pos)
	t.Resize(fyne.NewSize(w, h))
}

// withAlpha is c with opacity a. Theme colours such as Selection are
// already translucent; their unpremultiplied hue is kept.
func withAlpha(c color.Color, a uint8) color.Color {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	n.A = a
	return n
}

func (r *editorRenderer) build() {
	e := r.e
	size := e.Size()
	v := e.vp.view()
	e.vp.keep(v)
	e.vp.clamp(v)
	d := e.buf.doc
	col := func(n fyne.ThemeColorName) color.Color { return theme.ColorForWidget(n, e) }
	r.pal.load(e)
	r.nText, r.nNum, r.nBack, r.nFront = 0, 0, 0, 0
	r.lastCellsDn = 0

	setRect(r.bg, col(theme.ColorNameInputBackground), fyne.Position{}, size)
	setRect(r.gutterBg, col(theme.ColorNameBackground), fyne.NewPos(0, v.y0), fyne.NewSize(v.gutterW, size.Height-v.y0))

	r.cursor.Hide()
	curRow := d.LineAt(e.sel.cursor) - 1
	selS, selE := e.Selection()
	r.vrows = e.vp.visibleRows(r.vrows[:0], v)
	curSub := 0
	if e.wrap.on {
		curSub = rowIndex(e.wrap.rows(curRow, v.visCols), e.sel.cursor)
	}
	selCol := col(theme.ColorNameSelection)
	matchCol := withAlpha(col(theme.ColorNameWarning), FindMatchAlpha)
	query := e.bars.find.query()
	// Columns of the selection and find matches, computed once per line
	// and clipped per row (a wrapped line has several).
	prevLine, selC0, selC1 := -1, 0, 0
	r.matchCols = r.matchCols[:0]
	for k, vr := range r.vrows {
		row := vr.line
		l := &d.Lines[row]
		y := v.y0 + float32(k)*v.lineH
		if row != prevLine {
			prevLine = row
			selC0, selC1 = 0, 0
			if selS < int(l.Next) && selE > int(l.Start) && selS != selE {
				if selS > int(l.Start) {
					selC0 = colOf(d.Src, l, selS)
				}
				selC1 = colOf(d.Src, l, min(selE, int(l.End)))
				if selE > int(l.End) {
					selC1++ // the selection takes the line break too
				}
			}
			r.matchCols = r.matchCols[:0]
			if query != nil {
				for _, m := range e.bars.find.matchesIn(l) {
					r.matchCols = append(r.matchCols, colOf(d.Src, l, m[0]), colOf(d.Src, l, m[1]))
				}
			}
		}
		if selS == selE && row == curRow {
			r.back(col(theme.ColorNameHover), fyne.NewPos(v.x0, y), fyne.NewSize(v.w, v.lineH))
		}
		if row+1 == e.marks.flash {
			r.back(withAlpha(col(theme.ColorNameFocus), 0x90), fyne.NewPos(v.x0, y), fyne.NewSize(v.w, v.lineH))
		}
		r.drawMarks(v, vr, l, y)
		for m := 0; m+1 < len(r.matchCols); m += 2 {
			r.span(v, vr, r.matchCols[m], r.matchCols[m+1], y, matchCol)
		}
		if selC1 > selC0 {
			r.span(v, vr, selC0, selC1, y, selCol)
		}
		r.drawLine(v, l, y, vr)
		if vr.sub == 0 {
			numCol := col(theme.ColorNamePlaceHolder)
			if row == curRow {
				numCol = col(theme.ColorNameForeground)
			}
			text(&r.nums, &r.nNum, strconv.Itoa(row+1), numCol, v.textSize, fyne.NewPos(0, y), v.gutterW-v.cellW, v.lineH, fyne.TextAlignTrailing)
		}
		if e.kb.focused && row == curRow && vr.sub == curSub {
			c := colOf(d.Src, l, e.sel.cursor)
			if c >= vr.left && c <= vr.right {
				r.cursorX, r.cursorY = v.x(vr, c), y
				r.cursor.Show()
				setRect(r.cursor, col(theme.ColorNamePrimary), fyne.NewPos(r.cursorX, r.cursorY), fyne.NewSize(2, v.lineH))
			}
		}
	}
	r.lastRows = len(r.vrows)

	visLines, hTotal := float32(v.visRows), float32(e.buf.maxWidth+1)
	if e.wrap.on {
		// The vertical bar measures lines (counting every wrapped row
		// would mean wrapping the whole file); nothing scrolls sideways.
		visLines, hTotal = 1, float32(v.visCols)
		if n := len(r.vrows); n > 0 {
			visLines = float32(r.vrows[n-1].line - r.vrows[0].line + 1)
		}
	}
	r.vbar.set(fyne.NewPos(size.Width-v.sb, v.y0), fyne.NewSize(v.sb, v.h), float32(e.vp.topRow), visLines, float32(len(d.Lines)))
	r.hbar.set(fyne.NewPos(v.x0, v.y0+v.h), fyne.NewSize(v.w, v.sb), float32(e.vp.leftCol), float32(v.visCols), hTotal)

	r.tip.Hide()
	r.tipBg.Hide()
	if e.tip.msg != "" {
		r.drawTip(v, size)
	}

	o := r.objects[:0]
	o = append(o, r.bg)
	for _, b := range r.backs[:r.nBack] {
		o = append(o, b)
	}
	for _, t := range r.texts[:r.nText] {
		o = append(o, t)
	}
	o = append(o, r.gutterBg)
	for _, t := range r.nums[:r.nNum] {
		o = append(o, t)
	}
	for _, f := range r.fronts[:r.nFront] {
		o = append(o, f)
	}
	o = append(o, r.cursor, r.vbar, r.hbar)
	if b := e.bars.top(); b != nil {
		b.Move(fyne.Position{})
		b.Resize(fyne.NewSize(size.Width, v.barH))
		o = append(o, b)
	}
	o = r.tip.appendTo(append(o, r.tipBg))
	r.objects = o
	r.lastTextObjs = r.nText
	r.built, r.builtSize, r.builtBarH = true, size, v.barH
	r.builds++
	r.bg.Refresh() // new pooled objects are unknown to the canvas: ask for a repaint
}

// vrow is one visual row on screen: line's display columns [left, right)
// drawn from byte off (-1: find it from left), row sub of a wrapped line.
type vrow struct {
	line, sub        int
	off, left, right int
}

// x is the position of display column c of row vr.
func (v view) x(vr vrow, c int) float32 { return v.x0 + float32(c-vr.left)*v.cellW }

// span draws a background from display column c0 to c1 of a row, clipped
// to the row's columns.
func (r *editorRenderer) span(v view, vr vrow, c0, c1 int, y float32, c color.Color) {
	c0 = max(c0, vr.left)
	c1 = min(c1, vr.right)
	if c1 > c0 {
		r.back(c, fyne.NewPos(v.x(vr, c0), y), fyne.NewSize(float32(c1-c0)*v.cellW, v.lineH))
	}
}

// drawLine draws the visible columns of line l. Runs of narrow printable
// characters of one style share a text object; tabs only advance; wide,
// control and invalid characters get their own object at their own cell,
// so a fallback font's glyph widths cannot shift the rest of the line.
func (r *editorRenderer) drawLine(v view, l *syntax.Line, y float32, vr vrow) {
	e := r.e
	src := e.buf.doc.Src
	r.spans = lineSpans(r.spans[:0], e.buf.doc, l)
	end := int(l.End)
	right := vr.right
	i, c := int(l.Start), 0
	if vr.off >= 0 {
		i, c = vr.off, vr.left
	}
	// Skip what is left of the view. Chars straddling the edge are skipped.
	for i < end && c < vr.left {
		ch := src[i]
		if ch >= 0x20 && ch < 0x7f {
			c++
			i++
			continue
		}
		ru, n := runeAt(src, i, end)
		c += cellWidth(ru, n, c)
		i += n
	}
	si := 0
	styleAt := func(off int) style {
		for si < len(r.spans) && int(r.spans[si].end) <= off {
			si++
		}
		if si < len(r.spans) {
			return r.spans[si].st
		}
		return stPlain
	}
	runStart, runCol := -1, 0
	var runStyle style
	flush := func(to int) {
		if runStart >= 0 && to > runStart {
			text(&r.texts, &r.nText, string(src[runStart:to]), r.pal[runStyle], v.textSize, fyne.NewPos(v.x(vr, runCol), y), float32(c-runCol)*v.cellW, v.lineH, fyne.TextAlignLeading)
		}
		runStart = -1
	}
	for i < end && c < right {
		ru, n := runeAt(src, i, end)
		w := cellWidth(ru, n, c)
		if c+w > right {
			break
		}
		st := styleAt(i)
		simple := ru >= 0x20 && ru != 0x7f && ru < 0x2000 && !(ru == 0xFFFD && n == 1) && w == 1
		if simple && ru >= 0x80 && ru < 0xA0 {
			simple = false // C1 controls
		}
		if !simple || st != runStyle || runStart < 0 {
			flush(i)
		}
		switch {
		case ru == '\t':
		case simple:
			if runStart < 0 {
				runStart, runCol, runStyle = i, c, st
			}
		default:
			glyph, gc := string(ru), r.pal[st]
			switch {
			case ru == 0xFFFD && n == 1:
				glyph, gc = "\uFFFD", r.pal[stInvalid]
			case ru < 0x20 || ru == 0x7f || ru >= 0x80 && ru < 0xA0:
				// A control character shows its code as two small hex
				// digits stacked in its cell (0 over 0 for NUL), as a hex
				// box does. The Control Pictures (U+2400…) are not in the
				// embedded fonts, so they would be painted with whatever the
				// machine has, or as an empty box.
				half := v.lineH / 2
				for k, d := range [2]byte{hexDigits[ru>>4], hexDigits[ru&0xf]} {
					text(&r.texts, &r.nText, hexNames[d], r.pal[stIgnored], v.textSize*controlScale, fyne.NewPos(v.x(vr, c), y+float32(k)*half), v.cellW, half, fyne.TextAlignCenter)
				}
				c += w
				i += n
				r.lastCellsDn += w
				continue
			}
			text(&r.texts, &r.nText, glyph, gc, v.textSize, fyne.NewPos(v.x(vr, c), y), float32(w)*v.cellW, v.lineH, fyne.TextAlignLeading)
		}
		c += w
		i += n
		r.lastCellsDn += w
	}
	flush(i)
}

// drawMarks paints the decorations of one visible line: group and rule
// backgrounds behind the text, lint underlines and gutter squares in front.
func (r *editorRenderer) drawMarks(v view, vr vrow, l *syntax.Line, y float32) {
	e := r.e
	src := e.buf.doc.Src
	for _, m := range e.marks.on(vr.line + 1) {
		c := markColor(m.Kind, e)
		switch m.Kind {
		case MarkGroup:
			r.back(withAlpha(c, GroupMarkAlpha), fyne.NewPos(v.x0, y), fyne.NewSize(v.w, v.lineH))
		case MarkRule:
			r.back(withAlpha(c, RuleMarkAlpha), fyne.NewPos(v.x0, y), fyne.NewSize(v.w, v.lineH))
			r.front(c, fyne.NewPos(max(0, v.x0-RuleMarkEdge-1), y), fyne.NewSize(RuleMarkEdge, v.lineH)) // in the gutter, beside the text
		default:
			c0, c1 := m.cols(src, l)
			c0, c1 = max(c0, vr.left), min(c1, vr.right)
			if c1 > c0 {
				r.front(c, fyne.NewPos(v.x(vr, c0), y+v.lineH-2), fyne.NewSize(float32(c1-c0)*v.cellW, 2))
			}
			if vr.sub > 0 {
				continue // the gutter square sits beside the line's first row
			}
			side := v.cellW * 0.6
			r.front(c, fyne.NewPos(v.cellW*0.2, y+(v.lineH-side)/2), fyne.NewSize(side, side))
		}
	}
}

// drawTip shows the message of the mark under the mouse in a box near it,
// wrapped to at most 72 columns and kept inside the widget.
func (r *editorRenderer) drawTip(v view, size fyne.Size) {
	e := r.e
	pad := theme.SizeForWidget(theme.SizeNameInnerPadding, e) / 2
	maxW := max(v.cellW*8, min(size.Width-2*pad-2, v.cellW*72))
	ts := r.tip.set(e.tip.msg, v.textSize, theme.ColorForWidget(theme.ColorNameForeground, e), maxW)
	box := fyne.NewSize(ts.Width+2*pad, ts.Height+2*pad)
	pos := e.tip.pos.Add(fyne.NewPos(0, v.lineH))
	pos.X = max(0, min(pos.X, size.Width-box.Width))
	if pos.Y+box.Height > size.Height {
		pos.Y = max(0, e.tip.pos.Y-box.Height-2)
	}
	setRect(r.tipBg, theme.ColorForWidget(theme.ColorNameOverlayBackground, e), pos, box)
	r.tipBg.StrokeColor = theme.ColorForWidget(theme.ColorNameShadow, e)
	r.tipBg.StrokeWidth = 1
	r.tip.move(pos.Add(fyne.NewPos(pad, pad)))
	r.tipBg.Show()
}
