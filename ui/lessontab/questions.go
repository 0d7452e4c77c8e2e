package lessontab

import (
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/lessons"
	"github.com/robots-studio/robots-studio/ui/look"
)

const (
	answerAllowed = "allowed"
	answerBlocked = "blocked"
)

// questionRow is one question: what is asked, the two answers to choose
// from and, once chosen, the reveal.
type questionRow struct {
	t       *Tab
	n       int
	head    *widget.Label
	ask     *widget.Label
	allow   *widget.Button
	block   *widget.Button
	result  *widget.RichText
	reveal  *fyne.Container
	verdict *fyne.Container
	why     *widget.Label
	mark    *widget.Button
	box     *fyne.Container
}

func (t *Tab) buildQuestions() {
	l := t.Current()
	t.questions = nil
	t.qBox.RemoveAll()
	if len(l.Questions) == 0 {
		t.qBox.Add(wrapped(lang.X("lessontab.no_questions", "This lesson has no questions.")))
	}
	for i := range l.Questions {
		r := t.newQuestionRow(i)
		t.questions = append(t.questions, r)
		t.qBox.Add(r.box)
		if pick, ok := t.prog.pick(i); ok {
			r.show(pick)
		}
	}
	t.updateScore()
}

func wrapped(s string) *widget.Label {
	l := widget.NewLabel(s)
	l.Wrapping = fyne.TextWrapWord
	return l
}

// readingName is an engine's short name ("Google", "1994 standard").
func readingName(id string) string { return engine.NameOf(id).String() }

func (t *Tab) newQuestionRow(i int) *questionRow {
	l := t.Current()
	q := l.Questions[i]
	r := &questionRow{t: t, n: i}
	r.head = wrapped(lang.X("lessontab.question.head", "{{.N}}. {{.Crawler}} → {{.Path}} · reading: {{.Engine}}",
		map[string]any{"N": i + 1, "Crawler": q.Crawler, "Path": q.Path, "Engine": readingName(q.Engine)}))
	r.head.TextStyle.Bold = true
	r.ask = wrapped(q.AskText(language()))
	r.allow = widget.NewButton(lang.X("lessontab.pick.allowed", "Allowed"), func() { t.Predict(i, answerAllowed) })
	r.block = widget.NewButton(lang.X("lessontab.pick.blocked", "Blocked"), func() { t.Predict(i, answerBlocked) })
	r.result = widget.NewRichText()
	r.result.Wrapping = fyne.TextWrapWord
	r.verdict = container.NewVBox()
	r.why = wrapped("")
	r.mark = widget.NewButton(lang.X("lessontab.question.mark", "Mark the deciding lines"), func() { t.showQuestion(i) })
	r.reveal = container.NewVBox(r.result, r.verdict, r.why, container.NewHBox(r.mark))
	r.reveal.Hide()
	r.box = container.NewVBox(widget.NewSeparator(), r.head, r.ask, container.NewHBox(r.allow, r.block), r.reveal)
	return r
}

// Predict records the student's answer to question i and reveals the
// engines' verdicts. A question is answered once; Reset starts again.
func (t *Tab) Predict(i int, answer string) {
	if i < 0 || i >= len(t.questions) {
		return
	}
	if _, done := t.prog.pick(i); done {
		return
	}
	t.prog.Picks[idx(i)] = answer
	t.saveProgress()
	t.questions[i].show(answer)
	t.updateScore()
	t.showQuestion(i)
}

// Score is how many questions of the current lesson were answered right,
// of how many.
func (t *Tab) Score() (right, of int) {
	l := t.Current()
	if l == nil {
		return 0, 0
	}
	for i := range l.Questions {
		if pick, ok := t.prog.pick(i); ok && (pick == answerAllowed) == t.truth[i].Allowed {
			right++
		}
	}
	return right, len(l.Questions)
}

func (t *Tab) updateScore() {
	right, of := t.Score()
	answered := len(t.prog.Picks)
	t.score.SetText(lang.X("lessontab.score", "Score: {{.Right}} of {{.Of}} right ({{.Answered}} answered)",
		map[string]any{"Right": right, "Of": of, "Answered": answered}))
}

// show reveals the answer after the student picked one.
func (r *questionRow) show(pick string) {
	t := r.t
	l := t.Current()
	q := l.Questions[r.n]
	v := t.truth[r.n]
	// The chosen answer stays lit; the other can no longer be picked.
	chosen, other := r.allow, r.block
	if pick != answerAllowed {
		chosen, other = r.block, r.allow
	}
	chosen.Importance = widget.HighImportance
	chosen.Refresh()
	other.Disable()
	right := (pick == answerAllowed) == v.Allowed
	word := v.Word().String()
	var head string
	colour := look.ColorNameBlocked
	if right {
		head = lang.X("lessontab.right", "Right: {{.Engine}} answers {{.Word}}.", map[string]any{"Engine": readingName(q.Engine), "Word": word})
		colour = look.ColorNameAllowed
	} else {
		head = lang.X("lessontab.wrong", "Not this time: {{.Engine}} answers {{.Word}}.", map[string]any{"Engine": readingName(q.Engine), "Word": word})
	}
	r.result.Segments = []widget.RichTextSegment{&widget.TextSegment{Text: head,
		Style: widget.RichTextStyle{ColorName: colour, SizeName: t.textSize(), TextStyle: fyne.TextStyle{Bold: true}, Inline: true}}}
	r.result.Refresh()
	r.verdict.RemoveAll()
	for _, id := range readingsFor(l, q) {
		qq := q
		qq.Engine = id
		rv := v
		if id != q.Engine {
			rv = l.Ask(qq)
		}
		r.verdict.Add(verdictText(id, &rv, t.textSize()))
	}
	why := q.Why.In(language())
	r.why.SizeName = t.textSize()
	r.why.SetText(why)
	if why == "" {
		r.why.Hide()
	} else {
		r.why.Show()
	}
	r.reveal.Show()
	r.box.Refresh()
}

