package lessontab

import (
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor"
	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/lessons"
	"github.com/robots-studio/robots-studio/ui/dlg"
	"github.com/robots-studio/robots-studio/ui/look"
)

// classView is the lesson's questions one at a time, over the whole
// window, for a class to answer together (in presenter mode, on a
// projector): the question, the example, two large buttons, then the
// reveal. It records answers through the quiz, as the tab's questions do:
// the same progress, the same score. It holds the course and the quiz (which
// do not point back to it) and tells the tab through onLeave when it goes.
//
// Its keys are its own: a widget that covers the view holds the keyboard
// (keyCatcher), and the view is on ui/dlg's stack, so a key that reaches
// the window while it is shown (Esc, Enter) goes to it and nothing reaches
// the lesson's or the main editor.
type classView struct {
	c   *course
	z   *quiz
	win fyne.Window
	// onLeave is told the view closed, with the question to show in the
	// lesson (the last one revealed in the view; -1: none).
	onLeave func(reveal int)
	closed  bool

	overlay  *fyne.Container
	catcher  *keyCatcher
	onClosed func()

	n       int    // the question shown
	pick    string // the answer chosen for the reading being answered, not yet given ("" none)
	summary bool   // the score is shown, after the last question

	counter  *widget.Label
	score    *widget.Label
	ask      *prose
	ed       *editor.Editor
	edWhat   *widget.Label
	center   *container.Split
	reading  *widget.Label
	allow    *bigButton
	block    *bigButton
	buttons  *fyne.Container
	result   *widget.RichText
	deciding *prose
	why      *prose
	verdicts *fyne.Container
	reveal   *container.Scroll
	marks    []editor.Mark // the example's marks: the lines that decided
	prev     *widget.Button
	primary  *widget.Button
	hint     *widget.Label
}

// The example's share of the view's width: the rest is for the answers
// and the reveal, whose prose is read from the back row. The reveal's
// column is as wide as readingLine at the reading size, the example
// taking the rest, within these shares: at 1024×768 the example gives way
// (at 42% the explanation held 34–44 characters a line), at 1280×800 it
// keeps what it had.
const (
	classSplit      = 0.42
	classSplitLeast = 0.34
)

// splitFor is the example's share of a view width wide.
func splitFor(width float32) float64 {
	return min(classSplit, max(classSplitLeast, 1-float64(readingWidth()/width)))
}

// AskClass shows the current lesson's questions one at a time over the
// whole window, from the first not yet answered (or the first).
func (t *Tab) AskClass() {
	l := t.Current()
	if l == nil || len(l.Questions) == 0 || t.host.Window == nil {
		return
	}
	if v := t.class; v != nil {
		if v.overlay.Visible() {
			return // shown already
		}
		v.close() // hidden past close: put away before a new one
	}
	v := newClassView(t.c, t.quiz, t.host.Window, func(reveal int) {
		t.class = nil
		if reveal >= 0 {
			t.showQuestion(reveal)
		}
	})
	t.class = v
	dlg.Show(t.host.Window, v, dlg.Keys{Cancel: v.close, Default: v.advance})
	start := 0
	for i := range l.Questions {
		if !t.Revealed(i) {
			start = i
			break
		}
	}
	v.show(start)
}

// ClassShown reports whether the one-question view is shown.
func (t *Tab) ClassShown() bool { return t.class != nil }

// newClassView builds the view of c's current lesson over win; its
// answers go through z.
func newClassView(c *course, z *quiz, win fyne.Window, onLeave func(reveal int)) *classView {
	v := &classView{c: c, z: z, win: win, onLeave: onLeave}
	v.build()
	return v
}

// Show puts the view over the window and gives it the keyboard (dlg.Dialog).
func (v *classView) Show() {
	c := v.win.Canvas()
	v.overlay.Resize(c.Size())
	v.overlay.Move(fyne.NewPos(0, 0))
	c.Overlays().Add(v.overlay)
	c.Focus(v.catcher)
}

