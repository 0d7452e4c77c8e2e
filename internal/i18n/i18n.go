// Package i18n is the app's translation core, with no Fyne in it: it loads
// the catalogues (assets/translations/<area>.<lang>.json), chooses the
// language from the system's locale, renders plural forms (ru and pl have
// one, few, many and other) and installs the translator of tester/msg. The
// headless command line uses it alone; the window's internal/ui/i18n loads
// the same catalogues into Fyne's lang as well and makes both speak the
// language Fyne chose.
package i18n

import (
	"encoding/json"
	"io/fs"
	"path"
	"strings"
	"sync"
	"text/template"

	"github.com/jeandeaual/go-locale"
	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"

	"github.com/robots-studio/robots-studio/assets"
	"github.com/robots-studio/robots-studio/tester/msg"
)

// catalogue is every translation file, parsed once.
type catalogue struct {
	bundle *goi18n.Bundle
	tags   []language.Tag  // the languages present, English first (the fallback)
	plural map[string]bool // keys whose entry, in some language, is an object of plural forms
	err    error           // the first file that did not parse
}

var (
	loadOnce sync.Once
	loaded   catalogue
)

// load parses the embedded catalogues on first use.
func load() *catalogue {
	loadOnce.Do(func() { loaded = parse(assets.Translations, assets.TranslationsDir) })
	return &loaded
}

// parse reads every dir/*.json of fsys; a file is named area.lang.json.
func parse(fsys fs.FS, dir string) catalogue {
	c := catalogue{
		bundle: goi18n.NewBundle(language.English),
		tags:   []language.Tag{language.English},
		plural: map[string]bool{},
	}
	c.bundle.RegisterUnmarshalFunc("json", json.Unmarshal)
	files, err := fs.Glob(fsys, path.Join(dir, "*.json"))
	if err != nil {
		c.err = err
		return c
	}
	seen := map[language.Tag]bool{language.English: true}
	for _, f := range files {
		b, err := fs.ReadFile(fsys, f)
		if err == nil {
			var mf *goi18n.MessageFile
			if mf, err = c.bundle.ParseMessageFileBytes(b, path.Base(f)); err == nil && !seen[mf.Tag] {
				seen[mf.Tag] = true
				c.tags = append(c.tags, mf.Tag)
			}
		}
		if err != nil {
			if c.err == nil {
				c.err = err
			}
			continue
		}
		var m map[string]json.RawMessage
		if json.Unmarshal(b, &m) == nil {
			for k, v := range m {
				if len(v) > 0 && v[0] == '{' {
					c.plural[k] = true
				}
			}
		}
	}
	return c
}

// Err is the first catalogue file that could not be read, or nil.
func Err() error { return load().err }

// SystemLanguage is the language the system's locale asks for (LANGUAGE,
// LC_ALL, LC_MESSAGES, LANG; the browser's languages on js), matched
// against the catalogues as Fyne's lang matches it: "en", "ru" or "pl".
// A locale of C or POSIX, or none, is English.
func SystemLanguage() string {
	return Choose(systemLocales()...)
}

// systemLocales lists the locales the system names, best first.
func systemLocales() []string {
	all, err := locale.GetLocales()
	if err != nil {
		return nil
	}
	return all
}

// Choose is the catalogue language that best fits the locales ("pl-PL",
// "ru", "de"), best first; English when none fits.
func Choose(locales ...string) string {
	c := load()
	var want []language.Tag
	for _, l := range locales {
		if t, err := language.Parse(strings.ReplaceAll(l, "_", "-")); err == nil {
			want = append(want, t)
		}
	}
	if len(want) == 0 {
		return "en"
	}
	_, i, conf := language.NewMatcher(c.tags).Match(want...)
	if conf == language.No {
		return "en"
	}
	base, _ := c.tags[i].Base()
	return base.String()
}

// Translator renders messages in one language.
type Translator struct {
	code string
	loc  *goi18n.Localizer
}

// In is the translator for the language code ("en", "ru", "pl"); a code
// without a catalogue renders English.
func In(code string) Translator {
	return Translator{code: code, loc: goi18n.NewLocalizer(load().bundle, code)}
}

// Language is the translator's language code.
func (t Translator) Language() string { return t.code }

// Text renders key in the translator's language with data's slots filled;
// a message whose entry is an object of plural forms takes the form of
// data's Count. A key missing from the catalogue renders fallback.
func (t Translator) Text(key, fallback string, data map[string]any) string {
	cfg := &goi18n.LocalizeConfig{
		DefaultMessage: &goi18n.Message{ID: key, Other: fallback},
		TemplateData:   data,
	}
	if n, ok := count(data["Count"]); ok && load().plural[key] {
		cfg.PluralCount = n
	}
	out, err := t.loc.Localize(cfg)
	if err != nil && out == "" {
		return fill(key, fallback, data)
	}
	return out
}

// fill renders fallback's slots when the catalogue could not.
func fill(key, fallback string, data map[string]any) string {
	tmpl, err := template.New(key).Parse(fallback)
	if err != nil {
		return fallback
	}
	var b strings.Builder
	if tmpl.Execute(&b, data) != nil {
		return fallback
	}
	return b.String()
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

// Use makes tester/msg speak the system's language (read again on every
// call) and returns it.
func Use() string {
	return UseIn(SystemLanguage())
}

// UseIn makes tester/msg speak code, whatever the locale.
func UseIn(code string) string {
	t := In(code)
	msg.SetTranslator(t.Text)
	return code
}
