// Package i18n loads the app's translations (en, ru, pl) into fyne's lang
// package and routes the engine's messages through them. It needs no cgo
// and no display, so the headless command line uses it too.
package i18n

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"github.com/jeandeaual/go-locale"
	"golang.org/x/text/language"

	"github.com/robots-studio/robots-studio/assets"
	"github.com/robots-studio/robots-studio/tester/msg"
)

// Use loads the catalogues (again: lang re-reads the locale each time) and
// installs the translator for tester/msg.
func Use() {
	if err := addTranslations(wantedLanguages()); err != nil {
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

// ours are the languages the app is translated into.
var ours = map[string]bool{"en": true, "ru": true, "pl": true}

// wantedLanguages is which of ours the user's locales can pick: English
// (always) and those the locales name. Fyne ships en, ru and pl
// translations of its own, so leaving ours out for other languages does
// not change which one lang matches. nil (load all) when a locale is in
// another language or cannot be read. Parsing a catalogue is most of a
// command's start-up: a run in English reads one language, not three.
func wantedLanguages() map[string]bool {
	locs, err := locale.GetLocales()
	if err != nil {
		return nil
	}
	want := map[string]bool{"en": true}
	for _, l := range locs {
		tag, err := language.Parse(l)
		if err != nil {
			return nil
		}
		base, _ := tag.Base()
		if !ours[base.String()] {
			return nil
		}
		want[base.String()] = true
	}
	return want
}

// addTranslations gives lang one catalogue per language in want (nil:
// every language): the area files of a language joined into one object,
// so lang matches the locale once per language, not once per file.
func addTranslations(want map[string]bool) error {
	files, err := assets.Translations.ReadDir(assets.TranslationsDir)
	if err != nil {
		return err
	}
	joined := map[string][]byte{}
	var order []string
	for _, f := range files {
		parts := strings.Split(f.Name(), ".")
		if len(parts) < 3 || parts[len(parts)-1] != "json" {
			continue
		}
		code := parts[len(parts)-2]
		if want != nil && !want[code] {
			continue
		}
		data, err := assets.Translations.ReadFile(path.Join(assets.TranslationsDir, f.Name()))
		if err != nil {
			return err
		}
		inner := bytes.TrimSpace(data)
		inner = bytes.TrimSpace(bytes.TrimSuffix(bytes.TrimPrefix(inner, []byte("{")), []byte("}")))
		if len(inner) == 0 {
			continue
		}
		b, ok := joined[code]
		if !ok {
			order = append(order, code)
			b = []byte("{")
		} else {
			b = append(b, ',')
		}
		joined[code] = append(b, inner...)
	}
	for _, code := range order {
		if err := lang.AddTranslationsForLocale(append(joined[code], '}'), fyne.Locale(code)); err != nil {
			return err
		}
	}
	return nil
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
