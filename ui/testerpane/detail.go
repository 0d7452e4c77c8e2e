package testerpane

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/ui/richmsg"
)

// detailView explains the selected result in full, each thing once: the
// verdict, the engine's whole explanation with its notes (it names the
// deciding rule and the group; the group gets a line of its own only where
// the explanation does not name it), and buttons to pin the verdict as an
// expectation. The engine's messages quote lines and paths as `code`:
// they are drawn as code, without the backticks (richmsg).
type detailView struct {
	*paneState
	ui      *paneUI // the split it opens, the table it keeps rows of
	answers *answerer
	expect  *expectations
	matrix  *compareView // why the readings differ
	view    *resultView

	icon     *widget.Icon
	title    *richmsg.Text
	group    *richmsg.Text
	explain  *richmsg.Text
	differ   *richmsg.Text // compare: why the readings differ on this row
	delay    *widget.Label
	check    *widget.Label
	hint     *widget.Label
	expectOK *widget.Button
	expectNo *widget.Button
	clear    *widget.Button
	cancel   *widget.Button // stops waiting for a slow verdict
	body     *fyne.Container
	root     fyne.CanvasObject
}

func newDetailView(st *paneState, ui *paneUI, answers *answerer, expect *expectations, matrix *compareView, view *resultView) *detailView {
	d := &detailView{paneState: st, ui: ui, answers: answers, expect: expect, matrix: matrix, view: view}
	wrap := func(bold bool) *widget.Label {
		l := widget.NewLabel("")
		l.Wrapping = fyne.TextWrapWord
		l.TextStyle.Bold = bold
		return l
	}
	d.icon = widget.NewIcon(nil)
	// The title is the user's crawler and path: a backtick in them is text.
	d.title = richmsg.NewText("", richmsg.Style{Bold: true, Literal: true})
	d.group = richmsg.NewText("", richmsg.Style{})
	d.explain = richmsg.NewText("", richmsg.Style{})
	d.differ = richmsg.NewText("", richmsg.Style{})
	d.delay = wrap(false)
	d.check = wrap(true)
	d.hint = wrap(false)
	d.expectOK = widget.NewButtonWithIcon(lang.X("testerpane.detail.expect_allowed", "Expect allowed"),
		theme.ConfirmIcon(), func() { d.pin(true, false) })
	d.expectNo = widget.NewButtonWithIcon(lang.X("testerpane.detail.expect_blocked", "Expect blocked"),
		theme.CancelIcon(), func() { d.pin(false, false) })
	d.clear = widget.NewButton(lang.X("testerpane.detail.no_expectation", "No expectation"), func() { d.pin(false, true) })
	buttons := container.NewHBox(d.expectOK, d.expectNo, d.clear)
	d.cancel = widget.NewButton(lang.X("testerpane.working.cancel", "Cancel"), func() {
		if c, ok := d.current(); ok {
			d.answers.cancel(c)
		}
	})
	d.cancel.Hide()
	d.body = container.NewVBox(container.NewBorder(nil, nil, d.icon, nil, d.title), d.differ, d.explain, d.group, d.delay,
		d.check, buttons)
	d.root = container.NewVScroll(container.NewStack(container.NewVBox(d.hint, d.cancel), d.body))
	return d
}

func (d *detailView) object() fyne.CanvasObject { return d.root }

// setShown shows or hides the detail area below the table.
func (d *detailView) setShown(on bool) {
	if d.root.Visible() == on {
		return
	}
	if on {
		d.root.Show()
	} else {
		d.root.Hide()
	}
	if d.ui.lower != nil {
		d.ui.lower.Refresh()
	}
}

// The detail area is as tall as its explanation, but the table keeps
// tableKeepRows whole rows above it (at 1280×800 the detail once took half
// and left the table three rows with compare on); where that leaves the
// detail less than detailLeast, the table keeps tableFewRows (1024×768).
// The detail area scrolls what it cannot show, and the user may drag the
// divider either way.
const (
	tableKeepRows = 10
	tableFewRows  = 6
	detailLeast   = 150
)

// fitOffset is split's offset that shows the whole explanation in the
// detail area below the table (it opened at two lines, and a class had to
// drag to read one), as far as the rows the table keeps allow.
func (d *detailView) fitOffset(split *container.Split) float64 {
	total := split.Size().Height
	w := d.root.Size().Width
	if w <= 0 {
		w = split.Size().Width
	}
	if total <= 0 || w <= 0 {
		return 0.8 // not laid out yet: a modest height with its own scroll
	}
	// Wrapped labels are as tall as their width makes them.
	d.body.Resize(fyne.NewSize(w-theme.ScrollBarSize(), d.body.MinSize().Height))
	need := d.body.MinSize().Height + 2*theme.Padding() + theme.SeparatorThicknessSize()
	most := total - d.resultsHeight(tableKeepRows)
	if most < detailLeast {
		most = max(total-d.resultsHeight(tableFewRows), min(detailLeast, total/2))
	}
	return 1 - float64(min(need, most)/total)
}

// resultsHeight is the height the filter, the summary and the table need
// to show rows whole rows under the table's header.
func (d *detailView) resultsHeight(rows int) float32 {
	m := d.ui.table.metrics()
	return d.ui.tools.MinSize().Height + theme.Padding() + m.header + float32(rows)*m.stride() + 2*theme.Padding()
}

