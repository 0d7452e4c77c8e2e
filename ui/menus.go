package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"

	"github.com/robots-studio/robots-studio/editor"
	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/ui/testerpane"
	"github.com/robots-studio/robots-studio/ui/webfile"
)

func shortcut(key fyne.KeyName, mod fyne.KeyModifier) fyne.Shortcut {
	return &desktop.CustomShortcut{KeyName: key, Modifier: fyne.KeyModifierShortcutDefault | mod}
}

func item(label string, sc fyne.Shortcut, action func()) *fyne.MenuItem {
	it := fyne.NewMenuItem(label, action)
	it.Shortcut = sc
	return it
}

// menuBar is the window's main menu: it lays the menus out, with their
// enabled and checked states, and binds F10 and the Alt keys (menukeys.go).
// What an item does is the window's: the menu runs a command of its table
// (menuCommands) or asks another part for its items (menuParts).
type menuBar struct {
	// w are the window's objects: the menu reads the pane and the tabs
	// there each time (the studio replaces them on a language switch).
	w *shared
	// keys is the state of the menu keys, kept by the studio (tests set
	// its toggle and opened); it points to nothing.
	keys *menuKeys
	do   menuCommands
	part menuParts
}

// menuCommands are the menu's commands the window carries out, one per
// item (or per kind of item), by menu.
type menuCommands struct {
	// File
	newFile, open, openPath, openSite func()
	openRecent                        func(path string)
	save, saveAs, revert, recover     func()
	openLesson, exportLesson, quit    func()
	// Edit
	applySafeFixes, production func()
	// Tester
	addCrawler, addPath, compareWith, testSetPlace func()
	// View: the reading or compare switch changed (the status and what
	// follows the readings), the theme changed (tabs that draw their own
	// colours), a language chosen ("": the system's)
	readingChanged func()
	compareChanged func(on bool)
	themed         func()
	language       func(code string)
	// Help
	shortcuts, about func()
	// showEditor brings the editor's tab to the front.
	showEditor func()
}

// menuParts are the items other parts of the window make for the menu,
// with their own checked states.
type menuParts struct {
	zoom                                   func() []*fyne.MenuItem
	wrap, resultsOnly, presenter, timeline func() *fyne.MenuItem
	catalogue                              func() *fyne.Menu
}

// newMenuBar makes the main menu of the studio's window: the window's
// commands and other parts' items, wired once. The window, its editor and
// the menu-key state are made before the menu and never replaced; the pane
// and the tabs are asked for when needed (see menuBar.pane).
func newMenuBar(s *studio) menuBar {
	return menuBar{
		w:    s.shared,
		keys: &s.menuKeys,
		do: menuCommands{
			newFile:        func() { s.whenSafe(s.newFile) },
			open:           func() { s.dialogs.openDialog() },
			openPath:       func() { s.dialogs.openPathDialog() },
			openSite:       func() { s.live.openFromSite() },
			openRecent:     func(path string) { s.whenSafe(func() { s.openPath(path) }) },
			save:           func() { s.save(nil) },
			saveAs:         func() { s.saveAs(nil) },
			revert:         s.revert,
			recover:        func() { s.recovery.offerRecovery() },
			openLesson:     func() { s.class.openLessonDialog() },
			exportLesson:   func() { s.class.exportLessonDialog() },
			quit:           func() { s.whenSafe(s.quit) },
			applySafeFixes: func() { s.checks.applySafeFixes() },
			production:     func() { s.production.check() },
			addCrawler:     func() { s.showEditor(); s.pane.AddCrawler() },
			addPath:        func() { s.showEditor(); s.pane.AddPath() },
			compareWith:    func() { s.live.compareWith() },
			testSetPlace:   func() { s.dialogs.showTestSetPlace() },
			readingChanged: s.refreshStatus,
			compareChanged: s.compareChanged,
			themed:         func() { s.tell(themed) },
			language:       func(code string) { s.slow.run(func() { s.switchLanguage(code) }) },
			shortcuts:      func() { s.dialogs.showShortcuts() },
			about:          func() { s.dialogs.showAbout() },
			showEditor:     s.showEditor,
		},
		part: menuParts{
			zoom:        func() []*fyne.MenuItem { return s.view.zoomItems() },
			wrap:        func() *fyne.MenuItem { return s.view.wrapItem() },
			resultsOnly: func() *fyne.MenuItem { return s.view.resultsOnlyItem() },
			presenter:   func() *fyne.MenuItem { return s.class.presenterItem() },
			timeline:    func() *fyne.MenuItem { return s.class.timelineItem() },
			catalogue:   func() *fyne.Menu { return s.catalogue.menu() },
		},
	}
}

