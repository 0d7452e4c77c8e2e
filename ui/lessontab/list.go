package lessontab

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// lessonRow is one lesson in the list: its title (wrapped, never cut) and,
// under it, its summary or the student's progress. Lessons are few, so the
// list is a plain box of rows that can be as tall as their text.
type lessonRow struct {
	widget.BaseWidget
	name    *widget.Label
	state   *widget.Label
	bg      *canvas.Rectangle
	onTap   func()
	content fyne.CanvasObject
}

func newLessonRow(onTap func()) *lessonRow {
	r := &lessonRow{onTap: onTap}
	r.name = widget.NewLabel("")
	r.name.TextStyle.Bold = true
	r.name.Wrapping = fyne.TextWrapWord
	r.state = widget.NewLabel("")
	r.state.SizeName = theme.SizeNameCaptionText
	r.state.Wrapping = fyne.TextWrapWord
	r.bg = canvas.NewRectangle(theme.Color(theme.ColorNameSelection))
	r.bg.CornerRadius = theme.InputRadiusSize()
	r.bg.Hide()
	r.content = container.NewStack(r.bg, container.New(tightVBox{}, r.name, r.state))
	r.ExtendBaseWidget(r)
	return r
}

func (r *lessonRow) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(r.content) }

// Tapped selects the lesson.
func (r *lessonRow) Tapped(*fyne.PointEvent) {
	if r.onTap != nil {
		r.onTap()
	}
}

func (r *lessonRow) set(n int, title, state string, selected bool) {
	r.name.SetText(fmt.Sprintf("%d. %s", n, title))
	r.state.SetText(state)
	if state == "" {
		r.state.Hide()
	} else {
		r.state.Show()
	}
	if selected {
		r.bg.FillColor = theme.Color(theme.ColorNameSelection)
		r.bg.Show()
	} else {
		r.bg.Hide()
	}
	r.bg.Refresh()
}

// tightVBox stacks its objects with no padding between them, so a title and
// its caption read as one item.
type tightVBox struct{}

func (tightVBox) MinSize(objects []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	n := 0
	for _, o := range objects {
		if !o.Visible() {
			continue
		}
		n++
		m := o.MinSize()
		s.Width = max(s.Width, m.Width)
		s.Height += m.Height
	}
	if n > 1 {
		s.Height -= theme.Padding() * float32(n-1)
	}
	return s
}

func (tightVBox) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	y := float32(0)
	for _, o := range objects {
		if !o.Visible() {
			continue
		}
		h := o.MinSize().Height
		o.Move(fyne.NewPos(0, y))
		o.Resize(fyne.NewSize(size.Width, h))
		y += h - theme.Padding()
	}
}

// refreshList redraws every row (titles, progress, selection).
func (t *Tab) refreshList() {
	for len(t.rows) < len(t.c.lessons) {
		i := len(t.rows)
		r := newLessonRow(func() {
			if i != t.c.cur {
				t.Select(i)
			}
		})
		t.rows = append(t.rows, r)
		t.listBox.Add(r)
	}
	for i, l := range t.c.lessons {
		t.rows[i].set(i+1, l.Title.In(language()), t.progressText(l, i == t.c.cur), i == t.c.cur)
	}
}
