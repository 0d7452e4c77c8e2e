// Package hostwizard is the window's mirror/Host wizard: the user lists the
// names a site answers to and picks the main one (step Mirrors), gets the
// robots.txt change, per-host files, server configs, redirects and the
// canonical tag side by side (step Result), and sees what each crawler may
// fetch on each name (step Check). All logic lives in tester/mirror; this
// package only lays it out.
package hostwizard

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/mirror"
)

// Steps of the wizard.
const (
	stepMirrors = iota
	stepResult
	stepCheck
	stepCount
)

type wizard struct {
	win   fyne.Window
	doc   func() []byte
	apply func(edits []mirror.Edit)
	test  mirror.Tester

	names   *namesStep
	result  *resultStep
	check   *checkStep
	plan    *mirror.Plan
	step    int
	steps   [stepCount]fyne.CanvasObject
	body    *fyne.Container
	title   *widget.Label
	back    *widget.Button
	next    *widget.Button
	problem *widget.Label // why the wizard cannot go on
}

// Wizard is the mirror/Host wizard as the window holds it.
type Wizard struct {
	w   *wizard
	obj fyne.CanvasObject
}

// New builds the wizard. doc returns the open robots.txt, apply inserts the
// planned edits into it (as one undo step), test answers for the Check step.
func New(win fyne.Window, doc func() []byte, apply func(edits []mirror.Edit), test mirror.Tester) *Wizard {
	w := newWizard(win, doc, apply, test)
	return &Wizard{w: w, obj: w.content()}
}

// Object is the wizard's widget tree.
func (x *Wizard) Object() fyne.CanvasObject { return x.obj }

// DocumentChanged re-reads the open robots.txt (call it when the wizard's
// tab is shown): its Host lines are analysed again, and the names are
// filled from them unless the user has typed some.
func (x *Wizard) DocumentChanged() {
	if x.w.step == stepMirrors {
		x.w.names.reread()
		x.w.recheck()
	}
}

func newWizard(win fyne.Window, doc func() []byte, apply func(edits []mirror.Edit), test mirror.Tester) *wizard {
	w := &wizard{win: win, doc: doc, apply: apply, test: test}
	w.names = newNamesStep(w)
	w.result = newResultStep(w)
	w.check = newCheckStep(w)
	w.steps = [stepCount]fyne.CanvasObject{w.names.content(), w.result.content(), w.check.content()}
	w.title = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	w.problem = widget.NewLabel("")
	w.problem.Wrapping = fyne.TextWrapWord
	w.problem.Importance = widget.DangerImportance
	w.problem.Hide()
	w.back = widget.NewButtonWithIcon(lang.X("mirror.ui.back", "Back"), theme.NavigateBackIcon(), func() { w.show(w.step - 1) })
	w.next = widget.NewButtonWithIcon(lang.X("mirror.ui.next", "Next"), theme.NavigateNextIcon(), w.forward)
	w.next.IconPlacement = widget.ButtonIconTrailingText
	w.body = container.NewStack()
	w.show(stepMirrors)
	return w
}

func (w *wizard) content() fyne.CanvasObject {
	top := container.NewVBox(w.title, w.problem)
	nav := container.NewHBox(w.back, w.next)
	return container.NewBorder(top, container.NewBorder(nil, nil, nil, nav), nil, nil, w.body)
}

func (w *wizard) stepTitle(i int) string {
	switch i {
	case stepMirrors:
		return lang.X("mirror.ui.step_mirrors", "1. Mirrors: every name of the site, and the main one")
	case stepResult:
		return lang.X("mirror.ui.step_result", "2. Result: robots.txt, per-host files, redirects")
	}
	return lang.X("mirror.ui.step_check", "3. Check: what each crawler may fetch on each name")
}

// forward leaves the current step; from Mirrors it needs a valid plan.
func (w *wizard) forward() {
	if w.step == stepMirrors && !w.replan() {
		return
	}
	w.show(w.step + 1)
}

// replan builds the plan from the names and the open document; on failure
// it shows the reason and reports false.
func (w *wizard) replan() bool {
	main, mirrors, opt := w.names.request()
	p, err := mirror.NewPlan(w.doc(), main, mirrors, opt)
	if err != nil {
		w.setProblem(err.Error())
		return false
	}
	w.setProblem("")
	w.plan = p
	w.result.refresh()
	w.check.reset()
	return true
}

// recheck follows a change of the names or options while a problem is
// shown: the problem goes when its cause is fixed, and says the new cause
// when there is another one. Without a problem shown, nothing is said
// before the user asks for the next step.
func (w *wizard) recheck() {
	if w.problem == nil || !w.problem.Visible() || w.step != stepMirrors {
		return
	}
	main, mirrors, opt := w.names.request()
	if _, err := mirror.NewPlan(w.doc(), main, mirrors, opt); err != nil {
		w.setProblem(err.Error())
	} else {
		w.setProblem("")
	}
}

func (w *wizard) setProblem(text string) {
	w.problem.SetText(text)
	if text == "" {
		w.problem.Hide()
	} else {
		w.problem.Show()
	}
}

func (w *wizard) show(i int) {
	if i < 0 || i >= stepCount {
		return
	}
	if i == stepMirrors {
		w.names.reread()
	}
	w.step = i
	w.title.SetText(w.stepTitle(i))
	w.body.Objects = []fyne.CanvasObject{w.steps[i]}
	w.body.Refresh()
	if i == 0 {
		w.back.Disable()
	} else {
		w.back.Enable()
	}
	if i == stepCount-1 {
		w.next.Disable()
	} else {
		w.next.Enable()
	}
}

// copyButton copies text() to the clipboard.
func copyButton(text func() string) *widget.Button {
	return widget.NewButtonWithIcon(lang.X("mirror.ui.copy", "Copy"), theme.ContentCopyIcon(), func() {
		if app := fyne.CurrentApp(); app != nil {
			app.Clipboard().SetContent(text())
		}
	})
}

// codeLabel shows configuration or file text: monospace, unwrapped.
func codeLabel(text string) *widget.Label {
	l := widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
	l.Wrapping = fyne.TextWrapOff
	return l
}

func heading(text string) *widget.Label {
	return widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
}

func wrapped(text string) *widget.Label {
	l := widget.NewLabel(text)
	l.Wrapping = fyne.TextWrapWord
	return l
}