// SetOnClosed is told when the view closes (dlg.Dialog).
func (v *classView) SetOnClosed(f func()) { v.onClosed = f }

// close takes the view away; the lesson shows the last question revealed
// in it.
func (v *classView) close() {
	if v.closed {
		return
	}
	v.closed = true
	v.win.Canvas().Overlays().Remove(v.overlay)
	if v.onClosed != nil {
		v.onClosed()
	}
	reveal := -1
	if !v.summary && v.z.revealed(v.n) {
		reveal = v.n
	}
	v.onLeave(reveal)
}

func (v *classView) build() {
	v.catcher = newKeyCatcher(v.key, v.refocus)

	v.counter = widget.NewLabel("")
	v.counter.TextStyle.Bold = true
	v.counter.Wrapping = fyne.TextWrapWord
	v.score = widget.NewLabel("")
	closeBtn := widget.NewButtonWithIcon(lang.X("lessontab.class.close", "Back to the lesson"), theme.CancelIcon(), v.close)
	top := container.NewBorder(nil, nil, nil, container.NewHBox(v.score, closeBtn), v.counter)

	v.ask = newProse("")
	v.ask.SizeName = theme.SizeNameHeadingText
	v.ask.Bold = true

	v.ed = editor.New()
	v.ed.SetWrap(true)
	v.edWhat = widget.NewLabel("")
	v.edWhat.Wrapping = fyne.TextWrapWord
	example := container.NewBorder(v.edWhat, nil, nil, nil, container.NewStack(v.ed, newShield(v.ed)))

	v.reading = wrapped("")
	v.reading.TextStyle.Bold = true
	v.allow = newBigButton(lang.X("lessontab.pick.allowed", "Allowed"), lang.X("lessontab.class.key_allowed", "A or ←"),
		func() { v.choose(answerAllowed) })
	v.block = newBigButton(lang.X("lessontab.pick.blocked", "Blocked"), lang.X("lessontab.class.key_blocked", "B or →"),
		func() { v.choose(answerBlocked) })
	v.buttons = container.NewGridWithColumns(2, v.allow, v.block)

	v.result = widget.NewRichText()
	v.result.Wrapping = fyne.TextWrapWord
	v.deciding = newProse("")
	v.deciding.SizeName = look.SizeNameReadingText
	v.why = newProse("")
	v.why.SizeName = look.SizeNameReadingText
	v.verdicts = container.NewVBox()
	v.reveal = container.NewVScroll(container.NewVBox(v.result, v.deciding, v.why, widget.NewSeparator(), v.verdicts))
	answer := container.NewBorder(container.NewVBox(v.reading, v.buttons), nil, nil, nil, v.reveal)

	v.center = container.NewHSplit(example, answer)
	v.center.Offset = classSplit

	v.prev = widget.NewButtonWithIcon(lang.X("lessontab.class.previous", "Previous"), theme.NavigateBackIcon(), func() { v.refocus(); v.show(v.n - 1) })
	v.primary = widget.NewButtonWithIcon("", theme.NavigateNextIcon(), func() { v.refocus(); v.advance() })
	v.primary.Importance = widget.HighImportance
	v.primary.IconPlacement = widget.ButtonIconTrailingText
	v.hint = wrapped(lang.X("lessontab.class.keys", "A/←: Allowed · B/→: Blocked · Enter: reveal, next · ↑/↓: scroll · PgUp: back · Esc: leave"))
	v.hint.Importance = widget.LowImportance
	bottom := container.NewBorder(nil, nil, nil, container.NewHBox(v.prev, v.primary), v.hint)

	content := container.NewBorder(container.NewVBox(top, v.ask, widget.NewSeparator()),
		container.NewVBox(widget.NewSeparator(), bottom), nil, nil, container.New(&splitFit{split: v.center, share: func(s fyne.Size) float64 { return splitFor(s.Width) }}, v.center))
	v.overlay = container.NewStack(v.catcher, container.NewPadded(content))
}

