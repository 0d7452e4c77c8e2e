package textfit

import (
	"os"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/assets"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/ui/i18n"
	"github.com/robots-studio/robots-studio/ui/look"
)

// Languages are the window's languages with the locale that selects each.
var Languages = []struct{ Code, Locale string }{
	{"en", "en_US.UTF-8"},
	{"ru", "ru_RU.UTF-8"},
	{"pl", "pl_PL.UTF-8"},
}

// WindowSize is the window the tabs must fit: 1280×800 less the menu bar and
// the row of tabs above a tab's content.
var WindowSize = fyne.NewSize(1280, 720)

// InEachLanguage loads the translations of each language, builds a test
// window of WindowSize with the app's dark theme and lets fill put a tab in
// it; fill calls check at each state worth checking (a step of a wizard, a
// tab with results), and every cut text there fails the test.
func InEachLanguage(t *testing.T, opt Options, fill func(t *testing.T, win fyne.Window, check func(state string))) {
	t.Helper()
	// fyne's lang keeps the last catalogue loaded: leave English behind,
	// so later tests of the package that read English are not handed Polish.
	t.Cleanup(func() {
		for _, kv := range [][2]string{{"LANGUAGE", "en"}, {"LC_ALL", "en_US.UTF-8"}} {
			old, had := os.LookupEnv(kv[0])
			os.Setenv(kv[0], kv[1])
			defer func() {
				if had {
					os.Setenv(kv[0], old)
				} else {
					os.Unsetenv(kv[0])
				}
			}()
		}
		_ = lang.AddTranslationsFS(assets.Translations, assets.TranslationsDir)
	})
	for _, l := range Languages {
		t.Run(l.Code, func(t *testing.T) {
			t.Setenv("LANGUAGE", l.Code)
			t.Setenv("LC_ALL", l.Locale)
			test.NewTempApp(t)
			i18n.Use()
			t.Cleanup(func() { msg.SetTranslator(nil) })
			test.ApplyTheme(t, look.New("dark"))
			win := test.NewTempWindow(t, nil)
			win.Resize(WindowSize)
			fill(t, win, func(state string) {
				t.Helper()
				win.Resize(WindowSize)
				win.Content().Refresh()
				for _, c := range Cut(win, opt) {
					t.Errorf("%s, %s: cut: %s", l.Code, state, c)
				}
			})
		})
	}
}
