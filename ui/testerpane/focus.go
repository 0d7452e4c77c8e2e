package testerpane

import (
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// ResultsOnly is the toggle (a button on the folded lists' line, and View ▸
// Results Only) that gives the tester the whole width of the window, as an editor's
// "zen" or "maximise" does: at 1024×768 the table beside the editor held
// twenty characters of a path and cut the deciding line; alone it holds
// them whole. The window hides and shows its own side (SetOnChange).
type ResultsOnly struct {
	on       bool
	btns     []*widget.Button
	onChange func(on bool)
}

// button makes the toggle's button, on the folded lists' line (with the
// lists open, View ▸ Results Only: a button beside Fold made the lists'
// row of buttons, two columns wide, too wide for a zoomed window).
func (r *ResultsOnly) button() *widget.Button {
	b := widget.NewButtonWithIcon("", theme.ViewFullScreenIcon(), func() { r.Set(!r.on) })
	b.Importance = widget.LowImportance
	r.btns = append(r.btns, b)
	r.update()
	return b
}

func (r *ResultsOnly) update() {
	for _, b := range r.btns {
		if r.on {
			b.SetIcon(theme.ViewRestoreIcon())
			b.SetText(lang.X("testerpane.results_only.off", "Editor"))
		} else {
			b.SetIcon(theme.ViewFullScreenIcon())
			b.SetText(lang.X("testerpane.results_only.on", "Results only"))
		}
	}
}

// On reports whether the tester asked for the window's width.
func (r *ResultsOnly) On() bool { return r.on }

// Set asks the window for its whole width (on) or gives the editor its
// side back, and tells the window.
func (r *ResultsOnly) Set(on bool) {
	if r.on == on {
		return
	}
	r.on = on
	r.update()
	if r.onChange != nil {
		r.onChange(on)
	}
}

// SetOnChange is told when the toggle changes.
func (r *ResultsOnly) SetOnChange(f func(on bool)) { r.onChange = f }

// ResultsOnly is the pane's Results only toggle.
func (p *Pane) ResultsOnly() *ResultsOnly { return &p.ui.resultsOnly }
