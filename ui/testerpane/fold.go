package testerpane

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// The crawler and path lists fold to one line when a test set brings more
// rows than fit beside the results: "20 crawlers · 60 paths" and an Edit
// button. At 1280×800 the open lists kept two rows each and a row of
// buttons under them, and the results table showed nine rows of the twelve
// hundred. Folded, the table has the height; Edit (or Tester ▸ Add Crawler
// Row, Ctrl+Shift+A) opens the lists again, and Fold closes them.

// foldAbove is the most rows a list may hold for a loaded test set to
// show its lists open.
const foldAbove = 3

// foldUI is the folded line and the place it takes.
type foldUI struct {
	folded bool
	label  *widget.Label
	edit   *widget.Button
	fold   *widget.Button // in the open lists: back to one line
	bar    fyne.CanvasObject
	center *fyne.Container // the split with the lists, or the bar over the results
}

func (f *foldUI) build(p *Pane) {
	f.label = widget.NewLabel("")
	f.label.Truncation = fyne.TextTruncateEllipsis
	f.edit = widget.NewButtonWithIcon(lang.X("testerpane.fold.edit", "Edit"), theme.DocumentCreateIcon(), func() {
		p.SetInputsFolded(false)
		p.input.focusFirstRow()
	})
	f.fold = widget.NewButtonWithIcon(lang.X("testerpane.fold.fold", "Fold"), theme.MenuDropUpIcon(), func() { p.SetInputsFolded(true) })
	f.fold.Importance = widget.LowImportance
	f.bar = container.NewBorder(nil, nil, nil, f.edit, f.label)
}

// InputsFolded reports whether the crawler and path lists show as one line.
func (p *Pane) InputsFolded() bool { return p.ui.fold.folded }

// SetInputsFolded folds the crawler and path lists to one line (on) or
// opens them.
func (p *Pane) SetInputsFolded(on bool) {
	f := &p.ui.fold
	if f.center == nil || f.folded == on {
		return
	}
	f.folded = on
	p.updateFoldLabel()
	if on {
		p.ui.upper.Trailing = widget.NewLabel("") // the results move to the folded layout
		f.center.Objects = []fyne.CanvasObject{topOver(f.bar, p.ui.lower)}
	} else {
		p.ui.upper.Trailing = p.ui.lower
		f.center.Objects = []fyne.CanvasObject{p.ui.upper}
		p.ui.upper.Refresh()
	}
	f.center.Refresh()
}

// foldIfLong folds the lists when a loaded set holds more rows than fit.
func (p *Pane) foldIfLong() {
	n, m := len(nonEmpty(p.set.Crawlers)), len(nonEmpty(p.set.Paths))
	p.SetInputsFolded(n > foldAbove || m > foldAbove)
}

// updateFoldLabel says what the folded lists hold.
func (p *Pane) updateFoldLabel() {
	f := &p.ui.fold
	if f.label == nil {
		return
	}
	n, m := len(nonEmpty(p.set.Crawlers)), len(nonEmpty(p.set.Paths))
	f.label.SetText(lang.XN("testerpane.fold.crawlers", "{{.Count}} crawlers", n, map[string]any{"Count": n}) + " · " +
		lang.XN("testerpane.fold.paths", "{{.Count}} paths", m, map[string]any{"Count": m}))
}

// focusFirstRow gives the keyboard to the first crawler row (or the text
// box when the list shows as text).
func (in *rowInput) focusFirstRow() {
	if in.text[crawlerRows].on {
		in.focusText(crawlerRows)
		return
	}
	in.focusRow(crawlerRows, 0)
}
