// Package lessontab is the Lessons tab: the list of lessons with the
// student's progress, the selected lesson's text, its example in the
// lesson's own editor (the user's file is never touched), questions the
// student answers before the engines' verdicts are revealed, and exercises
// checked live as the student types.
package lessontab

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor"
	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/lessons"
	"github.com/robots-studio/robots-studio/ui/dlg"
	"github.com/robots-studio/robots-studio/ui/look"
	"github.com/robots-studio/robots-studio/ui/richmsg"
)

// Host is what the tab needs from the window.
type Host struct {
	Window fyne.Window
	Prefs  fyne.Preferences // progress and scores; nil keeps nothing
	// OpenInEditor hands a copy of the example to the window's normal
	// open-as-new-document path (which asks about unsaved changes).
	OpenInEditor func(name string, text []byte)
	// ShowTimeline shows the timeline of the standard (nil: no button).
	ShowTimeline func()
	// OnExplain is told the explanation the student is looking at (a
	// revealed question), so presenter mode can show it in large type.
	OnExplain func(text string)
}

// Tab is the Lessons tab. It owns its parts, which do not point back to
// it: the quiz ("Predict, then reveal"), the exercises and, while it is
// shown, the one-question view for a class. They share the course (the
// lessons and the student's progress) and the lesson's editor, and tell
// the tab through a few callbacks what must go back up (progress to save
// and show in the list, a question to explain, the practice tab to bring
// to the front).
type Tab struct {
	host Host
	c    *course
	le   *lessonEditor

	listBox  *fyne.Container
	root     *fyne.Container // the whole tab, or in large type the lesson without its list
	all      *container.Split
	right    *container.Split
	work     *container.Split
	edPanel  fyne.CanvasObject // the example's editor under its name
	edHead   *fyne.Container   // the example's name and Open
	openSlot *fyne.Container   // where Open is beside the name
	// In large type (presenter mode) the lesson is stage: the text and
	// the questions side by side (top) above the example across the
	// whole width, each split set for its size by its splitFit.
	stage    *container.Split
	top      *container.Split
	stageBox *fyne.Container
	topFit   *splitFit
	stageFit *splitFit
	large    bool // presenter mode: the lesson in large type, the list put away
	rows     []*lessonRow
	title    *widget.Label
	body     *widget.RichText
	bodyBox  *container.Scroll
	openBtn  *widget.Button
	practice *container.AppTabs
	// practiceKeys puts the practice strip in the Tab order (←/→ switch).
	practiceKeys *keys.Tabs
	qTab         *container.TabItem
	xTab         *container.TabItem

	quiz  *quiz
	class *classView // the one-question view, while it is shown
	ex    *exercisePanel

	// Content is the tab's widget tree.
	Content fyne.CanvasObject
}

// New builds the tab on the given lessons (the built-in ones, in order).
func New(h Host, list []*lessons.Lesson) *Tab {
	t := &Tab{host: h, c: &course{lessons: list, cur: -1, prefs: h.Prefs}, le: &lessonEditor{mode: -1}}
	t.build()
	if len(list) > 0 {
		t.Select(0)
	}
	return t
}

// language is the two-letter code of the UI language, for the lessons'
// texts.
func language() string { return lang.X("lessontab.language", "en") }

