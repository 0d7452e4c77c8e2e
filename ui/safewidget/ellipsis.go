package safewidget

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Ellipsis is a one-line widget.Label cut with "…" where its text is
// wider than the label (fyne.TextTruncateEllipsis), and only there.
//
// Fyne 2.7.1 cuts an ellipsis label's text on every refresh and resize,
// whether it fits or not, with a line wrapper and a text shaper it makes
// afresh each time (widget.truncateLimit): on F11 with the editor's tab in
// view, the status bar, the tester's summary and the Problems rows made a
// fifth of the window's work. An Ellipsis measures its text once (Fyne
// keeps the measure) and asks Fyne to cut it only when it does not fit.
// It is as wide at least as Fyne's ellipsis label: a character and "…".
//
// A widget that embeds an Ellipsis calls ExtendBaseWidget with itself, as
// with a Label; set the text with SetText (or set Text, then Refresh).
type Ellipsis struct {
	widget.Label
}

// NewEllipsis is a label showing text, cut with "…" where it must be.
func NewEllipsis(text string) *Ellipsis {
	l := &Ellipsis{}
	l.Text = text
	l.Truncation = fyne.TextTruncateEllipsis
	l.ExtendBaseWidget(l)
	return l
}

// SetText shows text.
func (l *Ellipsis) SetText(text string) {
	l.Text = text
	l.Refresh()
}

// Refresh draws the label again, cut or not as its text and width say.
func (l *Ellipsis) Refresh() {
	l.fit(l.Size().Width)
	l.Label.Refresh()
}

// Resize lays the label out at size, cutting its text if it no longer
// fits (or showing it whole if it now does).
func (l *Ellipsis) Resize(size fyne.Size) {
	if size == l.Size() {
		return
	}
	if l.fit(size.Width) {
		l.Label.Refresh() // the label's rich text takes the new cut
	}
	l.Label.Resize(size)
}

// MinSize is the label's height, and the width of Fyne's ellipsis label:
// a character and "…".
func (l *Ellipsis) MinSize() fyne.Size {
	th := l.Theme()
	size := l.textSize(th)
	w := fyne.MeasureText("M", size, fyne.TextStyle{}).Width + fyne.MeasureText("…", size, fyne.TextStyle{}).Width
	return fyne.NewSize(w, l.Label.MinSize().Height)
}

// fit sets the truncation the text needs at width; it says whether that
// changed. At no width yet (never laid out) the text is taken as cut.
func (l *Ellipsis) fit(width float32) bool {
	want := fyne.TextTruncateEllipsis
	if width > 0 {
		th := l.Theme()
		room := width - 2*th.Size(theme.SizeNameInnerPadding)
		if fyne.MeasureText(l.Text, l.textSize(th), l.TextStyle).Width <= room {
			want = fyne.TextTruncateOff
		}
	}
	if l.Truncation == want {
		return false
	}
	l.Truncation = want
	return true
}

// Cut says whether the label shows less than its text.
func (l *Ellipsis) Cut() bool {
	l.fit(l.Size().Width)
	return l.Truncation == fyne.TextTruncateEllipsis && l.Text != ""
}

func (l *Ellipsis) textSize(th fyne.Theme) float32 {
	if l.SizeName != "" {
		return th.Size(l.SizeName)
	}
	return th.Size(theme.SizeNameText)
}
