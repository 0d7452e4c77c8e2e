package ui

import (
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2/lang"

	"github.com/robots-studio/robots-studio/editor"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/lint"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/ui/dlg"
	"github.com/robots-studio/robots-studio/ui/latest"
)

// checks is the window's side of lint and of the tester's selection: the
// findings in the Problems panel and as marks in the editor, their fixes,
// and the group and rule of the selected result marked in the text.
type checks struct {
	w *shared
	// presented shows a selected result in presenter mode; showEditor
	// brings the editor into view.
	presented  func(engine.Verdict)
	showEditor func()

	// lintReadings are the engines lint reports on (lintpanel.go).
	lintReadings lintReadings
	lints        *latest.Worker[*syntax.Document, []lint.Diagnostic]
	diags        []lint.Diagnostic
	lintDoc      *syntax.Document // the document diags belong to
	selected     *engine.Verdict  // the result whose group and rule are marked in the editor
}

// applyLint shows diagnostics, unless the text has changed since they were
// computed (a newer run is on its way).
func (k *checks) applyLint(doc *syntax.Document, diags []lint.Diagnostic) {
	s := k.w
	if doc != s.ed.Document() {
		return
	}
	k.diags, k.lintDoc = diags, doc
	s.lint.set(doc, diags)
	k.updateMarks()
}

// updateMarks shows lint diagnostics and the selected result in the editor.
func (k *checks) updateMarks() {
	s := k.w
	var marks []editor.Mark
	if k.lintDoc != nil {
		marks = lintMarks(k.lintDoc, k.diags)
	}
	if v := k.selected; v != nil {
		if v.Group != nil {
			for _, n := range v.Group.Lines {
				marks = append(marks, editor.Mark{Line: n, Kind: editor.MarkGroup, Message: v.GroupText().String()})
			}
		}
		if v.Rule != nil {
			marks = append(marks, editor.Mark{Line: v.Rule.Line, Kind: editor.MarkRule, Message: v.Explain().String()})
		}
	}
	s.ed.SetMarks(marks)
}

// selectVerdict marks the group and rule of a result and scrolls there.
func (k *checks) selectVerdict(v engine.Verdict) {
	k.selected = &v
	k.updateMarks()
	k.presented(v)
	k.showSelected()
}

// showSelected scrolls the editor to what the selected result points at:
// its deciding rule, else its group.
func (k *checks) showSelected() {
	s := k.w
	switch v := k.selected; {
	case v == nil:
	case v.Rule != nil:
		s.ed.ShowLine(v.Rule.Line)
	case v.Group != nil:
		s.ed.ShowLine(v.Group.Start())
	}
}

// selectLine shows the editor with line n selected.
func (k *checks) selectLine(n int) {
	s := k.w
	doc := s.ed.Document()
	if n < 1 || n > len(doc.Lines) {
		return
	}
	k.showEditor()
	l := doc.Line(n)
	s.ed.SetSelection(int(l.Start), int(l.End))
	s.ed.ShowLine(n)
	s.win.Canvas().Focus(s.ed)
}

func (k *checks) jumpTo(d lint.Diagnostic) {
	s := k.w
	k.showEditor()
	// the line centred first, then the cursor on it (it then needs no
	// scroll): the next key would otherwise take the view back to where
	// the cursor was
	s.ed.ShowLine(k.lintDoc.Position(d.Span.Start).Line)
	if k.lintDoc == s.ed.Document() {
		s.ed.SetSelection(d.Span.Start, d.Span.Start)
	}
	s.win.Canvas().Focus(s.ed)
}

// currentDiags are the diagnostics of the text as it is now: fixes carry
// byte offsets, so they must never come from an older version of the text.
func (k *checks) currentDiags() []lint.Diagnostic {
	s := k.w
	if doc := s.ed.Document(); k.lintDoc != doc {
		k.applyLint(doc, lint.Run(doc, k.lintReadings.options()))
	}
	return k.diags
}

