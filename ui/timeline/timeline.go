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
	note    *widget.RichText
	noteBox *container.Scroll
	chosen  int
	root    fyne.CanvasObject
}

// New builds the timeline; onPick is called with the engine ID of a point
// when the user picks it. trailing (may be nil) sits at the end of the row
// of points, such as a button that hides the timeline.
func New(onPick func(engineID string), trailing fyne.CanvasObject) *Timeline {
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
	row := fyne.CanvasObject(container.NewStack(container.NewVBox(layoutSpacer(), line), container.NewGridWithColumns(len(cells), cells...)))
	if trailing != nil {
		row = container.NewBorder(nil, nil, nil, trailing, row)
	}
	t.note = widget.NewRichText(hint())
	t.note.Wrapping = fyne.TextWrapWord
	// The note takes the lines it needs, up to noteLines, and scrolls
	// beyond: opened above the tabs (and in presenter mode's larger type)
	// it must not push the window past the screen and its menu bar off the
	// top, and what it does not need is left to the results below.
	t.noteBox = container.NewVScroll(t.note)
	t.root = container.NewVBox(row, container.New(&noteFit{note: t.note}, t.noteBox))
	return t
}

// noteFit lays the note's scroll over its whole area; its height is the
// note's at the width it has, at most noteLines lines, measured in the
// theme in use (presenter mode's zoom makes the lines taller: a height
// worked out once, at the zoom of the time, cut the last line in half).
type noteFit struct{ note *widget.RichText }

func (l *noteFit) MinSize([]fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(0, min(l.note.MinSize().Height, noteHeight(noteLines)))
}

func (l *noteFit) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objects {
		o.Move(fyne.Position{})
		o.Resize(size)
	}
}

// layoutSpacer puts the line at the height of the buttons' middle.
// noteLines is how many lines of its note the timeline shows whole; a
// longer note scrolls.
const noteLines = 4

// noteHeight is the height of n whole lines of the note as RichText draws
// them: the font's line height, the spacing between lines and the padding
// around the text (lines × 1.5 × the text size cut the last line in half).
func noteHeight(n int) float32 {
	line := fyne.MeasureText("Ág", theme.TextSize(), fyne.TextStyle{}).Height
	return float32(n)*line + float32(n-1)*theme.LineSpacing() + 2*theme.InnerPadding()
}

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
	return t.points[t.chosen].Note()
}

func hint() *widget.TextSegment {
	return &widget.TextSegment{Text: lang.X("timeline.hint", "Pick a point of the history: the tester switches to that reading and the note explains it."),
		Style: widget.RichTextStyleParagraph}
}

// Clear picks no point and shows the hint again: the timeline opened
// anew must not claim the tester reads the file as a year picked the last
// time it was open (closing it gives the user's reading back).
func (t *Timeline) Clear() {
	t.chosen = -1
	t.light(-1)
	t.note.Segments = []widget.RichTextSegment{hint()}
	t.note.Refresh()
	t.noteBox.ScrollToTop()
	t.root.Refresh()
}

// light draws point i's button as the chosen one (-1: none).
func (t *Timeline) light(i int) {
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
}

// Select picks point i as a click would: it shows its note and calls onPick.
func (t *Timeline) Select(i int) {
	if i < 0 || i >= len(t.points) {
		return
	}
	t.chosen = i
	p := t.points[i]
	t.light(i)
	bold := widget.RichTextStyleStrong
	bold.Inline = true
	plain := widget.RichTextStyleInline
	t.note.Segments = []widget.RichTextSegment{
		&widget.TextSegment{Text: p.Title() + ". ", Style: bold},
		&widget.TextSegment{Text: p.Note() + " ", Style: plain},
		&widget.TextSegment{Text: lang.X("timeline.reading", "The tester now reads the file as: {{.Engine}}",
			map[string]any{"Engine": engine.NameOf(p.Engine).String()}) + " · ", Style: bold},
		&widget.TextSegment{Text: lang.X("timeline.source", "Source: {{.Source}}", map[string]any{"Source": p.Source}), Style: plain},
	}
	t.note.Refresh()
	t.noteBox.ScrollToTop()
	// the note's height follows its text: the strip above the tabs is laid
	// out again with it
	t.root.Refresh()
	if t.onPick != nil {
		t.onPick(p.Engine)
	}
}

// Point is point i.
func (t *Timeline) Point(i int) Point { return t.points[i] }
