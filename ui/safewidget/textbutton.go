package safewidget

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// TextButton is a low-importance button with a leading icon whose text
// changes often (the Problems header's counts follow every keystroke). It
// looks and acts as a widget.Button with that icon and text: the button
// under it takes the taps, the keyboard focus and the hover shade; the
// text is an Ellipsis drawn over it, cut with "…" where the button is
// narrower.
//
// A widget.Button costs the real window a whole extra frame each time its
// text changes width: Fyne lays the button out again while it prepares the
// next frame (Canvas.EnsureMinSize), and a button's layout moves its icon
// twice (to the start of its row, then to its place), which marks the
// window as needing yet another frame, though nothing moved; its minimum
// width grows and shrinks with the text, so every container up to the
// window is laid out again too (the tab bar makes all its tab buttons
// anew). Here the button holds only the icon, which never moves, and the
// text's label is as wide at least as an Ellipsis, whatever it says.
type TextButton struct {
	widget.BaseWidget
	Button *widget.Button // the icon, the taps and the focus
	label  *Ellipsis
}

// NewTextButton is a button with icon and text that calls tapped.
func NewTextButton(text string, icon fyne.Resource, tapped func()) *TextButton {
	b := &TextButton{Button: widget.NewButtonWithIcon("", icon, tapped), label: NewEllipsis(text)}
	b.Button.Alignment = widget.ButtonAlignLeading
	b.Button.Importance = widget.LowImportance
	b.label.TextStyle.Bold = true // a button's text is bold
	b.ExtendBaseWidget(b)
	return b
}

// Text is the button's whole text.
func (b *TextButton) Text() string { return b.label.Text }

// SetText shows text on the button.
func (b *TextButton) SetText(text string) {
	if text != b.label.Text {
		b.label.SetText(text)
	}
}

// SetIcon shows icon on the button.
func (b *TextButton) SetIcon(icon fyne.Resource) { b.Button.SetIcon(icon) }

// CreateRenderer is part of fyne.Widget.
func (b *TextButton) CreateRenderer() fyne.WidgetRenderer { return textButtonRenderer{b} }

type textButtonRenderer struct{ b *TextButton }

func (r textButtonRenderer) Destroy() {}

func (r textButtonRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.b.Button, r.b.label}
}

// textStart is where the label starts: a widget.Button with a leading
// icon starts its text one inner padding in, after the icon and the
// padding between them; the label draws its text one inner padding in.
func (r textButtonRenderer) textStart() float32 {
	th := r.b.Theme()
	return th.Size(theme.SizeNameInlineIcon) + th.Size(theme.SizeNamePadding)
}

func (r textButtonRenderer) Layout(size fyne.Size) {
	r.b.Button.Resize(size)
	r.b.Button.Move(fyne.NewPos(0, 0))
	x := r.textStart()
	h := r.b.label.MinSize().Height
	r.b.label.Resize(fyne.NewSize(max(0, size.Width-x), h))
	r.b.label.Move(fyne.NewPos(x, (size.Height-h)/2))
}

// MinSize does not depend on the text: the label's is that of an Ellipsis.
func (r textButtonRenderer) MinSize() fyne.Size {
	bm, lm := r.b.Button.MinSize(), r.b.label.MinSize()
	return fyne.NewSize(max(bm.Width, r.textStart()+lm.Width), max(bm.Height, lm.Height))
}

func (r textButtonRenderer) Refresh() {
	r.b.Button.Refresh()
	r.b.label.Refresh()
	r.Layout(r.b.Size())
}
