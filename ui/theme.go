package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// variantTheme is the default theme pinned to light or dark.
type variantTheme struct {
	fyne.Theme
	variant fyne.ThemeVariant
}

func (t variantTheme) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	return t.Theme.Color(n, t.variant)
}

// applyTheme sets "light", "dark" or "system".
func applyTheme(a fyne.App, name string) {
	switch name {
	case "light":
		a.Settings().SetTheme(variantTheme{theme.DefaultTheme(), theme.VariantLight})
	case "dark":
		a.Settings().SetTheme(variantTheme{theme.DefaultTheme(), theme.VariantDark})
	default:
		a.Settings().SetTheme(theme.DefaultTheme())
	}
}
