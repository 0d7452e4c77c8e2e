package ui

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/internal/session"
	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/ui/dlg"
)

// press plays one key as the desktop driver does (glfw window.go,
// processKeyPressed and processCharInput): KeyDown to the focused widget
// (else the window's handler), Tab moving the focus unless the focused
// widget takes it, TypedKey to the focused widget (else the window's
// handler), then the key's character, if it makes one, to whatever has
// the keyboard by then, and KeyUp to that.
// The key goes first through the window's filter (windowKey), as the
// desktop build's key hook gives it.
func press(c fyne.Canvas, name fyne.KeyName, char rune) {
	windowKey(windowOf(c), name, 0, func() { driverPress(c, name, char) })
}

// windowOf is the test window whose canvas is c.
func windowOf(c fyne.Canvas) fyne.Window {
	for _, w := range fyne.CurrentApp().Driver().AllWindows() {
		if w.Canvas() == c {
			return w
		}
	}
	panic("no window has this canvas")
}

func driverPress(c fyne.Canvas, name fyne.KeyName, char rune) {
	ev := &fyne.KeyEvent{Name: name}
	if k, ok := c.Focused().(desktop.Keyable); ok {
		k.KeyDown(ev)
	}
	tab, ok := c.Focused().(fyne.Tabbable)
	switch {
	case name == fyne.KeyTab && !(ok && tab.AcceptsTab()):
		c.FocusNext()
	case c.Focused() != nil:
		c.Focused().TypedKey(ev)
	case c.OnTypedKey() != nil:
		c.OnTypedKey()(ev)
	}
	if char != 0 {
		if f := c.Focused(); f != nil {
			f.TypedRune(char)
		} else if h := c.OnTypedRune(); h != nil {
			h(char)
		}
	}
	if k, ok := c.Focused().(desktop.Keyable); ok {
		k.KeyUp(ev)
	}
}

// windowDialogs is every dialog the window shows over an open, edited
// file, by the menu item or event that shows it.
// fieldKeepsEsc marks Fyne's Save dialogs, which give their file name
// field the keyboard: a plain widget.Entry of Fyne's own, which takes Esc
// and does nothing with it. Esc closes them once the field has lost the
// keyboard (a click elsewhere in the dialog, or Tab).
// notInBrowser says why the browser build shows no such dialog ("": it
// shows it; release/webtest's TestWebDialogKeys plays its keys there).
var windowDialogs = []struct {
	name          string
	open          func(s *studio)
	fieldKeepsEsc bool
	notInBrowser  string
}{
	{name: "File ▸ Revert", open: func(s *studio) { s.revert() }},
	{name: "unsaved changes", open: func(s *studio) { s.whenSafe(func() {}) }},
	{name: "File ▸ Open…", open: func(s *studio) { s.dialogs.openDialog() }, notInBrowser: "the browser's own file picker"},
	{name: "File ▸ Open Path…", open: func(s *studio) { s.dialogs.openPathDialog() }, notInBrowser: "a page cannot open a typed path: no such item"},
	{name: "File ▸ Save As…", open: func(s *studio) { s.saveAs(nil) }, fieldKeepsEsc: true, notInBrowser: "the page's own Save As (a name, then a download)"},
	{name: "File ▸ Open from Site…", open: func(s *studio) { s.live.openFromSite() }},
	{name: "File ▸ Open Lesson…", open: func(s *studio) { s.class.openLessonDialog() }, notInBrowser: "the browser's own file picker"},
	{name: "File ▸ Export Lesson…", open: func(s *studio) { s.class.exportLessonDialog() }, fieldKeepsEsc: true, notInBrowser: "a download"},
	{name: "Edit ▸ Apply All Safe Fixes", open: func(s *studio) { s.checks.applySafeFixes() }},
	{name: "Edit ▸ Check for Production… (ready)", open: func(s *studio) { s.production.work.Inline = true; s.production.check() }},
	{name: "Edit ▸ Check for Production… (findings)", open: func(s *studio) {
		s.production.work.Inline = true
		s.production.work.Submit(productionJob{doc: syntax.Parse([]byte(stagingRobots))})
	}},
	{name: "Tester ▸ Compare with…", open: func(s *studio) { s.live.compareWith() }},
	{name: "Tester ▸ Test Set Location…", open: func(s *studio) { s.dialogs.showTestSetPlace() }, notInBrowser: "a page has no folder beside the file: no such item"},
	{name: "Catalogue ▸ Update…", open: func(s *studio) { s.catalogue.showUpdate() }},
	{name: "Catalogue ▸ Your Crawlers…", open: func(s *studio) { s.catalogue.showOwn() }},
	{name: "a crawler of your own", open: func(s *studio) {
		s.catalogue.editOwn(s.catalogue.store(), catalogue.Crawler{Name: "MyBot"}, func() {})
	}},
	{name: "Lessons ▸ Ask the class (F5)", open: func(s *studio) { s.class.lessons().AskClass() }},
	{name: "Help ▸ Keyboard Shortcuts", open: func(s *studio) { s.dialogs.showShortcuts() }},
	{name: "Help ▸ About", open: func(s *studio) { s.dialogs.showAbout() }},
	{name: "an error", open: func(s *studio) { s.showFileError(errors.New("cannot read")) }},
	{name: "changed on disk", open: func(s *studio) {
		s.disk.askDisk(session.DiskCheck{Changed: true, Text: []byte("User-agent: *\nDisallow: /disk\n")})
	}},
}