func (t *Tab) build() {
	t.listBox = container.NewVBox()
	left := []fyne.CanvasObject{}
	if t.host.ShowTimeline != nil {
		left = append(left, widget.NewButtonWithIcon(lang.X("lessontab.timeline", "Timeline of the standard"),
			theme.HistoryIcon(), t.host.ShowTimeline))
	}
	heading := widget.NewLabel(lang.X("lessontab.lessons", "Lessons"))
	heading.TextStyle.Bold = true
	listPanel := container.NewBorder(heading, container.NewVBox(left...), nil, nil, container.NewVScroll(t.listBox))

	t.title = widget.NewLabel("")
	t.title.TextStyle.Bold = true
	t.title.SizeName = theme.SizeNameSubHeadingText
	t.title.Wrapping = fyne.TextWrapWord
	t.body = widget.NewRichText()
	t.body.Wrapping = fyne.TextWrapWord
	t.bodyBox = container.NewVScroll(container.NewVBox(t.title, t.body))

	ed := editor.New()
	// Wrapped, whatever the main editor does: the example's comments are
	// long, and a class must read every word without scrolling sideways.
	ed.SetWrap(true)
	ed.OnChanged = t.editorChanged
	t.le.ed = ed
	t.le.what = widget.NewLabel("")
	// Wrapped beside Open: cut short, it read "Пример: example.r…" at
	// 1024×768 in Russian ("Przykład: example.robots…" in Polish).
	t.le.what.Wrapping = fyne.TextWrapWord
	t.openBtn = widget.NewButtonWithIcon(openLabel(), theme.DocumentIcon(), t.openExample)
	t.openSlot = container.NewStack(t.openBtn)
	t.edHead = container.NewBorder(nil, nil, nil, t.openSlot, t.le.what)
	t.edPanel = container.NewBorder(t.edHead, nil, nil, nil, ed)

	t.quiz = &quiz{c: t.c, le: t.le, onPicked: t.saveProgress, onShow: t.showQuestion}
	t.qTab = container.NewTabItem(lang.X("lessontab.questions", "Predict, then reveal"), t.quiz.panel(t.confirmReset, t.AskClass))
	t.ex = newExercisePanel(t.c, t.le, t.host.Window)
	t.ex.onFront = func() {
		if t.practice.Selected() != t.xTab {
			t.practice.Select(t.xTab)
		}
	}
	t.ex.onSaved = t.saveProgress
	t.xTab = container.NewTabItem(lang.X("lessontab.exercises", "Exercises"), t.ex.build())
	t.practice = container.NewAppTabs(t.qTab, t.xTab)
	t.practice.OnSelected = func(it *container.TabItem) {
		if it == t.qTab {
			t.showExample()
		} else {
			t.ex.show(t.ex.chosen)
		}
	}

	t.practiceKeys = keys.NewTabs(t.practice)
	t.work = container.NewVSplit(t.edPanel, t.practiceKeys)
	t.right = container.NewHSplit(t.bodyBox, t.work)
	t.all = container.NewHSplit(listPanel, t.right)
	t.all.Offset = 0.2

	t.top = container.NewHSplit(layout.NewSpacer(), layout.NewSpacer())
	t.topFit = &splitFit{split: t.top, share: func(s fyne.Size) float64 { return largeShareFor(s.Width) }}
	t.stage = container.NewVSplit(container.New(t.topFit, t.top), layout.NewSpacer())
	t.stageFit = &splitFit{split: t.stage, share: t.exampleShare}
	t.stageBox = container.New(t.stageFit, t.stage)
	t.root = container.NewStack(t.all)
	t.arrange()
	t.Content = t.root
}

// Presenter mode's lesson (large type): the text beside the questions,
// as wide as readingLine needs at its size within these shares of the
// width (at 1024×768 the most: 45 characters a line in Russian), above
// the example across the whole width, as tall as exampleRows of it. Beside
// the text the example showed 5 lines of 17 at 1024×768: its comments
// wrapped three times in a third of the width; across the width they do
// not wrap at all (the longest line of a built-in example is 77
// characters, 80 fit there).
const (
	largeTextShare      = 0.65
	largeTextShareLeast = 0.5
	// exampleRows is how many of the example's lines are in view: the
	// issue's figure for a class reading them (a shorter example gets
	// the height it needs, the text the rest).
	exampleRows = 12
	// largeTextLeast is the least share of the height the text and the
	// questions keep above the example.
	largeTextLeast = 0.35
)

// splitFit sets split's share for its size as the size changes (a
// divider the user dragged stays until then), while on says so (nil:
// always): presenter mode's lesson and the one-question view give the
// prose the width of a comfortable line, the example its rows.
type splitFit struct {
	split *container.Split
	share func(size fyne.Size) float64
	on    func() bool
	size  fyne.Size // the size the share was set for
}

func (l *splitFit) MinSize(objects []fyne.CanvasObject) fyne.Size { return objects[0].MinSize() }

func (l *splitFit) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	if (l.on == nil || l.on()) && size != l.size && size.Width > 0 && size.Height > 0 {
		l.size = size
		l.split.Offset = l.share(size)
	}
	objects[0].Resize(size)
}

// exampleShare is the text's and questions' share of a stage size tall:
// the rest holds the example's name and exampleRows of its lines (fewer
// when it has fewer), and the split's divider.
func (t *Tab) exampleShare(size fyne.Size) float64 {
	rows := exampleRows
	if n := len(t.le.ed.Document().Lines); n < rows {
		rows = max(n, 1)
	}
	line := fyne.MeasureText("M", theme.TextSize(), fyne.TextStyle{Monospace: true}).Height
	// the name above the editor when shown, and the split's divider
	head := t.edPanel.MinSize().Height - t.le.ed.MinSize().Height
	need := float32(rows)*line + 1 + head + 2*theme.Padding()
	return max(largeTextLeast, 1-float64(need/size.Height))
}

