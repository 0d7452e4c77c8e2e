package lessontab

import (
	"fmt"
	"math"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/robots-studio/robots-studio/tester/lessons"
	"github.com/robots-studio/robots-studio/ui/look"
	"github.com/robots-studio/robots-studio/ui/uitest"
)

// TestRevealStaysAtTheTop: in presenter mode the revealed answer is
// scrolled to the top of the questions, and stays exactly there when the
// layout changes under it (presenter mode's zoom, the timeline opening
// above the tabs): the offset was worked out once, from sizes before the
// change, and left half a line of the question above at the top edge.
// Once the user scrolls, the questions stay where the user put them.
func TestRevealStaysAtTheTop(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	a := uitest.NewApp(t)
	a.Settings().SetTheme(look.New("dark"))
	list, err := lessons.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	w := a.NewWindow("lessons")
	tab := New(Host{Window: w, Prefs: a.Preferences()}, list[:1])
	tab.SetSynchronous(true)
	w.Resize(fyne.NewSize(1280, 800))
	w.SetContent(tab.Content)
	tab.SetLarge(true)
	const q = 1
	l := list[0]
	if len(l.Questions) < 4 {
		t.Fatalf("lesson %s has %d questions; the test needs some below the one revealed", l.ID, len(l.Questions))
	}
	for _, id := range l.Asked(l.Questions[q]) {
		tab.PredictFor(q, id, l.Questions[q].Expected(id))
	}
	z := tab.quiz
	atReveal := func(when string) {
		t.Helper()
		r := z.rows[q]
		want := r.box.Position().Y + r.reveal.Position().Y
		if got := z.scroll.Offset.Y; math.Abs(float64(got-want)) > 0.5 {
			t.Errorf("%s: the questions are scrolled to %.1f, the answer starts at %.1f", when, got, want)
		}
	}
	atReveal("revealed")
	for _, size := range []fyne.Size{{Width: 1280, Height: 600}, {Width: 1000, Height: 700}, {Width: 1280, Height: 800}} {
		w.Resize(size)
		atReveal(fmt.Sprintf("window %vx%v", size.Width, size.Height))
	}
	z.scroll.Scrolled(&fyne.ScrollEvent{Scrolled: fyne.Delta{DY: 40}})
	mine := z.scroll.Offset.Y
	w.Resize(fyne.NewSize(1100, 800))
	if z.anchor != -1 || z.scroll.Offset.Y == z.rows[q].box.Position().Y+z.rows[q].reveal.Position().Y && mine != z.scroll.Offset.Y {
		t.Errorf("after the user scrolled the questions went back to the answer (anchor %d)", z.anchor)
	}
}
