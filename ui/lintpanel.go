package ui

import (
	"fmt"
	"image/color"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/lint"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/ui/richmsg"
	"github.com/robots-studio/robots-studio/ui/safewidget"
	"github.com/robots-studio/robots-studio/ui/severity"
	"github.com/robots-studio/robots-studio/ui/testerpane"
)

// lintPanel lists the diagnostics under the editor, repeats of one rule as
// one entry: click one to jump to its line and read it in full, wrapped,
// beside the list, with its fixes; the header collapses it, and the divider
// above it sets its height.
type lintPanel struct {
	diags    []lint.Diagnostic // as listed: lint.Group of the run's findings
	doc      *syntax.Document  // the text the diagnostics' spans are bytes of
	list     *keys.List
	header   *safewidget.TextButton
	detail   *richmsg.Text     // the message, its `code` drawn as code
	text     *container.Scroll // where and detail
	where    *widget.Label
	fix      *widget.Button // the selected entry's fix (every line of a group)
	fixOne   *widget.Button // a group: the fix of the line in view only
	next     *widget.Button // a group: go to its next line
	body     *container.Split
	box      *fyne.Container
	split    *container.Split // the editor over the panel (withEditor)
	offset   float64          // the split's offset while the panel is open
	open     bool
	onJump   func(lint.Diagnostic)
	onFix    func(lint.Diagnostic)
	pause    idleTimer            // the browser build: lint waits for a pause in typing (typingpause.go)
	selected int                  // index into diags, -1 for none
	tip      *testerpane.HoverTip // a cut row's whole text, on hover
	member   int                  // the line of the selected group in view: an index into its Members
}

// lintPanelShare is the part of the editor's height the panel takes at
// first; the user drags the divider for more.
const lintPanelShare = 0.28

func newLintPanel(onJump, onFix func(lint.Diagnostic)) *lintPanel {
	p := &lintPanel{onJump: onJump, onFix: onFix, open: true, selected: -1, offset: 1 - lintPanelShare}
	p.list = keys.NewList(
		func() int { return len(p.diags) },
		func() fyne.CanvasObject {
			icon := widget.NewIcon(theme.InfoIcon())
			text := newHoverLabel(p)
			// Icon only: the row's text needs the width, and the detail
			// beside the list names the fix in words.
			fix := widget.NewButtonWithIcon("", theme.DocumentCreateIcon(), nil)
			fix.Importance = widget.LowImportance
			return container.NewBorder(nil, nil, icon, fix, text)
		},
		p.updateRow)
	p.list.EnterSelects = true // Enter goes to a finding, as Space does
	p.list.OnSelected = func(i widget.ListItemID) {
		if i < len(p.diags) {
			p.selected, p.member = i, 0
			p.showDetail()
			p.onJump(p.diags[i])
		}
	}
	p.header = safewidget.NewTextButton("", theme.MenuDropDownIcon(), p.toggle)

	p.where = widget.NewLabel("")
	p.where.TextStyle = fyne.TextStyle{Bold: true}
	p.where.Wrapping = fyne.TextWrapWord
	p.detail = richmsg.NewText("", richmsg.Style{})
	p.fix = widget.NewButtonWithIcon("", theme.ConfirmIcon(), func() { p.applySelected(false) })
	p.fixOne = widget.NewButton("", func() { p.applySelected(true) })
	p.next = widget.NewButtonWithIcon(lang.X("lintpanel.next", "Next"), theme.MoveDownIcon(), p.nextLine)
	actions := container.NewVBox(container.NewHBox(p.fix), container.NewHBox(p.fixOne, p.next))
	p.text = container.NewVScroll(container.NewVBox(p.where, p.detail))
	detailBox := container.NewBorder(nil, container.NewHScroll(actions), nil, nil, p.text)
	p.tip = testerpane.NewHoverTip(p.list)
	p.body = container.NewHSplit(container.NewStack(p.list, p.tip.Layer()), detailBox)
	p.body.Offset = 0.45
	p.box = container.NewBorder(p.header, nil, nil, nil, container.New(&turnLayout{split: p.body, panel: p}, p.body))
	p.set(syntax.Parse(nil), nil)
	return p
}