// largeShareFor is the text's share of a lesson width wide in large type.
func largeShareFor(width float32) float64 {
	return min(largeTextShare, max(largeTextShareLeast, float64(readingWidth()/width)))
}

// readingLine is a line of prose as long as readers like it, 65
// characters: presenter mode's columns of prose are as wide as it.
const readingLine = "A line of prose sixty-five characters long, as most readers like."

// readingWidth is the width of a column of prose that holds readingLine
// at the reading size: the text, its insets, a scroll bar and a gap.
func readingWidth() float32 {
	return fyne.MeasureText(readingLine, theme.Size(look.SizeNameReadingText), fyne.TextStyle{}).Width +
		2*theme.InnerPadding() + theme.ScrollBarSize() + theme.Padding()
}

// arrange lays the tab out for normal or large type: in large type the
// list of lessons is put away (the teacher chose the lesson; View ▸
// Presenter brings it back) and the lesson's text and example share the
// whole width.
func (t *Tab) arrange() {
	if t.large {
		// The questions without the Exercises tab beside them: the tab
		// bar's width kept the text under 45 characters a line at
		// 1024×768.
		if t.practice.Selected() != t.qTab {
			t.practice.Select(t.qTab)
		}
		// Their icons say it: their Russian and Polish words kept the
		// text narrow in large type. Open goes beside Reset, and the
		// example's name away: its row is the example's 13th line.
		t.openBtn.SetText("")
		t.quiz.resetBtn.SetText("")
		t.openSlot.Objects = nil
		t.quiz.tools.Objects = []fyne.CanvasObject{t.openBtn, t.quiz.resetBtn}
		t.edHead.Hide()
		// Each part has one place: what large type shows moves from the
		// normal layout to the stage, a spacer stands in for it there.
		t.right.Leading, t.work.Leading, t.work.Trailing = layout.NewSpacer(), layout.NewSpacer(), layout.NewSpacer()
		t.top.Leading, t.top.Trailing, t.stage.Trailing = t.bodyBox, t.qTab.Content, t.edPanel
		t.top.Offset = largeTextShare
		if w := t.stageBox.Size().Width; w > 0 {
			t.top.Offset = largeShareFor(w)
		}
		// the next layouts set the shares for their sizes
		t.topFit.size = fyne.Size{}
		t.stageFit.size = fyne.Size{}
		t.root.Objects = []fyne.CanvasObject{t.stageBox}
		t.top.Refresh()
		t.stage.Refresh()
	} else {
		t.openBtn.SetText(openLabel())
		t.quiz.resetBtn.SetText(resetLabel())
		t.quiz.tools.Objects = []fyne.CanvasObject{t.quiz.resetBtn}
		t.openSlot.Objects = []fyne.CanvasObject{t.openBtn}
		t.edHead.Show()
		t.top.Leading, t.top.Trailing, t.stage.Trailing = layout.NewSpacer(), layout.NewSpacer(), layout.NewSpacer()
		t.right.Leading, t.work.Leading, t.work.Trailing = t.bodyBox, t.edPanel, t.practiceKeys
		t.right.Offset, t.work.Offset = 0.45, 0.3
		t.root.Objects = []fyne.CanvasObject{t.all}
		t.right.Refresh()
		t.practiceKeys.Refresh()
	}
	t.work.Refresh()
	t.quiz.tools.Refresh()
	t.openSlot.Refresh()
	t.root.Refresh()
}

// bodySize is the lesson text's size: presenter mode's large type is the
// reading size (at its zoom 22.4 pixels, for the back row; at the
// sub-heading's 25 px a Russian line held 41 characters at 1024×768).
func (t *Tab) bodySize() fyne.ThemeSizeName {
	if t.large {
		return look.SizeNameReadingText
	}
	return ""
}

func openLabel() string  { return lang.X("lessontab.open_example", "Open in the main editor") }
func resetLabel() string { return lang.X("lessontab.reset", "Reset lesson") }

