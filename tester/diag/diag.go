// Package diag is the one diagnostic type of the project, as go/scanner has
// one Error and ErrorList: a Severity, a byte Span of the text the finding
// is about, a stable code and a message. The robots.txt linter, the meta tag
// analysis, the sitemap checker, the Content-Signal and Content-Usage
// reader, the host name rules and the lesson checker all report with it;
// each adds only what is its own (lint: fixes; meta: the tag; sitemap: the
// file, line and column and the URL; aipref: the kind; lessons: the lesson).
//
// Positions are bytes. Lines and columns are computed when a diagnostic is
// shown (CLI file:line:col, the editor's marks, JSON) from the text it is
// about, by a Positioner such as syntax.Document, so no producer converts
// offsets to columns and no consumer converts them back.
package diag

import (
	"cmp"
	"slices"

	"github.com/robots-studio/robots-studio/tester/msg"
)

// Severity says how much a diagnostic matters, mildest first, so a higher
// severity is a worse one.
type Severity uint8

// Severities.
const (
	Info    Severity = iota // worth knowing; nothing is broken
	Warning                 // probably not what the author meant, or read differently by some readers
	Error                   // the text does not do what it says for some reader
)

var severityNames = [...]string{"info", "warning", "error"}

// String is the stable lower-case name used in CLI and JSON output.
func (s Severity) String() string {
	if int(s) < len(severityNames) {
		return severityNames[s]
	}
	return "severity?"
}

var (
	msgInfo    = msg.Def("diag.severity.info", "info")
	msgWarning = msg.Def("diag.severity.warning", "warning")
	msgError   = msg.Def("diag.severity.error", "error")
)

// Label is the severity in the user's language, for panels.
func (s Severity) Label() msg.Text {
	switch s {
	case Error:
		return msg.New(msgError)
	case Warning:
		return msg.New(msgWarning)
	}
	return msg.New(msgInfo)
}

// Span is a range of bytes [Start, End) of the text a diagnostic is about.
// NoSpan (Start < 0) stands for the text as a whole.
type Span struct {
	Start, End int
}

// NoSpan is the span of a finding about the whole text.
var NoSpan = Span{-1, -1}

// Valid reports whether s locates bytes (it is not NoSpan).
func (s Span) Valid() bool { return s.Start >= 0 }

// Len is the number of bytes s covers.
func (s Span) Len() int { return max(0, s.End-s.Start) }

// Pos is a position as people read it: a 1-based line and a 1-based column
// counted in characters (runes).
type Pos struct {
	Line, Col int
}

// Positioner turns byte offsets of one text into line and column.
type Positioner interface {
	Position(off int) Pos
}

// Diagnostic is one finding.
type Diagnostic struct {
	Code     string
	Severity Severity
	Span     Span
	Message  msg.Text
}

// Core returns d itself; a finding type that embeds Diagnostic gets it
// promoted, so a List can sort and count findings of any package.
func (d Diagnostic) Core() Diagnostic { return d }

// Finding is a type with a Diagnostic at its heart (a struct embedding
// Diagnostic).
type Finding interface{ Core() Diagnostic }

// Compare orders diagnostics by where they start, then by code.
func Compare(a, b Diagnostic) int {
	return cmp.Or(cmp.Compare(a.Span.Start, b.Span.Start), cmp.Compare(a.Code, b.Code))
}

// List is a list of findings that sorts by position and knows its worst
// severity.
type List[F Finding] []F

// Sort orders the list by position (Compare), keeping the order of equal
// findings.
func (l List[F]) Sort() {
	slices.SortStableFunc(l, func(a, b F) int { return Compare(a.Core(), b.Core()) })
}

// Worst is the highest severity in the list, and false for an empty list.
func (l List[F]) Worst() (Severity, bool) {
	var w Severity
	for i := range l {
		w = max(w, l[i].Core().Severity)
	}
	return w, len(l) > 0
}

// HasError reports whether a finding of the list is an Error.
func (l List[F]) HasError() bool {
	w, ok := l.Worst()
	return ok && w == Error
}
