//go:build !js

package webtest

import (
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// shownDialog is what robotsStudio.dialog() says is over the window.
type shownDialog struct {
	Title string `json:"title"`
	Keys  bool   `json:"keys"`
}

// dialogShown is the dialog over the window, nil when none is.
func (p *tab) dialogShown() *shownDialog {
	p.t.Helper()
	var d *shownDialog
	p.eval("robotsStudio.dialog()", &d)
	return d
}

// waitDialog waits until a dialog titled title is over the window.
func (p *tab) waitDialog(what, title string) {
	p.t.Helper()
	p.waitFor(what+": the dialog "+jsString(title)+" is shown",
		"robotsStudio.dialog().then((d) => d !== null && d.title === "+jsString(title)+")", 10*time.Second)
	if d := p.dialogShown(); d != nil && !d.Keys {
		p.t.Errorf("%s: the dialog %q was shown past ui/dlg: Esc and Enter do nothing in it", what, title)
	}
}

// waitNoDialog waits until nothing is shown over the window.
func (p *tab) waitNoDialog(what string) {
	p.t.Helper()
	p.waitFor(what+": no dialog is left", "robotsStudio.dialog().then((d) => d === null)", 10*time.Second)
}

// menu runs the item at (1-based) place item of the menu at place menu of
// the menu bar (0: File) from the keyboard: F10, Right to the menu, Down
// to the item, Enter.
func (p *tab) menu(menu, item int) {
	p.t.Helper()
	p.key(kb.F10)
	// The window opens the bar from its queue of work (editor/keys.Run),
	// through the editor's and the window's key handlers, two turns of
	// it; the driver gives the arrows to what has the keyboard at once.
	// The hook answers from that queue: after two answers the bar is open.
	p.text()
	p.text()
	for range menu {
		p.key(kb.ArrowRight)
	}
	for range item {
		p.key(kb.ArrowDown)
	}
	p.key(kb.Enter)
}

// menuByLetter runs the item at (1-based) place item of the menu whose
// key is Alt and letter, from the keyboard: Alt+letter, Down to the item,
// Enter (the driver names no letter pressed with Alt: editor/keys.BrowserKey).
func (p *tab) menuByLetter(letter string, item int) {
	p.t.Helper()
	p.key(letter, chromedp.ModifierAlt)
	p.text() // as for F10: two turns of the window's queue
	p.text()
	for range item {
		p.key(kb.ArrowDown)
	}
	p.key(kb.Enter)
}

// The menus of the browser build by place (ui/menus.go, without the items
// a page leaves out: ui/platform.go).
const (
	menuFile, menuEdit, menuTester, menuCatalogue, menuHelp = 0, 1, 2, 4, 5
)

// TestWebDialogKeys: in the browser build, each dialog of the window owns
// its keys (issue 34, point 8), as on the desktop (ui/dialogkeys_test.go).
// Opened from the keyboard over an edited file, Tab, Tab, Space leave the
// text as it was or as the dialog's button made it (on the desktop, File ▸
// Revert, Tab, Tab, Space reverted the file and then typed a space into
// it); Esc closes it with the text untouched after Shift+Tab took the
// keyboard to one of its controls; Enter takes its default button.
//
// Not here: File ▸ Open… and Open Lesson… (the browser's own file picker,
// no dialog of the window's), Export Lesson… (a download), Open Path… and
// Test Set Location… (not in the browser's menus: ui/platform.go), an
// error (the same dialog as Apply All Safe Fixes' report: dlg.Info), and
// the "changed on disk" question (it needs another tab's save, as in
// TestTwoTabsSaveConflict; ui's TestDialogKeysAsTheBrowserGivesThem holds
// its keys).
func TestWebDialogKeys(t *testing.T) {
	dir := webDir(t)
	srv := serve(t, dir)
	p := startBrowser(t)
	p.load(srv.URL + subPath)
	p.eval(`robotsStudio.setLanguage("en")`, nil)
	p.settle() // the window is built again in English
	began := time.Now()

	const disk = "User-agent: *\nDisallow: /private/\n"
	const edited = disk + "#x"
	// now is the editor's text after the last step, and saved whether
	// that step saved it.
	now, saved := "", false
	// edit makes the file in the editor an edited one, not saved, with
	// the keyboard in the editor: the file is opened afresh unless the
	// editor holds it as on disk.
	edit := func() {
		t.Helper()
		p.click(300, 200)
		p.text() // the click is queued: after it, the editor has the keyboard
		p.text()
		if now == edited && !saved {
			return
		}
		if now != disk || saved {
			p.eval(`robotsStudio.openText("robots.txt", `+jsString(disk)+`)`, nil)
			p.waitText("the file opened afresh", disk)
		}
		p.key(kb.End, chromedp.ModifierCtrl)
		p.key("#")
		p.key("x")
		p.waitText("typed into the file", edited)
		now, saved = edited, false
	}

	// outcome is what a key or keys in a dialog did.
	type outcome struct {
		text  string   // the editor's text after ("": as edited)
		saved bool     // the file was saved
		left  []string // the titles of the dialogs left open, the top one first
	}
	shown := func(title string) outcome { return outcome{left: []string{title}} }
	cases := []struct {
		name, title string
		open        func()
		// after Tab, Tab, Space and after Enter
		tabTabSpace, enter outcome
		noEnter            bool   // no Enter: the dialog has no default button, or it is closing, held by ui's tests
		noTabTabSpace      bool   // played by the next case, which opens its dialog so
		under              string // the dialog it was opened from, left open
		after              func() // brings the editor back in view
	}{
		{name: "Help ▸ Keyboard Shortcuts (Alt+H)", title: "Keyboard Shortcuts", open: func() { p.menuByLetter("h", 1) }},
		{name: "Help ▸ About", title: "About Robots Studio", open: func() { p.menu(menuHelp, 2) }, noEnter: true},
		{name: "Edit ▸ Apply All Safe Fixes", title: "Safe fixes", open: func() { p.menu(menuEdit, 9) }, noEnter: true},
		{name: "Edit ▸ Check for Production…", title: "Check for Production", open: func() { p.menu(menuEdit, 10) }, noEnter: true},
		// Tab, Tab: "Another file…", whose picker is the browser's own
		{name: "Tester ▸ Compare with…", title: "Compare with…", open: func() { p.menu(menuTester, 3) }, noEnter: true},
		// Tab, Tab, Space go into its list of sources; Enter runs the
		// update from the network (ui's TestCatalogueUpdateDialog holds it)
		{name: "Catalogue ▸ Update…", title: "Update the Crawler Catalogue", open: func() { p.menu(menuCatalogue, 1) },
			tabTabSpace: shown("Update the Crawler Catalogue"), noEnter: true},
		// Tab, Tab: its Add… button, which asks for a crawler
		{name: "Catalogue ▸ Your Crawlers…", title: "Your Crawlers", open: func() { p.menu(menuCatalogue, 2) },
			noTabTabSpace: true},
		// Tab, Tab, Space: a space in its second field; Enter: Save,
		// which waits for a name
		{name: "a crawler of your own", title: "Crawler of Your Own", open: func() {
			p.menu(menuCatalogue, 2)
			p.waitDialog("Your Crawlers", "Your Crawlers")
			p.key(kb.Tab)
			p.key(kb.Tab)
			p.key(" ")
		}, tabTabSpace: shown("Crawler of Your Own"), enter: shown("Crawler of Your Own"), under: "Your Crawlers"},
		// Tab, Tab, Space: Fetch with no site, which fetches nothing; so
		// does Enter in the empty field
		{name: "File ▸ Open from Site…", title: "Open from Site", open: func() { p.menu(menuFile, 3) }},
		// the browser cannot read the site: it offers to paste the text
		{name: "Paste robots.txt", title: "Paste robots.txt", open: func() {
			p.menu(menuFile, 3)
			p.waitDialog("Open from Site", "Open from Site")
			_, err := chromedp.Call(p.ctx, input.InsertText, input.InsertTextParams{Text: "127.0.0.1:9"})
			mustf(t, err, "type the site")
			p.key(kb.Enter)
		}, tabTabSpace: shown("Paste robots.txt"), noEnter: true},
		// Tab, Tab, Space: Save and download
		{name: "File ▸ Save As…", title: "Save As", open: func() { p.key("s", chromedp.ModifierCtrl|chromedp.ModifierShift) },
			tabTabSpace: outcome{saved: true}, enter: outcome{saved: true}},
		// Tab, Tab, Space: Yes; Enter: Yes
		{name: "File ▸ Revert", title: "Revert", open: func() { p.menu(menuFile, 6) },
			tabTabSpace: outcome{text: disk}, enter: outcome{text: disk}},
		// Tab, Tab, Space: Don't save, and a new file; Enter: Save, and a
		// new file
		{name: "unsaved changes (File ▸ New)", title: "Unsaved changes", open: func() { p.menu(menuFile, 1) },
			tabTabSpace: outcome{text: "\x00new"}, enter: outcome{text: "\x00new", saved: true}},
		// F5 in the Lessons tab: its one-question view, a dialog with no
		// title; Tab, Tab, Space stay in it, Enter reveals the answer
		{name: "Lessons ▸ Ask the class (F5)", title: "", open: func() { p.click(556, 49); p.key(kb.F5) },
			tabTabSpace: shown(""), enter: shown(""), after: func() { p.click(46, 49) }},
	}
	for _, c := range cases {
		ok := t.Run(c.name, func(t *testing.T) {
			parent := p.t
			p.t = t
			defer func() { p.t = parent }()
			try := func(what string, keys func(), want outcome) {
				t.Helper()
				edit()
				c.open()
				p.waitDialog(what, c.title)
				keys()
				left := want.left
				if c.under != "" {
					left = append(left, c.under)
				}
				for i, title := range left {
					p.waitDialog(what, title)
					if i == 0 {
						p.checkText(what, edited, want.text)
					}
					p.key(kb.Escape)
				}
				p.waitNoDialog(what)
				now, saved = p.checkText(what, edited, want.text), want.saved
				if c.after != nil {
					c.after()
				}
			}
			if !c.noTabTabSpace {
				try("Tab, Tab, Space", func() { p.key(kb.Tab); p.key(kb.Tab); p.key(" ") }, c.tabTabSpace)
			}
			try("Shift+Tab ×3, Esc", func() {
				for range 3 {
					p.key(kb.Tab, chromedp.ModifierShift)
				}
				p.key(kb.Escape)
			}, outcome{})
			if !c.noEnter {
				try("Enter", func() { p.key(kb.Enter) }, c.enter)
			}
		})
		if !ok && p.dialogShown() != nil {
			t.Fatalf("a dialog is left open after %s: the next ones would go to it", c.name)
		}
	}
	t.Logf("all dialogs: %v", time.Since(began))
}

// checkText checks the editor holds want, or edited when want is "", or
// any text but edited when want is "\x00new" (a new file's); it returns
// the text.
func (p *tab) checkText(what, edited, want string) string {
	p.t.Helper()
	got := p.text()
	switch {
	case want == "\x00new":
		if got == edited {
			p.t.Fatalf("%s: the editor holds the edited file, want a new one", what)
		}
	case want == "" && got != edited:
		p.t.Fatalf("%s: the editor holds %q, want %q as it was", what, got, edited)
	case want != "" && got != want:
		p.t.Fatalf("%s: the editor holds %q, want %q", what, got, want)
	}
	return got
}