// progressText is a lesson's line under its title in the list: the
// student's progress, else (for the selected lesson) its summary.
func (t *Tab) progressText(l *lessons.Lesson, selected bool) string {
	pr := t.c.prog
	if t.c.current() != l {
		pr = loadProgress(t.c.prefs, l.ID)
	}
	if len(pr.Picks) == 0 && len(pr.Passed) == 0 {
		if selected {
			return l.Summary.In(language())
		}
		return ""
	}
	right, _ := scoreOf(pr, l, t.c.answers(l))
	done := 0
	for i := range l.Exercises {
		if pr.Passed[idx(i)] {
			done++
		}
	}
	return lang.X("lessontab.progress", "{{.Right}} of {{.Questions}} right · {{.Done}} of {{.Exercises}} exercises done",
		map[string]any{"Right": right, "Questions": len(l.Questions), "Done": done, "Exercises": len(l.Exercises)})
}

// Lessons are the lessons in the list, in order.
func (t *Tab) Lessons() []*lessons.Lesson { return t.c.lessons }

// Current is the selected lesson (nil when there is none).
func (t *Tab) Current() *lessons.Lesson { return t.c.current() }

// Editor is the lesson's own editor.
func (t *Tab) Editor() *editor.Editor { return t.le.ed }

// Explanation is the text of the last revealed question ("" if none).
func (t *Tab) Explanation() string { return t.quiz.explained }

// Add puts a lesson the user opened in the list (replacing one with the
// same ID) and selects it.
func (t *Tab) Add(l *lessons.Lesson) {
	for i, old := range t.c.lessons {
		if old.ID == l.ID {
			t.c.lessons[i] = l
			t.c.cur = -1
			t.Select(i)
			return
		}
	}
	t.c.lessons = append(t.c.lessons, l)
	t.Select(len(t.c.lessons) - 1)
}

// Select shows lesson i.
func (t *Tab) Select(i int) {
	if i < 0 || i >= len(t.c.lessons) {
		return
	}
	t.ex.saveText()
	t.c.cur = i
	l := t.c.lessons[i]
	t.c.prog = loadProgress(t.c.prefs, l.ID)
	// Lessons open with their title as a heading; a lesson that does not
	// gets one.
	t.title.SetText(l.Title.In(language()))
	if strings.HasPrefix(strings.TrimSpace(bodyMarkdown(l)), "# ") {
		t.title.Hide()
	} else {
		t.title.Show()
	}
	setBody(t.body, bodyMarkdown(l), t.bodySize())
	t.bodyBox.ScrollToTop()
	t.quiz.load(l)
	t.ex.load(l)
	t.le.mode = -2 // force the editor to load
	if t.practice.Selected() == t.xTab && len(l.Exercises) > 0 {
		t.ex.show(t.ex.chosen)
	} else {
		t.practice.Select(t.qTab)
		t.showExample()
	}
	t.refreshList()
}

// setBody shows Markdown in rt, each span kept whole when the text wraps;
// size ("" for the theme's) is the size of its text (not its headings).
func setBody(rt *widget.RichText, md string, size fyne.ThemeSizeName) {
	segs := bulletsInline(markdownSegments(md))
	if size != "" {
		sizeText(segs, size)
	}
	rt.Segments = richmsg.KeepSpansWhole(segs, wholeLine)
	rt.Refresh()
}

// sizeText draws the text of segs (not their headings) at size.
func sizeText(segs []widget.RichTextSegment, size fyne.ThemeSizeName) {
	for _, s := range segs {
		switch s := s.(type) {
		case *widget.ParagraphSegment:
			sizeText(s.Texts, size)
		case *widget.ListSegment:
			sizeText(s.Items, size)
		case *widget.TextSegment:
			if s.Style.SizeName == "" || s.Style.SizeName == theme.SizeNameText {
				s.Style.SizeName = size
			}
		}
	}
}

// wrapGuard is richmsg's zero-width space that leads a span cut for
// wrapping.
const wrapGuard = richmsg.Guard

// wholeLine is about the lesson text's widest line: a span at least this
// wide is not cut into words (richmsg.KeepSpansWhole).
const wholeLine = 600

// bulletsInline turns a list into paragraphs whose first span carries the
// bullet ("• ", "1. "). Fyne draws a list item as a bullet span followed by
// the item's text, and when the item's first span does not fit beside the
// bullet it may move that span to the next line whole, leaving the bullet
// alone on its line; written into the text, the bullet wraps with it.
func bulletsInline(segs []widget.RichTextSegment) []widget.RichTextSegment {
	var out []widget.RichTextSegment
	for _, s := range segs {
		list, ok := s.(*widget.ListSegment)
		if !ok {
			out = append(out, s)
			continue
		}
		for i, it := range list.Items {
			p, ok := it.(*widget.ParagraphSegment)
			if !ok {
				out = append(out, it)
				continue
			}
			bullet := "• "
			if list.Ordered {
				bullet = strconv.Itoa(list.StartNumber()+i) + ". "
			}
			p.Texts = bulletsInline(p.Texts)
			if first, ok := firstText(p.Texts); ok && first.Style.Inline {
				// the bullet takes the first span's style (bold, code)
				first.Text = bullet + first.Text
			} else {
				p.Texts = append([]widget.RichTextSegment{&widget.TextSegment{Text: bullet, Style: widget.RichTextStyleInline}}, p.Texts...)
			}
			// In a paragraph of its own, as ListSegment does: a block
			// whose last segment is not inline ends the line.
			out = append(out, &widget.ParagraphSegment{Texts: []widget.RichTextSegment{p}})
		}
	}
	return out
}

