// Package i18n is the app's translation core, with no Fyne in it: it loads
// the catalogues (assets/translations/<area>.<lang>.json), chooses the
// language from the system's locale, renders plural forms (ru and pl have
// one, few, many and other) and installs the translator of tester/msg. The
// headless command line uses it alone; the window's ui/i18n loads
// the same catalogues into Fyne's lang as well and makes both speak the
// language Fyne chose.
package i18n

import (
	"encoding/json"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"
	"text/template"

	"github.com/jeandeaual/go-locale"
	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"

	"github.com/robots-studio/robots-studio/assets"
	"github.com/robots-studio/robots-studio/tester/msg"
)

// catalogue is the index of the translation files: their languages, read
// from the file names. A language's files are parsed on first use (see
// messages), so a run that shows no message parses none, and one that speaks
// Polish parses only the Polish and English files.
type catalogue struct {
	fsys  fs.FS
	files map[string][]string // the files of each language code, by name
	tags  []language.Tag      // the languages present, English first (the fallback)
	err   error               // the folder could not be listed

	mu    sync.Mutex
	langs map[string]*messages
}

// messages is one language's catalogue, with English beneath it for the
// keys it lacks; it is not changed once made, so translators read it
// without a lock.
type messages struct {
	bundle *goi18n.Bundle
	plural map[string]bool // keys whose entry is an object of plural forms
	err    error           // the first file that did not parse
}

var (
	loadOnce sync.Once
	loaded   *catalogue
)

// load indexes the embedded catalogues on first use.
func load() *catalogue {
	loadOnce.Do(func() { loaded = index(assets.Translations, assets.TranslationsDir) })
	return loaded
}

// index lists dir/*.json of fsys; a file is named area.lang.json.
func index(fsys fs.FS, dir string) *catalogue {
	c := &catalogue{fsys: fsys, files: map[string][]string{}, tags: []language.Tag{language.English},
		langs: map[string]*messages{}}
	files, err := fs.Glob(fsys, path.Join(dir, "*.json"))
	if err != nil {
		c.err = err
		return c
	}
	seen := map[language.Tag]bool{language.English: true}
	for _, f := range files {
		name := strings.TrimSuffix(path.Base(f), ".json")
		code := name[strings.LastIndexByte(name, '.')+1:]
		c.files[code] = append(c.files[code], f)
		// The tag go-i18n gives the file (language.Make of the part
		// before ".json").
		if t := language.Make(code); !seen[t] {
			seen[t] = true
			c.tags = append(c.tags, t)
		}
	}
	return c
}

// messages returns the catalogue of code (parsing it on first use): the
// English files and those of code.
func (c *catalogue) messages(code string) *messages {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.files[code]; !ok {
		code = "en" // no catalogue: English
	}
	if m, ok := c.langs[code]; ok {
		return m
	}
	m := &messages{bundle: goi18n.NewBundle(language.English), plural: map[string]bool{}}
	m.bundle.RegisterUnmarshalFunc("json", json.Unmarshal)
	files := c.files["en"]
	if code != "en" {
		files = append(slices.Clip(files), c.files[code]...)
	}
	for _, f := range files {
		b, err := fs.ReadFile(c.fsys, f)
		if err == nil {
			_, err = m.bundle.ParseMessageFileBytes(b, path.Base(f))
		}
		if err != nil {
			if m.err == nil {
				m.err = err
			}
			continue
		}
		var entries map[string]json.RawMessage
		if json.Unmarshal(b, &entries) == nil {
			for k, v := range entries {
				if len(v) > 0 && v[0] == '{' {
					m.plural[k] = true
				}
			}
		}
	}
	c.langs[code] = m
	return m
}

// firstErr is the first catalogue file that could not be read, in any
// language (each is parsed).
func (c *catalogue) firstErr() error {
	if c.err != nil {
		return c.err
	}
	codes := make([]string, 0, len(c.files))
	for code := range c.files {
		codes = append(codes, code)
	}
	slices.Sort(codes)
	for _, code := range codes {
		if err := c.messages(code).err; err != nil {
			return err
		}
	}
	return nil
}

// Err is the first catalogue file that could not be read, or nil.
func Err() error { return load().firstErr() }

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
	tr   *translator
}

// translator parses its language's catalogue when it renders its first
// message.
type translator struct {
	once sync.Once
	c    *catalogue
	code string
	msgs *messages
	loc  *goi18n.Localizer
}

func (t *translator) get() (*messages, *goi18n.Localizer) {
	t.once.Do(func() {
		t.msgs = t.c.messages(t.code)
		t.loc = goi18n.NewLocalizer(t.msgs.bundle, t.code)
	})
	return t.msgs, t.loc
}

// In is the translator for the language code ("en", "ru", "pl"); a code
// without a catalogue renders English.
func In(code string) Translator {
	return Translator{code: code, tr: &translator{c: load(), code: code}}
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
	msgs, loc := t.tr.get()
	if n, ok := count(data["Count"]); ok && msgs.plural[key] {
		cfg.PluralCount = n
	}
	out, err := loc.Localize(cfg)
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

// Use makes tester/msg speak the system's language, read again on every
// call. The locale is matched when the first message is rendered, not
// before: a run that renders none (test --count, a version check) pays
// nothing for it.
func Use() {
	var once sync.Once
	var t Translator
	msg.SetTranslator(func(key, fallback string, data map[string]any) string {
		once.Do(func() { t = In(SystemLanguage()) })
		return t.Text(key, fallback, data)
	})
}

// UseIn makes tester/msg speak code, whatever the locale.
func UseIn(code string) string {
	t := In(code)
	msg.SetTranslator(t.Text)
	return code
}
