package aitab

import (
	"os"
	"testing"

	"github.com/robots-studio/robots-studio/internal/ui/i18n"
)

// TestMain starts every test in English, whatever the machine's locale
// (LANGUAGE=pl, LC_ALL=ru_RU…): the tests read the window's English text,
// and those about another language switch to it themselves (i18ntest.Speak).
func TestMain(m *testing.M) {
	os.Unsetenv("LANGUAGE") // it outranks LC_ALL, which tests of other languages set
	os.Setenv("LC_ALL", "en_US.UTF-8")
	i18n.UseIn("en")
	os.Exit(m.Run())
}