// readingsFor are the readings a question's reveal lists: the question's
// own first, then the lesson's.
func readingsFor(l *lessons.Lesson, q lessons.Question) []string {
	ids := []string{q.Engine}
	for _, id := range l.Readings {
		if _, ok := engine.Get(id); ok && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	return ids
}

// verdictText is one reading's verdict: the word in the verdict colour and
// the engine's explanation.
func verdictText(id string, v *engine.Verdict, size fyne.ThemeSizeName) *widget.RichText {
	colour := look.ColorNameBlocked
	if v.Allowed {
		colour = look.ColorNameAllowed
	}
	rt := widget.NewRichText(
		&widget.TextSegment{Text: readingName(id) + ": ", Style: widget.RichTextStyle{Inline: true, SizeName: size, TextStyle: fyne.TextStyle{Bold: true}}},
		&widget.TextSegment{Text: v.Word().String(), Style: widget.RichTextStyle{Inline: true, SizeName: size, ColorName: colour, TextStyle: fyne.TextStyle{Bold: true}}},
		&widget.TextSegment{Text: " — " + v.ExplainAll(), Style: widget.RichTextStyle{Inline: true, SizeName: size}},
	)
	rt.Wrapping = fyne.TextWrapWord
	return rt
}

// lastRevealed is the question whose lines were last marked (-1: none).
func (t *Tab) lastRevealed() int {
	if t.Revealed(t.explainedQ) {
		return t.explainedQ
	}
	return -1
}

// showQuestion puts the example in the editor, marks the group and rule
// that decided question i and tells the window its explanation.
func (t *Tab) showQuestion(i int) {
	t.explainedQ = i
	if t.practice.Selected() != t.qTab {
		t.practice.Select(t.qTab)
	}
	t.showExample()
	r := t.questions[i]
	var b strings.Builder
	b.WriteString(r.head.Text + "\n")
	for _, o := range r.verdict.Objects {
		b.WriteString(o.(*widget.RichText).String() + "\n")
	}
	if r.why.Visible() {
		b.WriteString(r.why.Text)
	}
	t.explained = strings.TrimSpace(b.String())
	t.scrollToQuestion(i)
	if t.host.OnExplain != nil {
		t.host.OnExplain(t.explained)
	}
}

// markQuestion marks the deciding group and rule of question i in the
// editor (nothing when i < 0 or the example was edited).
func (t *Tab) markQuestion(i int) {
	l := t.Current()
	if i < 0 || l == nil || string(t.ed.Bytes()) != string(l.Robots) {
		t.setMarks(nil)
		return
	}
	v := t.truth[i]
	var marks []editor.Mark
	if v.Group != nil {
		for _, n := range v.Group.Lines {
			marks = append(marks, editor.Mark{Line: n, Kind: editor.MarkGroup, Message: v.GroupText().String()})
		}
	}
	if v.Rule != nil {
		marks = append(marks, editor.Mark{Line: v.Rule.Line, Kind: editor.MarkRule, Message: v.Explain().String()})
		t.ed.ShowLine(v.Rule.Line)
	} else if v.Group != nil {
		t.ed.ShowLine(v.Group.Start())
	}
	t.setMarks(marks)
}

func (t *Tab) setMarks(m []editor.Mark) {
	t.marks = m
	t.ed.SetMarks(m)
}

// Revealed reports whether question i's answer is shown.
func (t *Tab) Revealed(i int) bool {
	return i >= 0 && i < len(t.questions) && t.questions[i].reveal.Visible()
}

// scrollToQuestion scrolls the questions so question i is at the top; in
// large type (presenter mode) its answer, which the class looks at.
func (t *Tab) scrollToQuestion(i int) {
	y := float32(0)
	for _, o := range t.qBox.Objects[:i] {
		y += o.MinSize().Height + theme.Padding()
	}
	if r := t.questions[i]; t.large && r.reveal.Visible() {
		// the separator, the head, the question and the buttons
		for _, o := range r.box.Objects[:4] {
			y += o.MinSize().Height + theme.Padding()
		}
	}
	t.qScroll.Offset = fyne.NewPos(0, y)
	t.qScroll.Refresh()
}

// SetLarge draws the reveals in large type (presenter mode) or normally.
func (t *Tab) SetLarge(on bool) {
	if t.large == on {
		return
	}
	t.large = on
	if t.Current() != nil {
		t.buildQuestions()
		if q := t.lastRevealed(); q >= 0 {
			t.scrollToQuestion(q)
		}
	}
}

// textSize is the size of a reveal's text.
func (t *Tab) textSize() fyne.ThemeSizeName {
	if t.large {
		return theme.SizeNameSubHeadingText
	}
	return theme.SizeNameText
}
