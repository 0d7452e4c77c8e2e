package safewidget

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Ellipsis is a one-line label whose text ends in "…" where it is wider
// than the label, as a widget.Label with fyne.TextTruncateEllipsis draws
// it.
//
// Fyne 2.7.1 cuts an ellipsis label's text on every refresh and resize,
// fitting or not, with a line wrapper and a text shaper it makes afresh
// for the call (widget.truncateLimit; the new shaper loads its font's
// lookup tables again): on F11 with the editor's tab in view, the status
// bar, the tester's summary and the Problems rows made a fifth of the
// window's work. An Ellipsis cuts the text itself, by measuring it
// (Fyne keeps the measures), only when the text or the width changed, and
// draws the result in a plain label. It is as wide at least as Fyne's
// ellipsis label: a character and "…".
//
// Text, TextStyle, SizeName, Alignment and Importance are the label's
// fields, as on a Label; Text is the whole text. A widget that embeds an
// Ellipsis calls ExtendBaseWidget with itself, as with a Label; set the
// text with SetText (or set Text, then Refresh).
type Ellipsis struct {
	widget.Label
	shown *widget.Label // draws Text as cut for the width
	cutOf cutKey        // what shown's text was cut for
}

// cutKey is what a cut depends on.
type cutKey struct {
	text        string
	width, size float32
	style       fyne.TextStyle
}

// NewEllipsis is a label showing text, cut with "…" where it must be.
func NewEllipsis(text string) *Ellipsis {
	l := &Ellipsis{}
	l.Text = text
	l.ExtendBaseWidget(l)
	return l
}

// SetText shows text.
func (l *Ellipsis) SetText(text string) {
	l.Text = text
	l.Refresh()
}

// Refresh draws the label again.
func (l *Ellipsis) Refresh() {
	if l.shown == nil { // not drawn yet
		return
	}
	l.BaseWidget.Refresh() // the renderer cuts the text again if it must
}

// Cut says whether the label shows less than its text.
func (l *Ellipsis) Cut() bool {
	return l.Text != "" && l.cut(l.Size().Width) != l.Text
}

// CreateRenderer is part of fyne.Widget.
func (l *Ellipsis) CreateRenderer() fyne.WidgetRenderer {
	l.shown = widget.NewLabel("")
	l.sync(l.Size().Width)
	return ellipsisRenderer{l}
}

// sync gives the drawing label the label's looks and the text cut for
// width.
func (l *Ellipsis) sync(width float32) {
	s := l.shown
	s.Alignment, s.TextStyle, s.SizeName, s.Importance = l.Alignment, l.TextStyle, l.SizeName, l.Importance
	s.Wrapping, s.Truncation = fyne.TextWrapOff, fyne.TextTruncateOff
	s.Text = l.cut(width)
}

// cut is the text as it fits width: whole, or its longest beginning that
// fits with "…" after it, as Fyne's ellipsis cuts it. Not laid out yet,
// the text is whole.
func (l *Ellipsis) cut(width float32) string {
	th := l.Theme()
	size := th.Size(theme.SizeNameText)
	if l.SizeName != "" {
		size = th.Size(l.SizeName)
	}
	k := cutKey{l.Text, width, size, l.TextStyle}
	if k == l.cutOf && l.shown != nil {
		return l.shown.Text
	}
	l.cutOf = k
	measure := func(s string) float32 { return fyne.MeasureText(s, size, l.TextStyle).Width }
	// Fyne's room: the width inside the label's padding, whole pixels; a
	// label narrower than its padding shows its text whole, as Fyne's
	inside := width - 2*th.Size(theme.SizeNameInnerPadding)
	room := float32(int(inside))
	if width <= 0 || inside < 0 || measure(l.Text) <= room {
		return l.Text
	}
	runes := []rune(l.Text)
	n, lo, hi := 0, 1, len(runes)-1
	for lo <= hi {
		mid := (lo + hi) / 2
		if measure(string(runes[:mid])+"…") <= room {
			n, lo = mid, mid+1
		} else {
			hi = mid - 1
		}
	}
	return string(runes[:n]) + "…"
}

type ellipsisRenderer struct{ l *Ellipsis }

func (r ellipsisRenderer) Destroy() {}

func (r ellipsisRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.l.shown} }

func (r ellipsisRenderer) Layout(size fyne.Size) {
	if text := r.l.cut(size.Width); text != r.l.shown.Text {
		r.l.shown.Text = text
		r.l.shown.Refresh()
	}
	r.l.shown.Resize(size)
}

// MinSize is one line high and, as Fyne's ellipsis label, a character and
// "…" wide.
func (r ellipsisRenderer) MinSize() fyne.Size {
	th := r.l.Theme()
	size := th.Size(theme.SizeNameText)
	if r.l.SizeName != "" {
		size = th.Size(r.l.SizeName)
	}
	w := fyne.MeasureText("M", size, fyne.TextStyle{}).Width + fyne.MeasureText("…", size, fyne.TextStyle{}).Width
	return fyne.NewSize(w, r.l.shown.MinSize().Height)
}

func (r ellipsisRenderer) Refresh() {
	r.l.sync(r.l.Size().Width)
	r.l.shown.Refresh()
}
