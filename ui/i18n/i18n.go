// Package i18n adapts the Fyne-free translation core (internal/i18n) to
// Fyne's lang: it loads the same catalogues into lang, for the window's
// lang.X strings and Fyne's own dialogs, and makes the engine's messages
// (tester/msg) speak the language lang chose, so that one window never
// mixes two languages.
package i18n

import (
	"os"
	"sync"
	_ "unsafe" // go:linkname, see setupLang

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
	preferred.Lock()
	code := preferred.code
	preferred.Unlock()
	if code != "" {
		setupLang(code)
	}
	// lang has no getter for its choice, and it matches the locale against
	// Fyne's own languages too: each catalogue names its language under
	// this key, and a language without our catalogue reads the English one.
	return core.UseIn(lang.X("i18n.language", "en"))
}

// preferred is the language the user chose in the window, "" for the
// system's.
var preferred struct {
	sync.Mutex
	code string
}

// Prefer makes lang speak code ("en", "ru", "pl"; "" for the system's
// language) from now on, whatever the system's locale says, and loads the
// catalogues in it. Fyne's lang takes its language from the operating
// system each time catalogues are added: from LANGUAGE, LC_ALL and LANG on
// Linux, which a process can set, but on Windows from the user's locale
// (GetUserDefaultLocaleName), which it cannot, and in the browser from
// navigator.languages. So the choice is applied inside lang itself.
func Prefer(code string) string {
	preferred.Lock()
	preferred.code = code
	preferred.Unlock()
	return Use()
}

// setupLang is lang's own "speak this language" (the one its tests use);
// lang exports no way to choose a language but the system's. A test
// (TestPreferOutranksTheSystem) fails if a Fyne upgrade renames it.
//
//go:linkname setupLang fyne.io/fyne/v2/lang.setupLang
func setupLang(lang string)

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
