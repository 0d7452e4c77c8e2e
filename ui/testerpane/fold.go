package testerpane

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/ui/safewidget"
)

// The crawler and path lists fold to one line when a test set brings more
// rows than fit beside the results: "20 crawlers · 60 paths" and an Edit
// button. At 1280×800 the open lists kept two rows each and a row of
// buttons under them, and the results table showed nine rows of the twelve
// hundred. Folded, the table has the height; Edit (or Tester ▸ Add Crawler
// Row, Ctrl+Shift+A, or any row to type in) opens the lists again, and Fold
// closes them.

// foldAbove is the most rows a list may hold for a loaded test set to
// show its lists open.
const foldAbove = 3

// foldUI is the folded line and the place it takes: the split of the lists
// over the results (open), or the line over the results (folded).
type foldUI struct {
	folded bool
	label  *safewidget.Ellipsis
	edit   *widget.Button
	fold   *widget.Button // in the open lists: back to one line
	bar    *fyne.Container
	center *fyne.Container // holds the split, or the line over the results
	upper  *container.Split
	lower  fyne.CanvasObject
}

// build makes the line's widgets; edit is what Edit does after opening the
// lists (give the first row the keyboard).
func (f *foldUI) build(edit func()) {
	f.label = safewidget.NewEllipsis("")
	f.edit = widget.NewButtonWithIcon(lang.X("testerpane.fold.edit", "Edit"), theme.DocumentCreateIcon(), func() {
		f.set(false)
		edit()
	})
	f.fold = widget.NewButtonWithIcon(lang.X("testerpane.fold.fold", "Fold"), theme.MenuDropUpIcon(), func() { f.set(true) })
	f.fold.Importance = widget.LowImportance
}

// place puts the lists' split and the results in the pane, open.
func (f *foldUI) place(upper *container.Split, lower fyne.CanvasObject) *fyne.Container {
	f.upper, f.lower = upper, lower
	f.center = container.NewStack(upper)
	return f.center
}

// set folds the lists to one line (on) or opens them.
func (f *foldUI) set(on bool) {
	if f.center == nil || f.folded == on {
		return
	}
	f.folded = on
	if on {
		f.upper.Trailing = widget.NewLabel("") // the results move under the line
		f.center.Objects = []fyne.CanvasObject{topOver(f.bar, f.lower)}
	} else {
		f.upper.Trailing = f.lower
		f.center.Objects = []fyne.CanvasObject{f.upper}
		f.upper.Refresh()
	}
	f.center.Refresh()
}

// follow says what the lists hold, and, for a set just loaded (loaded),
// folds them when they hold more rows than fit.
func (f *foldUI) follow(crawlers, paths int, loaded bool) {
	if f.label == nil {
		return
	}
	f.label.SetText(lang.XN("testerpane.fold.crawlers", "{{.Count}} crawlers", crawlers, map[string]any{"Count": crawlers}) + " · " +
		lang.XN("testerpane.fold.paths", "{{.Count}} paths", paths, map[string]any{"Count": paths}))
	if loaded {
		f.set(crawlers > foldAbove || paths > foldAbove)
	}
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
