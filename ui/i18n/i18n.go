// Package i18n loads the app's translations (en, ru, pl) into fyne's lang
// package and routes the engine's messages through them. It needs no cgo
// and no display, so the headless command line uses it too.
package i18n

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"github.com/robots-studio/robots-studio/assets"
	"github.com/robots-studio/robots-studio/tester/msg"
)

// Use loads the catalogues (again: lang re-reads the locale each time) and
// installs the translator for tester/msg.
func Use() {
	if err := lang.AddTranslationsFS(assets.Translations, assets.TranslationsDir); err != nil {
		fyne.LogError("loading translations", err)
	}
	msg.SetTranslator(func(key, fallback string, data map[string]any) string {
		if data == nil {
			return lang.LocalizeKey(key, fallback)
		}
		return lang.LocalizeKey(key, fallback, data)
	})
}