// themeChanged draws the rows again in the theme in use.
func (p *lintPanel) themeChanged() {
	p.list.Refresh()
	p.box.Refresh()
}

// object is the panel alone; withEditor puts it under the editor.
func (p *lintPanel) object() fyne.CanvasObject { return p.box }

// withEditor is the editor over the panel, with a divider the user drags
// to give the panel more or fewer rows.
func (p *lintPanel) withEditor(ed fyne.CanvasObject) fyne.CanvasObject {
	p.split = container.NewVSplit(ed, p.box)
	p.split.Offset = p.offset
	if !p.open {
		p.split.Offset = 1
	}
	return p.split
}

func (p *lintPanel) updateRow(i widget.ListItemID, o fyne.CanvasObject) {
	if i >= len(p.diags) {
		return
	}
	d := p.diags[i]
	row := o.(*fyne.Container)
	text := row.Objects[0].(*hoverLabel)
	icon := row.Objects[1].(*widget.Icon)
	fix := row.Objects[2].(*widget.Button)
	fg := theme.Color(theme.ColorNameForeground)
	icon.SetResource(severity.Icon(d.Severity))
	if line := diagnosticLine(p.doc, d); line != text.Text {
		text.SetText(line)
	} else if text.drawnIn != fg {
		text.Refresh()
		icon.Refresh()
	}
	text.drawnIn = fg
	text.full = fullDiagnosticLine(p.doc, d)
	if d.Fix == nil {
		fix.Hide()
		return
	}
	// Look the diagnostic up when tapped: rows are not redrawn while the
	// findings stay the same, but their offsets move with edits.
	fix.OnTapped = func() {
		if i < len(p.diags) {
			p.onFix(p.diags[i])
		}
	}
	fix.Show()
}

// set shows a new list of diagnostics of doc (one per finding, as lint.Run
// gives them); repeats of one rule are listed once.
func (p *lintPanel) set(doc *syntax.Document, diags []lint.Diagnostic) {
	grouped := lint.Group(doc, diags)
	if p.header.Text() != "" && sameDiagnostics(p.doc, p.diags, doc, grouped) {
		p.diags, p.doc = grouped, doc // same findings: keep the rows, take the new fixes' offsets
		if p.selected >= 0 {
			p.showDetail()
		}
		return
	}
	var was *lint.Diagnostic
	var wasLine int
	if p.selected >= 0 && p.selected < len(p.diags) {
		was = &p.diags[p.selected]
		wasLine = p.at(*was).Line
	}
	p.diags, p.doc = grouped, doc
	p.selected = -1
	if was != nil {
		for i := range grouped {
			if d := &grouped[i]; d.Code == was.Code && d.Message.Key == was.Message.Key && p.at(*d).Line == wasLine {
				p.selected = i
				break
			}
		}
	}
	errors, warnings, infos := 0, 0, 0
	for _, d := range diags {
		switch d.Severity {
		case diag.Error:
			errors++
		case diag.Warning:
			warnings++
		default:
			infos++
		}
	}
	p.header.SetText(lang.X("lint.panel.header", "Problems — errors: {{.Errors}}, warnings: {{.Warnings}}, notes: {{.Infos}}",
		map[string]any{"Errors": errors, "Warnings": warnings, "Infos": infos}))
	p.list.Refresh()
	if p.selected >= 0 {
		p.list.Select(p.selected)
	} else {
		p.list.UnselectAll()
	}
	p.showDetail()
}

