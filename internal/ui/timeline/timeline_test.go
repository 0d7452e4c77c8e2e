package timeline

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/robots-studio/robots-studio/internal/ui/uitest"

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
