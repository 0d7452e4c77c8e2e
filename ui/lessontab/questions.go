package lessontab

import (
	"math"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/lessons"
	"github.com/robots-studio/robots-studio/ui/look"
	"github.com/robots-studio/robots-studio/ui/richmsg"
)

const (
	answerAllowed = "allowed"
	answerBlocked = "blocked"
)

// questionRow is one question: what is asked, the two answers to choose
// from (for each reading it asks about) and, once every answer is chosen,
// the reveal. Its buttons call the closures it is built with (pick, mark);
// it holds nothing of the quiz's.
type questionRow struct {
	l       *lessons.Lesson
	n       int
	truth   []engine.Verdict   // per reading asked: the verdict on the example
	size    fyne.ThemeSizeName // the reveal's text size
	head    *widget.Label
	ask     *prose
	choices []*choice
	result  *widget.RichText
	reveal  *fyne.Container
	verdict *fyne.Container
	said    []string // the verdict lines as text, their code between backticks
	why     *prose
	mark    *widget.Button
	box     *fyne.Container
}

// quiz is the "Predict, then reveal" panel: the current lesson's questions,
// the score, and which reveal the editor and presenter mode explain. It
// reads and records answers in the course, marks the deciding lines in the
// lesson's editor, and tells the tab through its callbacks.
type quiz struct {
	c  *course
	le *lessonEditor
	// onPicked is told an answer was recorded in the progress (the tab
	// keeps it and shows it in the list).
	onPicked func()
	// onShow shows question i's reveal in the example: the lines that
	// decided, and its explanation to the window.
	onShow func(i int)

	score      *widget.Label
	resetBtn   *widget.Button
	tools      *fyne.Container // the buttons beside the score: Reset (in large type the tab's Open too)
	askBtn     *widget.Button  // the one-question view for a class
	box        *fyne.Container
	scroll     *container.Scroll
	rows       []*questionRow
	truth      [][]engine.Verdict // per question, per reading it asks: the verdict on the example
	explained  string
	explainedQ int  // the question whose lines are marked (-1: none)
	large      bool // presenter mode: reveals in large type
	anchor     int  // the question kept at the top of the view (-1: none)
	keeping    bool // the view is being scrolled to the anchor
}

// panel builds the quiz's widgets; reset and ask are its buttons' actions
// (forget the lesson's answers, ask the class).
func (z *quiz) panel(reset, ask func()) fyne.CanvasObject {
	z.explainedQ = -1
	z.score = widget.NewLabel("")
	z.score.TextStyle.Bold = true
	z.score.Wrapping = fyne.TextWrapWord // beside Reset, in Russian and Polish at 1024×768
	z.resetBtn = widget.NewButtonWithIcon(resetLabel(), theme.ViewRefreshIcon(), reset)
	z.anchor = -1
	z.box = container.New(anchoredVBox{z})
	z.scroll = container.NewVScroll(z.box)
	z.scroll.OnScrolled = func(fyne.Position) {
		if !z.keeping {
			z.anchor = -1 // the user scrolled: the questions stay where they are put
		}
	}
	z.askBtn = widget.NewButtonWithIcon(lang.X("lessontab.class.open", "Ask the class (F5)"), theme.MediaPlayIcon(), ask)
	z.askBtn.Importance = widget.HighImportance
	z.tools = container.NewHBox(z.resetBtn)
	head := container.NewVBox(container.NewBorder(nil, nil, nil, z.tools, z.score), z.askBtn)
	return container.NewBorder(head, nil, nil, nil, z.scroll)
}

// load works out the engines' verdicts on a newly selected lesson's
// questions and shows them unanswered (or as the progress has them).
func (z *quiz) load(l *lessons.Lesson) {
	z.truth = make([][]engine.Verdict, len(l.Questions))
	for i, q := range l.Questions {
		for _, id := range l.Asked(q) {
			z.truth[i] = append(z.truth[i], l.AskUnder(q, id))
		}
	}
	z.explained, z.explainedQ = "", -1
	z.anchor = -1
	z.build()
}

// choice is the pair of answers for one reading of a question.
type choice struct {
	id    string
	allow *widget.Button
	block *widget.Button
}

