package ui

import (
	"testing"

	"fyne.io/fyne/v2"
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
	if s.zoom() != 100 {
		t.Fatalf("fresh zoom = %d, want 100", s.zoom())
	}
	s.setZoom(150)
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
	s.setZoom(1000)
	if s.zoom() != look.MaxZoom {
		t.Errorf("zoom 1000 clamped to %d, want %d", s.zoom(), look.MaxZoom)
	}
}

// The menu's shortcuts step through the zoom stops and Ctrl+0 resets.
func TestZoomMenuShortcuts(t *testing.T) {
	s := newTestStudio(t)
	run := func(key fyne.KeyName) {
		t.Helper()
		for _, it := range s.zoomItems() {
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
		if s.zoom() != c.want {
			t.Fatalf("after Ctrl+%s zoom = %d, want %d", c.key, s.zoom(), c.want)
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
