package testerpane

import "github.com/robots-studio/robots-studio/tester/syntax"

// TraceState is what the results show now, for the window's opt-in speed
// trace (ui/trace.go): the document their verdicts are for, whether the
// counts, filter and sort are worked out for that document too, and how
// many result rows there are.
func (p *Pane) TraceState() (doc *syntax.Document, tallied bool, rows int) {
	return p.doc, p.tallies.factsOK, len(p.view.pairs)
}

// trace starts a named step of the speed trace; call it as
// defer trace(ps, name)().
func trace(ps *paneState, name string) func() {
	if ps.TraceStep == nil {
		return func() {}
	}
	return ps.TraceStep(name)
}
