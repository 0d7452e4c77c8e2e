package diag

import (
	"slices"
	"testing"
)

// finding is a package's own finding type around a Diagnostic, as lint's,
// metatag's and sitemap's are.
type finding struct {
	Diagnostic
	extra string
}

func TestListSortsByStartThenCodeAndKeepsTies(t *testing.T) {
	l := List[finding]{
		{Diagnostic{Code: "B", Span: Span{5, 9}}, "b5"},
		{Diagnostic{Code: "A", Span: Span{5, 6}}, "a5"},
		{Diagnostic{Code: "Z", Span: Span{0, 1}}, "z0"},
		{Diagnostic{Code: "A", Span: Span{5, 7}}, "a5 second"},
		{Diagnostic{Code: "W", Span: NoSpan}, "whole"},
	}
	l.Sort()
	var got []string
	for _, f := range l {
		got = append(got, f.extra)
	}
	want := []string{"whole", "z0", "a5", "a5 second", "b5"}
	if !slices.Equal(got, want) {
		t.Errorf("sorted %v, want %v", got, want)
	}
}

func TestWorstAndHasError(t *testing.T) {
	if _, ok := (List[finding]{}).Worst(); ok {
		t.Error("an empty list has a worst severity")
	}
	l := List[finding]{{Diagnostic: Diagnostic{Severity: Warning}}, {Diagnostic: Diagnostic{Severity: Info}}}
	if w, ok := l.Worst(); !ok || w != Warning || l.HasError() {
		t.Errorf("worst %v %v, has error %v; want warning, no error", w, ok, l.HasError())
	}
	l = append(l, finding{Diagnostic: Diagnostic{Severity: Error}})
	if !l.HasError() {
		t.Error("a list with an error says it has none")
	}
}

// TestSeverityNames: the names are the CLI's and the JSON's; a higher
// severity is a worse one.
func TestSeverityNames(t *testing.T) {
	for s, want := range map[Severity]string{Info: "info", Warning: "warning", Error: "error", 9: "severity?"} {
		if s.String() != want {
			t.Errorf("%d.String() = %q, want %q", s, s.String(), want)
		}
	}
	if !(Info < Warning && Warning < Error) {
		t.Error("severities are not mildest first")
	}
	if NoSpan.Valid() || !(Span{0, 0}).Valid() || (Span{3, 7}).Len() != 4 || NoSpan.Len() != 0 {
		t.Error("Span.Valid or Span.Len is wrong")
	}
}
