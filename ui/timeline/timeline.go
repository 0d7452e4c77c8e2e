package timeline

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/engine"
)

// Timeline shows the points on a line and, under them, the note of the
// chosen one.
type Timeline struct {
	points  []Point
	onPick  func(engineID string)
	buttons []*widget.Button
	title   *widget.Label
	note    *widget.Label
	reading *widget.Label
	source  *widget.Label
	chosen  int
	root    fyne.CanvasObject
}

// New builds the timeline; onPick is called with the engine ID of a point
// when the user picks it.
func New(onPick func(engineID string)) *Timeline {
	t := &Timeline{points: Points(), onPick: onPick, chosen: -1}
	line := canvas.NewRectangle(theme.Color(theme.ColorNameSeparator))
	line.SetMinSize(fyne.NewSize(0, 3))
	cells := make([]fyne.CanvasObject, len(t.points))
	for i, p := range t.points {
		i := i
		b := widget.NewButton(p.Label(), func() { t.Select(i) })
		t.buttons = append(t.buttons, b)
		cells[i] = b
	}
	row := container.NewStack(container.NewVBox(layoutSpacer(), line), container.NewGridWithColumns(len(cells), cells...))
	t.title = widget.NewLabel(lang.X("timeline.hint", "Pick a point of the history: the tester switches to that reading and the note explains it."))
	t.title.Wrapping = fyne.TextWrapWord
	t.title.TextStyle.Bold = true
	t.note = widget.NewLabel("")
	t.note.Wrapping = fyne.TextWrapWord
	t.reading = widget.NewLabel("")
	t.reading.Importance = widget.HighImportance
	t.source = widget.NewLabel("")
	t.source.Wrapping = fyne.TextWrapWord
	t.source.Importance = widget.LowImportance
	t.root = container.NewVBox(row, t.title, t.note, container.NewHBox(t.reading), t.source)
	return t
}

// layoutSpacer puts the line at the height of the buttons' middle.
func layoutSpacer() fyne.CanvasObject {
	r := canvas.NewRectangle(color.Transparent)
	r.SetMinSize(fyne.NewSize(0, theme.Size(theme.SizeNameText)))
	return r
}

// Object is the widget tree to place in a window.
func (t *Timeline) Object() fyne.CanvasObject { return t.root }

// Len is the number of points.
func (t *Timeline) Len() int { return len(t.points) }

// Button is the button of point i (tests tap it).
func (t *Timeline) Button(i int) *widget.Button { return t.buttons[i] }

// Chosen is the index of the picked point, or -1.
func (t *Timeline) Chosen() int { return t.chosen }

// Note is the text shown for the picked point ("" when none is picked).
func (t *Timeline) Note() string {
	if t.chosen < 0 {
		return ""
	}
	return t.note.Text
}

// Select picks point i as a click would: it shows its note and calls onPick.
func (t *Timeline) Select(i int) {
	if i < 0 || i >= len(t.points) {
		return
	}
	t.chosen = i
	p := t.points[i]
	for j, b := range t.buttons {
		imp := widget.MediumImportance
		if j == i {
			imp = widget.HighImportance
		}
		if b.Importance != imp {
			b.Importance = imp
			b.Refresh()
		}
	}
	t.title.SetText(p.Title())
	t.note.SetText(p.Note())
	t.reading.SetText(lang.X("timeline.reading", "The tester now reads the file as: {{.Engine}}",
		map[string]any{"Engine": engine.NameOf(p.Engine).String()}))
	t.source.SetText(lang.X("timeline.source", "Source: {{.Source}}", map[string]any{"Source": p.Source}))
	if t.onPick != nil {
		t.onPick(p.Engine)
	}
}

// Point is point i.
func (t *Timeline) Point(i int) Point { return t.points[i] }
