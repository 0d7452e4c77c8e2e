package filedlg

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
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
