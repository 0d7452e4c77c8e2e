package testerpane

import (
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/engine"
)

// A verdict is shown with a colour, an icon and a word together, so it reads
// on a projector, in print and for colour-blind students alike.

func verdictIcon(v *engine.Verdict) fyne.Resource {
	if v.Allowed {
		return theme.NewSuccessThemedResource(theme.ConfirmIcon())
	}
	return theme.NewErrorThemedResource(theme.CancelIcon())
}

func verdictImportance(v *engine.Verdict) widget.Importance {
	if v.Allowed {
		return widget.SuccessImportance
	}
	return widget.DangerImportance
}

func verdictColor(v *engine.Verdict) color.Color {
	if v.Allowed {
		return theme.Color(theme.ColorNameSuccess)
	}
	return theme.Color(theme.ColorNameError)
}

func verdictWord(v *engine.Verdict) string {
	if v.Allowed {
		return lang.X("testerpane.allowed", "ALLOWED")
	}
	return lang.X("testerpane.blocked", "BLOCKED")
}

// decidingText names what decided: the rule's line and text, or why no rule did.
func decidingText(v *engine.Verdict) string {
	switch {
	case v.Reason == engine.ReasonFileError:
		return lang.X("testerpane.decided.file_error", "the engine cannot read this file")
	case v.Reason == engine.ReasonRobotsTxt:
		return lang.X("testerpane.decided.robots_txt", "/robots.txt itself is always allowed")
	case v.Rule != nil:
		return lang.X("testerpane.decided.rule", "line {{.Line}}: {{.Rule}}", map[string]any{"Line": v.Rule.Line, "Rule": v.Rule.Text})
	case v.Reason == engine.ReasonNoGroup:
		return lang.X("testerpane.decided.no_group", "no group applies")
	case v.Reason == engine.ReasonEmptyGroup:
		return lang.X("testerpane.decided.empty_group", "its group has no rules")
	}
	return lang.X("testerpane.decided.no_rule", "no rule matches")
}

// checkText says whether the verdict meets the expectation.
func checkText(v *engine.Verdict, expectAllowed bool) (string, widget.Importance, fyne.Resource) {
	if v.Allowed == expectAllowed {
		return lang.X("testerpane.check.pass", "as expected"), widget.SuccessImportance,
			theme.NewSuccessThemedResource(theme.ConfirmIcon())
	}
	want := lang.X("testerpane.blocked", "BLOCKED")
	if expectAllowed {
		want = lang.X("testerpane.allowed", "ALLOWED")
	}
	return lang.X("testerpane.check.fail", "FAIL: expected {{.Word}}", map[string]any{"Word": want}),
		widget.DangerImportance, theme.NewErrorThemedResource(theme.WarningIcon())
}

func (p *Pane) newResultList() *widget.List {
	l := widget.NewList(
		func() int { return len(p.pairs) },
		func() fyne.CanvasObject { return newResultRow(p) },
		func(id widget.ListItemID, o fyne.CanvasObject) {
			if id < len(p.pairs) {
				o.(*resultRow).show(cell{p.pairs[id], p.engineID})
			}
		})
	l.OnSelected = func(id widget.ListItemID) {
		if id < len(p.pairs) {
			p.selectCell(cell{p.pairs[id], p.engineID})
		}
	}
	return l
}

// resultRow is one line of the result list: verdict, crawler and path, the
// deciding rule, the expectation check and its menu, and the explanation.
type resultRow struct {
	widget.BaseWidget
	p       *Pane
	cell    cell
	allowed bool // what the icon shows

	bar       *canvas.Rectangle
	icon      *widget.Icon
	word      *widget.Label
	who       *widget.Label
	rule      *widget.Label
	checkIcon *widget.Icon
	check     *widget.Label
	menu      *widget.Button
	cancel    *widget.Button // shown while the verdict is still being worked out
	explain   *widget.Label
	top       *fyne.Container
	content   fyne.CanvasObject
}

func newResultRow(p *Pane) *resultRow {
	r := &resultRow{p: p}
	r.bar = canvas.NewRectangle(color.Transparent)
	r.bar.SetMinSize(fyne.NewSize(5, 1))
	r.icon = widget.NewIcon(nil)
	r.word = widget.NewLabelWithStyle("BLOCKED", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	r.who = widget.NewLabel("")
	r.who.Truncation = fyne.TextTruncateEllipsis
	r.rule = widget.NewLabel("")
	r.rule.Truncation = fyne.TextTruncateEllipsis
	r.checkIcon = widget.NewIcon(nil)
	r.check = widget.NewLabel("")
	r.menu = widget.NewButtonWithIcon("", theme.MoreVerticalIcon(), r.openMenu)
	r.menu.Importance = widget.LowImportance
	r.cancel = widget.NewButton(lang.X("testerpane.working.cancel", "Cancel"), func() { r.p.cancel(r.cell) })
	r.cancel.Hide()
	r.explain = widget.NewLabel("")
	r.explain.Truncation = fyne.TextTruncateEllipsis
	r.explain.SizeName = theme.SizeNameCaptionText

	r.top = container.NewBorder(nil, nil,
		container.NewHBox(r.icon, r.word),
		container.NewHBox(r.checkIcon, r.check, r.cancel, r.menu),
		container.NewGridWithColumns(2, r.who, r.rule))
	r.content = container.NewBorder(nil, nil, r.bar, nil,
		container.New(&tightVBox{}, r.top, r.explain))
	r.ExtendBaseWidget(r)
	return r
}

func (r *resultRow) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(r.content) }

