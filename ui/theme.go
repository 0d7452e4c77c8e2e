package ui

import (
	"fyne.io/fyne/v2"

	"github.com/robots-studio/robots-studio/ui/look"
)

// applyTheme sets "light", "dark" or "system".
func applyTheme(a fyne.App, name string) {
	a.Settings().SetTheme(look.New(name))
}
