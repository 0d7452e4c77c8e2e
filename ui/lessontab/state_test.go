package lessontab

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/lessons"
	"github.com/robots-studio/robots-studio/ui/i18n/i18ntest"
	"github.com/robots-studio/robots-studio/ui/uitest"
)

// TestLanguageSwitchKeepsTheLesson: the selected lesson, a revealed answer
// and the exercise text typed (not yet saved anywhere: the tab has no
// preferences) survive Russian, then Polish, with the buttons translated.
func TestLanguageSwitchKeepsTheLesson(t *testing.T) {
	a := uitest.NewApp(t)
	i18ntest.Speak(t, "en")
	l, err := lessons.Open("testdata/99-private")
	if err != nil {
		t.Fatal(err)
	}
	list := []*lessons.Lesson{l}
	build := func() *Tab {
		w := a.NewWindow("lessons")
		x := New(Host{Window: w}, list)
		x.SetSynchronous(true)
		w.Resize(fyne.NewSize(1280, 800))
		w.SetContent(x.Content) // laid out once, at the window's size
		return x
	}
	x := build()
	test.Tap(x.quiz.rows[0].choices[0].allow)
	x.practice.Select(x.xTab)
	typeAtEnd(x.Editor(), "Disallow: /tmp/\n")
	typed := string(x.Editor().Bytes())
	for _, lg := range []struct{ code, locale, reset string }{
		{"ru", "ru_RU.UTF-8", "Начать сначала"},
		{"pl", "pl_PL.UTF-8", "Zacznij od początku"},
	} {
		i18ntest.Speak(t, lg.code)
		y := build()
		y.Restore(x.State())
		x = y
		if x.Current() != l {
			t.Fatalf("%s: lesson %v not selected", lg.code, x.Current())
		}
		if !x.Revealed(0) || x.Revealed(1) {
			t.Errorf("%s: revealed %v %v, want only the first answer", lg.code, x.Revealed(0), x.Revealed(1))
		}
		if x.le.mode != 0 || x.practice.Selected() != x.xTab || string(x.Editor().Bytes()) != typed {
			t.Errorf("%s: exercise %d shown, editor %q, want %q", lg.code, x.le.mode, x.Editor().Bytes(), typed)
		}
		if !hasButton(x.Content, lg.reset) {
			t.Errorf("%s: no %q button", lg.code, lg.reset)
		}
	}
}

func hasButton(o fyne.CanvasObject, text string) bool {
	for _, c := range test.LaidOutObjects(o) {
		if b, ok := c.(*widget.Button); ok && b.Text == text {
			return true
		}
	}
	return false
}

// TestExampleInTheReadersLanguage: a lesson with example.ru.robots.txt
// shows it to a Russian reader, and the deciding lines are still marked
// (only comments differ from the example).
func TestExampleInTheReadersLanguage(t *testing.T) {
	a := uitest.NewApp(t)
	list, err := lessons.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	i18ntest.Speak(t, "ru")
	w := a.NewWindow("lessons")
	x := New(Host{Window: w, Prefs: a.Preferences()}, list)
	x.SetSynchronous(true)
	w.Resize(fyne.NewSize(1280, 800))
	w.SetContent(x.Content) // laid out once, at the window's size
	x.Select(0)
	l := list[0]
	if got := string(x.Editor().Bytes()); got != string(l.Translated["ru"]) {
		t.Fatalf("the Russian reader sees %q", got)
	}
	q := l.Questions[0]
	for _, id := range l.Asked(q) {
		x.PredictFor(0, id, q.Expected(id))
	}
	if len(x.le.marks) == 0 {
		t.Error("no deciding lines marked on the translated example")
	}
}
