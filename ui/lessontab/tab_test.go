package lessontab

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor"
	"github.com/robots-studio/robots-studio/tester/lessons"
	"github.com/robots-studio/robots-studio/ui/i18n"
	"github.com/robots-studio/robots-studio/ui/look"
	"github.com/robots-studio/robots-studio/ui/uitest"
)

// newTestTab opens the test lesson (testdata/99-private) in a tab on the
// fyne test driver, with the app's preferences.
func newTestTab(t *testing.T) (*Tab, fyne.App) {
	t.Helper()
	t.Setenv("LC_ALL", "en_US.UTF-8")
	t.Setenv("LANGUAGE", "en")
	t.Setenv("LANG", "en_US.UTF-8")
	a := uitest.NewApp(t)
	a.Settings().SetTheme(look.New("light"))
	i18n.Use()
	return openTab(t, a), a
}

func openTab(t *testing.T, a fyne.App) *Tab {
	t.Helper()
	l, err := lessons.Open("testdata/99-private")
	if err != nil {
		t.Fatal(err)
	}
	w := a.NewWindow("lessons")
	tab := New(Host{Window: w, Prefs: a.Preferences()}, []*lessons.Lesson{l})
	tab.SetSynchronous(true)
	w.Resize(fyne.NewSize(1280, 800))
	w.SetContent(tab.Content) // laid out once, at the window's size
	return tab
}

func TestPredictThenReveal(t *testing.T) {
	tab, _ := newTestTab(t)
	if tab.Revealed(0) || tab.Revealed(1) {
		t.Fatal("an answer shows before the student predicted")
	}
	if got := string(tab.Editor().Bytes()); !strings.Contains(got, "Allow: /private/public.html") {
		t.Fatalf("the lesson's editor does not show the example: %q", got)
	}
	// Question 1 is blocked: predicting allowed is wrong.
	test.Tap(tab.quiz.rows[0].choices[0].allow)
	if !tab.Revealed(0) {
		t.Fatal("the answer is not revealed after the prediction")
	}
	if right, of := tab.Score(); right != 0 || of != 2 {
		t.Fatalf("score after a wrong prediction = %d of %d, want 0 of 2", right, of)
	}
	if got := tab.quiz.rows[0].result.String(); !strings.Contains(got, "Not this time") {
		t.Errorf("a wrong prediction reads %q", got)
	}
	// Both readings of the lesson are revealed, each with its sentence.
	if n := len(tab.quiz.rows[0].verdict.Objects); n != 2 {
		t.Fatalf("%d readings revealed, want google and original1994", n)
	}
	if got := tab.quiz.rows[0].verdict.Objects[0].(*widget.RichText).String(); !strings.Contains(got, "Disallow: /private/") {
		t.Errorf("the Google verdict does not name its rule: %q", got)
	}
	// Question 2 is allowed under Google's reading: right.
	test.Tap(tab.quiz.rows[1].choices[0].allow)
	if right, _ := tab.Score(); right != 1 {
		t.Fatalf("score after a right prediction = %d, want 1", right)
	}
	if got := tab.quiz.rows[1].result.String(); !strings.Contains(got, "Right") {
		t.Errorf("a right prediction reads %q", got)
	}
	// The 1994 reading has no Allow: it blocks the page, and says so.
	if got := tab.quiz.rows[1].verdict.Objects[1].(*widget.RichText).String(); !strings.Contains(got, "BLOCKED") && !strings.Contains(strings.ToUpper(got), "BLOCKED") {
		t.Errorf("the 1994 reading of the public page: %q", got)
	}
	// The deciding lines are marked in the lesson's editor: the rule on
	// line 3 and the group on line 1.
	marks := tab.le.marks
	if !hasMark(marks, 3, editor.MarkRule) || !hasMark(marks, 1, editor.MarkGroup) {
		t.Errorf("marks after revealing question 2: %+v", marks)
	}
	if !strings.Contains(tab.Explanation(), "The Allow line is longer") {
		t.Errorf("explanation for presenter mode lacks the lesson's why: %q", tab.Explanation())
	}
	// A question is answered once.
	test.Tap(tab.quiz.rows[1].choices[0].block)
	if right, _ := tab.Score(); right != 1 {
		t.Error("a second answer changed the score")
	}
	if !strings.Contains(tab.quiz.score.Text, "1 of 2") {
		t.Errorf("score label %q", tab.quiz.score.Text)
	}
}

func hasMark(marks []editor.Mark, line int, kind editor.MarkKind) bool {
	for _, m := range marks {
		if m.Line == line && m.Kind == kind {
			return true
		}
	}
	return false
}

