package lessontab

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor"
	"github.com/robots-studio/robots-studio/tester/lessons"
	"github.com/robots-studio/robots-studio/ui/i18n"
	"github.com/robots-studio/robots-studio/ui/uitest"
)

// newTestPart gives a part of the tab what the tab would: the test lesson
// (testdata/99-private) as the course, selected, with no progress kept,
// and the lesson's editor. No tab and no window are built.
func newTestPart(t *testing.T) (*course, *lessonEditor) {
	t.Helper()
	t.Setenv("LC_ALL", "en_US.UTF-8")
	t.Setenv("LANGUAGE", "en")
	t.Setenv("LANG", "en_US.UTF-8")
	uitest.NewApp(t)
	i18n.Use()
	l, err := lessons.Open("testdata/99-private")
	if err != nil {
		t.Fatal(err)
	}
	c := &course{lessons: []*lessons.Lesson{l}, cur: 0, prog: loadProgress(nil, l.ID)}
	return c, &lessonEditor{ed: editor.New(), what: widget.NewLabel(""), mode: -1}
}

// TestQuizStandsAlone: the quiz, built with stub callbacks and no tab,
// records an answer once in the course, reveals the question, scores it,
// tells its callbacks and marks the deciding lines in the editor.
func TestQuizStandsAlone(t *testing.T) {
	c, le := newTestPart(t)
	l := c.current()
	le.ed.SetText(l.Robots)
	picked, asked := 0, 0
	var shown []int
	z := &quiz{c: c, le: le, onPicked: func() { picked++ }, onShow: func(i int) { shown = append(shown, i) }}
	z.panel(func() {}, func() { asked++ })
	z.load(l)
	// Question 2 is allowed under Google: the Allow line is longer.
	test.Tap(z.rows[1].choices[0].allow)
	if picked != 1 || !slices.Equal(shown, []int{1}) {
		t.Fatalf("after an answer: told picked %d times, shown %v; want 1, [1]", picked, shown)
	}
	if !z.revealed(1) || z.revealed(0) || c.prog.Picks["1"] != answerAllowed {
		t.Fatalf("revealed 0: %v, 1: %v; picks %v", z.revealed(0), z.revealed(1), c.prog.Picks)
	}
	if !strings.Contains(z.score.Text, "1 of 2 right (1 answered)") {
		t.Errorf("score label %q", z.score.Text)
	}
	z.predictFor(1, "google", answerBlocked)
	if picked != 1 || c.prog.Picks["1"] != answerAllowed {
		t.Errorf("a second answer was taken: told %d times, picks %v", picked, c.prog.Picks)
	}
	z.markQuestion(1)
	if !hasMark(le.marks, 3, editor.MarkRule) || !hasMark(le.marks, 1, editor.MarkGroup) {
		t.Errorf("the deciding lines of question 2: marks %+v", le.marks)
	}
	test.Tap(z.askBtn)
	if asked != 1 {
		t.Errorf("Ask the class called its action %d times", asked)
	}
}

// TestExercisePanelStandsAlone: the exercise panel, built with stub
// callbacks and no tab, loads the exercise's start text into the editor,
// checks it, and turns green with the model solution, passed in the
// course's progress.
func TestExercisePanelStandsAlone(t *testing.T) {
	c, le := newTestPart(t)
	l := c.current()
	fronted, saved := 0, 0
	p := newExercisePanel(c, le, nil)
	p.onFront = func() { fronted++ }
	p.onSaved = func() { saved++ }
	p.build()
	p.checker.Inline = true
	// What the tab does as the student types in an exercise.
	le.ed.OnChanged = func() {
		if !le.loading {
			p.submitCheck()
		}
	}
	p.load(l)
	p.show(0)
	if le.mode != 0 || string(le.ed.Bytes()) != l.Exercises[0].Start || fronted != 1 {
		t.Fatalf("showing exercise 1: mode %d, text %q, brought to the front %d times", le.mode, le.ed.Bytes(), fronted)
	}
	if p.done || !strings.Contains(rendered(p.checks), "fails") {
		t.Fatalf("the start text passes: %q", rendered(p.checks))
	}
	p.showSolution()
	if string(le.ed.Bytes()) != l.Exercises[0].Solution {
		t.Fatalf("the model solution is not in the editor: %q", le.ed.Bytes())
	}
	if !p.done || !c.prog.Passed["0"] || saved == 0 {
		t.Errorf("the model solution: done %v, passed %v, saved %d times", p.done, c.prog.Passed, saved)
	}
}