// editedStudio is the window with a file open and edited, the editor
// having the keyboard, and keys.StrayRunes on as in the real window.
func editedStudio(t *testing.T) (*studio, []byte, []byte) {
	t.Helper()
	english(t)
	disk := []byte("User-agent: *\nDisallow: /private/\n")
	s := newTestStudio(t)
	if !s.openPath(writeFile(t, "robots.txt", disk)) {
		t.Fatal("open failed")
	}
	s.win.Canvas().Focus(s.ed)
	test.Type(s.ed, "#x")
	if !s.doc.Modified() {
		t.Fatal("typing did not modify the file")
	}
	keys.StrayRunes = true
	t.Cleanup(func() { keys.StrayRunes = false })
	return s, append([]byte(nil), s.ed.Bytes()...), disk
}

// TestNoKeyTypedInADialogReachesTheEditor: File ▸ Revert, then Tab, Tab,
// Space reverted the file and then inserted a space at 1:1 (the Space
// pressed the dialog's focused button, which closed it, and the character
// went on to the editor). For every dialog: Tab, Tab, Space leave the text
// as it was or as the dialog's button made it (Revert reloads it), never
// with a typed space; and Esc closes the dialog with the text untouched.
func TestNoKeyTypedInADialogReachesTheEditor(t *testing.T) {
	for _, d := range windowDialogs {
		t.Run(d.name, func(t *testing.T) {
			s, before, disk := editedStudio(t)
			c := s.win.Canvas()
			// The dialog is opened from the keyboard: Alt+F went down in the
			// editor, and its keys come up in the menu (the real window
			// typed the space then).
			s.ed.KeyDown(&fyne.KeyEvent{Name: desktop.KeyAltLeft})
			s.ed.KeyDown(&fyne.KeyEvent{Name: fyne.KeyF})
			d.open(s)
			if !hasDialog(s) {
				t.Fatal("no dialog shown")
			}
			if dlg.Open(s.win) == 0 {
				t.Error("the dialog was shown past ui/dlg: Esc and Enter do nothing in it")
			}
			press(c, fyne.KeyTab, 0)
			press(c, fyne.KeyTab, 0)
			press(c, fyne.KeySpace, ' ')
			if got := s.ed.Bytes(); !bytes.Equal(got, before) && !bytes.Equal(got, disk) {
				t.Fatalf("Tab, Tab, Space in the dialog changed the text to %q (was %q)", got, before)
			}
			// Close whatever is left, then Esc in a fresh one.
			for i := 0; hasDialog(s) && i < 5; i++ {
				c.Overlays().Top().Hide()
			}
			if !bytes.Equal(s.ed.Bytes(), before) {
				return // the dialog's button changed the file (Revert): done
			}
			c.Focus(s.ed)
			d.open(s)
			if !hasDialog(s) {
				t.Fatal("no dialog shown the second time")
			}
			if d.fieldKeepsEsc {
				c.Unfocus()
			}
			press(c, fyne.KeyEscape, 0)
			if hasDialog(s) {
				t.Error("Esc did not close the dialog")
			}
			if got := s.ed.Bytes(); !bytes.Equal(got, before) || !s.doc.Modified() {
				t.Errorf("Esc changed the text to %q (modified %v)", got, s.doc.Modified())
			}
		})
	}
}