// refocus gives the keyboard back to the view after a click on one of its
// buttons.
func (v *classView) refocus() {
	if c := v.win.Canvas(); c != nil {
		c.Focus(v.catcher)
	}
}

// asked is the state of the question shown: the readings it asks, the
// answers given so far (per reading) and the reading being answered (-1
// when every reading is answered).
func (v *classView) asked() (l *lessons.Lesson, ids, picks []string, next int) {
	l = v.c.current()
	ids = l.Asked(l.Questions[v.n])
	picks, _ = picksOf(v.c.prog, l, v.n)
	next = -1
	for k, p := range picks {
		if p == "" {
			next = k
			break
		}
	}
	return l, ids, picks, next
}

// show shows question i (i past the last: the score), unanswered or as
// the progress has it.
func (v *classView) show(i int) {
	l := v.c.current()
	if l == nil || i < 0 {
		return
	}
	if i >= len(l.Questions) {
		v.showSummary()
		return
	}
	v.n, v.pick, v.summary = i, "", false
	q := l.Questions[i]
	// One line says which question, whose crawler, which path and
	// reading: the rest of the height is the class's.
	v.counter.SetText(lang.X("lessontab.class.counter", "Question {{.N}} of {{.Of}}",
		map[string]any{"N": i + 1, "Of": len(l.Questions)}) + " · " +
		strings.TrimPrefix(headText(l, i), strconv.Itoa(i+1)+". "))
	v.ask.SetText(q.AskText(language()))
	v.edWhat.SetText(lang.X("lessontab.editor.example", "Example: {{.File}}", map[string]any{"File": exampleName(l)}))
	v.ed.SetText(l.RobotsIn(language()))
	v.setMarks(nil)
	v.center.Show()
	v.prev.Show()
	if i == 0 {
		v.prev.Disable()
	} else {
		v.prev.Enable()
	}
	v.update()
}

// update shows the answers given, the one chosen and, once every reading
// is answered, the reveal.
func (v *classView) update() {
	l, ids, picks, next := v.asked()
	q := l.Questions[v.n]
	right, answered := v.c.score(l)
	v.score.SetText(lang.X("lessontab.score", "Score: {{.Right}} of {{.Of}} right ({{.Answered}} answered)",
		map[string]any{"Right": right, "Of": len(l.Questions), "Answered": answered}))
	last := v.n == len(l.Questions)-1
	if next >= 0 {
		// Answering: the reading asked now, the answer chosen so far.
		if q.PerReading() {
			v.reading.SetText(lang.X("lessontab.class.reading", "Under {{.Engine}} ({{.N}} of {{.Of}}):",
				map[string]any{"Engine": readingName(ids[next]), "N": next + 1, "Of": len(ids)}))
			v.reading.Show()
		} else {
			v.reading.Hide()
		}
		v.buttons.Show()
		v.allow.set(stateOf(v.pick == answerAllowed, btnChosen, btnNormal), true)
		v.block.set(stateOf(v.pick == answerBlocked, btnChosen, btnNormal), true)
		v.reveal.Hide()
		v.primary.SetText(lang.X("lessontab.class.reveal", "Reveal"))
		if v.pick == "" {
			v.primary.Disable()
		} else {
			v.primary.Enable()
		}
		v.setMarks(nil)
		v.relayout()
		return
	}
	// Revealed: the class's answer marked right or wrong (for a question
	// about several readings, right only when every answer is).
	truth := v.z.truth[v.n]
	ok := true
	for k, p := range picks {
		ok = ok && (p == answerAllowed) == truth[k].Allowed
	}
	said := picks[0]
	for _, p := range picks {
		if p != said {
			said = "" // answers differ by reading: neither button stands for them
		}
	}
	mark := stateOf(ok, btnRight, btnWrong)
	v.allow.set(stateOf(said == answerAllowed, mark, btnOff), false)
	v.block.set(stateOf(said == answerBlocked, mark, btnOff), false)
	if said == "" {
		v.buttons.Hide() // the result lists each reading's answer
	}
	v.reading.Hide()
	v.showReveal(l, q, ids, picks)
	v.primary.SetText(map[bool]string{
		false: lang.X("lessontab.class.next", "Next question"),
		true:  lang.X("lessontab.class.finish", "Score"),
	}[last])
	v.primary.Enable()
	v.relayout()
}

