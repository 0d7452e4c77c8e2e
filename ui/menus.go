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
)

func shortcut(key fyne.KeyName, mod fyne.KeyModifier) fyne.Shortcut {
	return &desktop.CustomShortcut{KeyName: key, Modifier: fyne.KeyModifierShortcutDefault | mod}
}

func item(label string, sc fyne.Shortcut, action func()) *fyne.MenuItem {
	it := fyne.NewMenuItem(label, action)
	it.Shortcut = sc
	return it
}

// menuBar is the window's main menu and the editing actions only it
// starts.
type menuBar struct{ s *studio }

// refresh puts a new main menu on the window: it is rebuilt when the
// recent list, the engine, the theme, the catalogue or the language
// changes.
func (m menuBar) refresh() {
	mm := m.main()
	m.s.win.SetMainMenu(mm)
	m.bindMenuKeys(mm)
}

// main builds the main menu for this platform.
func (m menuBar) main() *fyne.MainMenu { return m.forPlatform(onWeb) }

// forPlatform builds the main menu for the browser build (web) or the
// desktop: the browser's leaves out what a page cannot do (platform.go).
func (m menuBar) forPlatform(web bool) *fyne.MainMenu {
	s := m.s
	p := s.app.Preferences()
	recent := fyne.NewMenuItem(lang.X("menu.file.recent", "Open Recent"), nil)
	for _, path := range recentFiles(p) {
		path := path
		recent.ChildMenu = appendItem(recent.ChildMenu, fyne.NewMenuItem(path, func() {
			s.whenSafe(func() { s.openPath(path) })
		}))
	}
	if recent.ChildMenu == nil {
		recent.Disabled = true
	}
	quit := item(lang.X("menu.file.quit", "Quit"), shortcut(fyne.KeyQ, 0), func() { s.whenSafe(s.quit) })
	quit.IsQuit = true
	file := platformMenu(lang.X("menu.file", "File"),
		item(lang.X("menu.file.new", "New"), shortcut(fyne.KeyN, 0), func() { s.whenSafe(s.newFile) }),
		item(lang.X("menu.file.open", "Open…"), shortcut(fyne.KeyO, 0), s.dialogs.openDialog),
		only(itemOpenPath, web, item(lang.X("menu.file.open_path", "Open Path…"), shortcut(fyne.KeyO, fyne.KeyModifierShift), s.dialogs.openPathDialog)),
		only(itemOpenRecent, web, recent),
		fyne.NewMenuItem(lang.X("live.menu.open_site", "Open from Site…"), s.live.openFromSite),
		fyne.NewMenuItemSeparator(),
		item(lang.X("menu.file.save", "Save"), shortcut(fyne.KeyS, 0), func() { s.save(nil) }),
		item(lang.X("menu.file.saveas", "Save As…"), shortcut(fyne.KeyS, fyne.KeyModifierShift), func() { s.saveAs(nil) }),
		item(lang.X("menu.file.revert", "Revert"), nil, s.revert),
		fyne.NewMenuItem(lang.X("window.menu.recover", "Recover Unsaved Work…"), s.recovery.offerRecovery),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(lang.X("lessontab.menu.open", "Open Lesson…"), s.class.openLessonDialog),
		fyne.NewMenuItem(lang.X("lessontab.menu.export", "Export Lesson…"), s.class.exportLessonDialog),
		fyne.NewMenuItemSeparator(),
		only(itemQuit, web, quit),
	)
	edit := fyne.NewMenu(lang.X("menu.edit", "Edit"),
		item(lang.X("menu.edit.undo", "Undo"), shortcut(fyne.KeyZ, 0), s.ed.Undo),
		item(lang.X("menu.edit.redo", "Redo"), shortcut(fyne.KeyY, 0), s.ed.Redo),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(lang.X("menu.edit.cut", "Cut"), func() { m.toFocused(&fyne.ShortcutCut{Clipboard: s.app.Clipboard()}, s.ed.Cut) }),
		fyne.NewMenuItem(lang.X("menu.edit.copy", "Copy"), func() { m.toFocused(&fyne.ShortcutCopy{Clipboard: s.app.Clipboard()}, s.ed.Copy) }),
		fyne.NewMenuItem(lang.X("menu.edit.paste", "Paste"), func() { m.toFocused(&fyne.ShortcutPaste{Clipboard: s.app.Clipboard()}, s.ed.Paste) }),
		fyne.NewMenuItemSeparator(),
		item(lang.X("menu.edit.find", "Find…"), shortcut(fyne.KeyF, 0), func() { m.focusEditor(); s.ed.ShowBar(editor.FindBar) }),
		item(lang.X("menu.edit.replace", "Replace…"), shortcut(fyne.KeyH, 0), func() { m.focusEditor(); s.ed.ShowBar(editor.ReplaceBar) }),
		item(lang.X("menu.edit.goto", "Go to Line…"), shortcut(fyne.KeyG, 0), func() { m.focusEditor(); s.ed.ShowBar(editor.GoToLineBar) }),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(lang.X("menu.edit.fixall", "Apply All Safe Fixes"), s.checks.applySafeFixes),
	)
	engines := fyne.NewMenuItem(lang.X("menu.view.engine", "Engine"), nil)
	own := fyne.NewMenuItem(lang.X("testerpane.reading.own", "Each crawler's own"), func() {
		s.pane.SetEngine(testerpane.OwnReading)
		p.SetString(prefEngine, testerpane.OwnReading)
		m.refresh()
		s.refreshStatus()
	})
	own.Checked = s.pane.Engine() == testerpane.OwnReading
	engines.ChildMenu = appendItem(engines.ChildMenu, own)
	for _, e := range engine.All() {
		id := e.Info().ID
		it := fyne.NewMenuItem(msg.New(e.Info().Name).String()+"  ("+id+")", func() {
			s.pane.SetEngine(id)
			p.SetString(prefEngine, id)
			m.refresh()
			s.refreshStatus()
		})
		it.Checked = s.pane.Engine() == id
		engines.ChildMenu = appendItem(engines.ChildMenu, it)
	}
	compare := item(lang.X("menu.view.compare", "Compare Readings"), shortcut(fyne.KeyE, fyne.KeyModifierShift), nil)
	compare.Checked = s.pane.Compare()
	compare.Action = func() {
		s.pane.SetCompare(!s.pane.Compare())
		s.compareChanged(s.pane.Compare())
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
			applyTheme(s.app, id)
			s.tell(themed)
			m.refresh()
		})
		it.Checked = p.StringWithFallback(prefTheme, "system") == id
		themes.ChildMenu = appendItem(themes.ChildMenu, it)
	}
	langs := fyne.NewMenuItem(lang.X("menu.view.language", "Language"), nil)
	sys := fyne.NewMenuItem(lang.X("menu.view.language.system", "System"), func() { s.switchLanguage("") })
	sys.Checked = p.String(prefLanguage) == ""
	langs.ChildMenu = appendItem(langs.ChildMenu, sys)
	for _, l := range languages {
		code := l.code
		it := fyne.NewMenuItem(l.name, func() { s.switchLanguage(code) })
		it.Checked = p.String(prefLanguage) == code
		langs.ChildMenu = appendItem(langs.ChildMenu, it)
	}
	tester := platformMenu(lang.X("menu.tester", "Tester"),
		item(lang.X("menu.tester.crawler", "Add Crawler Row"), shortcut(fyne.KeyA, fyne.KeyModifierShift), func() { s.showEditor(); s.pane.AddCrawler() }),
		item(lang.X("menu.tester.path", "Add Path Row"), shortcut(fyne.KeyP, fyne.KeyModifierShift), func() { s.showEditor(); s.pane.AddPath() }),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(lang.X("live.menu.compare", "Compare with…"), s.live.compareWith),
		only(itemTestSetPlace, web, fyne.NewMenuItem(lang.X("menu.tester.tests_place", "Test Set Location…"), s.dialogs.showTestSetPlace)),
	)
	view := fyne.NewMenu(lang.X("menu.view", "View"), engines, compare, fyne.NewMenuItemSeparator())
	view.Items = append(append(view.Items, s.view.zoomItems()...), s.view.wrapItem(), s.view.resultsOnlyItem(), fyne.NewMenuItemSeparator(), themes, langs,
		fyne.NewMenuItemSeparator(), s.class.presenterItem(), s.class.timelineItem(),
		fyne.NewMenuItemSeparator(), m.tabItem(web, +1), m.tabItem(web, -1))
	help := fyne.NewMenu(lang.X("menu.help", "Help"),
		fyne.NewMenuItem(lang.X("menu.help.shortcuts", "Keyboard Shortcuts"), s.dialogs.showShortcuts),
		fyne.NewMenuItem(lang.X("menu.help.about", "About Robots Studio"), s.dialogs.showAbout),
	)
	// A menu shortcut runs its action on the web driver's key goroutine.
	return keys.Menu(fyne.NewMainMenu(file, edit, tester, view, s.catalogue.menu(), help))
}

// tabItem is View ▸ Next Tab (step +1, Ctrl+Page Down) or Previous Tab
// (-1, Ctrl+Page Up): the tabs in turn, round from the last to the first,
// from the keyboard wherever the focus is (a main-menu shortcut comes before
// the focused widget's). A browser keeps Ctrl+Page Up/Down for its own
// tabs, so the browser build's items have no shortcut to promise.
func (m menuBar) tabItem(web bool, step int) *fyne.MenuItem {
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
func (m menuBar) stepTab(step int) {
	tabs := m.s.tabs
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
func (m menuBar) toFocused(sc fyne.Shortcut, fallback func()) {
	s := m.s
	if f, ok := s.win.Canvas().Focused().(fyne.Shortcutable); ok && f != fyne.Shortcutable(s.ed) {
		f.TypedShortcut(sc)
		return
	}
	fallback()
}

func (m menuBar) focusEditor() {
	s := m.s
	s.showEditor()
	s.win.Canvas().Focus(s.ed)
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
