package testerpane

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"

	"github.com/robots-studio/robots-studio/ui/uitest"
)

// TestMain starts every test in English, whatever the machine's locale (the
// tests read English text; those about another language switch to it with
// i18ntest.Speak), and with the theme the window ships (uitest.Main).
// AfterFrame: the test driver draws no frames (see flow.go).
func TestMain(m *testing.M) {
	AfterFrame = func(f func()) { fyne.Do(f) }
	Later = func(time.Duration, func()) {} // a timer's f would race the test (flow.go)
	uitest.Main(m)
}