// TestSafeFixesSayWhatChanged: Apply All Safe Fixes says what each fix
// changed and where, and one undo takes them all back.
func TestSafeFixesSayWhatChanged(t *testing.T) {
	english(t)
	text := []byte("User-agent: Twitterbot/1.0\nDisallow: /a\n\nUser-agent: Googlebot/2.1\nDisallow: /b\n")
	s := newTestStudio(t)
	if !s.openPath(writeFile(t, "robots.txt", text)) {
		t.Fatal("open failed")
	}
	s.checks.applySafeFixes()
	if bytes.Equal(s.ed.Bytes(), text) {
		t.Fatal("no fix was applied")
	}
	said := deepTexts(s.win.Canvas().Overlays().Top())
	for _, want := range []string{"2 fixes:", "Twitterbot/1.0 → Twitterbot at line 1", "Googlebot/2.1 → Googlebot at line 4"} {
		if !strings.Contains(said, want) {
			t.Errorf("the report lacks %q: %q", want, said)
		}
	}
	s.ed.Undo()
	if got := s.ed.Bytes(); !bytes.Equal(got, text) {
		t.Errorf("one undo gave %q, want the text before the fixes", got)
	}
}

// TestMenuLetters: Alt and a menu's letter, the first ASCII letter of its
// title that no menu before it took, else its English initial.
func TestMenuLetters(t *testing.T) {
	for _, c := range []struct {
		rule   string
		titles []string
		want   string
	}{
		{"English: the initials", []string{"File", "Edit", "Tester", "View", "Catalogue", "Help"}, "FETVCH"},
		{"Polish: Pomoc's P is Plik's, so O", []string{"Plik", "Edycja", "Tester", "Widok", "Katalog", "Pomoc"}, "PETWKO"},
		{"Russian titles have no ASCII letter: the English ones",
			[]string{"Файл", "Правка", "Тестер", "Вид", "Каталог", "Справка"}, "FETVCH"},
	} {
		if got := string(menuLetters(c.titles, menuEnglish)); got != c.want {
			t.Errorf("%s: %q, want %q", c.rule, got, c.want)
		}
	}
}

