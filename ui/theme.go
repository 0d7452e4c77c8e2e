package ui

import (
	"fyne.io/fyne/v2"

	"github.com/robots-studio/robots-studio/ui/look"
)

// applyTheme sets "light", "dark" or "system", at the zoom kept in the
// preferences.
func applyTheme(a fyne.App, name string) {
	t := look.New(name)
	t.Zoom = look.ClampZoom(a.Preferences().IntWithFallback(prefZoom, look.DefaultZoom))
	setTheme(a, t)
}
