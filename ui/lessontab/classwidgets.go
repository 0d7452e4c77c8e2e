package lessontab

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// btnState is how a big answer button looks.
type btnState int

const (
	btnNormal btnState = iota // to choose
	btnChosen                 // chosen, not yet given
	btnRight                  // given, and right
	btnWrong                  // given, and wrong
	btnOff                    // not chosen, the answer revealed
)

// bigButton is one of the view's two answers: its word in heading type
// with its keys under it, tall until the answer is revealed, in colours a
// back row tells apart (outlined, filled when chosen, green or red once
// revealed). It takes no keyboard focus: the view's keys choose it.
type bigButton struct {
	widget.BaseWidget
	label, keys string
	state       btnState
	tall        bool
	onTap       func()
}

func newBigButton(label, keys string, tapped func()) *bigButton {
	b := &bigButton{label: label, keys: keys, onTap: tapped, tall: true}
	b.ExtendBaseWidget(b)
	return b
}

// set changes the button's look; tall: the answer is still to be given.
func (b *bigButton) set(s btnState, tall bool) {
	if b.state == s && b.tall == tall {
		return
	}
	b.state, b.tall = s, tall
	b.Refresh()
}

// Tapped chooses the answer (nothing once it is revealed).
func (b *bigButton) Tapped(*fyne.PointEvent) {
	if b.tall && b.onTap != nil {
		b.onTap()
	}
}

// Cursor is the hand while the button can be chosen.
func (b *bigButton) Cursor() desktop.Cursor {
	if b.tall {
		return desktop.PointerCursor
	}
	return desktop.DefaultCursor
}

func (b *bigButton) CreateRenderer() fyne.WidgetRenderer {
	r := &bigButtonRenderer{b: b, bg: canvas.NewRectangle(color.Transparent),
		text: canvas.NewText("", color.Black), keys: canvas.NewText("", color.Black)}
	r.text.TextStyle.Bold = true
	r.text.Alignment = fyne.TextAlignCenter
	r.keys.Alignment = fyne.TextAlignCenter
	r.Refresh()
	return r
}

type bigButtonRenderer struct {
	b          *bigButton
	bg         *canvas.Rectangle
	text, keys *canvas.Text
}

func (r *bigButtonRenderer) colours() (bg, fg, stroke fyne.ThemeColorName) {
	switch r.b.state {
	case btnChosen:
		return theme.ColorNamePrimary, theme.ColorNameForegroundOnPrimary, theme.ColorNamePrimary
	case btnRight:
		return theme.ColorNameSuccess, theme.ColorNameForegroundOnSuccess, theme.ColorNameSuccess
	case btnWrong:
		return theme.ColorNameError, theme.ColorNameForegroundOnError, theme.ColorNameError
	case btnOff:
		return theme.ColorNameDisabledButton, theme.ColorNameDisabled, theme.ColorNameDisabledButton
	}
	return theme.ColorNameButton, theme.ColorNameForeground, theme.ColorNamePrimary
}

func (r *bigButtonRenderer) Refresh() {
	th := r.b.Theme()
	v := fyne.CurrentApp().Settings().ThemeVariant()
	bg, fg, stroke := r.colours()
	r.bg.FillColor = th.Color(bg, v)
	r.bg.StrokeColor = th.Color(stroke, v)
	r.bg.StrokeWidth = 2 * th.Size(theme.SizeNameInputBorder)
	r.bg.CornerRadius = th.Size(theme.SizeNameInputRadius)
	r.text.Text = r.b.label
	r.text.TextSize = th.Size(theme.SizeNameHeadingText)
	r.text.Color = th.Color(fg, v)
	r.keys.Text = r.b.keys
	r.keys.TextSize = th.Size(theme.SizeNameText)
	r.keys.Color = th.Color(fg, v)
	if r.b.tall {
		r.keys.Show()
	} else {
		r.keys.Hide()
	}
	r.Layout(r.b.Size())
	canvas.Refresh(r.b)
}

func (r *bigButtonRenderer) MinSize() fyne.Size {
	th := r.b.Theme()
	pad := th.Size(theme.SizeNamePadding)
	ts, ks := r.text.MinSize(), r.keys.MinSize()
	w := max(ts.Width, ks.Width) + 4*pad
	h := ts.Height + 2*pad
	if r.b.tall {
		// three lines of the word: a target the teacher hits from the
		// side of the room, the keys written in it
		h = max(h+ks.Height, 3*ts.Height)
	}
	return fyne.NewSize(w, h)
}

func (r *bigButtonRenderer) Layout(size fyne.Size) {
	r.bg.Resize(size)
	r.bg.Move(fyne.NewPos(0, 0))
	ts, ks := r.text.MinSize(), r.keys.MinSize()
	h := ts.Height
	if r.keys.Visible() {
		h += ks.Height
	}
	y := (size.Height - h) / 2
	r.text.Move(fyne.NewPos(0, y))
	r.text.Resize(fyne.NewSize(size.Width, ts.Height))
	r.keys.Move(fyne.NewPos(0, y+ts.Height))
	r.keys.Resize(fyne.NewSize(size.Width, ks.Height))
}

func (r *bigButtonRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.bg, r.text, r.keys}
}

func (r *bigButtonRenderer) Destroy() {}

// shield lies over the view's example: a click there keeps the keyboard
// in the view (the example is not edited in it) and the wheel still
// scrolls the example.
type shield struct {
	widget.BaseWidget
	under fyne.Scrollable
}

func newShield(under fyne.Scrollable) *shield {
	s := &shield{under: under}
	s.ExtendBaseWidget(s)
	return s
}

// Tapped does nothing: the example is only read here.
func (s *shield) Tapped(*fyne.PointEvent) {}

// Scrolled scrolls the example.
func (s *shield) Scrolled(ev *fyne.ScrollEvent) { s.under.Scrolled(ev) }

func (s *shield) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(canvas.NewRectangle(color.Transparent))
}

// fillRenderer draws a widget as a rectangle of a theme colour.
type fillRenderer struct {
	w  fyne.Widget
	bg *fill
}

type fill struct {
	*canvas.Rectangle
	name fyne.ThemeColorName
}

func newFill(name fyne.ThemeColorName) *fill {
	return &fill{Rectangle: canvas.NewRectangle(color.Transparent), name: name}
}

func (r *fillRenderer) Layout(size fyne.Size) { r.bg.Resize(size) }
func (r *fillRenderer) MinSize() fyne.Size    { return fyne.NewSize(0, 0) }
func (r *fillRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.bg.Rectangle}
}
func (r *fillRenderer) Destroy() {}
func (r *fillRenderer) Refresh() {
	r.bg.FillColor = theme.ColorForWidget(r.bg.name, r.w)
	r.bg.Refresh()
}