// refresh puts a new main menu on the window: it is rebuilt when the
// recent list, the engine, the theme, the catalogue or the language
// changes.
func (m *menuBar) refresh() {
	mm := m.main()
	m.w.win.SetMainMenu(mm)
	m.bindMenuKeys(mm)
}

// main builds the main menu for this platform.
func (m *menuBar) main() *fyne.MainMenu { return m.forPlatform(webfile.Enabled) }

// forPlatform builds the main menu for the browser build (web) or the
// desktop: the browser's leaves out what a page cannot do (platform.go).
func (m *menuBar) forPlatform(web bool) *fyne.MainMenu {
	do, ed, pane := m.do, m.w.ed, m.w.pane
	p := m.w.app.Preferences()
	recent := fyne.NewMenuItem(lang.X("menu.file.recent", "Open Recent"), nil)
	for _, path := range recentFiles(p) {
		path := path
		recent.ChildMenu = appendItem(recent.ChildMenu, fyne.NewMenuItem(path, func() { do.openRecent(path) }))
	}
	if recent.ChildMenu == nil {
		recent.Disabled = true
	}
	quit := item(lang.X("menu.file.quit", "Quit"), shortcut(fyne.KeyQ, 0), do.quit)
	quit.IsQuit = true
	file := platformMenu(lang.X("menu.file", "File"),
		item(lang.X("menu.file.new", "New"), shortcut(fyne.KeyN, 0), do.newFile),
		item(lang.X("menu.file.open", "Open…"), shortcut(fyne.KeyO, 0), do.open),
		only(itemOpenPath, web, item(lang.X("menu.file.open_path", "Open Path…"), shortcut(fyne.KeyO, fyne.KeyModifierShift), do.openPath)),
		only(itemOpenRecent, web, recent),
		fyne.NewMenuItem(lang.X("live.menu.open_site", "Open from Site…"), do.openSite),
		fyne.NewMenuItemSeparator(),
		item(lang.X("menu.file.save", "Save"), shortcut(fyne.KeyS, 0), do.save),
		item(lang.X("menu.file.saveas", "Save As…"), shortcut(fyne.KeyS, fyne.KeyModifierShift), do.saveAs),
		item(lang.X("menu.file.revert", "Revert"), nil, do.revert),
		fyne.NewMenuItem(lang.X("window.menu.recover", "Recover Unsaved Work…"), do.recover),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(lang.X("lessontab.menu.open", "Open Lesson…"), do.openLesson),
		fyne.NewMenuItem(lang.X("lessontab.menu.export", "Export Lesson…"), do.exportLesson),
		fyne.NewMenuItemSeparator(),
		only(itemQuit, web, quit),
	)
	edit := fyne.NewMenu(lang.X("menu.edit", "Edit"),
		item(lang.X("menu.edit.undo", "Undo"), shortcut(fyne.KeyZ, 0), ed.Undo),
		item(lang.X("menu.edit.redo", "Redo"), shortcut(fyne.KeyY, 0), ed.Redo),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(lang.X("menu.edit.cut", "Cut"), func() { m.toFocused(&fyne.ShortcutCut{Clipboard: m.w.app.Clipboard()}, ed.Cut) }),
		fyne.NewMenuItem(lang.X("menu.edit.copy", "Copy"), func() { m.toFocused(&fyne.ShortcutCopy{Clipboard: m.w.app.Clipboard()}, ed.Copy) }),
		fyne.NewMenuItem(lang.X("menu.edit.paste", "Paste"), func() { m.toFocused(&fyne.ShortcutPaste{Clipboard: m.w.app.Clipboard()}, ed.Paste) }),
		fyne.NewMenuItemSeparator(),
		item(lang.X("menu.edit.find", "Find…"), shortcut(fyne.KeyF, 0), func() { m.focusEditor(); ed.ShowBar(editor.FindBar) }),
		item(lang.X("menu.edit.replace", "Replace…"), shortcut(fyne.KeyH, 0), func() { m.focusEditor(); ed.ShowBar(editor.ReplaceBar) }),
		item(lang.X("menu.edit.goto", "Go to Line…"), shortcut(fyne.KeyG, 0), func() { m.focusEditor(); ed.ShowBar(editor.GoToLineBar) }),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(lang.X("menu.edit.fixall", "Apply All Safe Fixes"), do.applySafeFixes),
		fyne.NewMenuItem(lang.X("production.menu", "Check for Production…"), do.production),
	)
	engines := fyne.NewMenuItem(lang.X("menu.view.engine", "Engine"), nil)
	own := fyne.NewMenuItem(lang.X("testerpane.reading.own", "Each crawler's own"), func() { m.setEngine(testerpane.OwnReading) })
	own.Checked = pane.Engine() == testerpane.OwnReading
	engines.ChildMenu = appendItem(engines.ChildMenu, own)
	for _, e := range engine.All() {
		id := e.Info().ID
		it := fyne.NewMenuItem(msg.New(e.Info().Name).String()+"  ("+id+")", func() { m.setEngine(id) })
		it.Checked = pane.Engine() == id
		engines.ChildMenu = appendItem(engines.ChildMenu, it)
	}
	compare := item(lang.X("menu.view.compare", "Compare Readings"), shortcut(fyne.KeyE, fyne.KeyModifierShift), nil)
	compare.Checked = pane.Compare()
	compare.Action = func() {
		pane := m.w.pane
		pane.SetCompare(!pane.Compare())
		do.compareChanged(pane.Compare())
	}
	themes := fyne.NewMenuItem(lang.X("menu.view.theme", "Theme"), nil)
	for _, t := range []struct{ id, label string }{
		{"system", lang.X("menu.view.theme.system", "System")},
		{"light", lang.X("menu.view.theme.light", "Light")},
		{"dark", lang.X("menu.view.theme.dark", "Dark")},
	} {
		id := t.id
		it := fyne.NewMenuItem(t.label, func() {
			p.SetString(prefTheme, id)
			applyTheme(m.w.app, id)
			do.themed()
			m.refresh()
		})
		it.Checked = p.StringWithFallback(prefTheme, "system") == id
		themes.ChildMenu = appendItem(themes.ChildMenu, it)
	}
	langs := fyne.NewMenuItem(lang.X("menu.view.language", "Language"), nil)
	sys := fyne.NewMenuItem(lang.X("menu.view.language.system", "System"), func() { do.language("") })
	sys.Checked = p.String(prefLanguage) == ""
	langs.ChildMenu = appendItem(langs.ChildMenu, sys)
	for _, l := range languages {
		code := l.code
		it := fyne.NewMenuItem(l.name, func() { do.language(code) })
		it.Checked = p.String(prefLanguage) == code
		langs.ChildMenu = appendItem(langs.ChildMenu, it)
	}
	tester := platformMenu(lang.X("menu.tester", "Tester"),
		item(lang.X("menu.tester.crawler", "Add Crawler Row"), shortcut(fyne.KeyA, fyne.KeyModifierShift), do.addCrawler),
		item(lang.X("menu.tester.path", "Add Path Row"), shortcut(fyne.KeyP, fyne.KeyModifierShift), do.addPath),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(lang.X("live.menu.compare", "Compare with…"), do.compareWith),
		only(itemTestSetPlace, web, fyne.NewMenuItem(lang.X("menu.tester.tests_place", "Test Set Location…"), do.testSetPlace)),
	)
	part := m.part
	view := fyne.NewMenu(lang.X("menu.view", "View"), engines, compare, fyne.NewMenuItemSeparator())
	view.Items = append(append(view.Items, part.zoom()...), part.wrap(), part.resultsOnly(), fyne.NewMenuItemSeparator(), themes, langs,
		fyne.NewMenuItemSeparator(), part.presenter(), part.timeline(),
		fyne.NewMenuItemSeparator(), m.tabItem(web, +1), m.tabItem(web, -1))
	help := fyne.NewMenu(lang.X("menu.help", "Help"),
		fyne.NewMenuItem(lang.X("menu.help.shortcuts", "Keyboard Shortcuts"), do.shortcuts),
		fyne.NewMenuItem(lang.X("menu.help.about", "About Robots Studio"), do.about),
	)
	// A menu shortcut runs its action on the web driver's key goroutine.
	return keys.Menu(fyne.NewMainMenu(file, edit, tester, view, part.catalogue(), help))
}

