package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"

	"github.com/robots-studio/robots-studio/ui/look"
)

// zoom is the window's zoom in percent (100 when never changed).
func (s *studio) zoom() int {
	return look.ClampZoom(s.app.Preferences().IntWithFallback(prefZoom, look.DefaultZoom))
}

// setZoom scales the whole window (editor, tables, tabs) to percent,
// clamped to look.MinZoom..look.MaxZoom, and remembers it. The theme
// carries the zoom, so every widget re-measures on the theme change.
func (s *studio) setZoom(percent int) {
	s.app.Preferences().SetInt(prefZoom, look.ClampZoom(percent))
	applyTheme(s.app, s.app.Preferences().StringWithFallback(prefTheme, "system"))
}

// zoomItems are the View menu's zoom entries: Ctrl+= in, Ctrl+- out,
// Ctrl+0 back to 100 %.
func (s *studio) zoomItems() []*fyne.MenuItem {
	in := item(lang.X("editor.menu.zoom_in", "Zoom In"), shortcut(fyne.KeyEqual, 0), func() { s.setZoom(look.ZoomIn(s.zoom())) })
	out := item(lang.X("editor.menu.zoom_out", "Zoom Out"), shortcut(fyne.KeyMinus, 0), func() { s.setZoom(look.ZoomOut(s.zoom())) })
	reset := item(lang.X("editor.menu.zoom_reset", "Actual Size"), shortcut(fyne.Key0, 0), func() { s.setZoom(look.DefaultZoom) })
	return []*fyne.MenuItem{in, out, reset}
}

// initView applies the remembered view options to a new window: word wrap,
// and Ctrl++ (Shift+= or the keypad plus) beside the menu's Ctrl+= — a menu
// item carries one shortcut, so the other spellings are caught here, from
// the editor or, when nothing has focus, from the window.
func (s *studio) initView() {
	s.ed.SetWrap(s.app.Preferences().Bool(prefWrap))
	s.ed.SetOnShortcut(func(sc *desktop.CustomShortcut) { s.zoomShortcut(sc) })
	for _, sc := range zoomInAliases() {
		s.win.Canvas().AddShortcut(sc, func(fyne.Shortcut) { s.setZoom(look.ZoomIn(s.zoom())) })
	}
}

// zoomInAliases are the other key spellings of Ctrl++.
func zoomInAliases() []*desktop.CustomShortcut {
	return []*desktop.CustomShortcut{
		{KeyName: fyne.KeyEqual, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift},
		{KeyName: fyne.KeyPlus, Modifier: fyne.KeyModifierShortcutDefault},
		{KeyName: fyne.KeyPlus, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift},
	}
}

// zoomShortcut zooms in on a Ctrl++ the editor passed on; it reports
// whether sc was one.
func (s *studio) zoomShortcut(sc *desktop.CustomShortcut) bool {
	for _, a := range zoomInAliases() {
		if sc.ShortcutName() == a.ShortcutName() {
			s.setZoom(look.ZoomIn(s.zoom()))
			return true
		}
	}
	return false
}

// wrapItem is View ▸ Word Wrap, a remembered toggle for the editor.
func (s *studio) wrapItem() *fyne.MenuItem {
	it := fyne.NewMenuItem(lang.X("editor.menu.wrap", "Word Wrap"), nil)
	it.Checked = s.ed.Wrap()
	it.Action = func() {
		s.setWrap(!s.ed.Wrap())
	}
	return it
}

// setWrap turns the editor's word wrap on or off and remembers it.
func (s *studio) setWrap(on bool) {
	s.ed.SetWrap(on)
	s.app.Preferences().SetBool(prefWrap, on)
	s.win.SetMainMenu(s.menu())
}
