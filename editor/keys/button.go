package keys

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// Button is a widget.Button that does what a desktop button does with the
// keyboard: Space and Enter press it, and Esc and the function keys go to
// the window. Fyne's button reacts to Space only, so with a dialog's button
// focused Esc did not close the dialog, and F11 did nothing after a button
// was tabbed to.
type Button struct {
	widget.Button
}

// NewButton is widget.NewButton with the keys above.
func NewButton(label string, tapped func()) *Button {
	b := &Button{}
	b.Text, b.OnTapped = label, tapped
	b.ExtendBaseWidget(b)
	return b
}

// TypedKey presses the button on Enter, gives the window the keys a
// button does nothing with, and leaves the rest to widget.Button.
func (b *Button) TypedKey(k *fyne.KeyEvent) {
	switch {
	case k.Name == fyne.KeyReturn || k.Name == fyne.KeyEnter:
		Run(func() {
			if !b.Disabled() && b.OnTapped != nil {
				b.OnTapped()
			}
		})
	case WindowKey(k.Name):
		PassOn(b, k)
	default:
		Run(func() { b.Button.TypedKey(k) })
	}
}
