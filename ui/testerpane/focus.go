package testerpane

import (
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Results only: a toggle in the tester's header (and View ▸ Results Only)
// that gives the tester the whole width of the window, as an editor's
// "zen" or "maximise" does: at 1024×768 the table beside the editor held
// twenty characters of a path and cut the deciding line; alone it holds
// them whole. The window hides and shows its own side (SetOnResultsOnly).

// buildResultsOnly makes one of the toggle's buttons: one is on the folded
// lists' line, one beside the open lists' Fold.
func (p *Pane) buildResultsOnly() *widget.Button {
	b := widget.NewButtonWithIcon("", theme.ViewFullScreenIcon(), func() { p.SetResultsOnly(!p.resultsOnly) })
	b.Importance = widget.LowImportance
	p.ui.resultsOnlyBtns = append(p.ui.resultsOnlyBtns, b)
	p.updateResultsOnlyBtn()
	return b
}

func (p *Pane) updateResultsOnlyBtn() {
	for _, b := range p.ui.resultsOnlyBtns {
		if p.resultsOnly {
			b.SetIcon(theme.ViewRestoreIcon())
			b.SetText(lang.X("testerpane.results_only.off", "Editor"))
		} else {
			b.SetIcon(theme.ViewFullScreenIcon())
			b.SetText(lang.X("testerpane.results_only.on", "Results only"))
		}
	}
}

// ResultsOnly reports whether the tester asked for the window's width.
func (p *Pane) ResultsOnly() bool { return p.resultsOnly }

// SetResultsOnly asks the window for its whole width (on) or gives the
// editor its side back, and tells the window (SetOnResultsOnly).
func (p *Pane) SetResultsOnly(on bool) {
	if p.resultsOnly == on {
		return
	}
	p.resultsOnly = on
	p.updateResultsOnlyBtn()
	if p.onResultsOnly != nil {
		p.onResultsOnly(on)
	}
}

// SetOnResultsOnly is told when the tester asks for the window's width.
func (p *Pane) SetOnResultsOnly(f func(on bool)) { p.onResultsOnly = f }
