package testerpane

import (
	"slices"

	"github.com/robots-studio/robots-studio/tester/testset"
)

// State is what the user did in the pane: the reading, the compare switch
// and its columns, the rows and expectations, the filter, the verdict
// toggles, the sort and the selected result. A pane rebuilt in another
// language takes it back with Restore.
type State struct {
	engine   string
	compare  bool
	set      *testset.Set
	order    []string
	hidden   []string
	filter   string
	toggles  [toggleCount]bool
	sortCol  int
	sortDesc bool
	selected *cell
	dividers [2]float64 // the rows' and the detail area's
}

// State returns what the user did in the pane.
func (p *Pane) State() State {
	order, hidden := p.CompareColumns()
	st := State{engine: p.reading.engineID, compare: p.compare, set: p.set.Clone(), order: order, hidden: hidden,
		filter: p.ui.filter.Text, toggles: p.view.toggles, sortCol: p.view.sortCol, sortDesc: p.view.sortDesc,
		dividers: [2]float64{p.ui.upper.Offset, p.ui.lower.Offset}}
	if p.selected != nil {
		sel := *p.selected
		st.selected = &sel
	}
	return st
}

// Restore puts st back into a freshly built pane: its labels speak the
// current language, its contents are the user's.
func (p *Pane) Restore(st State) {
	p.SetEngine(st.engine)
	p.SetCompareColumns(st.order, st.hidden)
	p.SetCompare(st.compare)
	p.SetTestSet(st.set)
	p.ui.filter.SetText(st.filter)
	for t, on := range st.toggles {
		p.ui.toggles[t].SetChecked(on)
	}
	p.view.sortCol, p.view.sortDesc = st.sortCol, st.sortDesc
	p.view.applyView()
	p.refreshResults()
	p.ui.upper.SetOffset(st.dividers[0])
	p.ui.lower.SetOffset(st.dividers[1])
	if st.selected != nil && slices.Contains(p.view.shown, st.selected.pair) {
		p.table.selectCell(*st.selected)
	}
}

// CompareColumns are the compare view's engine columns in order and the
// ones the user hid, as the window remembers them between runs.
func (p *Pane) CompareColumns() (order, hidden []string) {
	order = slices.Clone(p.matrix.order)
	for _, id := range p.matrix.order {
		if p.matrix.hidden[id] {
			hidden = append(hidden, id)
		}
	}
	return order, hidden
}

// SetCompareColumns puts back remembered columns: the order (see
// SetCompareOrder) and the hidden engines (unknown ids are ignored; at least
// one column stays).
func (p *Pane) SetCompareColumns(order, hidden []string) {
	quiet := p.onColumnsChanged
	p.onColumnsChanged = nil
	defer func() { p.onColumnsChanged = quiet }()
	p.matrix.hidden = map[string]bool{}
	for _, e := range p.reading.engines {
		// a reading added since the columns were remembered starts as a new
		// window shows it
		if id := e.Info().ID; hiddenByDefault(id) && !slices.Contains(order, id) {
			p.matrix.hidden[id] = true
		}
	}
	for _, id := range hidden {
		if p.reading.engineIndex(id) >= 0 && len(p.matrix.compareEngines()) > 1 {
			p.matrix.hidden[id] = true
		}
	}
	p.matrix.SetCompareOrder(order)
}

// SetOnColumnsChanged is called when the user reorders, shows or hides a
// compare column.
func (p *Pane) SetOnColumnsChanged(f func()) { p.onColumnsChanged = f }
