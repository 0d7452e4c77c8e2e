package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
)

// setResultsOnly gives the tester the window's whole width (on), as the
// tester's Results only button asks, or gives the editor its side back.
func (v *viewSide) setResultsOnly(on bool) {
	split := v.w.split
	if split == nil || split.Leading == nil {
		return
	}
	if on == !split.Leading.Visible() {
		return
	}
	if on {
		split.Leading.Hide()
	} else {
		split.Leading.Show()
	}
	split.Refresh()
	v.menuChanged()
}

// resultsOnlyItem is View ▸ Results Only.
func (v *viewSide) resultsOnlyItem() *fyne.MenuItem {
	it := fyne.NewMenuItem(lang.X("menu.view.results_only", "Results Only"), func() { v.w.pane.ResultsOnly().Set(!v.w.pane.ResultsOnly().On()) })
	it.Checked = v.w.pane != nil && v.w.pane.ResultsOnly().On()
	return it
}
