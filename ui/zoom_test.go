package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"

	"github.com/robots-studio/robots-studio/ui/look"
)

// Zoom scales the text of the whole window, the editor re-measures, and
// the zoom is kept in the preferences for the next start.
func TestZoomScalesTextAndIsRemembered(t *testing.T) {
	s := newTestStudio(t)
	applyTheme(s.app, "light")
	base := theme.Size(theme.SizeNameText)
	edMin := s.ed.MinSize()
	if s.view.zoom() != 100 {
		t.Fatalf("fresh zoom = %d, want 100", s.view.zoom())
	}
	s.view.setZoom(150)
	if got := theme.Size(theme.SizeNameText); got != base*1.5 {
		t.Errorf("text size at 150%% = %v, want %v", got, base*1.5)
	}
	if got := s.ed.MinSize(); got.Width <= edMin.Width*1.4 || got.Height <= edMin.Height*1.4 {
		t.Errorf("editor did not re-measure: min size %v at 100%%, %v at 150%%", edMin, got)
	}
	if got := s.app.Preferences().Int(prefZoom); got != 150 {
		t.Errorf("remembered zoom = %d, want 150", got)
	}
	// A new start reads the zoom back from the preferences.
	s.app.Settings().SetTheme(theme.DefaultTheme())
	applyTheme(s.app, "dark")
	if got := theme.Size(theme.SizeNameText); got != base*1.5 {
		t.Errorf("text size after restart = %v, want %v", got, base*1.5)
	}
	if look.ClampZoom(1000) != look.MaxZoom || look.ClampZoom(1) != look.MinZoom {
		t.Errorf("zoom limits: 1000 → %d, 1 → %d", look.ClampZoom(1000), look.ClampZoom(1))
	}
}

// Zooming in stops at the largest stop whose layout fits the window, so
// the window never grows past its size (and off the screen).
func TestZoomInStopsWhereTheWindowIsFull(t *testing.T) {
	s := newTestStudio(t)
	applyTheme(s.app, "light")
	s.view.setZoom(look.MaxZoom)
	got := s.view.zoom()
	if got >= look.MaxZoom || got < 125 {
		t.Fatalf("zoom %d at 1280×800, want the largest stop that fits (below %d)", got, look.MaxZoom)
	}
	if min, size := s.win.Content().MinSize(), s.win.Canvas().Size(); min.Width > size.Width || min.Height > size.Height {
		t.Errorf("at %d%% the content needs %v, the window has %v", got, min, size)
	}
	if s.app.Preferences().Int(prefZoom) != got {
		t.Errorf("remembered %d, in use %d", s.app.Preferences().Int(prefZoom), got)
	}
	// In a bigger window the same request goes further.
	s.win.Resize(fyne.NewSize(2560, 1600))
	s.view.setZoom(look.MaxZoom)
	if s.view.zoom() <= got {
		t.Errorf("in a 2560×1600 window zoom stopped at %d, no further than at 1280×800 (%d)", s.view.zoom(), got)
	}
	// Zooming out is never refused.
	s.win.Resize(fyne.NewSize(1280, 800))
	s.view.setZoom(look.DefaultZoom)
	if s.view.zoom() != look.DefaultZoom {
		t.Errorf("zoom out to 100 gave %d", s.view.zoom())
	}
}

// The menu's shortcuts step through the zoom stops and Ctrl+0 resets.
func TestZoomMenuShortcuts(t *testing.T) {
	s := newTestStudio(t)
	run := func(key fyne.KeyName) {
		t.Helper()
		for _, it := range s.view.zoomItems() {
			if sc, ok := it.Shortcut.(fyne.KeyboardShortcut); ok && sc.Key() == key {
				it.Action()
				return
			}
		}
		t.Fatalf("no zoom item for %s", key)
	}
	for _, c := range []struct {
		key  fyne.KeyName
		want int
	}{{fyne.KeyEqual, 110}, {fyne.KeyEqual, 125}, {fyne.KeyMinus, 110}, {fyne.Key0, 100}, {fyne.KeyMinus, 90}} {
		run(c.key)
		if s.view.zoom() != c.want {
			t.Fatalf("after Ctrl+%s zoom = %d, want %d", c.key, s.view.zoom(), c.want)
		}
	}
}

// Captions are never drawn below 12 px.
func TestCaptionAtLeast12px(t *testing.T) {
	for _, v := range []string{"light", "dark"} {
		if got := look.New(v).Size(theme.SizeNameCaptionText); got < 12 {
			t.Errorf("%s caption size = %v, want ≥ 12", v, got)
		}
	}
}

// Ctrl++ (Shift+= or the keypad plus) reaches the zoom from the editor,
// which passes on the Ctrl shortcuts it does not use.
func TestCtrlPlusZoomsFromTheEditor(t *testing.T) {
	s := newTestStudio(t)
	s.ed.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyEqual, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift})
	if s.view.zoom() != 110 {
		t.Fatalf("Ctrl+Shift+= zoom = %d, want 110", s.view.zoom())
	}
	s.ed.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyPlus, Modifier: fyne.KeyModifierShortcutDefault})
	if s.view.zoom() != 125 {
		t.Fatalf("Ctrl+keypad + zoom = %d, want 125", s.view.zoom())
	}
	s.ed.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyK, Modifier: fyne.KeyModifierShortcutDefault})
	if s.view.zoom() != 125 {
		t.Fatalf("Ctrl+K changed the zoom to %d", s.view.zoom())
	}
}

// View ▸ Word Wrap toggles the editor's wrap and a new window starts with
// the remembered setting.
func TestWordWrapToggleIsRemembered(t *testing.T) {
	s := newTestStudio(t)
	if s.ed.Wrap() {
		t.Fatal("wrap is on in a fresh window")
	}
	s.view.wrapItem().Action()
	if !s.ed.Wrap() || !s.app.Preferences().Bool(prefWrap) {
		t.Fatalf("after the toggle wrap=%v, remembered=%v", s.ed.Wrap(), s.app.Preferences().Bool(prefWrap))
	}
	if !s.view.wrapItem().Checked {
		t.Error("the menu item is not checked while wrap is on")
	}
	again := testStudio(s.app, t.TempDir())
	if !again.ed.Wrap() {
		t.Error("a new window did not start with wrap on")
	}
}
