package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
)

// setResultsOnly gives the tester the window's whole width (on), as the
// tester's Results only button asks, or gives the editor its side back.
func (v *viewSide) setResultsOnly(on bool) {
	s := v.s
	if s.split == nil || s.split.Leading == nil {
		return
	}
	if on == !s.split.Leading.Visible() {
		return
	}
	if on {
		s.split.Leading.Hide()
	} else {
		s.split.Leading.Show()
	}
	s.split.Refresh()
	s.menus.refresh()
}

// resultsOnlyItem is View ▸ Results Only.
func (v *viewSide) resultsOnlyItem() *fyne.MenuItem {
	s := v.s
	it := fyne.NewMenuItem(lang.X("menu.view.results_only", "Results Only"), func() { s.pane.ResultsOnly().Set(!s.pane.ResultsOnly().On()) })
	it.Checked = s.pane != nil && s.pane.ResultsOnly().On()
	return it
}
