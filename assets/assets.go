// Package assets embeds what the app ships besides code: translations (en, ru,
// pl), the sample robots.txt opened on first run, the crawler catalogue, the
// lessons, the icon and the window's symbol font.
package assets

import (
	"embed"

	"github.com/robots-studio/robots-studio/assets/lessons"
)

// Translations holds translations/<area>.<lang>.json, read by internal/i18n
// (and, in the window, by Fyne's lang too).
//
//go:embed translations
var Translations embed.FS

// TranslationsDir is the folder inside Translations.
const TranslationsDir = "translations"

// Languages the app is translated into; every key must exist in each.
var Languages = []string{"en", "ru", "pl"}

// Lessons holds the built-in lessons, one NN-slug/ folder each (the same
// files tester/lessons.Builtin reads; they live in assets/lessons, a package
// without Fyne, so the engine side can embed them too).
var Lessons embed.FS = lessons.FS

// SymbolFont and SymbolFontBold are Robots Studio Symbols: the few
// characters the window's texts use that its text font (Fyne's Noto Sans)
// lacks (arrows, the minus sign, the star), cut from DejaVu Sans by
// build/symbolfont.sh (licence: fonts/LICENSE-DejaVu.txt), and a space
// sized as Noto Sans's; no letters. ui/look's theme puts them before Noto
// Sans.
var (
	//go:embed fonts/RobotsStudioSymbols-Regular.ttf
	SymbolFont []byte
	//go:embed fonts/RobotsStudioSymbols-Bold.ttf
	SymbolFontBold []byte
)
