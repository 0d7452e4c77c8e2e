// Package ui is Robots Studio's window: it composes the editor, the tester
// pane, the lint panel, the meta tag tab and the mirror wizard, and owns
// files, menus, preferences and languages. The analysis lives in tester/.
package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"github.com/robots-studio/robots-studio/assets"
	"github.com/robots-studio/robots-studio/tester/msg"
)

// AppID identifies the app for preferences and storage.
const AppID = "io.github.robots_studio.robots_studio"

// UseTranslations loads the en/ru/pl catalogues into fyne's lang and routes
// the engine's messages through them, so the window and the command line
// speak the user's language.
func UseTranslations() {
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
