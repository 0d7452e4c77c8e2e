package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
)

// newButton is a keys.Button: Enter and Space press it, Esc and the
// function keys go on to the window (and to a dialog it is in).
func newButton(label string, tapped func()) *keys.Button { return keys.NewButton(label, tapped) }

func newImportantButton(label string, tapped func()) *keys.Button {
	b := keys.NewButton(label, tapped)
	b.Importance = widget.HighImportance
	return b
}

func newWrappedLabel(text string) *widget.Label {
	l := widget.NewLabel(text)
	l.Wrapping = fyne.TextWrapWord
	return l
}
