package dlg

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
)

// Scroll is a dialog's text too long for the window, which Tab reaches and
// the keys move: Up and Down a line, Page Up and Page Down a screen, Home
// and End. Esc, Enter and the function keys go on to the dialog. A frame
// shows it has the keyboard. Fyne's scroll answers the mouse wheel only.
type Scroll struct {
	widget.BaseWidget
	scroll  *container.Scroll
	frame   *canvas.Rectangle
	focused bool
}

// NewScroll shows content in a scroll at most height high (the content's
// own height when it is lower).
func NewScroll(content fyne.CanvasObject, height float32) *Scroll {
	s := &Scroll{scroll: container.NewVScroll(content), frame: canvas.NewRectangle(nil)}
	s.frame.StrokeWidth = 2
	h := min(content.MinSize().Height, height)
	s.scroll.SetMinSize(fyne.NewSize(content.MinSize().Width, h))
	s.ExtendBaseWidget(s)
	return s
}

// CreateRenderer draws the scroll with the focus frame over it.
func (s *Scroll) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewStack(s.scroll, s.frame))
}

// FocusGained draws the frame.
func (s *Scroll) FocusGained() { s.focused = true; s.showFrame() }

// FocusLost takes the frame away.
func (s *Scroll) FocusLost() { s.focused = false; s.showFrame() }

func (s *Scroll) showFrame() {
	s.frame.StrokeColor = nil
	if s.focused {
		s.frame.StrokeColor = theme.Color(theme.ColorNameFocus)
	}
	s.frame.Refresh()
}

// TypedRune does nothing: a letter typed here goes nowhere.
func (s *Scroll) TypedRune(rune) {}

// TypedKey moves the text, or hands the key on to the dialog.
func (s *Scroll) TypedKey(k *fyne.KeyEvent) {
	line := theme.TextSize() * 2
	page := max(s.scroll.Size().Height-line, line)
	y := s.scroll.Offset.Y
	switch k.Name {
	case fyne.KeyDown:
		y += line
	case fyne.KeyUp:
		y -= line
	case fyne.KeyPageDown:
		y += page
	case fyne.KeyPageUp:
		y -= page
	case fyne.KeyHome:
		y = 0
	case fyne.KeyEnd:
		y = s.scroll.Content.MinSize().Height
	default:
		if keys.WindowKey(k.Name) || k.Name == fyne.KeyReturn || k.Name == fyne.KeyEnter {
			keys.PassOn(s, k)
		}
		return
	}
	y = max(0, min(y, s.scroll.Content.MinSize().Height-s.scroll.Size().Height))
	s.scroll.ScrollToOffset(fyne.NewPos(0, y))
}
