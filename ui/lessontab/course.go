package lessontab

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor"
	"github.com/robots-studio/robots-studio/tester/lessons"
)

// course is the tab's lessons, the one selected and the student's progress
// in it: the state the tab's parts (the quiz, the exercises, the
// one-question view) read and write. They share it by pointer; it points
// to none of them.
type course struct {
	lessons []*lessons.Lesson
	cur     int // the lesson selected (-1: none)
	prog    *progress
	prefs   fyne.Preferences // where progress is kept; nil keeps nothing
	known   map[*lessons.Lesson][][]bool
}

// current is the selected lesson (nil when there is none).
func (c *course) current() *lessons.Lesson {
	if c.cur < 0 {
		return nil
	}
	return c.lessons[c.cur]
}

// answers are the engines' answers to a lesson's questions (allowed or
// not), per question and reading asked, computed once per lesson.
func (c *course) answers(l *lessons.Lesson) [][]bool {
	if a, ok := c.known[l]; ok {
		return a
	}
	a := make([][]bool, len(l.Questions))
	for i, q := range l.Questions {
		for _, id := range l.Asked(q) {
			a[i] = append(a[i], l.AskUnder(q, id).Allowed)
		}
	}
	if c.known == nil {
		c.known = map[*lessons.Lesson][][]bool{}
	}
	c.known[l] = a
	return a
}

// score counts the questions of l answered, and answered right, in the
// progress.
func (c *course) score(l *lessons.Lesson) (right, answered int) {
	return scoreOf(c.prog, l, c.answers(l))
}

// save keeps the progress in the selected lesson.
func (c *course) save() {
	if l := c.current(); l != nil {
		c.prog.save(c.prefs, l.ID)
	}
}

// lessonEditor is the lesson's own editor and what it shows: the example
// or an exercise's text, with the marks of a revealed question. The tab
// and its parts share it by pointer; it points to none of them.
type lessonEditor struct {
	ed      *editor.Editor
	what    *widget.Label // what the editor shows ("Example: robots.txt")
	mode    int           // -1: the example; else the exercise shown (-2: neither loaded)
	loading bool          // text is being loaded, not typed
	marks   []editor.Mark
}

// setText loads text without treating it as the student's typing.
func (e *lessonEditor) setText(b []byte) {
	e.loading = true
	e.ed.SetText(b)
	e.setMarks(nil)
	e.loading = false
}

func (e *lessonEditor) setMarks(m []editor.Mark) {
	e.marks = m
	e.ed.SetMarks(m)
}
