package ui

import (
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/robots-studio/robots-studio/tester/textfile"
)

// TestItemShownOnEachPlatform: every item the browser build leaves out is
// out in the browser and in everywhere else; other items are in on both.
func TestItemShownOnEachPlatform(t *testing.T) {
	if len(webHidden) == 0 {
		t.Fatal("no item is hidden in the browser")
	}
	for _, id := range webHidden {
		if itemShown(id, true) {
			t.Errorf("%s is shown in the browser", id)
		}
		if !itemShown(id, false) {
			t.Errorf("%s is hidden on the desktop", id)
		}
	}
	if !itemShown("open", true) || !itemShown("open", false) {
		t.Error("an item that is not platform-dependent is hidden")
	}
}

// menuLabels are the labels of every item of a main menu, submenus
// included, with the menu they are in.
func menuLabels(m *fyne.MainMenu) map[string]string {
	out := map[string]string{}
	var walk func(top string, items []*fyne.MenuItem)
	walk = func(top string, items []*fyne.MenuItem) {
		for _, it := range items {
			if it.IsSeparator {
				continue
			}
			out[it.Label] = top
			if it.ChildMenu != nil {
				walk(top, it.ChildMenu.Items)
			}
		}
	}
	for _, menu := range m.Items {
		walk(menu.Label, menu.Items)
	}
	return out
}

// TestBrowserMenuLeavesOutWhatAPageCannotDo builds the real main menu for
// both platforms: the hidden items are in the desktop's and not in the
// browser's, the browser's has nothing the desktop's lacks, and no menu
// starts, ends or doubles a separator where items were left out.
func TestBrowserMenuLeavesOutWhatAPageCannotDo(t *testing.T) {
	s := newTestStudio(t)
	desk, web := s.menus.forPlatform(false), s.menus.forPlatform(true)
	dl, wl := menuLabels(desk), menuLabels(web)
	hidden := map[platformItem]string{
		itemOpenPath:     "Open Path…",
		itemOpenRecent:   "Open Recent",
		itemQuit:         "Quit",
		itemTestSetPlace: "Test Set Location…",
	}
	if len(hidden) != len(webHidden) {
		t.Fatalf("the test names %d hidden items, platform.go %d", len(hidden), len(webHidden))
	}
	for id, label := range hidden {
		if !slices.Contains(webHidden, id) {
			t.Errorf("%s is not hidden in the browser", id)
		}
		if _, ok := dl[label]; !ok {
			t.Errorf("desktop menu lacks %q", label)
		}
		if _, ok := wl[label]; ok {
			t.Errorf("browser menu has %q", label)
		}
	}
	for label := range wl {
		if _, ok := dl[label]; !ok {
			t.Errorf("browser menu has %q, which the desktop's has not", label)
		}
	}
	if len(dl)-len(wl) != len(hidden) {
		t.Errorf("desktop menu has %d items, browser's %d: want exactly %d fewer", len(dl), len(wl), len(hidden))
	}
	for _, m := range web.Items {
		for i, it := range m.Items {
			if it.IsSeparator && (i == 0 || i == len(m.Items)-1 || m.Items[i-1].IsSeparator) {
				t.Errorf("menu %s: separator at %d of %d", m.Label, i, len(m.Items))
			}
		}
	}
}

func TestWebSavePath(t *testing.T) {
	home := "/home/web"
	for _, c := range []struct{ current, name, want string }{
		{"", "robots.txt", filepath.Join(home, "Documents", "robots.txt")},
		{"/picked/3/robots.txt", "robots.txt", filepath.Join(home, "Documents", "robots.txt")},
		{"/home/web/Documents/site.txt", "site.txt", "/home/web/Documents/site.txt"},
		{"/tmp/opened1/a.txt", "a.txt", "/tmp/opened1/a.txt"},
	} {
		if got := webSavePath(c.current, c.name, home); got != c.want {
			t.Errorf("webSavePath(%q, %q) = %q, want %q", c.current, c.name, got, c.want)
		}
	}
}

func TestValidSaveName(t *testing.T) {
	for name, ok := range map[string]bool{"robots.txt": true, "роботы.txt": true, "": false, "  ": false, "a/b": false, `a\b`: false, "..": false} {
		if got := validSaveName(name) == ""; got != ok {
			t.Errorf("validSaveName(%q) ok = %v, want %v", name, got, ok)
		}
	}
}

// TestWebSaveProblemNamesNoPath: when the page cannot keep its copy of a
// save (its storage is full), the message says the file was downloaded and
// why, and names none of the page's own paths (it once read
// "/home/web/Documents/robots.txt: the disk is full; the original file is
// unchanged", and nothing was downloaded).
func TestWebSaveProblemNamesNoPath(t *testing.T) {
	const path = "/home/web/Documents/robots.txt"
	full := &textfile.Error{Path: path, Err: &fs.PathError{Op: "write", Path: path + ".tmp", Err: syscall.ENOSPC}}
	other := &textfile.Error{Path: path, Err: &fs.PathError{Op: "write", Path: path, Err: syscall.EIO}}
	for _, c := range []struct {
		err  error
		want string
	}{{full, "full"}, {other, "could not keep"}} {
		got := webSaveProblem(c.err)
		if strings.Contains(got, "/") || strings.Contains(got, "home") {
			t.Errorf("message names a path: %q", got)
		}
		if !strings.Contains(got, "downloaded") || !strings.Contains(got, c.want) {
			t.Errorf("message %q: want it to say the file was downloaded and %q", got, c.want)
		}
	}
}