// build shows the current lesson's questions with the answers given so far.
func (z *quiz) build() {
	l := z.c.current()
	z.rows = nil
	z.box.RemoveAll()
	if len(l.Questions) == 0 {
		z.box.Add(wrapped(lang.X("lessontab.no_questions", "This lesson has no questions.")))
		z.askBtn.Disable()
	} else {
		z.askBtn.Enable()
	}
	for i := range l.Questions {
		r := newQuestionRow(l, i, z.truth[i], z.textSize(),
			func(id, answer string) { z.predictFor(i, id, answer) }, func() { z.onShow(i) })
		z.rows = append(z.rows, r)
		z.box.Add(r.box)
		r.restore(z.c.prog)
	}
	z.updateScore()
}

func wrapped(s string) *widget.Label {
	l := widget.NewLabel(s)
	l.Wrapping = fyne.TextWrapWord
	return l
}

// readingName is an engine's short name ("Google", "1994 standard").
func readingName(id string) string { return engine.NameOf(id).String() }

// newQuestionRow builds question i of l, whose verdicts on the example are
// truth, its reveal's text at size: pick records an answer under a
// reading, mark shows the reveal in the example.
func newQuestionRow(l *lessons.Lesson, i int, truth []engine.Verdict, size fyne.ThemeSizeName,
	pick func(id, answer string), mark func()) *questionRow {
	q := l.Questions[i]
	r := &questionRow{l: l, n: i, truth: truth, size: size}
	asked := l.Asked(q)
	r.head = wrapped(headText(l, i))
	r.head.TextStyle.Bold = true
	r.ask = newProse(q.AskText(language()))
	var picks []fyne.CanvasObject
	if q.PerReading() {
		note := wrapped(lang.X("lessontab.question.each", "Answer for every reading before the answer shows. The question counts as right only when every answer is right."))
		note.Importance = widget.LowImportance
		picks = append(picks, note)
	}
	for _, id := range asked {
		c := &choice{id: id}
		c.allow = widget.NewButton(lang.X("lessontab.pick.allowed", "Allowed"), func() { pick(id, answerAllowed) })
		c.block = widget.NewButton(lang.X("lessontab.pick.blocked", "Blocked"), func() { pick(id, answerBlocked) })
		r.choices = append(r.choices, c)
		switch {
		case q.PerReading() && size != theme.SizeNameText:
			// In large type the reading's name is a line above its
			// buttons: beside them ("Стандарт 1994:") they needed more
			// than the questions' column, and the text beside gave way.
			name := widget.NewLabel(readingName(id) + ":")
			picks = append(picks, name, container.NewHBox(c.allow, c.block))
		case q.PerReading():
			name := widget.NewLabel(readingName(id) + ":")
			picks = append(picks, container.NewHBox(name, c.allow, c.block))
		default:
			picks = append(picks, container.NewHBox(c.allow, c.block))
		}
	}
	r.result = widget.NewRichText()
	r.result.Wrapping = fyne.TextWrapWord
	r.verdict = container.NewVBox()
	r.why = newProse("")
	r.mark = widget.NewButton(lang.X("lessontab.question.mark", "Mark the deciding lines"), mark)
	r.reveal = container.NewVBox(r.result, r.verdict, r.why, container.NewHBox(r.mark))
	r.reveal.Hide()
	r.box = container.NewVBox(widget.NewSeparator(), r.head, r.ask, container.NewVBox(picks...), r.reveal)
	return r
}

// headText is question i's first line: its number, the crawler, the path
// and the reading (or readings) it asks about.
func headText(l *lessons.Lesson, i int) string {
	q := l.Questions[i]
	if q.PerReading() {
		var names []string
		for _, id := range l.Asked(q) {
			names = append(names, readingName(id))
		}
		return lang.X("lessontab.question.head_each", "{{.N}}. {{.Crawler}} → {{.Path}} · readings: {{.Engines}}",
			map[string]any{"N": i + 1, "Crawler": q.Crawler, "Path": q.Path, "Engines": strings.Join(names, ", ")})
	}
	return lang.X("lessontab.question.head", "{{.N}}. {{.Crawler}} → {{.Path}} · reading: {{.Engine}}",
		map[string]any{"N": i + 1, "Crawler": q.Crawler, "Path": q.Path, "Engine": readingName(q.Engine)})
}

// pickKey is where the progress keeps the answer to question i under the
// engine id: "i" for a question about one reading, "i:id" for one asked
// under each of several.
func pickKey(q lessons.Question, i int, id string) string {
	if q.PerReading() {
		return idx(i) + ":" + id
	}
	return idx(i)
}

