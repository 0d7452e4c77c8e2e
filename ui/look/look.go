// Package look is the window's theme: the palette (every text colour checked
// against its background for WCAG AA contrast in light and dark) and the
// colour names the tabs use for verdicts and differences, so a tab asks for
// "the allowed colour" and never mixes its own. ui sets the theme; tabs
// import only the names.
package look

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// Colour names for meanings the default theme has no name for.
const (
	// ColorNameAllowed is the text colour of an "allowed" verdict.
	ColorNameAllowed fyne.ThemeColorName = "rs-allowed"
	// ColorNameBlocked is the text colour of a "blocked" verdict.
	ColorNameBlocked fyne.ThemeColorName = "rs-blocked"
	// ColorNameDifferBackground fills a cell whose answer differs from
	// its row's majority; text on it uses ColorNameDifferText.
	ColorNameDifferBackground fyne.ThemeColorName = "rs-differ-bg"
	// ColorNameDifferText is the text colour on ColorNameDifferBackground.
	ColorNameDifferText fyne.ThemeColorName = "rs-differ-text"
)

// Theme is the default theme, optionally pinned to light or dark, with the
// names above defined.
type Theme struct {
	fyne.Theme
	Variant *fyne.ThemeVariant // nil: the system's
}

// New returns the theme for "light", "dark" or "system".
func New(name string) *Theme {
	t := &Theme{Theme: theme.DefaultTheme()}
	switch name {
	case "light":
		v := theme.VariantLight
		t.Variant = &v
	case "dark":
		v := theme.VariantDark
		t.Variant = &v
	}
	return t
}

// Color returns the colour of n in variant v (or the pinned variant).
func (t *Theme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	if t.Variant != nil {
		v = *t.Variant
	}
	switch n {
	case ColorNameAllowed:
		return t.Theme.Color(theme.ColorNameSuccess, v)
	case ColorNameBlocked:
		return t.Theme.Color(theme.ColorNameError, v)
	case ColorNameDifferBackground:
		return t.Theme.Color(theme.ColorNameWarning, v)
	case ColorNameDifferText:
		return t.Theme.Color(theme.ColorNameForeground, v)
	}
	return t.Theme.Color(n, v)
}
