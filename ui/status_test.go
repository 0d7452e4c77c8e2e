package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"

	"github.com/robots-studio/robots-studio/editor"
)

// TestStatusNamesWhatHasTheKeyboard: the real-window test waits on the
// status file instead of sleeping, so the file must say which widget has
// the keyboard (the editor, or an entry by its placeholder), the cursor
// line and whether a dialog is open, and a change of any of them alone
// must show there.
func TestStatusNamesWhatHasTheKeyboard(t *testing.T) {
	s := newTestStudio(t)
	s.openSample()
	c := s.win.Canvas()

	c.Focus(s.ed)
	if w := s.watched(); w.Focus != "editor" || w.Dialog {
		t.Fatalf("editor focused: %+v", w)
	}
	s.refreshStatus()
	seen := s.status.seen

	s.ed.ShowBar(editor.GoToLineBar)
	w := s.watched()
	if !strings.HasPrefix(w.Focus, "entry: 1–") {
		t.Errorf("go-to-line bar open: focus %q, want its entry by placeholder (1–N)", w.Focus)
	}
	if w == seen {
		t.Error("focus moved to the go-to-line bar and the watched state did not change")
	}

	c.Focus(s.ed)
	line := s.ed.CursorLine()
	s.ed.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
	s.ed.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
	if w := s.watched(); w.Line != line+2 || w.Focus != "editor" {
		t.Errorf("two lines down from line %d: watched %+v", line, w)
	}

	d := dialog.NewInformation("t", "m", s.win)
	d.Show()
	if w := s.watched(); !w.Dialog {
		t.Error("a dialog is open and the watched state says none")
	}
	d.Hide()
	if w := s.watched(); w.Dialog {
		t.Error("the dialog was closed and the watched state says one is open")
	}
}