// TestKeyboardReachesTheMenusAndLeavesTheEditor: F10 opens the menu bar
// and Alt with a menu's letter opens that menu from the editor, a field or
// a button; Ctrl+Tab and Ctrl+Shift+Tab take the keyboard out of the
// editor and back, where Tab indents.
func TestKeyboardReachesTheMenusAndLeavesTheEditor(t *testing.T) {
	s, before, _ := editedStudio(t)
	c := s.win.Canvas()
	toggled, opened := 0, []int{}
	s.menuKeys.toggle = func() { toggled++ }
	s.menuKeys.opened = func(i int) { opened = append(opened, i) }

	press(c, fyne.KeyF10, 0)
	if toggled != 1 {
		t.Errorf("F10 in the editor: menu bar toggled %d times, want 1", toggled)
	}
	s.ed.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyE, Modifier: fyne.KeyModifierAlt})
	if len(opened) != 1 || opened[0] != 1 {
		t.Errorf("Alt+E in the editor opened menus %v, want [1] (Edit)", opened)
	}
	if !bytes.Equal(s.ed.Bytes(), before) {
		t.Errorf("the menu keys typed into the editor: %q", s.ed.Bytes())
	}

	s.ed.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyTab, Modifier: fyne.KeyModifierControl})
	out := c.Focused()
	if out == nil || out == fyne.Focusable(s.ed) {
		t.Fatalf("Ctrl+Tab left the keyboard on %T", out)
	}
	if !bytes.Equal(s.ed.Bytes(), before) {
		t.Errorf("Ctrl+Tab typed into the editor: %q", s.ed.Bytes())
	}
	// From a field of the window (a new crawler row): Alt+H and F10. (Fyne's
	// own List, Table and Select keep F10; Alt+letter reaches the window
	// from them, as they take no shortcuts.)
	s.pane.AddCrawler()
	field, ok := c.Focused().(fyne.Shortcutable)
	if !ok {
		t.Fatalf("a new crawler row has no field with the keyboard: %T", c.Focused())
	}
	field.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyH, Modifier: fyne.KeyModifierAlt})
	if len(opened) != 2 || opened[1] != 5 {
		t.Errorf("Alt+H in a field opened menus %v, want [1 5] (Help)", opened)
	}
	press(c, fyne.KeyF10, 0)
	if toggled != 2 {
		t.Errorf("F10 in a field: menu bar toggled %d times, want 2", toggled)
	}
	c.Focus(s.ed)
	s.ed.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyTab, Modifier: fyne.KeyModifierControl | fyne.KeyModifierShift})
	if f := c.Focused(); f == nil || f == fyne.Focusable(s.ed) {
		t.Errorf("Ctrl+Shift+Tab left the keyboard on %T", f)
	}
	// Under an open dialog the menus stay shut: the dialog has the keys.
	s.dialogs.showAbout()
	s.ed.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyE, Modifier: fyne.KeyModifierAlt})
	press(c, fyne.KeyF10, 0)
	if len(opened) != 2 || toggled != 2 {
		t.Errorf("under a dialog: menus opened %v, bar toggled %d times, want [1 5] and 2", opened, toggled)
	}
	press(c, fyne.KeyEscape, 0)
	// Tab itself still indents.
	c.Focus(s.ed)
	press(c, fyne.KeyTab, 0)
	if c.Focused() != fyne.Focusable(s.ed) || !bytes.Contains(s.ed.Bytes(), []byte("\t")) {
		t.Errorf("Tab in the editor: focus on %T, text %q", c.Focused(), s.ed.Bytes())
	}
}

// TestEscClosesADialogWhereverTheKeyboardIs: Esc closes every dialog
// whichever of its controls Tab took the keyboard to, and the text stays
// as it was. In File ▸ Open Path… Esc on the "lists every file" box did
// nothing, nor on the selectors of a crawler of one's own, nor on the
// list of Your Crawlers, nor anywhere in Fyne's file dialogs (their
// buttons, places list and folder grid) or on Test Set Location's radio
// buttons: Fyne's widgets take Esc and drop it. The window's key filter
// gives Esc to the dialog first (dlg.Ahead).
func TestEscClosesADialogWhereverTheKeyboardIs(t *testing.T) {
	for _, d := range windowDialogs {
		t.Run(d.name, func(t *testing.T) {
			s, before, _ := editedStudio(t)
			c := s.win.Canvas()
			for n := 1; n <= 8; n++ {
				c.Focus(s.ed)
				d.open(s)
				if !hasDialog(s) {
					t.Fatal("no dialog shown")
				}
				for range n {
					press(c, fyne.KeyTab, 0)
				}
				f := c.Focused()
				if d.fieldKeepsEsc {
					if _, field := f.(*widget.Entry); field {
						c.Unfocus()
					}
				}
				press(c, fyne.KeyEscape, 0)
				if hasDialog(s) {
					t.Errorf("Tab × %d, then Esc on %T: the dialog stays open", n, f)
					for i := 0; hasDialog(s) && i < 5; i++ {
						c.Overlays().Top().Hide()
					}
				}
				if got := s.ed.Bytes(); !bytes.Equal(got, before) {
					t.Fatalf("Tab × %d, Esc: the text changed to %q", n, got)
				}
			}
		})
	}
}

