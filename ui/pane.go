package ui

import (
	"github.com/robots-studio/robots-studio/tester/testset"
	"github.com/robots-studio/robots-studio/ui/testerpane"
)

// newPane makes a tester pane wired to the window, carrying over the engine,
// the compare switch and the rows of a previous one.
func (s *studio) newPane(engineID string, compare bool, set *testset.Set) *testerpane.Pane {
	p := testerpane.New(s.win)
	p.SetEngine(engineID)
	p.SetCompare(compare)
	if set != nil {
		p.SetTestSet(set)
	}
	p.SetOnSelect(s.checks.selectVerdict)
	p.TraceStep = func(name string) func() { return s.trace.step(name) }
	p.SetOnTestSetChanged(func() { s.updateTitle(); s.refreshStatus() })
	p.SetOnEngineChanged(func(id string) {
		s.app.Preferences().SetString(prefEngine, id)
		s.class.readingChosen(id)
		s.checks.readingsChanged()
		s.menus.refresh()
		s.refreshStatus()
	})
	p.SetOnCompareChanged(s.compareChanged)
	p.ResultsOnly().SetOnChange(s.view.setResultsOnly)
	s.view.setResultsOnly(false) // a new pane starts beside the editor
	// Export… starts beside the robots.txt and is named after it.
	p.SetExportPlace(func() (string, string) { return s.dialogs.startDir(), s.doc.SaveName() })
	p.SetCompareColumns(compareColumns(s.app.Preferences()))
	p.SetOnColumnsChanged(func() { rememberCompareColumns(s.app.Preferences(), p) })
	s.checks.lintReadings.set(lintChosen(engineID, compare))
	return p
}