func stateOf(cond bool, yes, no btnState) btnState {
	if cond {
		return yes
	}
	return no
}

// showReveal fills the reveal: right or wrong, the deciding lines, the
// lesson's explanation and every reading the lesson compares; the example
// marks the lines that decided.
func (v *classView) showReveal(l *lessons.Lesson, q lessons.Question, ids, picks []string) {
	size := look.SizeNameReadingText
	truth := v.z.truth[v.n]
	v.result.Segments = resultSegments(l, q, truth, picks, size)
	v.result.Refresh()
	v.deciding.SetText(decidingText(ids, truth))
	v.why.SetText(q.Why.In(language()))
	if v.why.Text == "" {
		v.why.Hide()
	} else {
		v.why.Show()
	}
	v.verdicts.RemoveAll()
	for _, id := range readingsFor(l, q) {
		var rv engine.Verdict
		if k := indexOf(ids, id); k >= 0 {
			rv = truth[k]
		} else {
			rv = l.AskUnder(q, id)
		}
		v.verdicts.Add(verdictText(id, &rv, size))
	}
	v.reveal.Show()
	v.reveal.ScrollToTop()
	if isExample(l, v.ed.Bytes()) {
		marks, line := decidingMarks(truth)
		v.setMarks(marks)
		if line > 0 {
			v.ed.ShowLine(line)
		}
	}
}

// relayout lays the view out for its new texts: twice, as a wrapped
// text's height is known only once it has its width (a question's second
// line was cut at the bottom the first time it showed).
func (v *classView) relayout() {
	v.overlay.Refresh()
	v.overlay.Refresh()
}

func (v *classView) setMarks(m []editor.Mark) {
	v.marks = m
	v.ed.SetMarks(m)
}

func indexOf(ids []string, id string) int {
	for k, s := range ids {
		if s == id {
			return k
		}
	}
	return -1
}

// decidingText names the line that decided each reading asked: "Deciding
// line 3: `Allow: /p`", with the reading's name when there are several.
func decidingText(ids []string, truth []engine.Verdict) string {
	var out string
	for k, id := range ids {
		v := truth[k]
		var line string
		switch {
		case v.Rule != nil:
			line = lang.X("lessontab.class.deciding", "Deciding line {{.Line}}: `{{.Rule}}`", map[string]any{"Line": v.Rule.Line, "Rule": v.Rule.Text})
		case v.Group != nil:
			line = lang.X("lessontab.class.no_rule", "No rule of the group at line {{.Line}} matches.", map[string]any{"Line": v.Group.Start()})
		default:
			line = lang.X("lessontab.class.no_group", "No group applies to this crawler.")
		}
		if len(ids) > 1 {
			line = readingName(id) + ": " + line
		}
		if out != "" {
			out += "\n\n"
		}
		out += line
	}
	return out
}

// showSummary shows the score after the last question.
func (v *classView) showSummary() {
	l := v.c.current()
	v.summary, v.n = true, len(l.Questions)
	right, answered := v.c.score(l)
	v.counter.SetText(l.Title.In(language()))
	v.ask.SetText(lang.X("lessontab.class.summary", "That was the last question. Score: {{.Right}} of {{.Of}} right ({{.Answered}} answered).",
		map[string]any{"Right": right, "Of": len(l.Questions), "Answered": answered}))
	v.center.Hide()
	v.prev.Enable()
	v.primary.SetText(lang.X("lessontab.class.close", "Back to the lesson"))
	v.primary.Enable()
	v.relayout()
}

