package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/ui/look"
)

// viewSide is how the window is seen: its zoom, word wrap, size on the
// screen and where the focus is.
type viewSide struct {
	// w are the window's objects: the view reads the pane and the editor
	// | tester divider there each time (the studio replaces both: a new
	// pane on a language switch, a new split with every rebuilt content);
	// split is nil before the content is built.
	w *shared
	// menuChanged rebuilds the main menu, whose items show the zoom, wrap
	// and results-only states (a new menu bar also lays the window out again).
	menuChanged func()
	// traceStep records a zoom the user asked for in the opt-in speed
	// trace (trace.go); nil records nothing.
	traceStep func(name string) func()
	// working runs slow work once the window shows it is under way
	// (working.go); nil runs it at once.
	working func(func())
}

// newViewSide makes the view part of the window win showing ed.
func newViewSide(w *shared, menuChanged func()) viewSide {
	return viewSide{w: w, menuChanged: menuChanged}
}

// zoom is the window's zoom in percent (100 when never changed).
func (v *viewSide) zoom() int {
	return v.themeZoom()
}

// setZoom scales the whole window (editor, tables, tabs) to percent,
// clamped to look.MinZoom..look.MaxZoom, and remembers it. The theme
// carries the zoom, so every widget re-measures on the theme change.
// Zooming in stops at the largest stop whose layout still fits the window:
// a window whose content outgrows it would grow past the screen.
func (v *viewSide) setZoom(percent int) {
	percent = look.ClampZoom(percent)
	prev := v.themeZoom()
	v.applyZoom(percent)
	for percent > prev && !v.fits() {
		percent = max(prev, look.ZoomOut(percent))
		v.applyZoom(percent)
	}
	v.w.app.Preferences().SetInt(prefZoom, percent)
	// A new menu bar makes the window lay out again under the menu's new
	// height; without it a zoom by key repaints only at the next event.
	v.menuChanged()
}

// userZoom is a zoom the user asked for (View ▸ Zoom In, Zoom Out, Actual
// Size and their keys): setZoom to next(the zoom then), recorded as the
// trace's "zoom" step. The step is worked out when it runs, so two quick
// presses zoom two steps.
func (v *viewSide) userZoom(next func(int) int) {
	zoom := func() {
		if v.traceStep != nil {
			defer v.traceStep("zoom")()
		}
		v.setZoom(next(v.zoom()))
	}
	if v.working == nil {
		zoom()
		return
	}
	v.working(zoom)
}

// applyZoom sets the theme at percent.
func (v *viewSide) applyZoom(percent int) {
	t := look.New(v.w.app.Preferences().StringWithFallback(prefTheme, "system"))
	t.Zoom = percent
	setTheme(v.w.app, t)
}

// themeZoom is the zoom of the theme in use.
func (v *viewSide) themeZoom() int {
	if t, ok := v.w.app.Settings().Theme().(*look.Theme); ok {
		return look.ClampZoom(t.Zoom)
	}
	return look.DefaultZoom
}

// fits reports whether the window's content, at the theme in use, fits
// the window's current size.
func (v *viewSide) fits() bool {
	c := v.w.win.Canvas()
	have := c.Size()
	need := v.w.win.Content().MinSize()
	if m, ok := c.(interface{ MinSize() fyne.Size }); ok {
		need = m.MinSize() // the desktop canvas adds its menu bar and padding
	}
	return have.Width <= 0 || need.Width <= have.Width+0.5 && need.Height <= have.Height+0.5
}

// zoomItems are the View menu's zoom entries: Ctrl+= in, Ctrl+- out,
// Ctrl+0 back to 100 %.
func (v *viewSide) zoomItems() []*fyne.MenuItem {
	in := item(lang.X("editor.menu.zoom_in", "Zoom In"), shortcut(fyne.KeyEqual, 0), func() { v.userZoom(look.ZoomIn) })
	out := item(lang.X("editor.menu.zoom_out", "Zoom Out"), shortcut(fyne.KeyMinus, 0), func() { v.userZoom(look.ZoomOut) })
	reset := item(lang.X("editor.menu.zoom_reset", "Actual Size"), shortcut(fyne.Key0, 0), func() { v.userZoom(func(int) int { return look.DefaultZoom }) })
	return []*fyne.MenuItem{in, out, reset}
}

// initView applies the remembered view options to a new window: word wrap,
// and Ctrl++ (Shift+= or the keypad plus) beside the menu's Ctrl+= — a menu
// item carries one shortcut, so the other spellings are caught here, from
// the editor or, when nothing has focus, from the window.
func (v *viewSide) initView() {
	v.w.ed.SetWrap(v.w.app.Preferences().Bool(prefWrap))
	v.w.ed.OnShortcut = v.zoomShortcut
	for _, sc := range zoomInAliases() {
		v.w.win.Canvas().AddShortcut(sc, keys.Shortcut(func(fyne.Shortcut) { v.userZoom(look.ZoomIn) }))
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

// zoomShortcut zooms in when sc, passed on by the editor, is a Ctrl++.
func (v *viewSide) zoomShortcut(sc *desktop.CustomShortcut) {
	for _, a := range zoomInAliases() {
		if sc.ShortcutName() == a.ShortcutName() {
			v.userZoom(look.ZoomIn)
			return
		}
	}
}
