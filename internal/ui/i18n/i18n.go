// Package i18n loads the app's translations (en, ru, pl) into fyne's lang
// package and routes the engine's messages through them. It needs no cgo
// and no display, so the headless command line uses it too.
package i18n

import (
	"encoding/json"
	"io/fs"
	"os"
	"path"
	"sync"

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
		// A message whose catalogue entry is an object of plural forms
		// (ru and pl have one, few and many) takes the form of its Count.
		if n, ok := count(data["Count"]); ok && pluralKeys()[key] {
			return lang.LocalizePluralKey(key, fallback, n, data)
		}
		return lang.LocalizeKey(key, fallback, data)
	})
}

var (
	pluralOnce sync.Once
	plural     map[string]bool
)

// pluralKeys lists the keys whose entry, in any language, is an object of
// plural forms rather than one string.
func pluralKeys() map[string]bool {
	pluralOnce.Do(func() {
		plural = map[string]bool{}
		files, _ := fs.Glob(assets.Translations, path.Join(assets.TranslationsDir, "*.json"))
		for _, f := range files {
			b, err := fs.ReadFile(assets.Translations, f)
			if err != nil {
				continue
			}
			var m map[string]json.RawMessage
			if json.Unmarshal(b, &m) != nil {
				continue
			}
			for k, v := range m {
				if len(v) > 0 && v[0] == '{' {
					plural[k] = true
				}
			}
		}
	})
	return plural
}

// count reads a Count slot of any integer type.
func count(v any) (int, bool) {
	switch n := v.(type) {
	case int:
		return n, true
	case int64:
		return int(n), true
	case int32:
		return int(n), true
	case uint:
		return int(n), true
	case uint64:
		return int(n), true
	case uint32:
		return int(n), true
	}
	return 0, false
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
