package lessontab

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"github.com/robots-studio/robots-studio/tester/lessons"
	"github.com/robots-studio/robots-studio/ui/look"
	"github.com/robots-studio/robots-studio/ui/uitest"
)

// TestExampleLinesWrap: in the window at 1280×800 the lesson's editor
// shows every word of the example's long lines (issue 25: they were cut at
// the editor's edge, and a class cannot scroll sideways).
func TestExampleLinesWrap(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	a := uitest.NewApp(t)
	a.Settings().SetTheme(look.New("light"))
	list, err := lessons.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	w := a.NewWindow("lessons")
	tab := New(Host{Window: w, Prefs: a.Preferences()}, list)
	tab.SetSynchronous(true)
	w.Resize(fyne.NewSize(1280, 800))
	w.SetContent(tab.Content)
	long := 0
	for i, l := range list {
		tab.Select(i)
		ed := tab.Editor()
		width := ed.Size().Width
		shown := strings.ReplaceAll(uitest.Drawn(ed), " ", "")
		// the first lines, which are in view without scrolling
		for n, line := range strings.SplitN(string(ed.Bytes()), "\n", 6)[:5] {
			if fyne.MeasureText(line, theme.TextSize(), fyne.TextStyle{Monospace: true}).Width < width {
				continue
			}
			long++
			words := strings.Fields(line)
			last := words[len(words)-1]
			if !strings.Contains(shown, strings.ReplaceAll(line, " ", "")) {
				t.Errorf("%s: line %d is not drawn whole (its last word %q missing?): %q", l.ID, n+1, last, line)
			}
		}
	}
	if long == 0 {
		t.Fatal("no example line is wider than the editor; the test proves nothing")
	}
}