func TestExerciseCheckedAsTheStudentTypes(t *testing.T) {
	tab, _ := newTestTab(t)
	tab.practice.Select(tab.xTab)
	if got := string(tab.Editor().Bytes()); got != "User-agent: *\n" {
		t.Fatalf("the exercise starts from %q", got)
	}
	if tab.Done() {
		t.Fatal("the start text passes the exercise")
	}
	// The start text lets Googlebot into /tmp/: that check fails, and its
	// hint waits until the student has tried something or asks for it.
	if got := rendered(tab.ex.checks); strings.Contains(got, "Hint:") {
		t.Errorf("a hint shows before the student has tried anything: %q", got)
	}
	if tab.ex.hintsBtn.Hidden {
		t.Fatal("no Show hints button while checks with hints fail")
	}
	test.Tap(tab.ex.hintsBtn)
	if !strings.Contains(rendered(tab.ex.checks), "Hint: The * record needs Disallow: /tmp/.") {
		t.Errorf("Show hints shows no hint: %q", rendered(tab.ex.checks))
	}
	if !tab.ex.hintsBtn.Hidden {
		t.Error("the Show hints button stays after the hints are shown")
	}
	// A wrong answer: everything closed, Lycos too.
	typeAtEnd(tab.Editor(), "Disallow: /\n")
	if tab.Done() {
		t.Fatal("Disallow: / for everyone passes although Lycos must get in")
	}
	if got := rendered(tab.ex.checks); !strings.Contains(got, "Hint: Give Lycos a record of its own") {
		t.Errorf("the Lycos check fails without its hint: %q", got)
	}
	// Typing the solution turns the exercise green.
	tab.Editor().SetSelection(0, len(tab.Editor().Bytes()))
	typeText(tab.Editor(), "User-agent: Lycos\nDisallow:\n\nUser-agent: *\nDisallow: /tmp/\n")
	if !tab.Done() {
		t.Fatalf("the solution typed in does not pass: %q\n%s", tab.Editor().Bytes(), rendered(tab.ex.checks))
	}
	if got := tab.ex.status.String(); !strings.Contains(got, "every check passes") {
		t.Errorf("status %q", got)
	}
	if !tab.c.prog.Passed["0"] {
		t.Error("the passed exercise is not in the progress")
	}
}

// typeAtEnd types s at the end of the text.
func typeAtEnd(e *editor.Editor, s string) {
	n := len(e.Bytes())
	e.SetSelection(n, n)
	typeText(e, s)
}

// typeText types s key by key, a newline as the Return key.
func typeText(e *editor.Editor, s string) {
	for i, line := range strings.Split(s, "\n") {
		if i > 0 {
			e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
		}
		test.Type(e, line)
	}
}

// rendered is the text of the labels and rich texts under o.
func rendered(o fyne.CanvasObject) string {
	var b strings.Builder
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch w := o.(type) {
		case *widget.Label:
			b.WriteString(w.Text + "\n")
		case *widget.RichText:
			b.WriteString(w.String() + "\n")
		case *prose:
			b.WriteString(w.Shown() + "\n")
		case *fyne.Container:
			for _, c := range w.Objects {
				walk(c)
			}
		}
	}
	walk(o)
	return b.String()
}

func TestModelSolutionIsUndoable(t *testing.T) {
	tab, _ := newTestTab(t)
	tab.practice.Select(tab.xTab)
	typeAtEnd(tab.Editor(), "Disallow: /x/\n")
	mine := string(tab.Editor().Bytes())
	tab.ShowSolution()
	if !tab.Done() {
		t.Fatal("the model solution does not pass its own exercise")
	}
	tab.Editor().Undo()
	if got := string(tab.Editor().Bytes()); got != mine {
		t.Fatalf("Undo after the model solution gives %q, want the student's %q", got, mine)
	}
}

func TestProgressRememberedAndReset(t *testing.T) {
	tab, a := newTestTab(t)
	test.Tap(tab.quiz.rows[1].choices[0].allow)
	tab.practice.Select(tab.xTab)
	typeAtEnd(tab.Editor(), "# mine")
	tab.practice.Select(tab.qTab) // back to the example: the exercise text is kept

	again := openTab(t, a)
	if !again.Revealed(1) || again.Revealed(0) {
		t.Fatal("the answered question is not remembered")
	}
	if right, of := again.Score(); right != 1 || of != 2 {
		t.Fatalf("remembered score %d of %d, want 1 of 2", right, of)
	}
	if got := again.progressText(again.Current(), false); !strings.Contains(got, "1 of 2 right") {
		t.Errorf("the list shows %q", got)
	}
	again.practice.Select(again.xTab)
	if got := string(again.Editor().Bytes()); got != "User-agent: *\n# mine" {
		t.Errorf("the exercise text is not remembered: %q", got)
	}

	again.Reset()
	if again.Revealed(1) {
		t.Fatal("Reset left the answer revealed")
	}
	if right, _ := again.Score(); right != 0 {
		t.Fatal("Reset left the score")
	}
	third := openTab(t, a)
	if third.Revealed(1) || len(third.c.prog.Texts) != 0 {
		t.Fatal("Reset did not reach the preferences")
	}
}