// applyFix applies one diagnostic's fix as one undo step.
func (k *checks) applyFix(d lint.Diagnostic) {
	s := k.w
	if old := k.lintDoc; old != s.ed.Document() {
		// The text changed after the panel was drawn: use the same finding
		// (same code, same line and column) of the current text, or nothing.
		found := false
		at := old.Position(d.Span.Start)
		for _, cur := range k.currentDiags() {
			if cur.Code == d.Code && k.lintDoc.Position(cur.Span.Start) == at {
				d, found = cur, true
				break
			}
		}
		if !found {
			return
		}
	}
	if d.Fix == nil {
		return
	}
	k.applyEdits(d.Fix.Edits)
}

// applyEdits applies edits as one undo step and reports whether it did.
func (k *checks) applyEdits(edits []lint.Edit) bool {
	s := k.w
	if err := s.ed.ApplyEdits(edits); err != nil {
		// Only possible if the fix was computed for another version of the
		// text; the text is left as it was.
		dlg.Info(lang.X("window.fixes.title", "Safe fixes"),
			lang.X("window.fixes.stale", "The text changed while the fix was being prepared; nothing was changed. Try again."), s.win)
		return false
	}
	return true
}

// applySafeFixes applies every safe fix (lint.ApplySafe, as check --fix
// does) as one undo step.
func (k *checks) applySafeFixes() {
	s := k.w
	before := s.ed.Bytes()
	after, applied, err := lint.ApplySafe(before, k.lintReadings.options())
	if err != nil {
		dlg.Error(err, s.win)
		return
	}
	if len(applied) == 0 {
		dlg.Info(lang.X("window.fixes.title", "Safe fixes"), lang.X("window.fixes.none", "There is nothing to fix safely."), s.win)
		return
	}
	if k.applyEdits([]lint.Edit{changedSpan(before, after)}) {
		dlg.Info(lang.X("window.fixes.title", "Safe fixes"), fixesSummary(applied), s.win)
	}
}

// fixesSummary says what Apply All Safe Fixes changed, one fix a line:
// "Twitterbot/1.0 → Twitterbot at line 2678", or the fix's title where the
// change is not a short one-line replacement; the line is the fix's in the
// text as it was when the fix was made.
func fixesSummary(applied []lint.Applied) string {
	const most, long = 12, 48
	lines := []string{lang.XN("window.fixes.done", "{{.Count}} fixes:", len(applied), map[string]any{"Count": len(applied)})}
	for i := range applied {
		if i == most {
			lines = append(lines, lang.XN("window.fixes.more", "… and {{.Count}} more", len(applied)-most, map[string]any{"Count": len(applied) - most}))
			break
		}
		a := &applied[i]
		line := a.Doc.Position(a.Span.Start).Line
		text := lang.X("window.fixes.item_title", "{{.Fix}} at line {{.Line}}", map[string]any{"Fix": a.Fix.Title.String(), "Line": line})
		if e := a.Fix.Edits; len(e) == 1 && e[0].Start < e[0].End && e[0].End <= len(a.Doc.Src) {
			old, repl := string(a.Doc.Src[e[0].Start:e[0].End]), string(e[0].Text)
			if repl != "" && utf8.RuneCountInString(old) <= long && utf8.RuneCountInString(repl) <= long && !strings.ContainsAny(old+repl, "\r\n") {
				text = lang.X("window.fixes.item", "{{.Old}} → {{.New}} at line {{.Line}}", map[string]any{"Old": old, "New": repl, "Line": line})
			}
		}
		lines = append(lines, text)
	}
	return strings.Join(lines, "\n")
}

// changedSpan is the one edit that turns a into b: the bytes between their
// common start and common end.
func changedSpan(a, b []byte) lint.Edit {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	return lint.Edit{Start: pre, End: len(a) - suf, Text: b[pre : len(b)-suf]}
}
