package testerpane

import "github.com/robots-studio/robots-studio/tester/engine"

// SetPresenting lays the pane out for presenter mode: the crawler and path
// rows (open or folded), the verdict toggles and the detail area are hidden, so the results
// table keeps the height (the window shows the selected explanation in
// large type beside it), and the column chooser gives its width to the
// reading's name. With no results yet the rows stay, so the class can
// type a crawler and a path. Off restores them.
func (p *Pane) SetPresenting(on bool) {
	ui := &p.ui
	p.presenting = on
	p.table.columnsFollow(p.table.tableW) // the deciding line may give way (normalColumns)
	for _, o := range []interface {
		Show()
		Hide()
	}{ui.inputs, ui.toggleBox, ui.fold.bar, ui.columnsBtn} {
		keep := o == ui.inputs && len(p.view.shown) == 0
		if on && !keep {
			o.Hide()
		} else {
			o.Show()
		}
	}
	// With no results the rows the class types in take most of the
	// height (the results area holds a line of hint): at their quarter
	// their headings were cut in half under the Add buttons at 1024×768.
	switch keep := len(p.view.shown) == 0; {
	case on && keep && !p.rowsRoomy:
		p.rowsRoomy, p.rowsShare = true, ui.upper.Offset
		ui.upper.SetOffset(presentingRowsShare)
	case !on && p.rowsRoomy:
		p.rowsRoomy = false
		ui.upper.SetOffset(p.rowsShare)
	}
	p.detail.update() // hidden presenting (a selection keeps it so), else shown when a result is selected
	ui.root.Refresh()
	if !on && p.selected != nil {
		// a result selected while presenting: its explanation whole (the
		// area came back one line tall)
		p.detail.openDetail()
	}
}

// presentingRowsShare is the rows' share of the pane's height in presenter
// mode while there are no results.
const presentingRowsShare = 0.6

// SelectedWhy is the "why do they differ?" line of the selected result's
// row in compare mode ("" when nothing is selected, compare is off or the
// readings agree).
func (p *Pane) SelectedWhy() string {
	if p.selected == nil || !p.compare {
		return ""
	}
	return p.matrix.whyDiffer(p.selected.pair)
}

// Selected is the verdict of the selected result as the pane has it now
// (false when nothing is selected or its answer is not computed yet).
func (p *Pane) Selected() (engine.Verdict, bool) {
	if p.selected == nil {
		return engine.Verdict{}, false
	}
	v := p.answers.verdict(*p.selected)
	if v == nil {
		return engine.Verdict{}, false
	}
	return *v, true
}
