package ui

import (
	"fmt"
	"strings"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/ui/dlg"
)

// The menu bar from the keyboard. Fyne's desktop driver opens the bar on a
// lone Alt press and release, and once it is open the arrows move through
// it (Left and Right between the menus and into submenus, Up and Down
// through the items), Enter runs an item and Esc closes it. F10 (as in
// Windows and GTK programs) and Alt with a menu's letter are added here.
// Fyne draws no underline under a menu's letter: Help ▸ Keyboard Shortcuts
// lists the letters (menuLetters).

// menuToggler is the desktop driver's canvas, which opens and closes the
// menu bar (the test driver's has no menu bar).
type menuToggler interface{ ToggleMenu() }

// menuKeys is the state of the menu keys: the letters bound now, so a
// rebuilt menu (another language) replaces them.
type menuKeys struct {
	bound []fyne.Shortcut
	// toggle opens or closes the menu bar; nil: the canvas's own (tests
	// set it, the test driver having no menu bar).
	toggle func()
	// opened, when set, is told of a menu to open in place of the
	// canvas (tests).
	opened func(i int)
}

// menuLetters is each menu's key with Alt: the first letter of its title
// that is an ASCII letter no earlier menu took, else the English title's
// initial (a Russian title has no ASCII letter), else none (0).
func menuLetters(titles, english []string) []rune {
	taken := map[rune]bool{}
	out := make([]rune, len(titles))
	pick := func(s string) rune {
		for _, r := range strings.ToUpper(s) {
			if r < 128 && unicode.IsLetter(r) && !taken[r] {
				return r
			}
		}
		return 0
	}
	for i, t := range titles {
		r := pick(t)
		if r == 0 && i < len(english) {
			r = pick(english[i])
		}
		if r != 0 {
			taken[r] = true
		}
		out[i] = r
	}
	return out
}

// menuEnglish is the English title of each menu, in order (menuBar.main).
var menuEnglish = []string{"File", "Edit", "Tester", "View", "Catalogue", "Help"}

// bindMenuKeys binds Alt and each menu's letter to opening that menu.
func (m *menuBar) bindMenuKeys(mm *fyne.MainMenu) {
	c := m.w.win.Canvas()
	for _, sc := range m.keys.bound {
		c.RemoveShortcut(sc)
	}
	m.keys.bound = nil
	for i, r := range menuLetters(menuTitles(mm), menuEnglish) {
		if r == 0 {
			continue
		}
		i := i
		sc := &desktop.CustomShortcut{KeyName: fyne.KeyName(string(r)), Modifier: fyne.KeyModifierAlt}
		c.AddShortcut(sc, keys.Shortcut(func(fyne.Shortcut) { m.openMenu(i) }))
		m.keys.bound = append(m.keys.bound, sc)
	}
}

func menuTitles(mm *fyne.MainMenu) []string {
	var t []string
	for _, m := range mm.Items {
		t = append(t, m.Label)
	}
	return t
}

// toggleMenu opens the menu bar on its first menu, or closes it (F10).
func (m *menuBar) toggleMenu() {
	if dlg.Open(m.w.win) > 0 {
		return // a dialog has the keys; the bar would open under it
	}
	if f := m.keys.toggle; f != nil {
		f()
		return
	}
	if t, ok := m.w.win.Canvas().(menuToggler); ok {
		t.ToggleMenu()
	}
}

// menuOpen reports whether the menu bar has the keyboard: a menu title is
// focused (the driver's own type, seen by name).
func (m *menuBar) menuOpen() bool {
	return strings.HasSuffix(fmt.Sprintf("%T", m.w.win.Canvas().Focused()), ".menuBarItem")
}

// openMenu opens menu i of the bar: the bar opens on its first menu and
// the focus steps right, as the Right arrow does.
func (m *menuBar) openMenu(i int) {
	if dlg.Open(m.w.win) > 0 {
		return
	}
	if f := m.keys.opened; f != nil {
		f(i)
		return
	}
	if m.menuOpen() {
		m.toggleMenu() // closed first, so it opens at the first menu
	}
	m.toggleMenu()
	c := m.w.win.Canvas()
	for range i {
		c.FocusNext()
	}
}

// menuKeysHelp is the Keyboard Shortcuts list's lines for the menus.
func (m *menuBar) menuKeysHelp(mm *fyne.MainMenu) [][2]string {
	rows := [][2]string{
		{"F10, Alt", lang.X("help.keys.menu_bar", "the menu bar: arrows move through menus and items, Enter runs one, Esc closes")},
	}
	titles := menuTitles(mm)
	for i, r := range menuLetters(titles, menuEnglish) {
		if r == 0 {
			continue
		}
		rows = append(rows, [2]string{"Alt+" + string(r), lang.X("help.keys.menu_open", "open the menu {{.Menu}}", map[string]any{"Menu": titles[i]})})
	}
	return rows
}
