package testerpane

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/ui/safewidget"
)

// readingRow is the toolbar's first row: "Reading", its selector, Compare
// and Columns. Its layout gives the selector the room the chosen reading's
// name needs whole ("Свои правила ка…" at 1024×768 in Russian, "Własne
// zasady …" in Polish): when the row is too narrow, step by step, Compare
// takes its short name, the word "Reading" goes (the status bar says it),
// and Columns shows its icon alone.
type readingRow struct {
	label   *widget.Label
	sel     *safewidget.Select
	compare *keys.Check
	columns *widget.Button

	compareFull, compareShort, columnsText string
	step                                   int // how many of the steps are taken

	row   *fyne.Container // the row, laid out by this
	width float32         // its width at the last layout
}

// box lays row out (the row of the widgets given to newReadingRow).
func (r *readingRow) box(row fyne.CanvasObject) *fyne.Container {
	r.row = container.New(r, row)
	return r.row
}

// refit fits the row again for another reading's name.
func (r *readingRow) refit() {
	if r == nil || r.row == nil || r.width <= 0 {
		return
	}
	r.fit(r.width)
	r.row.Refresh()
}

func newReadingRow(label *widget.Label, sel *safewidget.Select, compare *keys.Check, columns *widget.Button) *readingRow {
	return &readingRow{label: label, sel: sel, compare: compare, columns: columns,
		compareFull: compare.Text, compareShort: lang.X("testerpane.compare.short", "Compare"), columnsText: columns.Text}
}

// readingSteps is how many steps the row can take to make room.
const readingSteps = 3

// selectNeed is the width a select needs to show text whole (Fyne's
// select: the text between inner paddings, then its arrow).
func selectNeed(text string) float32 {
	p := theme.InnerPadding()
	return fyne.MeasureText(text, theme.TextSize(), fyne.TextStyle{}).Width + 3*p + theme.IconInlineSize() + p
}

// apply takes the first step steps (0: none).
func (r *readingRow) apply(steps int) {
	r.step = steps
	compare := r.compareFull
	if steps >= 1 {
		compare = r.compareShort
	}
	if r.compare.Text != compare {
		r.compare.Text = compare
		r.compare.Refresh()
	}
	if steps >= 2 {
		r.label.Hide()
	} else {
		r.label.Show()
	}
	columns := r.columnsText
	if steps >= 3 {
		columns = ""
	}
	if r.columns.Text != columns {
		r.columns.SetText(columns)
	}
}

// selectRoom is the selector's width in a row width wide, as the row is now.
func (r *readingRow) selectRoom(width float32) float32 {
	pad := theme.Padding()
	room := width
	if r.label.Visible() {
		room -= r.label.MinSize().Width + pad
	}
	right := float32(0)
	for _, o := range []fyne.CanvasObject{r.compare, r.columns} {
		if o.Visible() {
			right += o.MinSize().Width + pad
		}
	}
	if right > 0 {
		room -= right // the box's inner gaps and the gap before it
	}
	return room
}

// fit takes as few steps as give the selector room for the chosen
// reading's name (all of them when even that is not enough).
func (r *readingRow) fit(width float32) {
	if width <= 0 {
		return
	}
	need := selectNeed(r.sel.Selected)
	for steps := 0; steps <= readingSteps; steps++ {
		r.apply(steps)
		if r.selectRoom(width) >= need {
			return
		}
	}
}

func (r *readingRow) MinSize(objs []fyne.CanvasObject) fyne.Size { return objs[0].MinSize() }

func (r *readingRow) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	r.width = size.Width
	r.fit(size.Width)
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

// summaryFit lays the summary line out: its parts (" · " between them)
// whole as far as they fit, then "…", never a part cut inside ("Googlebot:
// 5 разрешённых, 5…" at 1024×768). The per-crawler counts come last, so
// the expectations' tally is never what is left out.
type summaryFit struct {
	label *safewidget.Ellipsis
	full  string  // the whole summary
	width float32 // the line's width at the last layout
}

const summarySep = " · "

// set shows text (whole or as far as it fits) with importance imp.
func (l *summaryFit) set(text string, imp widget.Importance) {
	if l.full == text && l.label.Importance == imp {
		return
	}
	l.full = text
	l.label.Importance = imp
	l.fit()
	l.label.Refresh()
}

// fit puts as many of the summary's parts as fit the width in the label.
func (l *summaryFit) fit() {
	text := fitParts(l.full, l.width, func(s string) float32 {
		return fyne.MeasureText(s, theme.TextSize(), l.label.TextStyle).Width + 2*theme.InnerPadding()
	})
	if l.label.Text != text {
		l.label.Text = text
		l.label.Refresh()
	}
}

// fitParts is text's leading parts that fit width (measured by w) and
// "…" for the rest; text whole when it fits or the width is not known. The
// first part stays even when it does not fit (the label cuts it then).
func fitParts(text string, width float32, w func(string) float32) string {
	if width <= 0 || w(text) <= width {
		return text
	}
	parts := strings.Split(text, summarySep)
	out := parts[0]
	for _, p := range parts[1:] {
		if w(out+summarySep+p+summarySep+"…") > width {
			break
		}
		out += summarySep + p
	}
	if w(out+summarySep+"…") <= width {
		out += summarySep + "…"
	}
	return out
}

func (l *summaryFit) MinSize(objs []fyne.CanvasObject) fyne.Size { return objs[0].MinSize() }

func (l *summaryFit) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if size.Width != l.width {
		l.width = size.Width
		l.fit()
	}
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}