// setEngine is View ▸ Engine ▸ id: the tester reads with id, which is
// remembered.
func (m *menuBar) setEngine(id string) {
	m.w.pane.SetEngine(id)
	m.w.app.Preferences().SetString(prefEngine, id)
	m.refresh()
	m.do.readingChanged()
}

// tabItem is View ▸ Next Tab (step +1, Ctrl+Page Down) or Previous Tab
// (-1, Ctrl+Page Up): the tabs in turn, round from the last to the first,
// from the keyboard wherever the focus is (a main-menu shortcut comes before
// the focused widget's). A browser keeps Ctrl+Page Up/Down for its own
// tabs, so the browser build's items have no shortcut to promise.
func (m *menuBar) tabItem(web bool, step int) *fyne.MenuItem {
	label, key := lang.X("menu.view.next_tab", "Next Tab"), fyne.KeyPageDown
	if step < 0 {
		label, key = lang.X("menu.view.previous_tab", "Previous Tab"), fyne.KeyPageUp
	}
	it := fyne.NewMenuItem(label, func() { m.stepTab(step) })
	if !web {
		it.Shortcut = shortcut(key, 0)
	}
	return it
}

// stepTab selects the tab step places from the shown one, round the ends.
func (m *menuBar) stepTab(step int) {
	tabs := m.w.tabs
	if n := len(tabs.Items); n > 0 {
		tabs.SelectIndex(((tabs.SelectedIndex()+step)%n + n) % n)
	}
}

