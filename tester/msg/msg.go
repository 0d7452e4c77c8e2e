// Package msg carries user-visible text out of the engine without tying the
// engine to Fyne: a Text is a translation key, its English template and the
// data for the template. The command line installs internal/i18n's
// Translator (no Fyne); the window installs ui/i18n's, which speaks the
// language Fyne's lang chose; with none installed, texts are English.
package msg

import (
	"errors"
	"sort"
	"strings"
	"sync"
	"text/template"
)

// Text is a translatable sentence: Key names it in the en/ru/pl catalogues,
// the English template is registered with Def, and Data fills {{.Field}} slots.
type Text struct {
	Key  string
	Data map[string]any
}

// Translator renders key with data; fallback is the English template.
type Translator func(key, fallback string, data map[string]any) string

var (
	mu         sync.RWMutex
	catalogue  = map[string]string{}
	singular   = map[string]string{} // key -> English for a Count of 1 (One)
	translator Translator
	tmplCache  sync.Map // fallback template string -> *template.Template
)

// One registers the English template of key for a Count of 1, when the
// text Def registered (the plural) reads wrong for one thing: "1 line ends"
// rather than "1 lines end". It is what String renders when no translator
// is installed (tests, generated docs); the English catalogue's "one" form
// says the same. It returns key.
func One(key, english string) string {
	mu.Lock()
	defer mu.Unlock()
	if old, ok := singular[key]; ok && old != english {
		panic("msg: key " + key + " given two singular texts")
	}
	singular[key] = english
	return key
}

// Def registers the English template of key and returns key, so message keys
// can be package-level constants: var msgBlocked = msg.Def("engine.blocked", "…").
// Registering one key twice with different English text is a programming error.
func Def(key, english string) string {
	mu.Lock()
	defer mu.Unlock()
	if old, ok := catalogue[key]; ok && old != english {
		panic("msg: key " + key + " registered twice with different text")
	}
	catalogue[key] = english
	return key
}

// New makes a Text; args are name/value pairs: New(key, "Line", 4, "Rule", "Disallow: /").
func New(key string, args ...any) Text {
	t := Text{Key: key}
	if len(args) > 0 {
		t.Data = make(map[string]any, len(args)/2)
		for i := 0; i+1 < len(args); i += 2 {
			name, _ := args[i].(string)
			t.Data[name] = args[i+1]
		}
	}
	return t
}

// SetTranslator installs the function that renders every Text; nil restores English.
func SetTranslator(t Translator) {
	mu.Lock()
	translator = t
	mu.Unlock()
}

// English returns the registered English template of key.
func English(key string) string {
	mu.RLock()
	defer mu.RUnlock()
	return catalogue[key]
}

// Keys returns every registered key with its English template, sorted by key.
func Keys() []string {
	mu.RLock()
	defer mu.RUnlock()
	keys := make([]string, 0, len(catalogue))
	for k := range catalogue {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// IsZero reports whether t carries no text.
func (t Text) IsZero() bool { return t.Key == "" }

// String renders t with the installed Translator (English when none).
func (t Text) String() string {
	if t.Key == "" {
		return ""
	}
	mu.RLock()
	fallback, ok := catalogue[t.Key]
	one, hasOne := singular[t.Key]
	tr := translator
	mu.RUnlock()
	if !ok {
		fallback = t.Key
	}
	return Quoted(t.renderedData(), func(data map[string]any) string {
		if tr != nil {
			return tr(t.Key, fallback, data)
		}
		if hasOne && isOne(data["Count"]) {
			return Render(one, data)
		}
		return Render(fallback, data)
	})
}

// renderedData renders nested Texts so a sentence can embed another one.
func (t Text) renderedData() map[string]any {
	if t.Data == nil {
		return nil
	}
	var out map[string]any
	for k, v := range t.Data {
		if inner, ok := v.(Text); ok {
			if out == nil {
				out = make(map[string]any, len(t.Data))
				for k2, v2 := range t.Data {
					out[k2] = v2
				}
			}
			out[k] = inner.String()
		}
	}
	if out == nil {
		return t.Data
	}
	return out
}

// Render executes a Go text/template with data; a broken template is returned as is.
func Render(tmpl string, data map[string]any) string {
	if !strings.Contains(tmpl, "{{") {
		return tmpl
	}
	var parsed *template.Template
	if v, ok := tmplCache.Load(tmpl); ok {
		parsed = v.(*template.Template)
	} else {
		p, err := template.New("").Option("missingkey=zero").Parse(tmpl)
		if err != nil {
			return tmpl
		}
		tmplCache.Store(tmpl, p)
		parsed = p
	}
	var b strings.Builder
	if err := parsed.Execute(&b, data); err != nil {
		return tmpl
	}
	return b.String()
}

// isOne reports whether a Count slot holds the integer 1.
func isOne(v any) bool {
	switch n := v.(type) {
	case int:
		return n == 1
	case int64:
		return n == 1
	case int32:
		return n == 1
	case uint:
		return n == 1
	case uint64:
		return n == 1
	case uint32:
		return n == 1
	}
	return false
}

// Error is an error whose text is the message key in the user's language,
// with args filled in as New does.
func Error(key string, args ...any) error { return errors.New(New(key, args...).String()) }
