package lessontab

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// Revealing a question flashes the deciding line in the lesson's editor
// for most of a second. The flash used to end from a timer goroutine
// through fyne.Do, which the test driver runs on that goroutine: the
// editor repainted while this test was typing into it (go test -race:
// a data race, then runeAt index out of range). The flash must end on
// the goroutine that drives the editor.
func TestFlashEndsOnTheEditorsGoroutine(t *testing.T) {
	tab, _ := newTestTab(t)
	test.Tap(tab.quiz.rows[1].choices[0].allow) // reveals: ShowLine flashes the rule's line
	ed := tab.Editor()
	n := len(ed.Bytes())
	ed.SetSelection(n, n)
	want := string(ed.Bytes())
	deadline := time.Now().Add(1500 * time.Millisecond) // longer than the flash
	for i := 0; time.Now().Before(deadline); i++ {
		if i%2 == 0 {
			ed.TypedRune('x')
			want += "x"
		} else {
			ed.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
			want += "\n"
		}
		if i%8 == 0 {
			tab.host.Window.Canvas().Refresh(ed)
		}
	}
	if got := string(ed.Bytes()); got != want {
		t.Fatalf("text after typing differs: %d bytes, want %d", len(got), len(want))
	}
}