func appendItem(m *fyne.Menu, it *fyne.MenuItem) *fyne.Menu {
	if m == nil {
		return fyne.NewMenu("", it)
	}
	m.Items = append(m.Items, it)
	return m
}

// toFocused sends a clipboard shortcut to the focused widget (an entry in
// the tester pane, or the editor), falling back to the editor.
func (m *menuBar) toFocused(sc fyne.Shortcut, fallback func()) {
	if f, ok := m.w.win.Canvas().Focused().(fyne.Shortcutable); ok && f != fyne.Shortcutable(m.w.ed) {
		f.TypedShortcut(sc)
		return
	}
	fallback()
}

func (m *menuBar) focusEditor() {
	m.do.showEditor()
	m.w.win.Canvas().Focus(m.w.ed)
}

// switchLanguage applies and remembers a language, then rebuilds the
// window's texts. Nothing the user did is lost: the editor is kept as it
// is (text, cursor, selection, history, scroll), every tab hands its state
// to its rebuilt self (language.go), and the window keeps its tab and the
// focused field.
func (s *studio) switchLanguage(code string) {
	s.app.Preferences().SetString(prefLanguage, code)
	setLanguage(code)
	focus := s.view.focusPlace()
	var inView tab
	for _, t := range s.tabList {
		if t.tabItem() == s.tabs.Selected() {
			inView = t
		}
	}
	kept := s.keepTabs()
	sync := s.pane.Synchronous()
	s.pane = s.newPane(s.pane.Engine(), s.pane.Compare(), nil)
	s.pane.SetSynchronous(sync)
	s.lint = newLintPanel(s.checks.jumpTo, s.checks.applyFix)
	s.buildContent()
	s.class.setSynchronous(sync)
	s.menus.refresh()
	s.title = ""
	s.documentChanged()
	s.restoreTabs(kept)
	s.updateTitle() // the rows are back: the file is as saved as it was
	s.refreshStatus()
	if inView != nil {
		s.showTab(inView)
	}
	s.view.restoreFocus(focus)
}
