package timeline

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/ui/look"
	"github.com/robots-studio/robots-studio/ui/uitest"

	"github.com/robots-studio/robots-studio/tester/engine"
)

// TestPointsStandForReadings: every point names a reading the tester has,
// in the order of the history, and tapping it picks that reading and
// shows its note.
func TestPointsStandForReadings(t *testing.T) {
	uitest.NewApp(t)
	var picked []string
	tl := New(func(id string) { picked = append(picked, id) }, nil)
	want := []string{"original1994", "draft1996", "lycos1996", "bing", "yandex", "google", "rfc9309"}
	if tl.Len() != len(want) {
		t.Fatalf("%d points, want %d", tl.Len(), len(want))
	}
	if tl.Note() != "" || tl.Chosen() != -1 {
		t.Fatal("a note shows before a point is picked")
	}
	for i, id := range want {
		if _, ok := engine.Get(tl.Point(i).Engine); !ok {
			t.Errorf("point %d names no engine: %q", i, tl.Point(i).Engine)
		}
		test.Tap(tl.Button(i))
		if got := picked[len(picked)-1]; got != id {
			t.Errorf("point %d picked %q, want %q", i, got, id)
		}
		if tl.Note() != tl.Point(i).Note() || tl.Chosen() != i {
			t.Errorf("point %d: note %q", i, tl.Note())
		}
	}
}

// TestNoteShowsItsLinesWhole: the note's area holds noteLines whole lines of
// RichText (it was lines × 1.5 × the text size, which cut the fourth line,
// "The tester now reads the file as…", in half) and no more than that.
func TestNoteShowsItsLinesWhole(t *testing.T) {
	uitest.NewApp(t)
	lines := func(n int) float32 {
		rt := widget.NewRichText()
		for i := range n {
			rt.Segments = append(rt.Segments, &widget.TextSegment{Text: "Line " + string(rune('A'+i)), Style: widget.RichTextStyleParagraph})
		}
		rt.Refresh()
		return rt.MinSize().Height
	}
	if got, need := noteHeight(noteLines), lines(noteLines); got < need {
		t.Errorf("the note's area is %.1f px, %d lines need %.1f", got, noteLines, need)
	}
	if got, more := noteHeight(noteLines), lines(noteLines+1); got >= more {
		t.Errorf("the note's area (%.1f px) holds more than %d lines (%.1f px)", got, noteLines, more)
	}
}

// TestNoteTakesTheLinesItNeeds: above the tabs the strip leaves the rest to
// the results: before a pick the note's area is the hint's one line, after
// a pick it holds the whole note when the note fits in noteLines, and under
// presenter mode's zoom it grows with the text (a height worked out once,
// before the zoom, cut the last line in half).
func TestNoteTakesTheLinesItNeeds(t *testing.T) {
	a := uitest.NewApp(t)
	tl := New(nil, nil)
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(1280, 800))
	w.SetContent(container.NewBorder(tl.Object(), nil, nil, nil, canvas.NewRectangle(nil)))
	relayout := func() { w.Content().Refresh() }
	relayout()
	if h, full := tl.noteBox.Size().Height, noteHeight(noteLines); h >= full || h < tl.note.MinSize().Height {
		t.Errorf("before a pick the note's area is %.1f px (the hint needs %.1f, %d lines %.1f)", h, tl.note.MinSize().Height, noteLines, full)
	}
	for _, zoom := range []int{100, 140} {
		th := look.New("dark")
		th.Zoom = zoom
		a.Settings().SetTheme(th)
		for i := range tl.Len() {
			tl.Select(i)
			relayout()
			need, h := tl.note.MinSize().Height, tl.noteBox.Size().Height
			if need <= noteHeight(noteLines) && h < need {
				t.Errorf("zoom %d%%, point %d: the note needs %.1f px, its area is %.1f", zoom, i, need, h)
			}
			if need > noteHeight(noteLines) && h < noteHeight(noteLines) {
				t.Errorf("zoom %d%%, point %d: a long note gets %.1f px, less than %d lines (%.1f)", zoom, i, h, noteLines, noteHeight(noteLines))
			}
		}
	}
}

// TestClearShowsTheHint: cleared, the timeline has no point picked, no
// button lit and the hint as its note.
func TestClearShowsTheHint(t *testing.T) {
	uitest.NewApp(t)
	tl := New(nil, nil)
	hint := tl.note.String()
	tl.Select(3)
	if tl.note.String() == hint || tl.Button(3).Importance != widget.HighImportance {
		t.Fatal("a pick shows nothing; the test proves nothing")
	}
	tl.Clear()
	if tl.Chosen() != -1 || tl.Note() != "" || tl.note.String() != hint {
		t.Errorf("after Clear: point %d, note %q", tl.Chosen(), tl.note.String())
	}
	for i := range tl.Len() {
		if tl.Button(i).Importance == widget.HighImportance {
			t.Errorf("point %d is still lit", i)
		}
	}
}
