package editor

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
)

func TestWrapWords(t *testing.T) {
	width := func(s string) float32 { return float32(len(s)) }
	for _, c := range []struct {
		in   string
		maxW float32
		want []string
	}{
		{"aaa bbb ccc", 7, []string{"aaa bbb", "ccc"}},
		{"aaa bbb ccc", 100, []string{"aaa bbb ccc"}},
		{"a verylongwordthatdoesnotfit b", 8, []string{"a", "verylong", "wordthat", "doesnotf", "it b"}},
		{"one\ntwo three", 5, []string{"one", "two", "three"}},
		{"", 5, []string{""}},
	} {
		if got := wrapWords(c.in, c.maxW, width); !slices.Equal(got, c.want) {
			t.Errorf("wrapWords(%q, %v) = %q, want %q", c.in, c.maxW, got, c.want)
		}
	}
}

// TestMarkTipWraps: a lint message longer than the editor is wide is shown
// whole, on several lines inside the editor, not as one clipped line.
func TestMarkTipWraps(t *testing.T) {
	e := newTestEditor(t, "User-agent: *\nDisalow: /\n")
	e.Resize(fyne.NewSize(360, 300))
	long := strings.Repeat("this rule never decides for any crawler here ", 6) + "[RS019]"
	e.SetMarks([]Mark{{Line: 2, Kind: MarkWarning, Start: 0, End: 7, Message: long}})
	ev := &desktop.MouseEvent{}
	ev.Position = posOf(e, 1, 3)
	e.MouseMoved(ev)
	r := test.WidgetRenderer(e).(*editorRenderer)
	r.Refresh()
	if r.tip.n < 3 {
		t.Fatalf("the message is drawn on %d lines, want it wrapped", r.tip.n)
	}
	var words []string
	for _, l := range r.tip.lines[:r.tip.n] {
		if right := l.Position().X + l.Size().Width; right > e.Size().Width || l.Position().X < 0 {
			t.Errorf("line %q spans %v..%v, outside the editor's %v", l.Text, l.Position().X, right, e.Size().Width)
		}
		if l.Position().Y+l.Size().Height > e.Size().Height {
			t.Errorf("line %q is below the editor", l.Text)
		}
		words = append(words, strings.Fields(l.Text)...)
	}
	if strings.Join(words, " ") != strings.Join(strings.Fields(long), " ") {
		t.Errorf("the wrapped lines do not hold the whole message: %q", words)
	}
	e.MouseOut()
	r.Refresh()
	if r.tip.n != 0 {
		t.Error("MouseOut leaves the message drawn")
	}
}
