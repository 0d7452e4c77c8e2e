package editor

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/editor/keys"
)

// A click on a menu item drawn over the editor reaches the editor as a
// release (and, by the desktop driver's rules, may be followed by a tap)
// without a press: it must not move the cursor. A real click, and a lone
// tap (touch, or the test driver), still do.
func TestReleaseWithoutPressDoesNotMoveTheCursor(t *testing.T) {
	e := newTestEditor(t, "|User-agent: *\nDisallow: /a\nAllow: /b\n")
	w := test.NewTempWindow(t, e)
	w.Resize(fyne.NewSize(500, 300))
	at := posOf(e, 2, 3)
	up := &desktop.MouseEvent{Button: desktop.MouseButtonPrimary}
	up.Position = at
	e.MouseUp(up)
	e.Tapped(&fyne.PointEvent{Position: at})
	if line := e.CursorLine(); line != 1 || e.sel.cursor != 0 {
		t.Fatalf("a release that began on a menu moved the cursor to line %d (offset %d)", line, e.sel.cursor)
	}
	// A real click on the same place moves it.
	mouseDown(e, at, 0)
	e.Tapped(&fyne.PointEvent{Position: at})
	if line := e.CursorLine(); line != 3 {
		t.Errorf("a click left the cursor on line %d, want 3", line)
	}
	// So does a lone tap.
	test.TapAt(e, posOf(e, 1, 2))
	if line := e.CursorLine(); line != 2 {
		t.Errorf("a tap left the cursor on line %d, want 2", line)
	}
}

// A character typed by a key that went down in another widget (Space on a
// dialog's button that closed the dialog) is not the editor's, even when
// keys that went down here never came up here (Alt+F opened the menu and
// came up in it): a space needs the space bar held here. Typing as a
// driver does still types.
func TestStrayCharacterIsDropped(t *testing.T) {
	keys.StrayRunes = true
	t.Cleanup(func() { keys.StrayRunes = false })
	e := newTestEditor(t, "|Allow: /\n")
	test.NewTempWindow(t, e)
	down := func(k fyne.KeyName) { e.KeyDown(&fyne.KeyEvent{Name: k}) }
	up := func(k fyne.KeyName) { e.KeyUp(&fyne.KeyEvent{Name: k}) }
	e.TypedRune(' ') // no key at all
	down(desktop.KeyAltLeft)
	down(fyne.KeyF) // Alt+F: their ups go to the menu
	e.TypedRune(' ')
	if got := string(e.Bytes()); got != "Allow: /\n" {
		t.Fatalf("a space whose key went down elsewhere was typed: %q", got)
	}
	down(fyne.KeySpace)
	e.TypedRune(' ')
	up(fyne.KeySpace)
	down(fyne.KeyX)
	e.TypedRune('x')
	up(fyne.KeyX)
	if got := string(e.Bytes()); got != " xAllow: /\n" {
		t.Errorf("keys pressed here typed %q, want \" xAllow: /\\n\"", got)
	}
}