// picksOf are the student's answers to question i, in the order of the
// readings asked, and whether every reading is answered.
func picksOf(pr *progress, l *lessons.Lesson, i int) ([]string, bool) {
	q := l.Questions[i]
	var out []string
	all := true
	for _, id := range l.Asked(q) {
		p, ok := pr.Picks[pickKey(q, i, id)]
		out = append(out, p)
		all = all && ok
	}
	return out, all
}

// scoreOf counts the answered questions of l and those answered right: a
// question is right only when the answer for every reading it asks is.
func scoreOf(pr *progress, l *lessons.Lesson, truth [][]bool) (right, answered int) {
	for i := range l.Questions {
		picks, done := picksOf(pr, l, i)
		if !done {
			continue
		}
		answered++
		ok := true
		for k, p := range picks {
			ok = ok && (p == answerAllowed) == truth[i][k]
		}
		if ok {
			right++
		}
	}
	return right, answered
}

// Predict records the student's answer to question i under its reading
// (for a question asked under several readings: under the first) and, when
// every reading is answered, reveals the engines' verdicts. An answer is
// given once; Reset starts again.
func (t *Tab) Predict(i int, answer string) {
	if l := t.Current(); l != nil && i >= 0 && i < len(l.Questions) {
		t.PredictFor(i, l.Asked(l.Questions[i])[0], answer)
	}
}

// PredictFor records the student's answer to question i under the engine
// id; the answer shows once every reading the question asks is answered.
func (t *Tab) PredictFor(i int, id, answer string) { t.quiz.predictFor(i, id, answer) }

// predictFor records the answer to question i under the engine id, once:
// the row shows it, and its reveal once every reading is answered.
func (z *quiz) predictFor(i int, id, answer string) {
	l := z.c.current()
	if l == nil || i < 0 || i >= len(z.rows) {
		return
	}
	q := l.Questions[i]
	if !slices.Contains(l.Asked(q), id) {
		return
	}
	key := pickKey(q, i, id)
	if _, done := z.c.prog.Picks[key]; done {
		return
	}
	z.c.prog.Picks[key] = answer
	z.onPicked()
	r := z.rows[i]
	r.restore(z.c.prog)
	z.updateScore()
	if r.reveal.Visible() {
		z.onShow(i)
	}
}

// Score is how many questions of the current lesson were answered right,
// of how many.
func (t *Tab) Score() (right, of int) {
	l := t.Current()
	if l == nil {
		return 0, 0
	}
	right, _ = t.c.score(l)
	return right, len(l.Questions)
}

func (z *quiz) updateScore() {
	l := z.c.current()
	right, answered := z.c.score(l)
	z.score.SetText(lang.X("lessontab.score", "Score: {{.Right}} of {{.Of}} right ({{.Answered}} answered)",
		map[string]any{"Right": right, "Of": len(l.Questions), "Answered": answered}))
}

// restore shows the answers chosen so far in pr and, when every reading
// is answered, the reveal.
func (r *questionRow) restore(pr *progress) {
	picks, all := picksOf(pr, r.l, r.n)
	for k, c := range r.choices {
		if picks[k] == "" {
			continue
		}
		// The chosen answer stays lit; the other can no longer be picked.
		chosen, other := c.allow, c.block
		if picks[k] != answerAllowed {
			chosen, other = c.block, c.allow
		}
		chosen.Importance = widget.HighImportance
		chosen.Refresh()
		other.Disable()
	}
	if all {
		r.show(picks)
	}
}

// show reveals the answer after the student answered every reading.
func (r *questionRow) show(picks []string) {
	l := r.l
	q := l.Questions[r.n]
	truth := r.truth
	r.result.Segments = resultSegments(l, q, truth, picks, r.size)
	r.result.Refresh()
	r.verdict.RemoveAll()
	r.said = r.said[:0]
	asked := l.Asked(q)
	for _, id := range readingsFor(l, q) {
		var rv engine.Verdict
		if k := slices.Index(asked, id); k >= 0 {
			rv = truth[k]
		} else {
			rv = l.AskUnder(q, id)
		}
		r.verdict.Add(verdictText(id, &rv, r.size))
		r.said = append(r.said, readingName(id)+": "+rv.Word().String()+" — "+rv.ExplainAll())
	}
	why := q.Why.In(language())
	r.why.SizeName = r.size
	r.why.SetText(why)
	if why == "" {
		r.why.Hide()
	} else {
		r.why.Show()
	}
	r.reveal.Show()
	r.box.Refresh()
}

