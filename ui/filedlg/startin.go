package filedlg

import (
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
)

// StartIn makes a file dialog open in dir, when dir is a folder it can
// list; otherwise the dialog keeps its own start (the user's home).
func StartIn(d *dialog.FileDialog, dir string) {
	if dir == "" {
		return
	}
	if l, err := storage.ListerForURI(storage.NewFileURI(dir)); err == nil {
		d.SetLocation(l)
	}
}
