package testerpane

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/robots-studio/robots-studio/editor/keys"
)

type pasteText string

func (c pasteText) Content() string   { return string(c) }
func (c pasteText) SetContent(string) {}

// A crawler or path row holds at most maxRow characters: a paste of one
// longer line is cut, and so is each long line of a paste of several (each
// becomes a row), and the window is told how much was left out.
func TestRowsHoldAtMostMaxRow(t *testing.T) {
	p, w := newTestPane(t, "User-agent: *\nDisallow: /a\n")
	var told []int
	keys.TooLong = func(_ *keys.Entry, max, left int) { told = append(told, max, left) }
	t.Cleanup(func() { keys.TooLong = nil })
	row := p.input.entry(pathRows, 0)
	w.Canvas().Focus(row)

	// rule: one line longer than a row holds is cut to maxRow
	row.TypedShortcut(&fyne.ShortcutPaste{Clipboard: pasteText("/" + strings.Repeat("x", maxRow+99))})
	if got := len(p.TestSet().Paths[0]); got > maxRow {
		t.Errorf("a row holds %d characters after a long paste, want at most %d", got, maxRow)
	}
	if len(told) != 2 || told[0] != maxRow || told[1] < 100 {
		t.Errorf("told %v, want [%d ≥100]", told, maxRow)
	}

	// rule: each line of a multi-line paste is cut, and the cut is said
	told = nil
	row = p.input.entry(pathRows, 0)
	row.SetText("")
	row.TypedShortcut(&fyne.ShortcutPaste{Clipboard: pasteText("/short\n/" + strings.Repeat("y", maxRow+9) + "\n/b")})
	for _, path := range p.TestSet().Paths {
		if len(path) > maxRow {
			t.Errorf("a pasted line became a row of %d characters", len(path))
		}
	}
	if len(told) != 2 || told[1] != 10 {
		t.Errorf("told %v for one line 10 characters too long, want [%d 10]", told, maxRow)
	}
}
