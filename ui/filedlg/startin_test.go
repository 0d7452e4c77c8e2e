package filedlg

import (
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// breadcrumb reports whether the shown dialog's path bar has a button name.
func breadcrumb(w fyne.Window, name string) bool {
	for _, o := range test.LaidOutObjects(w.Canvas().Overlays().Top()) {
		if b, ok := o.(*widget.Button); ok && b.Text == name {
			return true
		}
	}
	return false
}

// TestStartInOpensTheDialogThere: a file dialog told to start in the
// robots.txt's folder shows that folder; a folder that is not there leaves
// the dialog where it would start anyway.
func TestStartInOpensTheDialogThere(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(900, 700))
	dir := filepath.Join(t.TempDir(), "site-folder")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	d := dialog.NewFileOpen(func(fyne.URIReadCloser, error) {}, w)
	StartIn(d, dir)
	d.Show()
	if !breadcrumb(w, "site-folder") {
		t.Error("the dialog does not open in the folder it was told")
	}
	d.Hide()
	d = dialog.NewFileOpen(func(fyne.URIReadCloser, error) {}, w)
	StartIn(d, filepath.Join(dir, "gone"))
	d.Show()
	if breadcrumb(w, "gone") {
		t.Error("a folder that does not exist was taken")
	}
}
