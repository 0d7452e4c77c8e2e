package i18n

import (
	"testing"

	"fyne.io/fyne/v2/lang"

	"github.com/robots-studio/robots-studio/tester/msg"
)

// TestCountTakesPluralForm: a message with a Count slot is rendered with the
// plural form of its count in Russian (one/few/many), and a message whose
// catalogue entry is a plain string still renders with a Count slot.
func TestCountTakesPluralForm(t *testing.T) {
	t.Setenv("LANGUAGE", "ru")
	t.Setenv("LC_ALL", "ru_RU.UTF-8")
	Use()
	defer msg.SetTranslator(nil)
	for _, c := range []struct {
		n    int
		want string
	}{
		{1, "1 перенаправление"},
		{3, "3 перенаправления"},
		{5, "5 перенаправлений"},
		{21, "21 перенаправление"},
	} {
		got := msg.New("live.banner.hops", "Count", c.n).String()
		if got != c.want {
			t.Errorf("Count=%d: got %q, want %q", c.n, got, c.want)
		}
	}
	// lint.cr_only is a plain string in the catalogue
	if got := msg.New("lint.cr_only", "Count", 2).String(); got == "" || got == "lint.cr_only" {
		t.Errorf("plain entry with Count: got %q", got)
	}
}

// TestWindowSpeaksOneLanguage: Fyne's lang matches the locale against its
// own languages too, so "de:pl" makes its dialogs German and our strings
// English; the engine's messages must then be English as well, not the
// Polish the core alone would choose. In every case lang.X and tester/msg
// agree on the language.
func TestWindowSpeaksOneLanguage(t *testing.T) {
	defer msg.SetTranslator(nil)
	for _, c := range []struct {
		rule, language, lcAll, want string
	}{
		{"LC_ALL alone", "", "pl_PL.UTF-8", "pl"},
		{"LANGUAGE outranks LC_ALL", "ru", "pl_PL.UTF-8", "ru"},
		{"a language Fyne knows and we do not comes first", "de:pl", "de_DE.UTF-8", "en"},
		{"C.UTF-8", "", "C.UTF-8", "en"},
	} {
		t.Run(c.rule, func(t *testing.T) {
			t.Setenv("LANGUAGE", c.language)
			t.Setenv("LC_ALL", c.lcAll)
			if got := Use(); got != c.want {
				t.Fatalf("Use chose %q, want %q", got, c.want)
			}
			window := lang.X("live.banner.no_answer", "no answer")
			engine := msg.New("live.banner.no_answer").String()
			if window != engine {
				t.Errorf("the window says %q, the engine %q", window, engine)
			}
		})
	}
	UseIn("en")
}

// TestPreferOutranksTheSystem: the language chosen in the window wins over
// the system's (English here) in our strings, in Fyne's own dialog strings
// and in the engine's messages, with the chosen language's plural forms;
// Prefer("") gives the system's back. Windows gives a process no way to
// change the locale lang reads, so this is the only way the View ▸ Language
// choice reaches the window there.
func TestPreferOutranksTheSystem(t *testing.T) {
	t.Setenv("LANGUAGE", "en")
	t.Setenv("LC_ALL", "en_US.UTF-8")
	defer func() { Prefer(""); UseIn("en"); msg.SetTranslator(nil) }()
	Prefer("ru")
	for _, c := range []struct{ rule, got, want string }{
		{"our catalogue", lang.X("i18n.language", "en"), "ru"},
		{"Fyne's dialog key", lang.X("Cancel", "Cancel"), "Отмена"},
		{"a Russian 'few' form in the window", lang.XN("catalogue.menu.update_stale", "{{.Count}} days", 3, map[string]any{"Count": 3}), "Обновить… (каталогу 3 дня)"},
		{"a Russian 'few' form in the engine's messages", msg.New("live.banner.hops", "Count", 3).String(), "3 перенаправления"},
	} {
		if c.got != c.want {
			t.Errorf("%s: %q, want %q", c.rule, c.got, c.want)
		}
	}
	Prefer("pl")
	if got := lang.X("Cancel", "Cancel"); got != "Anuluj" {
		t.Errorf("after Prefer(pl) Cancel reads %q", got)
	}
	Prefer("")
	if got := lang.X("i18n.language", "en"); got != "en" {
		t.Errorf("after Prefer(\"\") the window speaks %q, not the system's English", got)
	}
}