func firstText(segs []widget.RichTextSegment) (*widget.TextSegment, bool) {
	if len(segs) == 0 {
		return nil, false
	}
	t, ok := segs[0].(*widget.TextSegment)
	return t, ok
}

// bodyMarkdown is the lesson's text in the UI language with its sources.
func bodyMarkdown(l *lessons.Lesson) string {
	body := l.Body[language()]
	if body == "" {
		body = l.Body["en"]
	}
	if len(l.Sources) == 0 {
		return body
	}
	var b strings.Builder
	b.WriteString(strings.TrimRight(body, "\n"))
	b.WriteString("\n\n**" + lang.X("lessontab.sources", "Sources") + "**\n\n")
	for _, s := range l.Sources {
		if s.URL != "" {
			fmt.Fprintf(&b, "- [%s](%s)\n", s.Title, s.URL)
		} else {
			fmt.Fprintf(&b, "- %s\n", s.Title)
		}
	}
	return b.String()
}

// showExample puts the lesson's example in the editor.
func (t *Tab) showExample() {
	l := t.Current()
	if l == nil {
		return
	}
	if t.le.mode != -1 {
		t.ex.saveText()
		t.le.mode = -1
		t.le.setText(l.RobotsIn(language()))
	}
	t.le.what.SetText(lang.X("lessontab.editor.example", "Example: {{.File}}", map[string]any{"File": exampleName(l)}))
	t.quiz.markQuestion(t.quiz.lastRevealed())
}

func exampleName(l *lessons.Lesson) string {
	if l.Example != "" {
		return l.Example
	}
	return "robots.txt"
}

func (t *Tab) editorChanged() {
	if t.le.loading {
		return
	}
	if t.le.mode >= 0 {
		t.ex.submitCheck()
		return
	}
	// The student edits the example: the marks of a revealed question
	// may point at other lines now.
	t.le.setMarks(nil)
}

// openExample hands the text in the lesson's editor to the main window.
func (t *Tab) openExample() {
	l := t.Current()
	if l == nil || t.host.OpenInEditor == nil {
		return
	}
	t.host.OpenInEditor(exampleName(l), append([]byte(nil), t.le.ed.Bytes()...))
}

// confirmReset asks before forgetting the lesson's answers and exercises.
func (t *Tab) confirmReset() {
	l := t.Current()
	if l == nil {
		return
	}
	dlg.Confirm(lang.X("lessontab.reset.title", "Reset lesson"),
		lang.X("lessontab.reset.ask", "Forget your answers and exercise texts in \"{{.Lesson}}\" and start it again?",
			map[string]any{"Lesson": l.Title.In(language())}),
		func(ok bool) {
			if ok {
				t.Reset()
			}
		}, t.host.Window)
}

// Reset forgets the current lesson's progress and shows it afresh.
func (t *Tab) Reset() {
	l := t.Current()
	if l == nil {
		return
	}
	t.c.prog = &progress{Picks: map[string]string{}, Passed: map[string]bool{}, Texts: map[string]string{}}
	t.c.save()
	t.le.mode = -2
	i := t.c.cur
	t.c.cur = -1
	t.Select(i)
}

// saveProgress keeps the progress in the current lesson and shows it in
// the list.
func (t *Tab) saveProgress() {
	if l := t.Current(); l != nil {
		t.c.save()
		t.rows[t.c.cur].set(t.c.cur+1, l.Title.In(language()), t.progressText(l, true), true)
	}
}

// isExample reports whether b is the lesson's example, in any language
// (translations differ only in comments): marks and answers hold for it.
func isExample(l *lessons.Lesson, b []byte) bool {
	if string(b) == string(l.Robots) {
		return true
	}
	for _, t := range l.Translated {
		if string(b) == string(t) {
			return true
		}
	}
	return false
}
