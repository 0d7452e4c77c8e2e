// Package assets embeds what the app ships besides code: translations (en, ru,
// pl), the sample robots.txt opened on first run, the crawler catalogue and
// the icon.
package assets

import "embed"

// Translations holds translations/<area>.<lang>.json for fyne's lang package.
//
//go:embed translations
var Translations embed.FS

// TranslationsDir is the folder inside Translations.
const TranslationsDir = "translations"

// Languages the app is translated into; every key must exist in each.
var Languages = []string{"en", "ru", "pl"}