// TestBuiltinLessonsWorkInTheTab: every built-in lesson shows, every
// question reveals the answer its engine gives, and every model solution
// turns its exercise green through the tab's own checking.
func TestBuiltinLessonsWorkInTheTab(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	a := uitest.NewApp(t)
	a.Settings().SetTheme(look.New("dark"))
	list, err := lessons.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	if len(list) < 10 {
		t.Fatalf("%d built-in lessons, want at least 10", len(list))
	}
	w := a.NewWindow("lessons")
	tab := New(Host{Window: w, Prefs: a.Preferences()}, list)
	tab.SetSynchronous(true)
	w.Resize(fyne.NewSize(1280, 800)) // as the window opens: each lesson is laid out at a real width
	w.SetContent(tab.Content)         // laid out once, at the window's size
	for i, l := range list {
		tab.Select(i)
		for q, qq := range l.Questions {
			for _, id := range l.Asked(qq) {
				tab.PredictFor(q, id, qq.Expected(id))
			}
			if !tab.Revealed(q) {
				t.Errorf("%s: question %d is not revealed", l.ID, q+1)
			}
		}
		if right, of := tab.Score(); right != of {
			t.Errorf("%s: the stated answers score %d of %d", l.ID, right, of)
		}
		for x := range l.Exercises {
			tab.ex.show(x)
			if tab.Done() {
				t.Errorf("%s: exercise %d passes with its start text", l.ID, x+1)
			}
			tab.ShowSolution()
			if !tab.Done() {
				t.Errorf("%s: exercise %d: the model solution does not turn it green", l.ID, x+1)
			}
		}
	}
}

func TestLargeTypeForPresenterMode(t *testing.T) {
	tab, _ := newTestTab(t)
	tab.Predict(0, answerBlocked)
	size := func() fyne.ThemeSizeName {
		seg := tab.quiz.rows[0].verdict.Objects[0].(*widget.RichText).Segments[2].(*widget.TextSegment)
		return seg.Style.SizeName
	}
	if size() == theme.SizeNameSubHeadingText {
		t.Fatal("the reveal is in large type outside presenter mode")
	}
	tab.SetLarge(true)
	if size() != theme.SizeNameSubHeadingText || !tab.Revealed(0) {
		t.Fatal("presenter mode does not show the reveal in large type")
	}
	if tab.root.Objects[0] != tab.stageBox || tab.stage.Trailing != tab.edPanel || tab.top.Leading != tab.bodyBox || tab.edHead.Visible() {
		t.Error("presenter mode does not lay the lesson out as text and questions over the example")
	}
	tab.SetLarge(false)
	if size() == theme.SizeNameSubHeadingText {
		t.Error("leaving presenter mode keeps the large type")
	}
	// each part back in its place: the list, the text, the example under
	// its name with Open, the practice tabs under it
	if tab.root.Objects[0] != tab.all || tab.right.Leading != tab.bodyBox || tab.work.Leading != tab.edPanel ||
		tab.work.Trailing != tab.practiceKeys || !tab.edHead.Visible() || len(tab.openSlot.Objects) != 1 || tab.openBtn.Text == "" {
		t.Error("leaving presenter mode does not give the lesson its layout back")
	}
}

// newEachTab opens the test lesson with one more question asked under each
// of its two readings: Google lets the public page through, the 1994
// standard (no Allow) does not.
func newEachTab(t *testing.T, a fyne.App) *Tab {
	t.Helper()
	l, err := lessons.Open("testdata/99-private")
	if err != nil {
		t.Fatal(err)
	}
	l.Questions = append(l.Questions, lessons.Question{Crawler: "Googlebot", Path: "/private/public.html",
		Answers: map[string]string{"google": lessons.Allowed, "original1994": lessons.Blocked},
		Why:     lessons.Text{"en": "Only Google knows Allow.", "ru": "Allow знает только Google.", "pl": "Allow zna tylko Google."}})
	if ps := lessons.Verify(l); len(ps) != 0 {
		t.Fatalf("the test lesson is wrong: %v", ps)
	}
	w := a.NewWindow("lessons")
	tab := New(Host{Window: w, Prefs: a.Preferences()}, []*lessons.Lesson{l})
	tab.SetSynchronous(true)
	w.Resize(fyne.NewSize(1280, 800))
	w.SetContent(tab.Content) // laid out once, at the window's size
	return tab
}

