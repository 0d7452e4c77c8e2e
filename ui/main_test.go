package ui

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"

	"github.com/robots-studio/robots-studio/ui/testerpane"
	"github.com/robots-studio/robots-studio/ui/uitest"
)

// TestMain starts every test in English, whatever the machine's locale (the
// tests read English text; those about another language switch to it with
// i18ntest.Speak), and with the theme the window ships (uitest.Main).
func TestMain(m *testing.M) {
	testerpane.AfterFrame = func(f func()) { fyne.Do(f) } // the test driver draws no frames
	testerpane.Later = func(time.Duration, func()) {}     // a timer's f would race the test
	uitest.Main(m)
}