// resultSegments say whether the answers (picks, per reading asked) were
// right: one line for a question about one reading; a line for the whole
// and one per reading for a question about several.
func resultSegments(l *lessons.Lesson, q lessons.Question, truth []engine.Verdict, picks []string, size fyne.ThemeSizeName) []widget.RichTextSegment {
	bold := func(text string, colour fyne.ThemeColorName) *widget.TextSegment {
		return &widget.TextSegment{Text: text, Style: widget.RichTextStyle{ColorName: colour, SizeName: size,
			TextStyle: fyne.TextStyle{Bold: true}}}
	}
	colourOf := func(ok bool) fyne.ThemeColorName {
		if ok {
			return look.ColorNameAllowed
		}
		return look.ColorNameBlocked
	}
	var segs []widget.RichTextSegment
	if !q.PerReading() {
		v := truth[0]
		right := (picks[0] == answerAllowed) == v.Allowed
		args := map[string]any{"Engine": readingName(q.Engine), "Word": v.Word().String()}
		head := lang.X("lessontab.wrong", "Not this time: {{.Engine}} answers {{.Word}}.", args)
		if right {
			head = lang.X("lessontab.right", "Right: {{.Engine}} answers {{.Word}}.", args)
		}
		segs = append(segs, bold(head, colourOf(right)))
	} else {
		all := true
		var lines []widget.RichTextSegment
		for k, id := range l.Asked(q) {
			v := truth[k]
			ok := (picks[k] == answerAllowed) == v.Allowed
			all = all && ok
			said := (&engine.Verdict{Allowed: picks[k] == answerAllowed}).Word().String()
			args := map[string]any{"Engine": readingName(id), "Pick": said, "Word": v.Word().String()}
			line := lang.X("lessontab.reading.wrong", "{{.Engine}}: you said {{.Pick}}, it answers {{.Word}} — wrong.", args)
			if ok {
				line = lang.X("lessontab.reading.right", "{{.Engine}}: you said {{.Pick}} — right.", args)
			}
			lines = append(lines, bold(line, colourOf(ok)))
		}
		head := lang.X("lessontab.wrong_each", "Not this time: the question counts only when every reading is right.")
		if all {
			head = lang.X("lessontab.right_each", "Right under every reading.")
		}
		segs = append(append(segs, bold(head, colourOf(all))), lines...)
	}
	return segs
}

