package editor

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/tester/msg"
)

// runsText writes the lines of wrapRuns with code between ⟨⟩.
func runsText(rows [][]tipRun) []string {
	out := make([]string, len(rows))
	for i, row := range rows {
		for _, r := range row {
			if r.code {
				out[i] += "⟨" + r.text + "⟩"
			} else {
				out[i] += r.text
			}
		}
	}
	return out
}

// TestWrapRuns: a tip's text breaks at spaces, in code too, and a word
// wider than the line where it must; code is a run of its own, without its
// backticks.
func TestWrapRuns(t *testing.T) {
	width := func(s string, code bool) float32 { return float32(len(s)) }
	for _, c := range []struct {
		rule string
		in   string
		maxW float32
		want []string
	}{
		{"breaks at a space", "aaa bbb ccc", 7, []string{"aaa bbb", "ccc"}},
		{"one line when it fits", "aaa bbb ccc", 100, []string{"aaa bbb ccc"}},
		{"a long word is cut", "a verylongwordthatdoesnotfit b", 8, []string{"a", "verylong", "wordthat", "doesnotf", "it b"}},
		{"line breaks are kept", "one\ntwo three", 5, []string{"one", "two", "three"}},
		{"no text", "", 5, []string{""}},
		{"code without backticks", "line 2 `Disallow: /x`, the rule", 100, []string{"line 2 ⟨Disallow: /x⟩, the rule"}},
		{"code breaks at its space", "by `Disallow: /x`", 12, []string{"by ⟨Disallow:⟩", "⟨/x⟩"}},
		{"a long code word is cut", "`/abcdefghij`", 6, []string{"⟨/abcde⟩", "⟨fghij⟩"}},
		{"a word of code and text is cut across", "`abcd`efgh", 6, []string{"⟨abcd⟩ef", "gh"}},
		{"a double run quotes a backtick", "``/a`b`` x", 100, []string{"⟨/a`b⟩ x"}},
	} {
		if got := runsText(wrapRuns(msg.Spans(c.in), c.maxW, width)); !slices.Equal(got, c.want) {
			t.Errorf("%s: %q at %v = %q, want %q", c.rule, c.in, c.maxW, got, c.want)
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
	if rows := tipRows(r); len(rows) < 3 {
		t.Fatalf("the message is drawn on %d lines, want it wrapped", len(rows))
	}
	var words []string
	for _, l := range r.tip.texts[:r.tip.n] {
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

// tipRows are the lines the tip draws, top to bottom.
func tipRows(r *editorRenderer) []string {
	var rows []string
	lastY := float32(-1)
	for _, l := range r.tip.texts[:r.tip.n] {
		if y := l.Position().Y; y != lastY || len(rows) == 0 {
			rows = append(rows, "")
			lastY = y
		}
		rows[len(rows)-1] += l.Text
	}
	return rows
}

// TestMarkTipDrawsCode: the tip of a lint mark draws the code its message
// quotes in the code font, without the backticks.
func TestMarkTipDrawsCode(t *testing.T) {
	e := newTestEditor(t, "User-agent: Twitterbot/1.0\nDisallow: /\n")
	e.Resize(fyne.NewSize(600, 300))
	e.SetMarks([]Mark{{Line: 1, Kind: MarkWarning, Start: 12, End: 26,
		Message: "`Twitterbot/1.0` is not a product token (RS013)"}})
	ev := &desktop.MouseEvent{}
	ev.Position = posOf(e, 0, 14)
	e.MouseMoved(ev)
	r := test.WidgetRenderer(e).(*editorRenderer)
	r.Refresh()
	if rows := tipRows(r); len(rows) != 1 || rows[0] != "Twitterbot/1.0 is not a product token (RS013)" {
		t.Fatalf("the tip draws %q", rows)
	}
	code := false
	for _, l := range r.tip.texts[:r.tip.n] {
		if strings.Contains(l.Text, "`") {
			t.Errorf("the tip draws a backtick: %q", l.Text)
		}
		if l.Text == "Twitterbot/1.0" {
			code = l.TextStyle.Monospace
		} else if l.TextStyle.Monospace {
			t.Errorf("%q is drawn in the code font", l.Text)
		}
	}
	if !code {
		t.Error("Twitterbot/1.0 is not drawn in the code font")
	}
}
