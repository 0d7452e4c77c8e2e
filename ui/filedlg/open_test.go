package filedlg

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/ui/dlg"
)

// TestOpenOffersTheFilesAsked: on the desktop Open shows Fyne's dialog in
// the folder it is given, listing only the extensions asked for, and hands
// the chosen file's path to its caller.
func TestOpenOffersTheFilesAsked(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(900, 700))
	dir := filepath.Join(t.TempDir(), "site-folder")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"page.html", "notes.txt"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	Open(w, Pick{Dir: dir, Exts: []string{".html"}}, func(paths []string) { got = paths })
	if !breadcrumb(w, "site-folder") {
		t.Error("the dialog does not open in the folder it was told")
	}
	listed := shown(w.Canvas().Overlays().Top())
	if !slices.Contains(listed, "page") || slices.Contains(listed, "notes") {
		t.Errorf("the dialog lists %q; want page.html and not notes.txt", listed)
	}
	// Choose the file (the grid's item after "(Parent)") and confirm.
	var open *widget.Button
	for _, o := range test.LaidOutObjects(w.Canvas().Overlays().Top()) {
		switch x := o.(type) {
		case *widget.GridWrap:
			x.Select(x.Length() - 1)
		case *widget.Button:
			if x.Importance == widget.HighImportance {
				open = x
			}
		}
	}
	if open == nil {
		t.Fatal("the dialog has no confirm button")
	}
	test.Tap(open)
	if want := filepath.Join(dir, "page.html"); len(got) != 1 || got[0] != want {
		t.Errorf("Open handed %q, want [%q]", got, want)
	}
}

// TestKeysWhereverTheKeyboardIs: Fyne's own widgets in the dialog (its
// buttons, lists and folder grid) take Esc and Enter and drop them; the
// window's key filter gives the keys to the dialog first (dlg.Ahead): Enter
// opens the chosen file from any of them, and does nothing while no file
// is chosen; Esc closes the dialog, choosing nothing.
func TestKeysWhereverTheKeyboardIs(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(900, 700))
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "robots.txt"), []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	var got []string
	Open(w, Pick{Dir: dir, Exts: []string{".txt"}}, func(paths []string) { got = paths })
	c := w.Canvas()
	var grid *widget.GridWrap
	for _, o := range test.LaidOutObjects(c.Overlays().Top()) {
		if g, ok := o.(*widget.GridWrap); ok {
			grid = g
		}
	}
	if grid == nil {
		t.Fatal("the dialog has no folder grid")
	}
	c.Focus(grid)
	if !dlg.Ahead(w, fyne.KeyReturn) || len(got) != 0 || c.Overlays().Top() == nil {
		t.Fatalf("Enter with no file chosen: picked %q, dialog shown %v", got, c.Overlays().Top() != nil)
	}
	grid.Select(grid.Length() - 1)
	if !dlg.Ahead(w, fyne.KeyReturn) {
		t.Fatal("Enter on the folder grid did not go to the dialog")
	}
	if want := filepath.Join(dir, "robots.txt"); len(got) != 1 || got[0] != want {
		t.Errorf("Enter picked %q, want [%q]", got, want)
	}

	// Enter on one of Fyne's buttons presses that button: on Cancel the
	// dialog closes and nothing is opened.
	got = nil
	Open(w, Pick{Dir: dir, Exts: []string{".txt"}}, func(paths []string) { got = paths })
	var cancel *widget.Button
	for _, o := range test.LaidOutObjects(c.Overlays().Top()) {
		switch x := o.(type) {
		case *widget.GridWrap:
			x.Select(x.Length() - 1)
		case *widget.Button:
			if x.Text == lang.L("Cancel") {
				cancel = x
			}
		}
	}
	if cancel == nil {
		t.Fatal("the dialog has no Cancel button")
	}
	c.Focus(cancel)
	if !dlg.Ahead(w, fyne.KeyReturn) || c.Overlays().Top() != nil || len(got) != 0 {
		t.Fatalf("Enter on Cancel: dialog still shown %v, picked %q", c.Overlays().Top() != nil, got)
	}

	got = nil
	Open(w, Pick{Dir: dir}, func(paths []string) { got = paths })
	for _, o := range test.LaidOutObjects(c.Overlays().Top()) {
		if g, ok := o.(*widget.GridWrap); ok {
			c.Focus(g)
		}
	}
	if !dlg.Ahead(w, fyne.KeyEscape) || c.Overlays().Top() != nil || got != nil {
		t.Errorf("Esc on the folder grid: dialog still shown %v, picked %q", c.Overlays().Top() != nil, got)
	}
}
