package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/ui/dlg"
)

type pasted string

func (c pasted) Content() string   { return string(c) }
func (c pasted) SetContent(string) {}

// A paste longer than a field holds (a random paste grew the browser's
// fields until the page stopped answering) is cut to the field's Max, and
// the window says how much was left out and that the clipboard keeps it.
func TestAPasteCutToTheFieldIsSaid(t *testing.T) {
	s := newTestStudio(t)
	var field *keys.Entry
	for _, o := range test.LaidOutObjects(s.win.Content()) {
		if e, ok := o.(*keys.Entry); ok && !e.MultiLine && e.Visible() {
			field = e
			break
		}
	}
	if field == nil {
		t.Fatal("no one-line field in the window")
	}
	s.win.Canvas().Focus(field)
	field.SetText("")
	field.TypedShortcut(&fyne.ShortcutPaste{Clipboard: pasted(strings.Repeat("/x", keys.MaxOneLine))}) // twice what fits
	if n := len([]rune(field.Text)); n != keys.MaxOneLine {
		t.Errorf("the field holds %d characters after the paste, want %d", n, keys.MaxOneLine)
	}
	if dlg.Open(s.win) != 1 {
		t.Fatalf("%d dialogs open after a cut paste, want 1", dlg.Open(s.win))
	}
	var said string
	for _, o := range test.LaidOutObjects(s.win.Canvas().Overlays().Top()) {
		if l, ok := o.(*widget.Label); ok && strings.Contains(l.Text, "clipboard") {
			said = l.Text
		}
	}
	if !strings.Contains(said, "at most 2048 characters") || !strings.Contains(said, "2048 characters of the pasted text were left out") {
		t.Errorf("the dialog says %q", said)
	}
}
