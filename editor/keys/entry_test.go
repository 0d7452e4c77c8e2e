package keys_test

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/editor/keys/keystest"
)

type clip string

func (c clip) Content() string   { return string(c) }
func (c clip) SetContent(string) {}

// An Entry typed into from the web driver's key goroutine changes its text
// and calls OnChanged on the UI goroutine only, in order, while frames are
// drawn; OnKey and OnPaste see their keys there too.
func TestEntryKeysFromAnotherGoroutine(t *testing.T) {
	test.NewTempApp(t)
	e := keys.NewEntry()
	w := test.NewTempWindow(t, e)
	w.Resize(fyne.NewSize(400, 80))
	w.Canvas().Focus(e)
	ui := keystest.Start(t, func() { w.Canvas().Capture() })
	changes, escapes, pastes := 0, 0, 0
	ui.Do(func() {
		e.OnChanged = func(string) { changes++ }
		e.OnKey = func(k *fyne.KeyEvent) bool {
			if k.Name == fyne.KeyEscape {
				escapes++
				return true
			}
			return false
		}
		e.OnPaste = func(s string) bool {
			if strings.Contains(s, "\n") {
				pastes++
				return true
			}
			return false
		}
	})
	want := ""
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := range 600 {
			switch i % 6 {
			case 5:
				e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyBackspace})
				want = want[:len(want)-1]
			case 4:
				e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
			case 3:
				e.TypedShortcut(&fyne.ShortcutPaste{Clipboard: clip("two\nlines")})
			default:
				e.TypedRune('a' + rune(i%26))
				want += string('a' + rune(i%26))
			}
		}
	}()
	<-done
	var got string
	ui.Do(func() { got = e.Text })
	ui.Wait()
	if got != want {
		t.Fatalf("text %q, want %q", got, want)
	}
	if ui.Stop(); changes != 400 || escapes != 100 || pastes != 100 {
		t.Fatalf("OnChanged %d (want 400), OnKey Escape %d (want 100), OnPaste %d (want 100)", changes, escapes, pastes)
	}
}

// An Entry takes at most Max characters from the keyboard and from pastes
// (characters, not bytes); a paste is cut to what fits, and TooLong is told
// how many were left out; a selection is replaced, so it makes room; text
// the program sets is not cut; Max 0 takes everything.
func TestEntryHoldsAtMostMax(t *testing.T) {
	test.NewTempApp(t)
	var told [][2]int
	keys.TooLong = func(_ *keys.Entry, max, left int) { told = append(told, [2]int{max, left}) }
	t.Cleanup(func() { keys.TooLong = nil })
	paste := func(e *keys.Entry, s string) { e.TypedShortcut(&fyne.ShortcutPaste{Clipboard: clip(s)}) }

	e := keys.NewEntry()
	if e.Max != keys.MaxOneLine {
		t.Fatalf("a one-line entry holds %d, want MaxOneLine (%d)", e.Max, keys.MaxOneLine)
	}
	if m := keys.NewMultiLineEntry(); m.Max != keys.MaxMultiLine {
		t.Fatalf("a multi-line entry holds %d, want MaxMultiLine (%d)", m.Max, keys.MaxMultiLine)
	}
	w := test.NewTempWindow(t, e)
	w.Canvas().Focus(e)
	e.Max = 5

	// rule: typing stops at Max characters (Cyrillic: two bytes each)
	for _, r := range "жжжжжжж" {
		e.TypedRune(r)
	}
	if e.Text != "жжжжж" {
		t.Errorf("typed 7 characters with Max 5: %q, want 5", e.Text)
	}
	if len(told) != 0 {
		t.Errorf("typing told TooLong %v; only a paste does", told)
	}

	// rule: a paste is cut to the room left, and TooLong hears how much went
	e.SetText("ab") // the program's text is not cut
	e.CursorColumn = 2
	paste(e, "cdefgh")
	if e.Text != "abcde" || len(told) != 1 || told[0] != [2]int{5, 3} {
		t.Errorf("pasted 6 into 2 of 5: %q, told %v; want abcde and [5 3]", e.Text, told)
	}

	// rule: a selection is replaced, so its characters are room
	e.SetText("abcde")
	e.CursorColumn = 5
	for range 3 {
		e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyLeft}) // no shift: moves only
	}
	e.KeyDown(&fyne.KeyEvent{Name: desktop.KeyShiftLeft})
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyRight})
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyRight})
	e.KeyUp(&fyne.KeyEvent{Name: desktop.KeyShiftLeft})
	paste(e, "XY")
	if e.Text != "abXYe" {
		t.Errorf("pasted 2 over a selection of 2 in a full field: %q, want abXYe", e.Text)
	}

	// rule: the program's text is not cut
	e.SetText(strings.Repeat("z", 9))
	if len(e.Text) != 9 {
		t.Errorf("SetText was cut to %d", len(e.Text))
	}

	// rule: Max 0 takes everything
	e.Max = 0
	e.SetText("")
	paste(e, strings.Repeat("q", 5000))
	if len(e.Text) != 5000 {
		t.Errorf("Max 0 took %d of 5000", len(e.Text))
	}
}

// TestCtrlTabLeavesAMultiLineField: a multi-line field takes Tab (it is
// text), so Ctrl+Tab and Ctrl+Shift+Tab take the keyboard to the next and
// previous control, as in the editor. The AI access tab's field for the
// server's configuration kept the keyboard for good: Tab typed a tab,
// Ctrl+Tab did nothing.
func TestCtrlTabLeavesAMultiLineField(t *testing.T) {
	test.NewTempApp(t)
	before, field, after := keys.NewEntry(), keys.NewMultiLineEntry(), keys.NewEntry()
	w := test.NewTempWindow(t, container.NewVBox(before, field, after))
	w.Resize(fyne.NewSize(400, 300))
	c := w.Canvas()
	c.Focus(field)
	field.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyTab, Modifier: fyne.KeyModifierControl})
	if c.Focused() != after {
		t.Errorf("Ctrl+Tab: the keyboard is in %T, not the next field", c.Focused())
	}
	c.Focus(field)
	field.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyTab, Modifier: fyne.KeyModifierControl | fyne.KeyModifierShift})
	if c.Focused() != before {
		t.Errorf("Ctrl+Shift+Tab: the keyboard is in %T, not the field before", c.Focused())
	}
	if field.Text != "" {
		t.Errorf("the field's text became %q", field.Text)
	}
}
