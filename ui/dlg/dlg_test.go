package dlg

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
)

// window is a test window whose key handler asks HandleKey first, as the
// app's window does (ui/presenter.go).
func window(t *testing.T) fyne.Window {
	t.Helper()
	test.NewTempApp(t)
	w := test.NewTempWindow(t, widget.NewLabel("behind"))
	w.Resize(fyne.NewSize(800, 600))
	w.Canvas().SetOnTypedKey(func(ev *fyne.KeyEvent) { HandleKey(w, ev) })
	return w
}

// key gives a key to the focused widget, else to the window's handler, as
// the desktop driver does.
func key(w fyne.Window, name fyne.KeyName) {
	ev := &fyne.KeyEvent{Name: name}
	if f := w.Canvas().Focused(); f != nil {
		f.TypedKey(ev)
	} else {
		w.Canvas().OnTypedKey()(ev)
	}
}

func open(w fyne.Window) bool { return w.Canvas().Overlays().Top() != nil }

// Esc answers a question as its No/Cancel does and Enter as its highlighted
// button, with nothing focused, with a button focused (Tab) and after the
// focus moved; each answer is heard once and the stack is empty after.
func TestEscCancelsEnterConfirms(t *testing.T) {
	for _, c := range []struct {
		name string
		tabs int
		key  fyne.KeyName
		want []bool
	}{
		{"Esc, nothing focused: No", 0, fyne.KeyEscape, []bool{false}},
		{"Enter, nothing focused: Yes", 0, fyne.KeyReturn, []bool{true}},
		{"Esc on the focused No: No", 1, fyne.KeyEscape, []bool{false}},
		{"Esc on the focused Yes: No", 2, fyne.KeyEscape, []bool{false}},
		{"Enter on the focused No presses it", 1, fyne.KeyReturn, []bool{false}},
		{"keypad Enter on the focused Yes presses it", 2, fyne.KeyEnter, []bool{true}},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := window(t)
			var got []bool
			Confirm("Revert", "Discard your changes?", func(ok bool) { got = append(got, ok) }, w)
			for range c.tabs {
				w.Canvas().FocusNext()
			}
			key(w, c.key)
			if open(w) || Open(w) != 0 {
				t.Errorf("the dialog stayed open (stack %d)", Open(w))
			}
			if len(got) != len(c.want) || got[0] != c.want[0] {
				t.Errorf("answers %v, want %v", got, c.want)
			}
		})
	}
}

// Esc with a field of the dialog focused cancels it (keys.Entry hands Esc
// on); Enter in a one-line field with nothing to submit takes the default.
func TestKeysFromADialogsField(t *testing.T) {
	w := window(t)
	var got []bool
	e := keys.NewEntry()
	CustomConfirm("Open from Site", "Fetch", "Cancel", e, func(ok bool) { got = append(got, ok) }, w)
	w.Canvas().Focus(e)
	key(w, fyne.KeyEscape)
	if open(w) || len(got) != 1 || got[0] {
		t.Errorf("Esc in the field: open %v, answers %v", open(w), got)
	}
	got = nil
	e = keys.NewEntry()
	CustomConfirm("Open from Site", "Fetch", "Cancel", e, func(ok bool) { got = append(got, ok) }, w)
	w.Canvas().Focus(e)
	key(w, fyne.KeyReturn)
	if open(w) || len(got) != 1 || !got[0] {
		t.Errorf("Enter in the field: open %v, answers %v", open(w), got)
	}
}

// Esc closes the top dialog only; the one under it gets the next Esc.
func TestEscClosesTheTopDialogFirst(t *testing.T) {
	w := window(t)
	var order []string
	Confirm("under", "a", func(bool) { order = append(order, "under") }, w)
	Error(errors.New("on top"), w)
	Custom("third", "Close", widget.NewLabel("x"), w).SetOnClosed(func() { order = append(order, "third") })
	if Open(w) != 3 {
		t.Fatalf("%d dialogs on the stack, want 3", Open(w))
	}
	key(w, fyne.KeyEscape)
	key(w, fyne.KeyEscape)
	if Open(w) != 1 || strings.Join(order, ",") != "third" {
		t.Fatalf("after two Esc: stack %d, closed %v", Open(w), order)
	}
	key(w, fyne.KeyEscape)
	if open(w) || strings.Join(order, ",") != "third,under" {
		t.Errorf("after three Esc: open %v, closed %v", open(w), order)
	}
	// With no dialog the window keeps its keys.
	if HandleKey(w, &fyne.KeyEvent{Name: fyne.KeyEscape}) {
		t.Error("HandleKey took Esc with no dialog open")
	}
}

