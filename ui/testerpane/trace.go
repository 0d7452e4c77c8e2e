package testerpane

import "github.com/robots-studio/robots-studio/tester/syntax"

// TraceState is what the results show now, for the window's opt-in speed
// trace (ui/trace.go): the document their verdicts are for, whether the
// counts, filter and sort are worked out for that document too, and how
// many result rows there are.
func (p *Pane) TraceState() (doc *syntax.Document, tallied bool, rows int) {
	return p.doc, p.tallies.factsOK, len(p.view.pairs)
}

// SetTrace gives the pane the window's opt-in speed trace: step(name)
// records a named step (a paste of rows: "paste") and returns the function
// to call when its handler ends.
func (p *Pane) SetTrace(step func(name string) func()) { p.traceStep = step }

// trace starts a named step of the speed trace; call it as
// defer p.trace(name)().
func (ps *paneState) trace(name string) func() {
	if ps.traceStep == nil {
		return func() {}
	}
	return ps.traceStep(name)
}
