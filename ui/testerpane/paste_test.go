package testerpane

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// TestTypingAfterAPasteEditsTheRowShown: paste three lines into an empty
// path row, then type. The keys go to the focused field; it must be the
// last pasted row, shown with what is tested. Before, the focus stayed on
// the field the paste replaced, and a typed Z turned the hidden row into
// "Z" while the field still showed /alpha.
func TestTypingAfterAPasteEditsTheRowShown(t *testing.T) {
	p, w := newTestPane(t, privateRobots)
	test.Type(p.input.entry(crawlerRows, 0), "Googlebot")
	first := p.input.entry(pathRows, 0)
	w.Canvas().Focus(first)
	clip := fyne.CurrentApp().Clipboard()
	clip.SetContent("/alpha\n/beta\n/gamma")
	first.TypedShortcut(&fyne.ShortcutPaste{Clipboard: clip})
	focused, ok := w.Canvas().Focused().(*rowEntry)
	if !ok {
		t.Fatalf("after the paste the focus is on %T", w.Canvas().Focused())
	}
	if focused != p.input.entry(pathRows, 2) {
		t.Fatal("after the paste the focus is not on the last pasted row")
	}
	w.Canvas().Focused().TypedRune('Z')
	if got := strings.Join(p.set.Paths, "|"); got != "/alpha|/beta|/gammaZ" {
		t.Errorf("paths after typing Z = %s, want /alpha|/beta|/gammaZ", got)
	}
	for i, want := range []string{"/alpha", "/beta", "/gammaZ"} {
		if shown := p.input.entry(pathRows, i).Text; shown != want {
			t.Errorf("row %d shows %q but tests %q", i, shown, p.set.Paths[i])
		}
	}
	// The replaced field, had it kept a key, changes nothing.
	first.TypedRune('Q')
	if got := strings.Join(p.set.Paths, "|"); got != "/alpha|/beta|/gammaZ" {
		t.Errorf("a field no longer shown changed the rows: %s", got)
	}
}

// TestTickedBoxesHandF11ToTheWindow: after a tick the box keeps the
// keyboard focus; F11 (presenter mode) and Esc still reach the window.
func TestTickedBoxesHandF11ToTheWindow(t *testing.T) {
	p, w := newTestPane(t, privateRobots)
	var got []fyne.KeyName
	w.Canvas().SetOnTypedKey(func(k *fyne.KeyEvent) { got = append(got, k.Name) })
	test.Tap(p.ui.compareChk)
	w.Canvas().Focus(p.ui.compareChk)
	w.Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyF11})
	w.Canvas().Focus(p.ui.toggles[0])
	w.Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if len(got) != 2 || got[0] != fyne.KeyF11 || got[1] != fyne.KeyEscape {
		t.Errorf("the window got %v, want F11 then Esc", got)
	}
	if !p.compare {
		t.Error("the tick did not turn compare on")
	}
}

// A paste of 500 paths draws the rows in sight, not all 500: a refresh
// of the rows' box refreshed every row, hidden ones too, and so made a
// renderer for each (most of a second in the real window). The rows
// further down are drawn when the view reaches them, with their text.
func TestPasteOf500PathsDrawsTheRowsInSightOnly(t *testing.T) {
	p, w := newTestPane(t, privateRobots)
	test.Type(p.input.entry(crawlerRows, 0), "Googlebot")
	lines := make([]string, 500)
	for i := range lines {
		lines[i] = fmt.Sprintf("/section/%d/page", i)
	}
	clip := fyne.CurrentApp().Clipboard()
	clip.SetContent(strings.Join(lines, "\n"))
	first := p.input.entry(pathRows, 0)
	w.Canvas().Focus(first)
	first.TypedShortcut(&fyne.ShortcutPaste{Clipboard: clip})
	if len(p.set.Paths) < 500 {
		t.Fatalf("%d paths after the paste, want 500", len(p.set.Paths))
	}
	drawn, shown := 0, 0
	for i := range p.set.Paths {
		if p.input.entry(pathRows, i).refreshed > 0 {
			drawn++
		}
		if p.input.box(pathRows).Objects[i].Visible() {
			shown++
		}
	}
	if drawn > shown+1 || shown > 200 {
		t.Errorf("%d of %d pasted rows were refreshed, %d are shown: a refresh reached rows out of sight", drawn, len(p.set.Paths), shown)
	}
	// The focus went to the last row (in sight now): it shows its path.
	last := len(p.set.Paths) - 1
	if e := p.input.entry(pathRows, last); !p.input.box(pathRows).Objects[last].Visible() || e.Text != lines[499] {
		t.Errorf("the last pasted row: shown %v, text %q", p.input.box(pathRows).Objects[last].Visible(), e.Text)
	}
	// Back to the top: the first rows are shown again with their paths.
	p.input.revealRow(pathRows, 1)
	if e := p.input.entry(pathRows, 1); !p.input.box(pathRows).Objects[1].Visible() || e.Text != lines[1] {
		t.Errorf("row 2 after scrolling back: shown %v, text %q", p.input.box(pathRows).Objects[1].Visible(), e.Text)
	}
}
