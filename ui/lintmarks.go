package ui

import (
	"github.com/robots-studio/robots-studio/editor"
	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/lint"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// lintMarks are the editor's marks for the diagnostics of doc: each on the
// line its span starts on, underlining the span's bytes when it ends on that
// line, else the whole line.
func lintMarks(doc *syntax.Document, diags []lint.Diagnostic) []editor.Mark {
	marks := make([]editor.Mark, 0, len(diags)+4)
	for _, d := range diags {
		line := doc.LineAt(d.Span.Start)
		m := editor.Mark{Line: line, Kind: markKind(d.Severity), Message: d.Message.String() + " (" + lint.CodeText(d.Code) + ")"}
		if start, end := d.Span.Start, d.Span.End; end > start && doc.LineAt(end) == line {
			// relative to the line's content; an end in its terminator stops at the content's end
			base := doc.LineOffset(line)
			m.Start, m.End = start-base, end-base
		}
		marks = append(marks, m)
	}
	return marks
}

// markKind is the mark of a severity.
func markKind(sev diag.Severity) editor.MarkKind {
	switch sev {
	case diag.Error:
		return editor.MarkError
	case diag.Warning:
		return editor.MarkWarning
	}
	return editor.MarkInfo
}
