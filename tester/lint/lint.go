// Package lint finds what makes a robots.txt do something its author did not
// mean: rules no crawler reads, misspellings only Google forgives, wildcards
// the 1994 standard takes literally, groups that silently drop the `*` rules,
// a damaged byte order mark… Every diagnostic has a stable code, says which
// engines it matters for, and may carry a fix made of byte-range edits that
// changes the file's meaning only for those engines. The linter reads the
// syntax.Document; it never parses text itself.
package lint

import (
	"unsafe"

	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// Edit is syntax.Edit, the one edit type.
type Edit = syntax.Edit

// Fix is a proposed change. Engines are the engines whose reading of the
// file the fix changes; every other engine gives the same verdicts before and
// after it (the corpus test proves it). Safe fixes may be applied without
// asking ("apply all safe fixes", check --fix): they only make the other
// crawlers read the file the way the author evidently meant, and they keep
// line endings, the BOM and comments.
type Fix struct {
	Title   msg.Text
	Edits   []Edit
	Safe    bool
	Engines []string
}

// Diagnostic is one finding: a diag.Diagnostic whose Span is bytes of the
// document (shown as line and column with Document.Position), with what is
// lint's own. Engines are the selected engines the finding matters for; it
// is empty for findings about crawlers outside the engine set (Request-rate
// is read by Python's urllib only).
type Diagnostic struct {
	diag.Diagnostic
	Engines []string
	Fix     *Fix
	// Members is set by Group on a diagnostic that stands for several
	// findings of one rule: every finding (the first too), in order, each
	// as Run reported it, with its own fix.
	Members []Diagnostic
}

// Options select what to report.
type Options struct {
	// Engines are the engines the user cares about; empty means
	// DefaultEngines (EngineIDs() selects every reading, the historical ones
	// too). A diagnostic that matters only to engines outside the selection
	// is dropped.
	Engines []string
	// FileName is the file's name, if known; it is checked for the exact
	// spelling "robots.txt".
	FileName string
}

// Run lints doc and returns the diagnostics sorted by position, then code
// (diag.Compare).
func Run(doc *syntax.Document, opts Options) []Diagnostic {
	s := newState(doc, opts)
	for i := range rules {
		rules[i].check(s)
	}
	diag.List[Diagnostic](s.out).Sort()
	return s.out
}

// state is one run of the linter: the document, its group model and the
// diagnostics found so far.
type state struct {
	doc      *syntax.Document
	opts     Options
	all      []string  // engine ids, bit i of an engineSet is all[i]
	every    engineSet // every engine
	f        families  // the engine sets the rules name, from the engines' traits
	selected engineSet
	m        *model
	out      []Diagnostic
}

func newState(doc *syntax.Document, opts Options) *state {
	all, fam := readings()
	s := &state{doc: doc, opts: opts, all: all, every: everyEngine(all), f: fam}
	s.selected = setOf(all, opts.Engines)
	if s.selected == 0 {
		s.selected = setOf(all, DefaultEngines)
	}
	s.m = buildModel(doc)
	return s
}

// on reports whether any engine of e is selected.
func (s *state) on(e engineSet) bool { return s.selected&e != 0 }

// onlyHistoric reports whether the selected engines are all historic ones
// (the 1994 and 1996 readings), so their quirks deserve more than a note.
func (s *state) onlyHistoric() bool { return s.selected&^s.f.historic == 0 }

// finding is a diagnostic as a rule reports it.
type finding struct {
	code       string
	sev        diag.Severity
	start, end int // byte offsets in Src
	text       msg.Text
	engines    engineSet // 0: not about any engine of the set
	fix        *Fix
}

// report adds f when one of its engines is selected (or it names none).
func (s *state) report(f finding) {
	if f.engines != 0 && !s.on(f.engines) {
		return
	}
	if f.engines == s.every {
		f.engines = s.selected
	}
	d := Diagnostic{Diagnostic: diag.Diagnostic{Code: f.code, Severity: f.sev, Span: diag.Span{Start: f.start, End: max(f.start, f.end)},
		Message: f.text}, Fix: f.fix}
	if f.engines != 0 {
		d.Engines = (f.engines & s.selected).names(s.all)
	}
	s.out = append(s.out, d)
}

// lineSpan is line n's content without leading and trailing blanks.
func (s *state) lineSpan(n int) (int, int) {
	l := &s.doc.Lines[n-1]
	a, b := int(l.Start), int(l.End)
	for a < b && isBlank(s.doc.Src[a]) {
		a++
	}
	for b > a && isBlank(s.doc.Src[b-1]) {
		b--
	}
	return a, b
}

// fieldSpan is the key-to-value extent of field line n (no comment).
func (s *state) fieldSpan(n int) (int, int) {
	l := &s.doc.Lines[n-1]
	if l.Kind.IsField() {
		return int(l.Key.Start), max(int(l.Value.End), int(l.Key.End))
	}
	return s.lineSpan(n)
}

// valueSpan is line n's value, or its key when the value is empty.
func (s *state) valueSpan(n int) (int, int) {
	l := &s.doc.Lines[n-1]
	if l.Value.Empty() {
		return int(l.Key.Start), int(l.Key.End)
	}
	return int(l.Value.Start), int(l.Value.End)
}

// val is line n's value as a string that shares the document's bytes
// instead of copying them. That is safe because a Document is never changed
// once parsed (the editor makes a new one per edit).
func (s *state) val(n int) string {
	l := &s.doc.Lines[n-1]
	if l.Value.Empty() {
		return ""
	}
	return unsafe.String(&s.doc.Src[l.Value.Start], l.Value.Len())
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\v' || c == '\f' }