func (d *detailView) pin(allowed, clear bool) {
	if d.selected != nil {
		d.expect.setExpectation(*d.selected, allowed, clear)
	}
}

// current is the selected cell if it is still a result row.
func (d *detailView) current() (cell, bool) {
	s := d.selected
	if s == nil {
		return cell{}, false
	}
	for _, pr := range d.view.pairs {
		if pr == s.pair {
			return *s, true
		}
	}
	return cell{}, false
}

func (d *detailView) update() {
	if d.presenting {
		// Presenter mode explains the selection in its own large type;
		// shown here too, the area took the table's height and its widest
		// line (the expectation buttons) widened the window past a
		// 1024×768 screen in Russian. SetPresenting(false) updates it.
		d.setShown(false)
		return
	}
	c, ok := d.current()
	var v *engine.Verdict
	if ok {
		v = d.answers.verdict(c)
	}
	if v == nil {
		d.body.Hide()
		// Nothing to explain: the table takes the height (the empty area
		// kept ~45 px at 1280×800); a slow or stopped answer says so.
		working, cancelled := ok && d.answers.state(c) == cellWorking, ok && d.answers.state(c) == cellCancelled
		d.setShown(working || cancelled)
		hint := ""
		if working {
			hint = lang.X("testerpane.working.why", "This reading is slow on this path; the window stays usable. Press Cancel to stop waiting.")
			d.cancel.Show()
		} else {
			d.cancel.Hide()
		}
		if cancelled {
			hint = lang.X("testerpane.working.cancelled_why", "You stopped waiting for this answer; edit the file or the row to ask again.")
		}
		if d.hint.Text != hint {
			d.hint.SetText(hint)
		}
		d.hint.Show()
		return
	}
	d.hint.Hide()
	d.cancel.Hide()
	d.body.Show()
	d.setShown(true)
	if icon := verdictIcon(v.Allowed); d.icon.Resource == nil || d.icon.Resource.Name() != icon.Name() {
		d.icon.SetResource(icon)
	}
	d.title.SetText(lang.X("testerpane.detail.title", "{{.Word}}: {{.Crawler}} → {{.Path}} ({{.Engine}})", map[string]any{
		"Word": verdictWord(v.Allowed), "Crawler": c.crawler, "Path": c.path, "Engine": engine.NameOf(c.engine).String()}))
	if why := d.matrix.whyDiffer(c.pair); why != "" && d.compare {
		d.differ.SetText(why)
		d.differ.Show()
	} else {
		d.differ.Hide()
	}
	explain := v.ExplainAll()
	d.explain.SetText(explain)
	if g := groupLine(v, explain); g != "" {
		d.group.SetText(g)
		d.group.Show()
	} else {
		d.group.Hide()
	}
	if v.Delay != nil {
		setLabel(d.delay, lang.X("testerpane.detail.delay", "Crawl-delay: {{.Seconds}} s (line {{.Line}})",
			map[string]any{"Seconds": fmt.Sprint(v.Delay.Seconds), "Line": v.Delay.Line}), widget.MediumImportance)
		d.delay.Show()
	} else {
		d.delay.Hide()
	}
	want, has := d.expect.expectation(c)
	if has {
		text, imp := checkText(v, want)
		setLabel(d.check, text, imp)
		d.check.Show()
	} else {
		d.check.Hide()
	}
	setImportance(d.expectOK, has && want)
	setImportance(d.expectNo, has && !want)
	if has {
		d.clear.Enable()
	} else {
		d.clear.Disable()
	}
}

// groupLine is the detail's line naming the verdict's group, or "" where
// the explanation names it already: every reason a rule decided, no rule
// matched or the group has none says "group: …", and "no group applies"
// says there is none. An explanation without the group (robots.txt itself
// is always allowed) gets the line. A file the engine cannot read, or an
// answer that took too long, has no group to name.
func groupLine(v *engine.Verdict, explain string) string {
	switch v.Reason {
	case engine.ReasonNoGroup, engine.ReasonFileError, engine.ReasonTimeout:
		return ""
	}
	g := v.GroupText()
	if g.IsZero() {
		return lang.X("testerpane.detail.no_group", "Group: none applies to this crawler")
	}
	if strings.Contains(explain, g.String()) {
		return ""
	}
	return lang.X("testerpane.detail.group", "Group: {{.Group}}", map[string]any{"Group": g.String()})
}

// setImportance highlights the button of the current expectation.
func setImportance(b *widget.Button, on bool) {
	imp := widget.MediumImportance
	if on {
		imp = widget.HighImportance
	}
	if b.Importance != imp {
		b.Importance = imp
		b.Refresh()
	}
}

// checkText says whether the verdict meets the expectation.
func checkText(v *engine.Verdict, expectAllowed bool) (string, widget.Importance) {
	if v.Allowed == expectAllowed {
		return lang.X("testerpane.check.pass", "as expected"), widget.SuccessImportance
	}
	return lang.X("testerpane.check.fail", "FAIL: expected {{.Word}}", map[string]any{"Word": verdictWord(expectAllowed)}),
		widget.DangerImportance
}
