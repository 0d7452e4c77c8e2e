package i18n

import (
	"testing"
	"testing/fstest"

	"github.com/robots-studio/robots-studio/tester/msg"
)

// TestChoose: the locales are matched against the catalogue languages, best
// first, and a locale without a catalogue (or none) is English.
func TestChoose(t *testing.T) {
	for _, c := range []struct {
		rule    string
		locales []string
		want    string
	}{
		{"no locale is English", nil, "en"},
		{"a region is matched by its language", []string{"pl-PL"}, "pl"},
		{"an underscore form is read too", []string{"ru_RU"}, "ru"},
		{"a language without a catalogue is English", []string{"de"}, "en"},
		{"the first locale with a catalogue wins", []string{"de", "pl", "ru"}, "pl"},
		{"an unparsable locale is skipped", []string{"C", "ru"}, "ru"},
	} {
		if got := Choose(c.locales...); got != c.want {
			t.Errorf("%s: Choose(%q) = %q, want %q", c.rule, c.locales, got, c.want)
		}
	}
}

// TestSystemLanguage reads the locale the way gettext does: LANGUAGE
// outranks LC_ALL, except that LC_ALL=C (or POSIX) means English.
func TestSystemLanguage(t *testing.T) {
	for _, c := range []struct {
		rule                    string
		language, lcAll, lcLang string
		want                    string
	}{
		{"LC_ALL names the language", "", "pl_PL.UTF-8", "", "pl"},
		{"LANGUAGE outranks LC_ALL", "ru", "pl_PL.UTF-8", "", "ru"},
		{"a LANGUAGE list is read in order", "de:pl", "de_DE.UTF-8", "", "pl"},
		{"LC_ALL=C is English whatever LANGUAGE says", "pl", "C", "", "en"},
		{"C.UTF-8 is English", "", "C.UTF-8", "", "en"},
		{"LANG is read last", "", "", "ru_RU.UTF-8", "ru"},
		{"no locale at all is English", "", "", "", "en"},
	} {
		t.Run(c.rule, func(t *testing.T) {
			t.Setenv("LANGUAGE", c.language)
			t.Setenv("LC_ALL", c.lcAll)
			t.Setenv("LC_MESSAGES", "")
			t.Setenv("LANG", c.lcLang)
			if got := SystemLanguage(); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

// TestPluralForms: a message with a Count takes the plural form of its count
// (Russian and Polish have one, few and many), and a plain entry with a Count
// slot renders too.
func TestPluralForms(t *testing.T) {
	if err := Err(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		lang string
		n    int
		want string
	}{
		{"en", 1, "1 redirect"},
		{"en", 2, "2 redirects"},
		{"ru", 1, "1 перенаправление"},
		{"ru", 3, "3 перенаправления"},
		{"ru", 5, "5 перенаправлений"},
		{"ru", 21, "21 перенаправление"},
		{"pl", 1, "1 przekierowanie"},
		{"pl", 3, "3 przekierowania"},
		{"pl", 5, "5 przekierowań"},
		{"pl", 22, "22 przekierowania"},
		{"pl", 25, "25 przekierowań"},
	} {
		got := In(c.lang).Text("live.banner.hops", "{{.Count}} redirects", map[string]any{"Count": c.n})
		if got != c.want {
			t.Errorf("%s, Count=%d: got %q, want %q", c.lang, c.n, got, c.want)
		}
	}
	if got := In("ru").Text("lint.cr_only", "x", map[string]any{"Count": 2}); got == "" || got == "x" {
		t.Errorf("plain entry with Count: got %q", got)
	}
}

// TestMissingKeyRendersFallback: a key no catalogue has renders its English
// fallback with the slots filled, in every language.
func TestMissingKeyRendersFallback(t *testing.T) {
	for _, code := range []string{"en", "ru", "pl", "de"} {
		got := In(code).Text("no.such.key", "{{.N}} left", map[string]any{"N": 3})
		if got != "3 left" {
			t.Errorf("%s: got %q", code, got)
		}
	}
}

// TestUseInstallsTheTranslator: after UseIn, tester/msg speaks that language;
// after UseIn("en"), English again.
func TestUseInstallsTheTranslator(t *testing.T) {
	defer msg.SetTranslator(nil)
	UseIn("pl")
	if got := msg.New("live.banner.hops", "Count", 5).String(); got != "5 przekierowań" {
		t.Errorf("pl: got %q", got)
	}
	UseIn("en")
	if got := msg.New("live.banner.hops", "Count", 5).String(); got != "5 redirects" {
		t.Errorf("en: got %q", got)
	}
}

// TestParseNamesTheBadFile: a catalogue that does not parse is reported,
// and the other files of its language, and the other languages, still load.
func TestParseNamesTheBadFile(t *testing.T) {
	c := index(fstest.MapFS{
		"t/a.pl.json": {Data: []byte(`{"k": "tak"}`)},
		"t/b.ru.json": {Data: []byte(`{"k": `)},
		"t/c.ru.json": {Data: []byte(`{"k": "да"}`)},
	}, "t")
	if c.firstErr() == nil {
		t.Error("a broken file was not reported")
	}
	if err := c.messages("pl").err; err != nil {
		t.Errorf("pl has no broken file, got %v", err)
	}
	for code, want := range map[string]string{"pl": "tak", "ru": "да"} {
		tr := Translator{code: code, tr: &translator{c: c, code: code}}
		if got := tr.Text("k", "yes", nil); got != want {
			t.Errorf("%s: got %q, want %q", code, got, want)
		}
	}
}

// TestLanguagesParsedOnDemand: choosing a language and making its
// translator parses no catalogue; the first message parses that language's
// files and English, and no other language's.
func TestLanguagesParsedOnDemand(t *testing.T) {
	c := index(fstest.MapFS{
		"t/a.en.json": {Data: []byte(`{"k": "yes", "e": "English only"}`)},
		"t/a.pl.json": {Data: []byte(`{"k": "tak"}`)},
		"t/a.ru.json": {Data: []byte(`{"k": "да"}`)},
	}, "t")
	if len(c.tags) != 3 {
		t.Errorf("languages %v, want en, pl and ru from the file names", c.tags)
	}
	tr := Translator{code: "pl", tr: &translator{c: c, code: "pl"}}
	if len(c.langs) != 0 {
		t.Errorf("a translator that rendered nothing parsed %d languages", len(c.langs))
	}
	if got := tr.Text("k", "yes", nil); got != "tak" {
		t.Errorf("got %q, want tak", got)
	}
	if _, ok := c.langs["ru"]; ok || len(c.langs) != 1 {
		t.Errorf("parsed %v, want pl alone", c.langs)
	}
	if got := tr.Text("e", "fallback", nil); got != "English only" {
		t.Errorf("a key only English has: got %q, want the English catalogue's", got)
	}
	if got := tr.Text("other", "{{.N}} left", map[string]any{"N": 2}); got != "2 left" {
		t.Errorf("a key pl lacks: got %q", got)
	}
}

// TestUseReadsTheLocaleAtTheFirstMessage: Use matches the locale when the
// first message is rendered, and keeps that language for the messages after.
func TestUseReadsTheLocaleAtTheFirstMessage(t *testing.T) {
	defer msg.SetTranslator(nil)
	for k, v := range map[string]string{"LANGUAGE": "", "LC_ALL": "ru_RU.UTF-8", "LC_MESSAGES": "", "LANG": ""} {
		t.Setenv(k, v)
	}
	Use()
	t.Setenv("LC_ALL", "pl_PL.UTF-8")
	if got := msg.New("live.banner.hops", "Count", 5).String(); got != "5 przekierowań" {
		t.Errorf("first message: got %q, want Polish (the locale when it was rendered)", got)
	}
	t.Setenv("LC_ALL", "ru_RU.UTF-8")
	if got := msg.New("live.banner.hops", "Count", 5).String(); got != "5 przekierowań" {
		t.Errorf("second message: got %q, want Polish still", got)
	}
}