// show fills the row for c. A keystroke in the editor usually leaves most
// verdicts as they were, and re-shaping unchanged text is what costs, so
// only what changed is set.
func (r *resultRow) show(c cell) {
	r.cell = c
	v := r.p.verdict(c)
	if v == nil {
		r.showWaiting(c)
		return
	}
	if r.cancel.Visible() {
		r.cancel.Hide()
		r.top.Refresh()
	}
	if col := verdictColor(v); r.bar.FillColor != col {
		r.bar.FillColor = col
		r.bar.Refresh()
	}
	if r.allowed != v.Allowed || r.icon.Resource == nil {
		r.allowed = v.Allowed
		r.icon.SetResource(verdictIcon(v))
	}
	setLabel(r.word, verdictWord(v), verdictImportance(v))
	setLabel(r.who, c.crawler+"  →  "+c.path, widget.MediumImportance)
	setLabel(r.rule, decidingText(v)+usageText(v), widget.MediumImportance)
	hadCheck := r.check.Visible()
	if want, ok := r.p.expectation(c); ok {
		text, imp, icon := checkText(v, want)
		if r.check.Text != text {
			r.checkIcon.SetResource(icon)
		}
		setLabel(r.check, text, imp)
		r.check.Show()
		r.checkIcon.Show()
	} else {
		r.check.Hide()
		r.checkIcon.Hide()
	}
	setLabel(r.explain, clip(v.ExplainAll(), maxRowExplanation), widget.MediumImportance)
	if hadCheck != r.check.Visible() {
		r.top.Refresh()
	}
}

// usageText is the usage preference in force that matters to the crawler's
// purpose ("  ·  asks: no AI training (line 3)"), or "".
func usageText(v *engine.Verdict) string {
	out := ""
	for _, n := range v.Notes {
		if strings.HasPrefix(n.Key, "aipref.") {
			out += "  ·  " + n.String()
		}
	}
	return out
}

// showWaiting fills the row of a verdict that is not there: still being
// worked out in the background (with Cancel), or cancelled.
func (r *resultRow) showWaiting(c cell) {
	state := r.p.state(c)
	if state == cellReady {
		return // an unknown engine: nothing to show
	}
	r.bar.FillColor = color.Transparent
	r.bar.Refresh()
	r.icon.SetResource(theme.HistoryIcon())
	r.allowed = false
	setLabel(r.word, "…", widget.LowImportance)
	setLabel(r.who, c.crawler+"  →  "+c.path, widget.MediumImportance)
	r.check.Hide()
	r.checkIcon.Hide()
	if state == cellWorking {
		setLabel(r.rule, lang.X("testerpane.working", "still working…"), widget.MediumImportance)
		setLabel(r.explain, lang.X("testerpane.working.why", "This reading is slow on this path; the window stays usable. Press Cancel to stop waiting."), widget.MediumImportance)
		r.cancel.Show()
	} else {
		setLabel(r.rule, lang.X("testerpane.working.cancelled", "cancelled"), widget.WarningImportance)
		setLabel(r.explain, lang.X("testerpane.working.cancelled_why", "You stopped waiting for this answer; edit the file or the row to ask again."), widget.MediumImportance)
		r.cancel.Hide()
	}
	r.top.Refresh()
}

// maxRowExplanation is more than a row can show even on a wide screen; the
// detail area has the whole text. Clipping spares shaping text nobody sees.
const maxRowExplanation = 240

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for i := range s {
		if i >= n {
			return s[:i] + "…"
		}
	}
	return s
}

// setLabel changes a label only when its text or importance differ.
func setLabel(l *widget.Label, text string, imp widget.Importance) {
	if l.Text == text && l.Importance == imp {
		return
	}
	l.Importance = imp
	l.SetText(text)
}

func (r *resultRow) openMenu() {
	c := fyne.CurrentApp().Driver().CanvasForObject(r.menu)
	if c == nil {
		return
	}
	widget.ShowPopUpMenuAtRelativePosition(r.p.expectMenu(r.cell), c,
		fyne.NewPos(0, r.menu.Size().Height), r.menu)
}

// tightVBox stacks objects without padding, so the explanation sits right
// under its verdict line and rows stay short.
type tightVBox struct{}

func (tightVBox) MinSize(objects []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objects {
		m := o.MinSize()
		s.Width = max(s.Width, m.Width)
		s.Height += m.Height
	}
	return s
}

func (tightVBox) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	y := float32(0)
	for _, o := range objects {
		h := o.MinSize().Height
		o.Move(fyne.NewPos(0, y))
		o.Resize(fyne.NewSize(size.Width, h))
		y += h
	}
}
