package i18n

import (
	"testing"

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
