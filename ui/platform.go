package ui

import "fyne.io/fyne/v2"

// platformItem names a menu item that exists only where it can work.
type platformItem string

// The menu items a browser cannot carry out: a page cannot open a path the
// user types (it sees only files picked or dropped on it), keeps no list of
// files across reloads that it could open again, cannot quit the tab, and
// has no folders of its own to show or keep files beside.
const (
	itemOpenPath     platformItem = "open_path"      // File ▸ Open Path…
	itemOpenRecent   platformItem = "open_recent"    // File ▸ Open Recent
	itemQuit         platformItem = "quit"           // File ▸ Quit
	itemTestSetPlace platformItem = "test_set_place" // Tester ▸ Test Set Location… (a folder beside the file)
)

// webHidden is every item the browser build leaves out.
var webHidden = []platformItem{itemOpenPath, itemOpenRecent, itemQuit, itemTestSetPlace}

// itemShown reports whether a platform-dependent item belongs in the menu:
// in the browser (web) the items of webHidden are left out, everywhere else
// all are shown.
func itemShown(id platformItem, web bool) bool {
	if !web {
		return true
	}
	for _, h := range webHidden {
		if h == id {
			return false
		}
	}
	return true
}

// platformMenu is fyne.NewMenu without the items this platform leaves out
// (nil entries), and without the separators that would then stand at an
// end or next to each other.
func platformMenu(label string, items ...*fyne.MenuItem) *fyne.Menu {
	var kept []*fyne.MenuItem
	for _, it := range items {
		if it == nil {
			continue
		}
		if it.IsSeparator && (len(kept) == 0 || kept[len(kept)-1].IsSeparator) {
			continue
		}
		kept = append(kept, it)
	}
	for len(kept) > 0 && kept[len(kept)-1].IsSeparator {
		kept = kept[:len(kept)-1]
	}
	return fyne.NewMenu(label, kept...)
}

// only returns it when the item belongs on this platform (web: the browser
// build), else nil, which platformMenu drops.
func only(id platformItem, web bool, it *fyne.MenuItem) *fyne.MenuItem {
	if itemShown(id, web) {
		return it
	}
	return nil
}
