package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	"github.com/robots-studio/robots-studio/editor"
	"github.com/robots-studio/robots-studio/ui/testerpane"
	"github.com/robots-studio/robots-studio/ui/uitest"
)

// The main menu is built without a window's studio: each item runs its own
// command of the table, and nothing else.
func TestMenuAloneRunsEachItemsCommand(t *testing.T) {
	a := uitest.NewApp(t)
	win := a.NewWindow("menu")
	ed := editor.New()
	pane := testerpane.New(win)
	var ran []string
	run := func(name string) func() { return func() { ran = append(ran, name) } }
	m := menuBar{w: &shared{app: a, win: win, ed: ed, pane: pane, tabs: container.NewAppTabs()},
		keys: &menuKeys{},
		do: menuCommands{
			newFile: run("new"), open: run("open"), openPath: run("openPath"), openSite: run("openSite"),
			openRecent: func(string) { ran = append(ran, "recent") },
			save:       run("save"), saveAs: run("saveAs"), revert: run("revert"), recover: run("recover"),
			openLesson: run("openLesson"), exportLesson: run("exportLesson"), quit: run("quit"),
			applySafeFixes: run("fixes"),
			addCrawler:     run("addCrawler"), addPath: run("addPath"), compareWith: run("compareWith"), testSetPlace: run("testSetPlace"),
			readingChanged: run("reading"), compareChanged: func(bool) { ran = append(ran, "compare") },
			themed: run("themed"), language: func(code string) { ran = append(ran, "language "+code) },
			shortcuts: run("shortcuts"), about: run("about"), showEditor: run("showEditor"), production: run("production"),
		},
		part: menuParts{
			zoom:        func() []*fyne.MenuItem { return nil },
			wrap:        func() *fyne.MenuItem { return fyne.NewMenuItem("Word Wrap", nil) },
			resultsOnly: func() *fyne.MenuItem { return fyne.NewMenuItem("Results Only", nil) },
			presenter:   func() *fyne.MenuItem { return fyne.NewMenuItem("Presenter", nil) },
			timeline:    func() *fyne.MenuItem { return fyne.NewMenuItem("Timeline", nil) },
			catalogue:   func() *fyne.Menu { return fyne.NewMenu("Catalogue") },
		},
	}
	mm := m.forPlatform(false)
	find := func(menu, label string) *fyne.MenuItem {
		for _, mu := range mm.Items {
			if mu.Label != menu {
				continue
			}
			for _, it := range mu.Items {
				if it.Label == label {
					return it
				}
			}
		}
		t.Fatalf("no %s ▸ %s", menu, label)
		return nil
	}
	for _, c := range []struct{ menu, label, want string }{
		{"File", "New", "new"},
		{"File", "Open…", "open"},
		{"File", "Open Path…", "openPath"},
		{"File", "Save", "save"},
		{"File", "Save As…", "saveAs"},
		{"File", "Revert", "revert"},
		{"File", "Recover Unsaved Work…", "recover"},
		{"File", "Quit", "quit"},
		{"Edit", "Apply All Safe Fixes", "fixes"},
		{"Edit", "Check for Production…", "production"},
		{"Tester", "Add Path Row", "addPath"},
		{"Tester", "Test Set Location…", "testSetPlace"},
		{"View", "Compare Readings", "compare"},
		{"Help", "About Robots Studio", "about"},
	} {
		ran = nil
		find(c.menu, c.label).Action()
		if len(ran) != 1 || ran[0] != c.want {
			t.Errorf("%s ▸ %s ran %q, want [%s]", c.menu, c.label, ran, c.want)
		}
	}
	// The engine chosen in the menu goes to the pane in use and is told.
	ran = nil
	engines := find("View", "Engine").ChildMenu.Items
	engines[len(engines)-1].Action()
	if want := engines[len(engines)-1].Label; pane.Engine() == testerpane.OwnReading || !strings.HasSuffix(want, "("+pane.Engine()+")") {
		t.Errorf("engine item %q set the pane's engine to %q", want, pane.Engine())
	}
	if len(ran) != 1 || ran[0] != "reading" {
		t.Errorf("choosing an engine ran %q, want [reading]", ran)
	}
}

// The view part is built without a window's studio: word wrap reaches the
// editor, is remembered, and the menu is told to show it.
func TestViewAloneRemembersWrap(t *testing.T) {
	a := uitest.NewApp(t)
	ed := editor.New()
	menus := 0
	v := newViewSide(&shared{app: a, win: a.NewWindow("view"), ed: ed}, func() { menus++ })
	v.setWrap(true)
	if !ed.Wrap() || !a.Preferences().Bool(prefWrap) || menus != 1 {
		t.Errorf("after setWrap(true): editor wraps %v, remembered %v, menu rebuilt %d times (want true, true, 1)", ed.Wrap(), a.Preferences().Bool(prefWrap), menus)
	}
	v.setResultsOnly(true) // no split yet: nothing to hide, and no menu to rebuild
	if menus != 1 {
		t.Errorf("results only before the content exists rebuilt the menu")
	}
}
