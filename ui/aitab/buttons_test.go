package aitab

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// hasButton reports whether o shows, somewhere inside, a button labelled
// text (hidden ones too: what is built, not what is in view).
func hasButton(o fyne.CanvasObject, text string) bool {
	switch w := o.(type) {
	case *widget.Button:
		return w.Text == text
	case *fyne.Container:
		for _, c := range w.Objects {
			if hasButton(c, text) {
				return true
			}
		}
	case *container.Split:
		return hasButton(w.Leading, text) || hasButton(w.Trailing, text)
	case *container.Scroll:
		return hasButton(w.Content, text)
	case *moving:
		return hasButton(w.content, text)
	}
	return false
}
