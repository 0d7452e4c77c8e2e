package look

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// The palettes keep the default theme's hues and move their lightness until
// every text colour reads at WCAG AA (4.5:1) on every background it is drawn
// on: the window, inputs and the editor, menus, table rows when hovered or
// selected, the editor's current line, selection and marked rule lines.
// contrast_test.go checks each of those pairs; change a value here and run
// it. The default theme failed many of them: lime comments on light grey
// (1.3:1), green "allowed" on white (1.6:1), red on the dark selection.

func rgb(hex uint32) color.NRGBA {
	return color.NRGBA{R: uint8(hex >> 16), G: uint8(hex >> 8), B: uint8(hex), A: 0xff}
}

func rgba(hex uint32, a uint8) color.NRGBA {
	c := rgb(hex)
	c.A = a
	return c
}

// foreground is an all but opaque text colour (alpha 0xFFC9 of 0xFFFF, a
// difference no screen shows). Fyne 2.7.1 draws menu shortcut hints in the
// foreground colour with its 16-bit alpha times 0.95 cut to 8 bits, which
// turns an opaque foreground into alpha 0x32: hints at 20 % opacity, about
// 1.4:1. With this alpha the same arithmetic gives 0xFE, so the hints are
// drawn as solid as the labels beside them.
type foreground struct{ r, g, b uint8 }

const foregroundAlpha = 0xFFC9

func (c foreground) RGBA() (r, g, b, a uint32) {
	ch := func(v uint8) uint32 { return min(uint32(v)*0x101, foregroundAlpha) }
	return ch(c.r), ch(c.g), ch(c.b), foregroundAlpha
}

var lightPalette = map[fyne.ThemeColorName]color.Color{
	theme.ColorNameBackground:          rgb(0xffffff),
	theme.ColorNameInputBackground:     rgb(0xf3f3f3),
	theme.ColorNameMenuBackground:      rgb(0xf5f5f5),
	theme.ColorNameOverlayBackground:   rgb(0xffffff),
	theme.ColorNameHeaderBackground:    rgb(0xf6f6f6),
	theme.ColorNameButton:              rgb(0xf0f0f0),
	theme.ColorNameForeground:          foreground{0x1f, 0x1f, 0x1f},
	theme.ColorNamePlaceHolder:         rgb(0x4d4d4d),
	theme.ColorNameDisabled:            rgb(0x666666),
	theme.ColorNamePrimary:             rgb(0x1550c0),
	theme.ColorNameForegroundOnPrimary: rgb(0xffffff),
	theme.ColorNameHyperlink:           rgb(0x1349ad),
	theme.ColorNameFocus:               rgba(0x1550c0, 0x2a),
	theme.ColorNameSelection:           rgba(0x296ff6, 0x30),
	theme.ColorNameHover:               rgba(0x000000, 0x1c),
	theme.ColorNameSuccess:             rgb(0x155e28),
	theme.ColorNameForegroundOnSuccess: rgb(0xffffff),
	theme.ColorNameError:               rgb(0xa3231b),
	theme.ColorNameForegroundOnError:   rgb(0xffffff),
	theme.ColorNameWarning:             rgb(0x7a4a00),
	theme.ColorNameForegroundOnWarning: rgb(0xffffff),
	ColorNameAllowed:                   rgb(0x155e28),
	ColorNameBlocked:                   rgb(0xa3231b),
	ColorNameDifferBackground:          rgb(0xffe49a),
	ColorNameDifferText:                rgb(0x212121),
}

var darkPalette = map[fyne.ThemeColorName]color.Color{
	theme.ColorNameBackground:          rgb(0x171718),
	theme.ColorNameInputBackground:     rgb(0x202023),
	theme.ColorNameMenuBackground:      rgb(0x28292e),
	theme.ColorNameOverlayBackground:   rgb(0x181d25),
	theme.ColorNameHeaderBackground:    rgb(0x1d1d1f),
	theme.ColorNameButton:              rgb(0x28292e),
	theme.ColorNameForeground:          foreground{0xf3, 0xf3, 0xf3},
	theme.ColorNamePlaceHolder:         rgb(0xc4c4c4),
	theme.ColorNameDisabled:            rgb(0x9e9e9e),
	theme.ColorNamePrimary:             rgb(0x9ec0ff),
	theme.ColorNameForegroundOnPrimary: rgb(0x101010),
	theme.ColorNameHyperlink:           rgb(0x9cbfff),
	theme.ColorNameFocus:               rgba(0x9ec0ff, 0x2a),
	theme.ColorNameSelection:           rgba(0x296ff6, 0x40),
	theme.ColorNameHover:               rgba(0xffffff, 0x1c),
	theme.ColorNameSuccess:             rgb(0x7ee087),
	theme.ColorNameForegroundOnSuccess: rgb(0x101010),
	theme.ColorNameError:               rgb(0xffa69e),
	theme.ColorNameForegroundOnError:   rgb(0x101010),
	theme.ColorNameWarning:             rgb(0xffc266),
	theme.ColorNameForegroundOnWarning: rgb(0x101010),
	ColorNameAllowed:                   rgb(0x7ee087),
	ColorNameBlocked:                   rgb(0xffa69e),
	ColorNameDifferBackground:          rgb(0x4d3a00),
	ColorNameDifferText:                rgb(0xffffff),
}
