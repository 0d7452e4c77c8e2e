// Package i18n adapts the Fyne-free translation core (internal/i18n) to
// Fyne's lang: it loads the same catalogues into lang, for the window's
// lang.X strings and Fyne's own dialogs, and makes the engine's messages
// (tester/msg) speak the language lang chose, so that one window never
// mixes two languages.
package i18n

import (
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"github.com/robots-studio/robots-studio/assets"
	core "github.com/robots-studio/robots-studio/internal/i18n"
)

// Use loads the catalogues into lang (again: lang re-reads the locale each
// time) and installs the core's translator for tester/msg in the language
// lang chose. It returns that language's code.
func Use() string {
	if err := lang.AddTranslationsFS(assets.Translations, assets.TranslationsDir); err != nil {
		fyne.LogError("loading translations", err)
	}
	// lang has no getter for its choice, and it matches the locale against
	// Fyne's own languages too: each catalogue names its language under
	// this key, and a language without our catalogue reads the English one.
	return core.UseIn(lang.X("i18n.language", "en"))
}

// UseIn loads the catalogues in the language code ("en", "ru", "pl")
// whatever the locale of the process, which it leaves as it was. Tests that
// switch languages end with UseIn("en"): the tests after them in the same
// process read English, on any machine.
func UseIn(code string) {
	locale := map[string]string{"en": "en_US.UTF-8", "ru": "ru_RU.UTF-8", "pl": "pl_PL.UTF-8"}[code]
	type saved struct {
		v  string
		ok bool
	}
	keep := map[string]saved{}
	for _, k := range []string{"LANGUAGE", "LC_ALL"} {
		v, ok := os.LookupEnv(k)
		keep[k] = saved{v, ok}
	}
	os.Setenv("LANGUAGE", code)
	os.Setenv("LC_ALL", locale)
	Use()
	for k, s := range keep {
		if s.ok {
			os.Setenv(k, s.v)
		} else {
			os.Unsetenv(k)
		}
	}
}