// TestPredictEachReading: a question asked under each of several readings
// shows a pair of answers per reading, reveals nothing until every reading
// is answered, and counts as right only when every answer is right.
func TestPredictEachReading(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	t.Setenv("LANGUAGE", "en")
	a := uitest.NewApp(t)
	a.Settings().SetTheme(look.New("light"))
	i18n.Use()

	tab := newEachTab(t, a)
	r := tab.quiz.rows[2]
	if len(r.choices) != 2 || r.choices[0].id != "google" || r.choices[1].id != "original1994" {
		t.Fatalf("choices %+v, want google then original1994 (the lesson's order)", r.choices)
	}
	if !strings.Contains(rendered(r.box), "counts as right only when every answer is right") {
		t.Errorf("the question does not say how it is scored: %q", rendered(r.box))
	}
	// All right: Google allowed, 1994 blocked.
	test.Tap(r.choices[0].allow)
	if tab.Revealed(2) {
		t.Fatal("the answer shows after one reading of two")
	}
	if !r.choices[0].allow.Disabled() && !r.choices[0].block.Disabled() {
		t.Error("the answered reading can still be changed")
	}
	test.Tap(r.choices[1].block)
	if !tab.Revealed(2) {
		t.Fatal("the answer is not revealed after every reading is answered")
	}
	if right, _ := tab.Score(); right != 1 {
		t.Errorf("all readings right scores %d, want 1", right)
	}
	got := r.result.String()
	for _, want := range []string{"Right under every reading", "Google: you said allowed — right", "1994 standard: you said blocked — right"} {
		if !strings.Contains(got, want) {
			t.Errorf("reveal %q lacks %q", got, want)
		}
	}
	if !strings.Contains(tab.quiz.score.Text, "1 answered") {
		t.Errorf("score %q", tab.quiz.score.Text)
	}

	// One wrong: the question is wrong, and the reveal says which reading.
	tab.Reset()
	r = tab.quiz.rows[2]
	tab.PredictFor(2, "original1994", answerAllowed)
	tab.PredictFor(2, "google", answerAllowed)
	if !tab.Revealed(2) {
		t.Fatal("not revealed")
	}
	if right, _ := tab.Score(); right != 0 {
		t.Errorf("one wrong reading scores %d, want 0", right)
	}
	got = r.result.String()
	for _, want := range []string{"Not this time", "Google: you said allowed — right", "1994 standard: you said allowed, it answers blocked — wrong"} {
		if !strings.Contains(got, want) {
			t.Errorf("reveal %q lacks %q", got, want)
		}
	}
	// Every reading of the lesson is explained, and the why shows.
	if n := len(r.verdict.Objects); n != 2 || !strings.Contains(r.why.Text, "Only Google knows Allow.") {
		t.Errorf("%d verdicts, why %q", n, r.why.Text)
	}
	// Remembered half-way: one reading answered stays answered, nothing revealed.
	tab.Reset()
	tab.PredictFor(2, "google", answerBlocked)
	again := newEachTab(t, a)
	if again.Revealed(2) || !again.quiz.rows[2].choices[0].allow.Disabled() {
		t.Error("a half-answered question is not remembered as such")
	}
	again.PredictFor(2, "original1994", answerBlocked)
	if !again.Revealed(2) {
		t.Error("answering the rest after reopening does not reveal")
	}
	if got := again.progressText(again.Current(), false); !strings.Contains(got, "0 of 3 right") {
		t.Errorf("the list shows %q", got)
	}
}

// TestPracticeTabsByKeyboard: the strip of the questions and the exercises
// is in the Tab order and → / ← switch between them (keys.Tabs), as the
// other tabs inside a tab.
func TestPracticeTabsByKeyboard(t *testing.T) {
	tab, _ := newTestTab(t)
	var strip fyne.Focusable = tab.practiceKeys
	if tab.practice.Selected() != tab.qTab {
		t.Fatal("the questions are not the first practice tab")
	}
	strip.TypedKey(&fyne.KeyEvent{Name: fyne.KeyRight})
	if tab.practice.Selected() != tab.xTab {
		t.Error("→ on the strip does not show the exercises")
	}
	strip.TypedKey(&fyne.KeyEvent{Name: fyne.KeyLeft})
	if tab.practice.Selected() != tab.qTab {
		t.Error("← on the strip does not show the questions again")
	}
}