// showDetail shows the selected entry in full: where, the message wrapped,
// and the fixes it offers; with nothing selected, how to use the panel.
func (p *lintPanel) showDetail() {
	p.fix.Hide()
	p.fixOne.Hide()
	p.next.Hide()
	if p.selected < 0 || p.selected >= len(p.diags) {
		p.where.SetText("")
		p.where.Hide()
		p.detail.SetText(lang.X("lintpanel.hint", "Select a problem to read it in full and fix it. Notes that concern only the 1994/1996 standards or the libraries appear when you choose such a reading in the tester."))
		return
	}
	d := p.diags[p.selected]
	at := p.at(d)
	where := fmt.Sprintf("%d:%d  %s · %s", at.Line, at.Col, severity.Word(d.Severity), lint.CodeText(d.Code))
	if len(d.Engines) > 0 {
		where += " — " + engineNames(d.Engines)
	}
	p.where.SetText(where)
	p.where.Show()
	text := d.Message.String()
	fix := d.Fix
	if m := p.memberDiag(); len(d.Members) > 0 && m != nil {
		fix = m.Fix // a group's fix is "all of them": say what each does
	}
	if fix != nil {
		text += "\n\n" + lang.X("lintpanel.fix_is", "Fix: {{.Title}}", map[string]any{"Title": fix.Title.String()})
	}
	p.detail.SetText(text)
	if d.Fix != nil {
		// The fix's own title is in the text above; the button stays short.
		label := lang.X("lint.panel.fix", "Fix")
		if len(d.Members) > 0 {
			label = d.Fix.Title.String()
		}
		p.fix.SetText(label)
		p.fix.Show()
	}
	if len(d.Members) > 0 {
		if m := p.memberDiag(); m != nil && m.Fix != nil {
			p.fixOne.SetText(lang.X("lintpanel.fix_line", "Line {{.Line}} only", map[string]any{"Line": p.at(*m).Line}))
			p.fixOne.Show()
		}
		p.next.Show()
	}
}

// memberDiag is the finding of the selected group whose line is in view.
func (p *lintPanel) memberDiag() *lint.Diagnostic {
	if p.selected < 0 || p.selected >= len(p.diags) {
		return nil
	}
	d := &p.diags[p.selected]
	if len(d.Members) == 0 {
		return d
	}
	return &d.Members[p.member%len(d.Members)]
}

// nextLine moves to the next line of the selected group, round the end.
func (p *lintPanel) nextLine() {
	if p.selected < 0 || p.selected >= len(p.diags) {
		return
	}
	d := p.diags[p.selected]
	p.member = (p.member + 1) % max(1, len(d.Members))
	if m := p.memberDiag(); m != nil {
		p.onJump(*m)
	}
	p.showDetail()
}

// applySelected applies the selected entry's fix, or with one the fix of
// the group's line in view only.
func (p *lintPanel) applySelected(one bool) {
	if p.selected < 0 || p.selected >= len(p.diags) {
		return
	}
	d := p.diags[p.selected]
	if one {
		m := p.memberDiag()
		if m == nil || m.Fix == nil {
			return
		}
		d = *m
	}
	if d.Fix != nil {
		p.onFix(d)
	}
}

// engineNames is engine ids as the names the tester shows.
func engineNames(ids []string) string {
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = id
		if e, ok := engine.Get(id); ok {
			names[i] = msg.New(e.Info().Name).String()
		}
	}
	return strings.Join(names, ", ")
}

// at is where d starts in the panel's text.
func (p *lintPanel) at(d lint.Diagnostic) diag.Pos { return p.doc.Position(d.Span.Start) }

// sameDiagnostics reports whether two lint runs, of docA and of docB, found
// the same things at the same lines and columns, so the list need not be
// redrawn (typing inside a line).
func sameDiagnostics(docA *syntax.Document, a []lint.Diagnostic, docB *syntax.Document, b []lint.Diagnostic) bool {
	if len(a) != len(b) || docA == nil || docB == nil {
		return len(a) == 0 && len(b) == 0
	}
	for i := range a {
		x, y := &a[i], &b[i]
		if x.Code != y.Code || x.Severity != y.Severity || !reflect.DeepEqual(x.Message, y.Message) ||
			docA.Position(x.Span.Start) != docB.Position(y.Span.Start) || docA.Position(x.Span.End) != docB.Position(y.Span.End) ||
			!slices.Equal(x.Lines(docA), y.Lines(docB)) {
			return false
		}
	}
	return true
}

func (p *lintPanel) toggle() {
	p.open = !p.open
	if p.open {
		p.body.Show()
		p.header.SetIcon(theme.MenuDropDownIcon())
		if p.split != nil {
			p.split.SetOffset(p.offset)
		}
	} else {
		if p.split != nil {
			p.offset = p.split.Offset
		}
		p.body.Hide()
		p.header.SetIcon(theme.MenuExpandIcon())
		if p.split != nil {
			p.split.SetOffset(1)
		}
	}
	p.box.Refresh()
}

