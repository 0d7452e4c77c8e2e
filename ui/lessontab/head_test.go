package lessontab

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/robots-studio/robots-studio/tester/lessons"
	"github.com/robots-studio/robots-studio/ui/textfit"
)

// TestExampleNameWhole: in the Lessons tab of a 1024×768 window (and at
// 1280×800), in en, ru and pl, the example's name above the lesson's
// editor is whole beside Open in the main editor ("Пример: example.r…"
// in Russian at 1024×768), for an example and for an exercise.
func TestExampleNameWhole(t *testing.T) {
	list, err := lessons.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	textfit.InEachLanguage(t, textfit.Options{}, func(t *testing.T, win fyne.Window, _ func(string)) {
		tab := New(Host{Window: win}, list)
		tab.SetSynchronous(true)
		win.SetContent(tab.Content)
		check := func(state string) {
			t.Helper()
			for _, size := range []fyne.Size{{Width: 1016, Height: 600}, {Width: 1280, Height: 720}} {
				win.Resize(size)
				win.Content().Refresh() // as a window lays out again what wrapped taller
				for _, c := range textfit.Cut(win, textfit.Options{}) {
					if strings.Contains(c, tab.le.what.Text) {
						t.Errorf("%v, %s: cut: %s", size, state, c)
					}
				}
			}
		}
		check("example")
		tab.practice.Select(tab.xTab)
		check("exercise")
	})
}
