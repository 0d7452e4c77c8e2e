package ui

import (
	"fmt"
	"reflect"
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/lint"
	"github.com/robots-studio/robots-studio/ui/severity"
)

// lintPanel lists the diagnostics under the editor: click one to jump to its
// line, press its button to apply its fix. The header collapses it.
type lintPanel struct {
	diags    []lint.Diagnostic
	list     *widget.List
	header   *widget.Button
	body     *fyne.Container
	box      *fyne.Container
	open     bool
	onJump   func(lint.Diagnostic)
	onFix    func(lint.Diagnostic)
	selected int
}

const lintPanelHeight = 150

func newLintPanel(onJump, onFix func(lint.Diagnostic)) *lintPanel {
	p := &lintPanel{onJump: onJump, onFix: onFix, open: true, selected: -1}
	p.list = widget.NewList(
		func() int { return len(p.diags) },
		func() fyne.CanvasObject {
			icon := widget.NewIcon(theme.InfoIcon())
			text := widget.NewLabel("")
			text.Truncation = fyne.TextTruncateEllipsis
			fix := widget.NewButton(lang.X("lint.panel.fix", "Fix"), nil)
			return container.NewBorder(nil, nil, icon, fix, text)
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if i >= len(p.diags) {
				return
			}
			d := p.diags[i]
			row := o.(*fyne.Container)
			text := row.Objects[0].(*widget.Label)
			icon := row.Objects[1].(*widget.Icon)
			fix := row.Objects[2].(*widget.Button)
			icon.SetResource(severity.Icon(d.Severity))
			if line := diagnosticLine(d); line != text.Text {
				text.SetText(line)
			}
			if d.Fix != nil {
				fix.SetText(d.Fix.Title.String())
				// Look the diagnostic up when tapped: rows are not redrawn while
				// the findings stay the same, but their offsets move with edits.
				fix.OnTapped = func() {
					if i < len(p.diags) {
						p.onFix(p.diags[i])
					}
				}
				fix.Show()
			} else {
				fix.Hide()
			}
		})
	p.list.OnSelected = func(i widget.ListItemID) {
		if i < len(p.diags) {
			p.selected = i
			p.onJump(p.diags[i])
		}
		p.list.Unselect(i)
	}
	p.header = widget.NewButtonWithIcon("", theme.MenuDropDownIcon(), p.toggle)
	p.header.Alignment = widget.ButtonAlignLeading
	p.header.Importance = widget.LowImportance
	p.body = container.New(&fixedHeight{height: lintPanelHeight}, p.list)
	p.box = container.NewBorder(p.header, nil, nil, nil, p.body)
	p.set(nil)
	return p
}

func (p *lintPanel) object() fyne.CanvasObject { return p.box }

// set shows a new list of diagnostics.
func (p *lintPanel) set(diags []lint.Diagnostic) {
	if p.header.Text != "" && sameDiagnostics(p.diags, diags) {
		p.diags = diags // same findings: keep the rows, take the new fixes' offsets
		return
	}
	p.diags = diags
	errors, warnings, infos := 0, 0, 0
	for _, d := range diags {
		switch d.Severity {
		case lint.Error:
			errors++
		case lint.Warning:
			warnings++
		default:
			infos++
		}
	}
	p.header.SetText(lang.X("lint.panel.header", "Problems — errors: {{.Errors}}, warnings: {{.Warnings}}, notes: {{.Infos}}",
		map[string]any{"Errors": errors, "Warnings": warnings, "Infos": infos}))
	p.list.Refresh()
}

// sameDiagnostics reports whether two lint runs found the same things at the
// same places, so the list need not be redrawn (typing inside a line).
func sameDiagnostics(a, b []lint.Diagnostic) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := &a[i], &b[i]
		if x.Code != y.Code || x.Line != y.Line || x.Col != y.Col || x.EndLine != y.EndLine || x.EndCol != y.EndCol ||
			x.Severity != y.Severity || !reflect.DeepEqual(x.Message, y.Message) {
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
	} else {
		p.body.Hide()
		p.header.SetIcon(theme.MenuExpandIcon())
	}
	p.box.Refresh()
}

// diagnosticLine is "12:5  error  message [RS012] — google, yandex", cut to
// what a row can show (shaping a long hidden tail costs milliseconds per
// keystroke); the whole message is in the editor's mark tooltip.
func diagnosticLine(d lint.Diagnostic) string {
	s := fmt.Sprintf("%d:%d  %s  %s [%s]", d.Line, d.Col, severity.Word(d.Severity), d.Message, d.Code)
	if len(d.Engines) > 0 {
		s += " — " + strings.Join(d.Engines, ", ")
	}
	const maxRunes = 180
	if utf8.RuneCountInString(s) > maxRunes {
		r := []rune(s)
		s = string(r[:maxRunes-1]) + "…"
	}
	return s
}

// fixedHeight lays out one object at full width and a fixed height.
type fixedHeight struct{ height float32 }

func (f *fixedHeight) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Resize(size)
		o.Move(fyne.NewPos(0, 0))
	}
}

func (f *fixedHeight) MinSize(objs []fyne.CanvasObject) fyne.Size {
	w := float32(0)
	for _, o := range objs {
		if m := o.MinSize(); m.Width > w {
			w = m.Width
		}
	}
	return fyne.NewSize(w, f.height)
}