// diagnosticLine is "12:5  message" ("12:5  ×3  …" for a group; the
// row's icon and the detail give the severity, the detail the rule's code
// with its title), without the backticks that mark code in the message
// (a row is a plain label), cut to what a row can
// show (shaping a long hidden tail costs milliseconds per keystroke); the
// whole message is in the detail beside the list and in the editor's mark
// tooltip.
func diagnosticLine(doc *syntax.Document, d lint.Diagnostic) string {
	s := fullDiagnosticLine(doc, d)
	const maxRunes = 180
	if utf8.RuneCountInString(s) > maxRunes {
		r := []rune(s)
		s = string(r[:maxRunes-1]) + "…"
	}
	return s
}

// fullDiagnosticLine is a row's whole text, for the hover tip (plain, as
// the row).
func fullDiagnosticLine(doc *syntax.Document, d lint.Diagnostic) string {
	at := doc.Position(d.Span.Start)
	if len(d.Members) > 0 {
		// A group: its count, then what its first finding says.
		return fmt.Sprintf("%d:%d  ×%d  %s", at.Line, at.Col, len(d.Members), richmsg.Plain(d.Members[0].Message.String()))
	}
	return fmt.Sprintf("%d:%d  %s", at.Line, at.Col, richmsg.Plain(d.Message.String()))
}

// lintReadings are the engines lint reports on: the default readings and
// those chosen in the tester. The lint worker reads them off the UI
// goroutine, so they are swapped atomically.
type lintReadings struct{ ids atomic.Pointer[[]string] }

// options are the lint options for the readings in force.
func (r *lintReadings) options() lint.Options {
	if p := r.ids.Load(); p != nil {
		return lint.Options{Engines: *p}
	}
	return lint.Options{}
}

// set makes lint report on the default readings and on chosen (engine ids;
// other values, such as the tester's "each crawler's own" reading, add
// nothing). It reports whether the set changed.
func (r *lintReadings) set(chosen []string) bool {
	ids := append([]string(nil), lint.DefaultEngines...)
	for _, id := range chosen {
		if slices.Contains(lint.EngineIDs(), id) && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	if old := r.ids.Load(); old != nil && slices.Equal(*old, ids) {
		return false
	}
	r.ids.Store(&ids)
	return true
}

// readingsChanged follows the tester's reading: one engine, or every
// engine while the comparison is on. When the set changes, the text is
// linted again.
func (k *checks) readingsChanged() {
	s := k.w
	if k.lintReadings.set(lintChosen(s.pane.Engine(), s.pane.Compare())) && k.lints != nil {
		k.lints.Submit(s.ed.Document())
	}
}

// lintChosen are the engines the tester's reading asks lint to add to the
// default ones: the reading's engine, or every engine while compared.
func lintChosen(reading string, compare bool) []string {
	if compare {
		return lint.EngineIDs()
	}
	return []string{reading}
}

// hoverLabel is a Problems row's text: the pointer on a row the list cuts
// shows its whole text over the list (widget.List gives the hover to the
// deepest object that wants it, so the label hears of it).
type hoverLabel struct {
	safewidget.Ellipsis
	p    *lintPanel
	full string // the whole text (the row's own is cut at 180 characters)
	// drawnIn is the foreground of the theme the row was drawn in: a row
	// whose text stays the same is drawn again after a theme switch.
	drawnIn color.Color
}

func newHoverLabel(p *lintPanel) *hoverLabel {
	l := &hoverLabel{p: p}
	l.ExtendBaseWidget(l)
	return l
}

// cut says whether the row shows less than its text: the label cut it,
// or the row's own text is the message cut at 180 characters.
func (l *hoverLabel) cut() bool {
	return l.Cut() || l.full != "" && l.full != l.Text
}

// MouseIn is part of desktop.Hoverable.
func (l *hoverLabel) MouseIn(*desktop.MouseEvent) {
	if l.Text != "" && l.cut() {
		text := l.full
		if text == "" {
			text = l.Text
		}
		l.p.tip.Show(l, text)
	}
}

// MouseMoved is part of desktop.Hoverable.
func (l *hoverLabel) MouseMoved(*desktop.MouseEvent) {}

// MouseOut is part of desktop.Hoverable.
func (l *hoverLabel) MouseOut() { l.p.tip.Hide() }
