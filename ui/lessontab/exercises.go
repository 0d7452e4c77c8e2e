package lessontab

import (
	"fmt"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor"
	"github.com/robots-studio/robots-studio/tester/lessons"
	"github.com/robots-studio/robots-studio/tester/testset"
	"github.com/robots-studio/robots-studio/ui/dlg"
	"github.com/robots-studio/robots-studio/ui/latest"
	"github.com/robots-studio/robots-studio/ui/look"
)

// checkJob is one text to check against one exercise's expectations.
type checkJob struct {
	gen, ex  int
	exercise lessons.Exercise
	text     []byte
}

// exercisePanel shows the chosen exercise: its task, each expectation
// passing or failing with its hint, and the model solution on request. It
// puts the exercise's text in the lesson's editor, checks it as the student
// types and keeps it in the course's progress; the tab hears through its
// callbacks.
type exercisePanel struct {
	c   *course
	le  *lessonEditor
	win fyne.Window // for the model solution's question
	// onFront brings the Exercises tab to the front.
	onFront func()
	// onSaved is told the progress changed (the tab keeps it and shows it
	// in the list).
	onSaved func()

	checker *latest.Worker[checkJob, []testset.Result]
	gen     int

	chosen  int
	pick    *widget.RadioGroup
	task    *prose
	status  *widget.RichText
	band    *canvas.Rectangle
	checks  *fyne.Container
	results []testset.Result
	done    bool
	body    *fyne.Container
	empty   *widget.Label
	// hints shows the failing checks' hints before the student has
	// changed the start text: asked for with the hints button. Once the
	// text differs from the start, a failing check shows its hint anyway.
	hints    map[int]bool
	hintsBtn *widget.Button
}

// newExercisePanel makes the panel of c's exercises in the editor le;
// build makes its widgets, once its callbacks are set.
func newExercisePanel(c *course, le *lessonEditor, win fyne.Window) *exercisePanel {
	p := &exercisePanel{c: c, le: le, win: win, onFront: func() {}, onSaved: func() {}}
	p.checker = &latest.Worker[checkJob, []testset.Result]{
		Work:    func(j checkJob) []testset.Result { return lessons.CheckExercise(j.exercise, j.text) },
		Deliver: p.checked,
		Hand:    fyne.Do,
	}
	return p
}

func (p *exercisePanel) build() fyne.CanvasObject {
	p.pick = widget.NewRadioGroup(nil, func(s string) {
		for i, o := range p.pick.Options {
			if o == s && i != p.chosen {
				p.show(i)
			}
		}
	})
	p.pick.Horizontal = true
	p.pick.Required = true
	p.task = newProse("")
	p.task.Bold = true
	p.status = widget.NewRichText()
	p.status.Wrapping = fyne.TextWrapWord
	p.band = canvas.NewRectangle(theme.Color(theme.ColorNameInputBackground))
	p.band.CornerRadius = theme.InputRadiusSize()
	p.checks = container.NewVBox()
	solution := widget.NewButtonWithIcon(lang.X("lessontab.solution", "Show model solution"), theme.VisibilityIcon(), p.confirmSolution)
	restart := widget.NewButtonWithIcon(lang.X("lessontab.restart", "Start over"), theme.MediaReplayIcon(), p.restart)
	p.hints = map[int]bool{}
	p.hintsBtn = widget.NewButtonWithIcon(lang.X("lessontab.hints.show", "Show hints"), theme.HelpIcon(), func() {
		p.hints[p.chosen] = true
		p.submitCheck()
	})
	p.hintsBtn.Hide()
	p.body = container.NewVBox(p.pick, p.task, container.NewStack(p.band, p.status), p.checks, container.NewHBox(solution, restart, p.hintsBtn))
	p.empty = wrapped(lang.X("lessontab.no_exercises", "This lesson has no exercises."))
	return container.NewVScroll(container.NewStack(p.empty, p.body))
}