// A form's Enter waits for its fields to be valid, as its Save button does.
func TestFormEnterWaitsForValidFields(t *testing.T) {
	w := window(t)
	name := keys.NewEntry()
	name.Validator = func(s string) error {
		if s == "" {
			return errors.New("empty")
		}
		return nil
	}
	var got []bool
	Form("Crawler", "Save", "Cancel", []*widget.FormItem{widget.NewFormItem("Name", name)}, func(ok bool) { got = append(got, ok) }, w)
	key(w, fyne.KeyReturn)
	if !open(w) || len(got) != 0 {
		t.Fatalf("Enter with an invalid field: open %v, answers %v", open(w), got)
	}
	name.SetText("MyBot")
	key(w, fyne.KeyReturn)
	if open(w) || len(got) != 1 || !got[0] {
		t.Errorf("Enter with a valid field: open %v, answers %v", open(w), got)
	}
}

// Every dialog of the window goes through this package: a dialog shown by
// Fyne's own Show* or Show() past dlg.Show has no keys.
func TestNoDialogShownPastDlg(t *testing.T) {
	direct := regexp.MustCompile(`dialog\.Show[A-Za-z]*\(`)
	root := filepath.Join("..")
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") ||
			strings.Contains(p, filepath.Join("ui", "dlg")) || filepath.Base(filepath.Dir(p)) == "dlg" {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(b), "\n") {
			if direct.MatchString(line) {
				t.Errorf("%s:%d shows a dialog past ui/dlg: %s", p, i+1, strings.TrimSpace(line))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// A dialog whose pop-up was hidden past the dialog (no close callback)
// does not keep the window's keys.
func TestHiddenPopUpLeavesTheKeys(t *testing.T) {
	w := window(t)
	Info("Safe fixes", "2 fixes", w)
	w.Canvas().Overlays().Top().Hide()
	if HandleKey(w, &fyne.KeyEvent{Name: fyne.KeyEscape}) {
		t.Error("Esc went to a dialog no longer shown")
	}
}

// TestAListTooLongForTheDialogScrollsByKeyboard: a dialog's text longer
// than the window (Help ▸ Keyboard Shortcuts) takes the keyboard on Tab
// and moves with Down, Page Down, End and Home; Esc still closes the
// dialog. Only the mouse wheel moved it: the rows below the first screen
// (Ctrl+Tab, the way out of the editor, among them) were out of reach.
func TestAListTooLongForTheDialogScrollsByKeyboard(t *testing.T) {
	w := window(t)
	var rows []fyne.CanvasObject
	for range 60 {
		rows = append(rows, widget.NewLabel("row"))
	}
	s := NewScroll(container.NewVBox(rows...), 300)
	Custom("Long", "Close", s, w)
	c := w.Canvas()
	c.FocusNext()
	if c.Focused() != fyne.Focusable(s) {
		t.Fatalf("Tab went to %T, not the text", c.Focused())
	}
	key(w, fyne.KeyDown)
	down := s.scroll.Offset.Y
	if down <= 0 {
		t.Fatal("Down did not move the text")
	}
	key(w, fyne.KeyPageDown)
	if s.scroll.Offset.Y <= down {
		t.Error("Page Down did not move the text further")
	}
	key(w, fyne.KeyEnd)
	end := s.scroll.Offset.Y
	if want := s.scroll.Content.MinSize().Height - s.scroll.Size().Height; end < want-1 {
		t.Errorf("End: at %v, the end is %v", end, want)
	}
	key(w, fyne.KeyHome)
	if s.scroll.Offset.Y != 0 {
		t.Error("Home did not go back to the top")
	}
	key(w, fyne.KeyEscape)
	if open(w) {
		t.Error("Esc on the text did not close the dialog")
	}
}

// TestShownNamesTheDialogOnTop: Shown says nothing is over the window,
// then the title of the dialog on top, then of the one under it once the
// top one closes.
func TestShownNamesTheDialogOnTop(t *testing.T) {
	w := window(t)
	if title, shown := Shown(w); shown || title != "" {
		t.Fatalf("nothing shown: got %q, %v", title, shown)
	}
	Info("First", "one", w)
	Confirm("Second", "two?", nil, w)
	if title, shown := Shown(w); !shown || title != "Second" {
		t.Fatalf("two dialogs: got %q, %v, want Second", title, shown)
	}
	key(w, fyne.KeyEscape)
	if title, shown := Shown(w); !shown || title != "First" {
		t.Fatalf("after Esc: got %q, %v, want First", title, shown)
	}
	key(w, fyne.KeyEscape)
	if _, shown := Shown(w); shown {
		t.Fatal("after two Esc something is still shown")
	}
}
