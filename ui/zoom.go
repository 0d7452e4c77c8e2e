package ui

import (
	"fyne.io/fyne/v2"
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