// load shows the exercises of a newly selected lesson, starting with the
// first one not yet done.
func (p *exercisePanel) load(l *lessons.Lesson) {
	var opts []string
	for i := range l.Exercises {
		opts = append(opts, lang.X("lessontab.exercise.n", "Exercise {{.N}}", map[string]any{"N": i + 1}))
	}
	p.chosen = 0
	for i := range l.Exercises {
		if !p.c.prog.Passed[idx(i)] {
			p.chosen = i
			break
		}
	}
	p.pick.Options = opts
	if len(opts) > 1 {
		p.pick.Show()
	} else {
		p.pick.Hide()
	}
	if len(opts) > 0 {
		p.pick.Selected = opts[p.chosen]
		p.empty.Hide()
		p.body.Show()
	} else {
		p.pick.Selected = ""
		p.body.Hide()
		p.empty.Show()
	}
	p.pick.Refresh()
	p.results = nil
	p.hints = map[int]bool{}
	p.checks.RemoveAll()
}

// show puts exercise i's text (the student's, else its start) in the
// editor and checks it.
func (p *exercisePanel) show(i int) {
	l := p.c.current()
	if l == nil || i < 0 || i >= len(l.Exercises) {
		return
	}
	p.onFront()
	if p.le.mode != i {
		p.saveText()
		p.le.mode = i
		text, ok := p.c.prog.text(i)
		if !ok {
			text = l.Exercises[i].Start
		}
		p.le.setText([]byte(text))
	}
	p.chosen = i
	if len(p.pick.Options) > i && p.pick.Selected != p.pick.Options[i] {
		p.pick.Selected = p.pick.Options[i]
		p.pick.Refresh()
	}
	p.le.what.SetText(lang.X("lessontab.editor.exercise", "Exercise {{.N}}: your file", map[string]any{"N": i + 1}))
	p.task.SetText(l.Exercises[i].Task.In(language()))
	p.submitCheck()
}

// saveText keeps the student's text of the exercise in the editor.
func (p *exercisePanel) saveText() {
	if p.c.cur >= 0 && p.le.mode >= 0 && p.c.prog != nil {
		p.c.prog.setText(p.le.mode, p.le.ed.Bytes(), p.c.lessons[p.c.cur].Exercises[p.le.mode].Start)
		p.onSaved()
	}
}

// submitCheck checks the text in the editor against the exercise shown.
func (p *exercisePanel) submitCheck() {
	l := p.c.current()
	if l == nil || p.le.mode < 0 {
		return
	}
	p.gen++
	p.checker.Submit(checkJob{gen: p.gen, ex: p.le.mode, exercise: l.Exercises[p.le.mode], text: append([]byte(nil), p.le.ed.Bytes()...)})
}

// checked shows the results of the newest check.
func (p *exercisePanel) checked(j checkJob, res []testset.Result) {
	if j.gen != p.gen || j.ex != p.le.mode {
		return
	}
	l := p.c.current()
	p.results = res
	pass := 0
	p.checks.RemoveAll()
	// A hint is for a student who tried: it shows once the text is no
	// longer the exercise's start, or when asked for.
	showHints := p.hints[j.ex] || string(j.text) != j.exercise.Start
	hidden := 0
	for k, r := range res {
		if r.Pass && r.Err == nil {
			pass++
		}
		var hint string
		if k < len(j.exercise.Expect) {
			hint = j.exercise.Expect[k].Hint.In(language())
		}
		if !showHints && !r.Pass && hint != "" {
			hint = ""
			hidden++
		}
		p.checks.Add(checkRow(r, hint))
	}
	if hidden > 0 {
		p.hintsBtn.Show()
	} else {
		p.hintsBtn.Hide()
	}
	p.done = len(res) > 0 && pass == len(res)
	var text string
	colour := fyne.ThemeColorName(theme.ColorNameForeground)
	if p.done {
		text = lang.X("lessontab.exercise.done", "Done: every check passes.")
		colour = look.ColorNameAllowed
		p.band.FillColor = fade(theme.Color(look.ColorNameAllowed))
		p.c.prog.Passed[idx(j.ex)] = true
	} else {
		text = lang.X("lessontab.exercise.progress", "{{.Pass}} of {{.All}} checks pass. Keep typing: the checks follow your text.",
			map[string]any{"Pass": pass, "All": len(res)})
		p.band.FillColor = theme.Color(theme.ColorNameInputBackground)
	}
	p.band.Refresh()
	p.status.Segments = []widget.RichTextSegment{&widget.TextSegment{Text: text,
		Style: widget.RichTextStyle{ColorName: colour, TextStyle: fyne.TextStyle{Bold: true}}}}
	p.status.Refresh()
	if l != nil {
		p.c.prog.setText(j.ex, j.text, j.exercise.Start)
		p.onSaved()
	}
}