// readingsFor are the readings a question's reveal lists: the question's
// own first, then the lesson's.
func readingsFor(l *lessons.Lesson, q lessons.Question) []string {
	ids := slices.Clone(l.Asked(q))
	for _, id := range l.Readings {
		if _, ok := engine.Get(id); ok && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	return ids
}

// verdictText is one reading's verdict: the word in the verdict colour and
// the engine's explanation, the robots.txt text it quotes in the code font
// without the backticks (richmsg).
func verdictText(id string, v *engine.Verdict, size fyne.ThemeSizeName) *widget.RichText {
	colour := look.ColorNameBlocked
	if v.Allowed {
		colour = look.ColorNameAllowed
	}
	segs := []widget.RichTextSegment{
		&widget.TextSegment{Text: readingName(id) + ": ", Style: widget.RichTextStyle{Inline: true, SizeName: size, TextStyle: fyne.TextStyle{Bold: true}}},
		&widget.TextSegment{Text: v.Word().String(), Style: widget.RichTextStyle{Inline: true, SizeName: size, ColorName: colour, TextStyle: fyne.TextStyle{Bold: true}}},
	}
	segs = append(segs, richmsg.Segments(" — "+v.ExplainAll(), richmsg.Style{SizeName: size})...)
	rt := widget.NewRichText(richmsg.KeepSpansWhole(segs, math.MaxFloat32)...)
	rt.Wrapping = fyne.TextWrapWord
	return rt
}

// lastRevealed is the question whose lines were last marked (-1: none).
func (z *quiz) lastRevealed() int {
	if z.revealed(z.explainedQ) {
		return z.explainedQ
	}
	return -1
}

// showQuestion puts the example in the editor, marks the group and rule
// that decided question i and tells the window its explanation.
func (t *Tab) showQuestion(i int) {
	t.quiz.explainedQ = i
	if t.practice.Selected() != t.qTab {
		t.practice.Select(t.qTab)
	}
	t.showExample()
	t.quiz.explain(i)
	if t.host.OnExplain != nil {
		t.host.OnExplain(t.quiz.explained)
	}
}

// explain makes question i's reveal the one explained (its head, verdicts
// and explanation as text) and scrolls to it.
func (z *quiz) explain(i int) {
	r := z.rows[i]
	var b strings.Builder
	b.WriteString(r.head.Text + "\n")
	for _, line := range r.said {
		b.WriteString(line + "\n")
	}
	if r.why.Visible() {
		b.WriteString(r.why.Text)
	}
	z.explained = strings.TrimSpace(b.String())
	z.scrollTo(i)
}

// markQuestion marks the deciding group and rule of question i in the
// editor (nothing when i < 0 or the example was edited).
func (z *quiz) markQuestion(i int) {
	l := z.c.current()
	if i < 0 || l == nil || !isExample(l, z.le.ed.Bytes()) {
		z.le.setMarks(nil)
		return
	}
	marks, show := decidingMarks(z.truth[i][:1])
	if show > 0 {
		z.le.ed.ShowLine(show)
	}
	z.le.setMarks(marks)
}

// decidingMarks mark the groups and rules that decided the verdicts, and
// the line to bring into view: the first verdict's rule, else its group
// (0 when no group applied).
func decidingMarks(vs []engine.Verdict) (marks []editor.Mark, show int) {
	seen := map[int]bool{}
	add := func(m editor.Mark) {
		if !seen[m.Line] || m.Kind == editor.MarkRule {
			seen[m.Line] = true
			marks = append(marks, m)
		}
	}
	for k, v := range vs {
		if v.Group != nil {
			for _, n := range v.Group.Lines {
				add(editor.Mark{Line: n, Kind: editor.MarkGroup, Message: v.GroupText().String()})
			}
		}
		if v.Rule != nil {
			add(editor.Mark{Line: v.Rule.Line, Kind: editor.MarkRule, Message: v.Explain().String()})
		}
		if k == 0 {
			switch {
			case v.Rule != nil:
				show = v.Rule.Line
			case v.Group != nil:
				show = v.Group.Start()
			}
		}
	}
	return marks, show
}

// Revealed reports whether question i's answer is shown.
func (t *Tab) Revealed(i int) bool { return t.quiz.revealed(i) }

func (z *quiz) revealed(i int) bool {
	return i >= 0 && i < len(z.rows) && z.rows[i].reveal.Visible()
}

// scrollTo scrolls the questions so question i is at the top; in large
// type (presenter mode) its answer, which the class looks at. The question
// stays there when the layout changes under it (presenter mode's zoom, the
// timeline opening above the tabs) until the user scrolls: an offset worked
// out once, from sizes at another zoom, cut a line of the question above
// in half at the top edge.
func (z *quiz) scrollTo(i int) {
	z.anchor = i
	z.box.Refresh() // lays the questions out, then keeps the anchor in view
}

// keepAnchor scrolls to the anchored question as the layout now places it.
func (z *quiz) keepAnchor() {
	if z.anchor < 0 || z.anchor >= len(z.rows) || z.scroll == nil {
		return
	}
	r := z.rows[z.anchor]
	y := r.box.Position().Y
	if z.large && r.reveal.Visible() {
		y += r.reveal.Position().Y
	}
	z.keeping = true
	z.scroll.ScrollToOffset(fyne.NewPos(0, y))
	z.keeping = false
}

// anchoredVBox is a VBox that, once laid out, keeps the quiz's anchored
// question in view.
type anchoredVBox struct{ z *quiz }

func (l anchoredVBox) MinSize(objects []fyne.CanvasObject) fyne.Size {
	return layout.NewVBoxLayout().MinSize(objects)
}

func (l anchoredVBox) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	layout.NewVBoxLayout().Layout(objects, size)
	l.z.keepAnchor()
}

// SetLarge draws the reveals in large type (presenter mode) or normally.
func (t *Tab) SetLarge(on bool) {
	z := t.quiz
	if z.large == on {
		return
	}
	z.large = on
	t.large = on
	t.arrange()
	if l := t.Current(); l != nil {
		setBody(t.body, bodyMarkdown(l), t.bodySize())
		z.build()
		if q := z.lastRevealed(); q >= 0 {
			z.scrollTo(q)
		}
	}
}

// textSize is the size of a reveal's text.
func (z *quiz) textSize() fyne.ThemeSizeName {
	if z.large {
		return theme.SizeNameSubHeadingText
	}
	return theme.SizeNameText
}
