// Package uitest starts the ui packages' tests on the fyne test driver as
// the window starts for a user: in English whatever the machine's locale,
// and with the shipped theme (look), so layout tests measure the fonts and
// sizes users get and the palette's colour names (rs-allowed, …) resolve
// instead of falling back, with a log line each, in fyne's test theme.
package uitest

import (
	"os"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/ui/i18n"
	"github.com/robots-studio/robots-studio/ui/look"
)

// Main is a ui package's TestMain: English, the shipped theme on the test
// driver's app, then the tests.
func Main(m *testing.M) {
	os.Unsetenv("LANGUAGE") // it outranks LC_ALL, which tests of other languages set
	os.Setenv("LC_ALL", "en_US.UTF-8")
	i18n.UseIn("en")
	Theme(fyne.CurrentApp())
	os.Exit(m.Run())
}

// Theme installs on a the theme the window starts with when no choice is
// kept (Start: "system", at the default zoom).
func Theme(a fyne.App) {
	a.Settings().SetTheme(look.New("system"))
}

// NewApp is test.NewTempApp with the shipped theme. The app fyne puts in its
// place when the test ends gets the theme too, so a test that only opens a
// window (test.NewWindow) after another test's app measures the same theme.
func NewApp(t testing.TB) fyne.App {
	t.Helper()
	t.Cleanup(func() { Theme(fyne.CurrentApp()) }) // first in, so it runs after NewTempApp's own reset
	a := test.NewTempApp(t)
	Theme(a)
	return a
}
