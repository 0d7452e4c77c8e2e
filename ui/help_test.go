package ui

import (
	"regexp"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// lowerWord is a lower-case word of three letters or more: key names
// (Ctrl, Shift, PgDn, Enter, F11) are capitalised and the same in every
// language; words are translated.
var lowerWord = regexp.MustCompile(`(^|[^A-Za-z])[a-z]{3,}`)

// shortcutLabels opens Help ▸ Keyboard Shortcuts in language code and
// returns its labels.
func shortcutLabels(t *testing.T, code string) []string {
	t.Helper()
	setLanguage(code)
	t.Cleanup(func() { setLanguage("") })
	s := newTestStudio(t)
	s.dialogs.showShortcuts()
	var out []string
	for _, o := range test.LaidOutObjects(s.win.Canvas().Overlays().Top()) {
		if l, ok := o.(*widget.Label); ok && l.Text != "" {
			out = append(out, l.Text)
		}
	}
	if len(out) < 30 {
		t.Fatalf("%s: %d labels in the shortcuts list", code, len(out))
	}
	return out
}

// TestShortcutsSpeakTheLanguage: in Russian and Polish no label of the
// shortcuts list is left as its English text, except those made of key
// names alone ("Shift+arrows, drag" was left in English).
func TestShortcutsSpeakTheLanguage(t *testing.T) {
	english := map[string]bool{}
	for _, l := range shortcutLabels(t, "en") {
		english[l] = true
	}
	for _, code := range []string{"ru", "pl"} {
		for _, l := range shortcutLabels(t, code) {
			if english[l] && lowerWord.MatchString(l) {
				t.Errorf("%s: %q is the English text", code, l)
			}
		}
	}
}