// choose picks an answer for the reading being answered; Enter gives it.
// A question already revealed keeps its answers.
func (v *classView) choose(answer string) {
	v.refocus()
	if v.summary {
		return
	}
	if _, _, _, next := v.asked(); next < 0 {
		return
	}
	v.pick = answer
	v.update()
}

// advance is Enter: give the chosen answer (the reveal follows when every
// reading is answered), else go on to the next question, else close.
func (v *classView) advance() {
	if v.summary {
		v.close()
		return
	}
	_, ids, _, next := v.asked()
	if next < 0 {
		v.show(v.n + 1)
		return
	}
	if v.pick == "" {
		return
	}
	pick := v.pick
	v.pick = ""
	v.z.predictFor(v.n, ids[next], pick)
	v.update()
}

// key is what a key does in the view.
func (v *classView) key(name fyne.KeyName) {
	switch name {
	case fyne.KeyA, fyne.KeyLeft:
		v.choose(answerAllowed)
	case fyne.KeyB, fyne.KeyRight:
		v.choose(answerBlocked)
	case fyne.KeyReturn, fyne.KeyEnter, fyne.KeySpace, fyne.KeyPageDown:
		v.advance()
	case fyne.KeyPageUp:
		v.show(v.n - 1)
	case fyne.KeyDown, fyne.KeyUp:
		v.scroll(name == fyne.KeyDown)
	case fyne.KeyEscape:
		v.close()
	}
}

// scroll moves the reveal by three lines of its text (for the rest of a
// long explanation, without the mouse).
func (v *classView) scroll(down bool) {
	if !v.reveal.Visible() {
		return
	}
	step := 3 * theme.Size(theme.SizeNameSubHeadingText) * 1.3
	if !down {
		step = -step
	}
	y := v.reveal.Offset.Y + step
	y = max(0, min(y, v.reveal.Content.MinSize().Height-v.reveal.Size().Height))
	v.reveal.ScrollToOffset(fyne.NewPos(0, y))
}

// keyCatcher is the view's background and holds its keyboard: every key
// typed while the view is shown comes here, and none goes on to an editor.
// It hands the keys to onKey; onTap takes the keyboard back after a click.
type keyCatcher struct {
	widget.BaseWidget
	onKey func(fyne.KeyName)
	onTap func()
}

func newKeyCatcher(onKey func(fyne.KeyName), onTap func()) *keyCatcher {
	k := &keyCatcher{onKey: onKey, onTap: onTap}
	k.ExtendBaseWidget(k)
	return k
}

func (k *keyCatcher) CreateRenderer() fyne.WidgetRenderer {
	r := &fillRenderer{w: k, bg: newFill(theme.ColorNameBackground)}
	r.Refresh()
	return r
}

// FocusGained and FocusLost: the view shows no focus of its own.
func (k *keyCatcher) FocusGained() {}
func (k *keyCatcher) FocusLost()   {}

// TypedRune drops the characters typed: the keys act (TypedKey).
func (k *keyCatcher) TypedRune(rune) {}

// TypedKey acts on the view's keys and drops the rest.
func (k *keyCatcher) TypedKey(ev *fyne.KeyEvent) { keys.Run(func() { k.onKey(ev.Name) }) }

// AcceptsTab keeps Tab in the view: it has no other control to move to
// that its keys do not reach.
func (k *keyCatcher) AcceptsTab() bool { return true }

// TypedShortcut keeps the window's shortcuts from acting on what the view
// covers (Ctrl+V pasted into the main editor, Ctrl+Z undid there): only
// zoom and quit go on.
func (k *keyCatcher) TypedShortcut(s fyne.Shortcut) {
	if c, ok := s.(interface{ Key() fyne.KeyName }); ok {
		switch c.Key() {
		case fyne.KeyEqual, fyne.KeyPlus, fyne.KeyMinus, fyne.Key0, fyne.KeyQ:
			keys.PassOnShortcut(k, s)
		}
	}
}

// Tapped keeps the keyboard in the view after a click on its background.
func (k *keyCatcher) Tapped(*fyne.PointEvent) { k.onTap() }
