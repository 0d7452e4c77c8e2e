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

	"github.com/robots-studio/robots-studio/assets"
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

// SizeNameReadingText is the size of prose read from a distance beside
// other content (presenter mode's one-question view): 16 units, between
// the text and the sub-heading, so that at presenter mode's zoom (22.4 px)
// a line of a half-screen column still holds 45 characters or more.
const SizeNameReadingText fyne.ThemeSizeName = "rs-reading-text"

// readingText is SizeNameReadingText's size before zoom.
const readingText = 16

// Theme is the default theme, optionally pinned to light or dark, with the
// names above defined.
type Theme struct {
	fyne.Theme
	Variant *fyne.ThemeVariant // nil: the system's
	// Zoom scales every size (text, padding, icons) in percent; 0 is 100.
	// Widgets measure through the theme, so the editor, the tables and the
	// rest of the window grow together, as a browser's zoom does.
	Zoom int
}

// Zoom limits and the default, in percent.
const (
	MinZoom     = 50
	MaxZoom     = 300
	DefaultZoom = 100
)

// zoomSteps are the stops Ctrl+= and Ctrl+- move between, as browsers do.
var zoomSteps = []int{50, 67, 80, 90, 100, 110, 125, 150, 175, 200, 250, 300}

// ClampZoom keeps percent within MinZoom..MaxZoom (0 means the default).
func ClampZoom(percent int) int {
	if percent == 0 {
		return DefaultZoom
	}
	return max(MinZoom, min(MaxZoom, percent))
}

// ZoomIn returns the next stop above percent, ZoomOut the next below.
func ZoomIn(percent int) int {
	for _, z := range zoomSteps {
		if z > percent {
			return z
		}
	}
	return MaxZoom
}

// ZoomOut returns the next stop below percent.
func ZoomOut(percent int) int {
	for i := len(zoomSteps) - 1; i >= 0; i-- {
		if zoomSteps[i] < percent {
			return zoomSteps[i]
		}
	}
	return MinZoom
}

// minCaption is the smallest text the window draws: captions (hints under
// fields, intros) are at least 12 px before zoom, so nothing reads as fine
// print. The default theme's 11 px is below what WCAG-minded guides advise.
const minCaption = 12

// Size returns the default size of n scaled by the zoom. Hairlines (the
// separator, input borders) stay one pixel so they do not turn into bars.
func (t *Theme) Size(n fyne.ThemeSizeName) float32 {
	s := t.Theme.Size(n)
	if n == SizeNameReadingText {
		s = readingText
	}
	if n == theme.SizeNameCaptionText {
		s = max(s, minCaption)
	}
	switch n {
	case theme.SizeNameSeparatorThickness, theme.SizeNameInputBorder:
		return s
	}
	if t.Zoom == 0 || t.Zoom == DefaultZoom {
		return s
	}
	return s * float32(ClampZoom(t.Zoom)) / 100
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

// Color returns the colour of n in variant v (or the pinned variant): the
// palette below where it names n, else the default theme's.
func (t *Theme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	if t.Variant != nil {
		v = *t.Variant
	}
	pal := lightPalette
	if v == theme.VariantDark {
		pal = darkPalette
	}
	if c, ok := pal[n]; ok {
		return c
	}
	return t.Theme.Color(n, v)
}

// The symbol fonts (assets.SymbolFont): arrows, the minus sign and the star,
// which the text font lacks, and a space.
var (
	symbolFont     = fyne.NewStaticResource("RobotsStudioSymbols-Regular.ttf", assets.SymbolFont)
	symbolFontBold = fyne.NewStaticResource("RobotsStudioSymbols-Bold.ttf", assets.SymbolFontBold)
)

// Font returns, for proportional text, the symbol font: the few characters
// the window's texts use that Noto Sans (Fyne's text font) lacks. Fyne
// 2.7's painter (CachedFontFace) lists the theme's font first, the default
// font of the style (Noto Sans) after it, then its emoji font, then the
// system's fonts; a character is drawn from the first that has it. So the
// arrows come from a font the app ships (a browser page has no system fonts
// to fall back on, and drew them as boxes) and everything else from Noto
// Sans. Fyne also takes a line's height and baseline from the first font
// with a space, and go-text shapes a space that follows an arrow with the
// arrow's font: the symbol font has a space, and Noto Sans's units per em,
// vertical metrics and space width (build/symbolfont.sh), so text measures
// and sits as with Noto Sans alone. Monospace text keeps DejaVu Sans Mono,
// which has the symbols.
func (t *Theme) Font(s fyne.TextStyle) fyne.Resource {
	switch {
	case s.Monospace || s.Symbol:
		return t.Theme.Font(s)
	case s.Bold:
		return symbolFontBold
	}
	return symbolFont
}
