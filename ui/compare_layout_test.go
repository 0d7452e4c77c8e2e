package ui

import (
	"testing"

	"fyne.io/fyne/v2"
)

// Turning compare on keeps the editor's width and the Problems panel's
// (issue 16.4: compare must not squeeze the editor); the panel lays its
// detail under the list when it is too narrow for both side by side.
func TestCompareKeepsTheEditorWidth(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	s := newTestStudio(t)
	s.openSample()
	s.win.Resize(fyne.NewSize(1280, 800))
	s.win.Content().Refresh()
	edBefore, listBefore := s.ed.Size().Width, s.lint.list.Size().Width
	if edBefore < 500 {
		t.Fatalf("editor only %v px wide at 1280×800", edBefore)
	}
	s.pane.SetCompare(true)
	s.compareChanged(true)
	s.win.Content().Refresh()
	if got := s.ed.Size().Width; got < edBefore-1 {
		t.Errorf("compare squeezed the editor from %v to %v px", edBefore, got)
	}
	if got := s.lint.list.Size().Width; got < listBefore-1 {
		t.Errorf("compare squeezed the Problems list from %v to %v px", listBefore, got)
	}
	// Narrow (the user dragged the divider left): the detail goes under
	// the list, which keeps the panel's whole width.
	s.split.SetOffset(0.3)
	s.win.Content().Refresh()
	w := s.lint.box.Size().Width
	if s.lint.body.Horizontal || s.lint.list.Size().Width < w-20 {
		t.Errorf("at %v px the Problems list is %v px wide (side by side: %v)", w, s.lint.list.Size().Width, s.lint.body.Horizontal)
	}
	s.split.SetOffset(0.6)
	s.win.Content().Refresh()
	if !s.lint.body.Horizontal {
		t.Error("a wide Problems panel does not show the detail beside the list")
	}
}
