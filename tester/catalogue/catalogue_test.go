package catalogue

import "testing"

func TestParse(t *testing.T) {
	for _, bad := range []string{
		`{`,
		`{"version": 1, "crawlers": []}`,
		`{"version": 2, "crawlers": [{"name": "X", "tokens": []}]}`,
	} {
		if _, err := Parse([]byte(bad)); err == nil {
			t.Errorf("Parse(%q): no error", bad)
		}
	}
	list, err := Parse([]byte(`{"version": 2, "crawlers": [{"name": "A", "tokens": ["Abot", "A"]}, {"name": "L", "token": "L/1.0 lib", "tokens": ["L"]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if list[0].Token != "Abot" || list[1].Token != "L/1.0 lib" {
		t.Errorf("the token asked with defaults to the first token: %q, %q", list[0].Token, list[1].Token)
	}
}

func TestEmbeddedCatalogue(t *testing.T) {
	n := 0
	for _, p := range Purposes {
		n += len(ByPurpose(p))
	}
	if n != len(All()) {
		t.Errorf("the purposes cover %d of %d entries", n, len(All()))
	}
	if !AITraining.IsAI() || Search.IsAI() || !Obeys.Stoppable() || UserTriggered.Stoppable() {
		t.Error("IsAI / Stoppable")
	}
}

func TestLocalizedIn(t *testing.T) {
	l := Localized{"en": "search", "ru": "поиск", "pl": ""}
	for lang, want := range map[string]string{"en": "search", "ru": "поиск", "pl": "search", "de": "search"} {
		if got := l.In(lang); got != want {
			t.Errorf("In(%q) = %q, want %q", lang, got, want)
		}
	}
}
