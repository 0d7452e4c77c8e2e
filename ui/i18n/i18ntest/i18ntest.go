// Package i18ntest switches the app's translations inside a test.
package i18ntest

import (
	"testing"

	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/ui/i18n"
)

// Speak makes the translations those of code ("en", "ru" or "pl") for the
// rest of the test. At its end they are English again and the engine's
// messages back on their English templates, so the tests after it in the
// same process read English on any machine, whatever its locale.
func Speak(t testing.TB, code string) {
	t.Helper()
	locale := map[string]string{"en": "en_US.UTF-8", "ru": "ru_RU.UTF-8", "pl": "pl_PL.UTF-8"}[code]
	if locale == "" {
		t.Fatalf("i18ntest: no language %q", code)
	}
	t.Setenv("LANGUAGE", code)
	t.Setenv("LC_ALL", locale)
	i18n.Use()
	t.Cleanup(func() { i18n.UseIn("en"); msg.SetTranslator(nil) })
}