// fade makes a fill light enough for text in the foreground colour.
func fade(c color.Color) color.Color {
	r, g, b, _ := color.NRGBAModel.Convert(c).RGBA()
	return color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: 48}
}

// checkRow is one expectation: the question, pass or fail, and the hint
// while it fails.
func checkRow(r testset.Result, hint string) fyne.CanvasObject {
	want := lang.X("lessontab.check.allowed", "allowed")
	if !r.Allowed {
		want = lang.X("lessontab.check.blocked", "blocked")
	}
	line := lang.X("lessontab.check.line", "{{.Crawler}} → {{.Path}} ({{.Engine}}) should be {{.Want}}",
		map[string]any{"Crawler": r.Crawler, "Path": r.Path, "Engine": readingName(r.Engine), "Want": want})
	icon := widget.NewIcon(theme.NewSuccessThemedResource(theme.ConfirmIcon()))
	var state string
	switch {
	case r.Err != nil:
		icon.SetResource(theme.NewErrorThemedResource(theme.CancelIcon()))
		state = r.Err.Error()
	case r.Pass:
		state = lang.X("lessontab.check.pass", "passes")
	default:
		icon.SetResource(theme.NewErrorThemedResource(theme.CancelIcon()))
		state = lang.X("lessontab.check.fail", "fails: now {{.Word}}", map[string]any{"Word": r.Verdict.Word().String()})
	}
	text := wrapped(fmt.Sprintf("%s — %s", line, state))
	rows := []fyne.CanvasObject{container.NewBorder(nil, nil, icon, nil, text)}
	if !r.Pass && hint != "" {
		h := newProse(lang.X("lessontab.check.hint", "Hint: {{.Hint}}", map[string]any{"Hint": hint}))
		h.Italic = true
		h.SetText(h.Text)
		rows = append(rows, h)
	}
	return container.NewVBox(rows...)
}

// Done reports whether every check of the exercise shown passes.
func (t *Tab) Done() bool { return t.le.mode >= 0 && t.ex.done }

// Results are the last check results of the exercise shown.
func (t *Tab) Results() []testset.Result { return t.ex.results }

func (p *exercisePanel) confirmSolution() {
	if p.c.current() == nil || p.le.mode < 0 {
		return
	}
	dlg.Confirm(lang.X("lessontab.solution", "Show model solution"),
		lang.X("lessontab.solution.ask", "Replace your text with the model solution? Ctrl+Z in the lesson's editor brings your text back."),
		func(ok bool) {
			if ok {
				p.showSolution()
			}
		}, p.win)
}

// ShowSolution replaces the student's text with the model solution as one
// undo step.
func (t *Tab) ShowSolution() { t.ex.showSolution() }

func (p *exercisePanel) showSolution() {
	if l := p.c.current(); l != nil && p.le.mode >= 0 {
		p.replaceText([]byte(l.Exercises[p.le.mode].Solution))
	}
}

// restart puts the exercise's start text back, as one undo step.
func (p *exercisePanel) restart() {
	if l := p.c.current(); l != nil && p.le.mode >= 0 {
		p.replaceText([]byte(l.Exercises[p.le.mode].Start))
	}
}

func (p *exercisePanel) replaceText(b []byte) {
	if err := p.le.ed.ApplyEdits([]editor.Edit{{Start: 0, End: len(p.le.ed.Bytes()), Text: b}}); err != nil {
		p.le.setText(b)
		p.submitCheck()
	}
}

// SetSynchronous checks exercises at once, on the caller's goroutine (for
// callers with no UI goroutine to hand results to, such as the test driver).
// A check already started (New checks the first lesson's exercise) is
// waited for first (when on): under the test driver its result is handed over on the
// worker's goroutine, and must be in place before the caller goes on.
func (t *Tab) SetSynchronous(on bool) {
	if on {
		t.ex.checker.Wait()
	}
	t.ex.checker.Inline = on
}
