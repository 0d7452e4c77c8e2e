// Package filedlg shows Fyne's file dialogs with their places in the user's
// language. Fyne 2.7.1 translates the dialog's buttons and title (the
// catalogue assets/translations/lang.*.json gives it every word it asks for)
// but writes the names of the places in its side list — "Home", "Computer",
// "Documents"… — as they are, past its translations.
package filedlg

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/ui/dlg"
)

// Show shows d, a dialog made for w, and translates its places; Esc
// cancels it while the key reaches the window (dlg.File).
func Show(d *dialog.FileDialog, w fyne.Window) {
	dlg.File(w, d)
	if list := placesList(w.Canvas().Overlays().Top()); list != nil {
		translate(list)
	}
}

// PlaceName is the user's word for a place Fyne names in English; any other
// name (a folder of the user's own) stays as it is.
func PlaceName(english string) string {
	switch english {
	case "Home":
		return lang.X("fyne.place.home", "Home")
	case "App Files":
		return lang.X("fyne.place.app_files", "App Files")
	case "Computer":
		return lang.X("fyne.place.computer", "Computer")
	case "Desktop":
		return lang.X("fyne.place.desktop", "Desktop")
	case "Documents":
		return lang.X("fyne.place.documents", "Documents")
	case "Downloads":
		return lang.X("fyne.place.downloads", "Downloads")
	case "Music":
		return lang.X("fyne.place.music", "Music")
	case "Pictures":
		return lang.X("fyne.place.pictures", "Pictures")
	case "Videos":
		return lang.X("fyne.place.videos", "Videos")
	case "Movies":
		return lang.X("fyne.place.movies", "Movies")
	}
	return english
}

// placesList finds the file dialog's side list in the pop-up that holds
// it: the list on the leading side of the dialog's split.
func placesList(o fyne.CanvasObject) *widget.List {
	switch x := o.(type) {
	case *widget.PopUp:
		return placesList(x.Content)
	case *container.Split:
		if l, ok := x.Leading.(*widget.List); ok {
			return l
		}
	case *fyne.Container:
		for _, c := range x.Objects {
			if l := placesList(c); l != nil {
				return l
			}
		}
	}
	return nil
}

// translate makes the list write each row's label in the user's words, now
// and whenever it fills a row again. Showing the same dialog twice wraps it
// twice, which is harmless: a translated name is no English place name.
func translate(l *widget.List) {
	fill := l.UpdateItem
	if fill == nil {
		return
	}
	l.UpdateItem = func(id widget.ListItemID, item fyne.CanvasObject) {
		fill(id, item)
		if label := firstLabel(item); label != nil {
			if name := PlaceName(label.Text); name != label.Text {
				label.SetText(name)
			}
		}
	}
	l.Refresh()
}

func firstLabel(o fyne.CanvasObject) *widget.Label {
	switch x := o.(type) {
	case *widget.Label:
		return x
	case *fyne.Container:
		for _, c := range x.Objects {
			if l := firstLabel(c); l != nil {
				return l
			}
		}
	}
	return nil
}
