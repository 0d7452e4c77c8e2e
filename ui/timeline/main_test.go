package timeline

import (
	"testing"

	"github.com/robots-studio/robots-studio/ui/uitest"
)

// TestMain starts every test in English, whatever the machine's locale (the
// tests read English text; those about another language switch to it with
// i18ntest.Speak), and with the theme the window ships (uitest.Main).
func TestMain(m *testing.M) { uitest.Main(m) }