// browserPress plays one key as Fyne's web driver gives it to the window
// (internal/driver/glfw window.go, processKeyPressed, as the desktop's):
// the browser build has no key hook (ui/keyhook.go) to give Esc to the
// dialog first. Shift+Tab moves the focus back unless the focused widget
// takes Tab.
func browserPress(c fyne.Canvas, name fyne.KeyName, shift bool) {
	if name == fyne.KeyTab && shift {
		if tab, ok := c.Focused().(fyne.Tabbable); !ok || !tab.AcceptsTab() {
			c.FocusPrevious()
			return
		}
	}
	driverPress(c, name, 0)
}

// TestDialogKeysAsTheBrowserGivesThem: in each dialog the browser build
// shows, Esc closes it whichever of its controls Tab or Shift+Tab took the
// keyboard to, with no key hook putting the dialog first, and the text
// stays as it was. In the browser Esc on Catalogue ▸ Update…'s "Only show
// the changes" box did nothing: Fyne's check box drops Esc.
func TestDialogKeysAsTheBrowserGivesThem(t *testing.T) {
	for _, d := range windowDialogs {
		if d.notInBrowser != "" {
			continue
		}
		t.Run(d.name, func(t *testing.T) {
			s, before, _ := editedStudio(t)
			c := s.win.Canvas()
			for _, back := range []bool{false, true} {
				for n := 0; n <= 8; n++ {
					c.Focus(s.ed)
					d.open(s)
					if !hasDialog(s) {
						t.Fatal("no dialog shown")
					}
					for range n {
						browserPress(c, fyne.KeyTab, back)
					}
					f := c.Focused()
					browserPress(c, fyne.KeyEscape, false)
					if hasDialog(s) {
						t.Errorf("Tab × %d (back %v), then Esc on %T: the dialog stays open", n, back, f)
						for i := 0; hasDialog(s) && i < 5; i++ {
							c.Overlays().Top().Hide()
						}
					}
					if got := s.ed.Bytes(); !bytes.Equal(got, before) {
						t.Fatalf("Tab × %d (back %v), Esc: the text changed to %q", n, back, got)
					}
				}
			}
		})
	}
}

// TestCrawlerOfYourOwnWaitsForAName: Enter in Catalogue ▸ Your Crawlers ▸
// Add… with no name typed left the form open: its Save waits for a name.
// It closed the form and then said "an entry has no name", losing what
// had been typed in the other fields.
func TestCrawlerOfYourOwnWaitsForAName(t *testing.T) {
	s, _, _ := editedStudio(t)
	c := s.win.Canvas()
	saved := false
	s.catalogue.editOwn(s.catalogue.store(), catalogue.Crawler{Operator: "Example Ltd"}, func() { saved = true })
	press(c, fyne.KeyReturn, 0)
	if title, _ := dlg.Shown(s.win); title != "Crawler of Your Own" || saved {
		t.Fatalf("Enter with no name: %q is shown (saved %v), want the form still open", title, saved)
	}
}

// TestEnterTakesTheDefaultButton: Enter, pressed as soon as a dialog is
// shown, does what its highlighted button does: each dialog's outcome by
// name (what is shown after it, "" for a dialog with no title: Fyne's
// file dialogs, the lessons' one-question view), and whether the text is
// then the file on disk (Revert) or as edited.
func TestEnterTakesTheDefaultButton(t *testing.T) {
	type after struct {
		shown  bool   // a dialog is shown after Enter
		title  string // its title
		reload bool   // the text is the file's on disk
	}
	closes := after{}
	want := map[string]after{
		"File ▸ Revert":   {reload: true}, // Yes
		"unsaved changes": closes,         // Save (then the action)
		"File ▸ Open…":    {shown: true},  // Save, then the file dialog
		// Open: a folder, which it says it cannot open
		"File ▸ Open Path…":                       {shown: true, title: "Open Path"},
		"File ▸ Save As…":                         {shown: true, title: "Overwrite?"}, // Save, over the file itself
		"File ▸ Open from Site…":                  closes,                             // Fetch, with no site: nothing
		"File ▸ Open Lesson…":                     {shown: true},                      // Open, with no lesson chosen: disabled
		"File ▸ Export Lesson…":                   closes,                             // Save
		"Edit ▸ Apply All Safe Fixes":             closes,
		"Edit ▸ Check for Production… (ready)":    closes,
		"Edit ▸ Check for Production… (findings)": closes,
		"Tester ▸ Compare with…":                  {shown: true, title: "Compare with…"}, // no default
		"Tester ▸ Test Set Location…":             closes,                                // OK
		"Catalogue ▸ Your Crawlers…":              closes,
		"a crawler of your own":                   closes,        // Save
		"Lessons ▸ Ask the class (F5)":            {shown: true}, // the answer revealed
		"Help ▸ Keyboard Shortcuts":               closes,
		"Help ▸ About":                            closes,
		"an error":                                closes,
		"changed on disk":                         closes, // Keep my text
	}
	for _, d := range windowDialogs {
		w, ok := want[d.name]
		if !ok {
			// Catalogue ▸ Update…: Update reads the published lists over
			// the network (TestCatalogueUpdateDialog reads local ones).
			continue
		}
		t.Run(d.name, func(t *testing.T) {
			s, before, disk := editedStudio(t)
			c := s.win.Canvas()
			d.open(s)
			press(c, fyne.KeyReturn, 0)
			title, shown := dlg.Shown(s.win)
			if shown != w.shown || title != w.title {
				t.Errorf("after Enter: shown %v, %q; want %v, %q", shown, title, w.shown, w.title)
			}
			wantText := before
			if w.reload {
				wantText = disk
			}
			if got := s.ed.Bytes(); !bytes.Equal(got, wantText) {
				t.Errorf("after Enter the text is %q, want %q", got, wantText)
			}
		})
	}
}

// TestKeysTypedAfterF10GoToTheMenuInTheBrowser: the browser hands each key
// to the widget with the keyboard on a goroutine of its own, and the
// editor's work waits in a queue (keys.Run). F10, Down and Enter typed
// quickly all reached the editor before F10's menu bar opened, F10's work
// being queued a second time on its way to the window: the Down and the
// Enter moved the cursor and put a line break in the file. Now F10 opens
// the bar in the editor's turn, and the keys queued behind it go where the
// keyboard went.
func TestKeysTypedAfterF10GoToTheMenuInTheBrowser(t *testing.T) {
	s, before, _ := editedStudio(t)
	c := s.win.Canvas()
	menu := &keyTaker{}
	s.menuKeys.toggle = func() { c.Overlays().Add(menu); c.Focus(menu) } // the bar takes the keyboard, as the desktop driver's does
	defer func() { c.Overlays().Remove(menu) }()
	var queued []func()
	restore := keys.UseQueue(func(f func()) { queued = append(queued, f) })
	defer restore()
	line, col := s.ed.CursorLine(), s.ed.CursorColumn()
	// the web driver: each key to the widget with the keyboard when it
	// comes, before the UI goroutine has run any of them
	for _, k := range []fyne.KeyName{fyne.KeyF10, fyne.KeyDown, fyne.KeyReturn} {
		c.Focused().TypedKey(&fyne.KeyEvent{Name: k})
	}
	for len(queued) > 0 {
		f := queued[0]
		queued = queued[1:]
		f()
	}
	if got := s.ed.Bytes(); !bytes.Equal(got, before) || s.ed.CursorLine() != line || s.ed.CursorColumn() != col {
		t.Errorf("F10, Down, Enter typed ahead: the text is %q, the cursor at %d:%d (was %d:%d)", got, s.ed.CursorLine(), s.ed.CursorColumn(), line, col)
	}
	if want := []fyne.KeyName{fyne.KeyDown, fyne.KeyReturn}; !slices.Equal(menu.keys, want) {
		t.Errorf("the menu bar got %v, want %v", menu.keys, want)
	}
}

// keyTaker is a focusable widget that notes the keys it gets.
type keyTaker struct {
	widget.BaseWidget
	keys []fyne.KeyName
}

func (k *keyTaker) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(canvas.NewRectangle(nil))
}
func (k *keyTaker) FocusGained()               {}
func (k *keyTaker) FocusLost()                 {}
func (k *keyTaker) TypedRune(rune)             {}
func (k *keyTaker) TypedKey(ev *fyne.KeyEvent) { k.keys = append(k.keys, ev.Name) }
