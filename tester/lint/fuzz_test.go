package lint

import (
	"testing"

	"github.com/robots-studio/robots-studio/internal/corpus"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// FuzzLint: Run never panics, positions are inside the document, and every
// fix applies cleanly, alone and together with the others that do not overlap.
func FuzzLint(f *testing.F) {
	for _, r := range Rules() {
		if len(r.Example) < 4096 {
			f.Add([]byte(r.Example))
		}
	}
	for _, src := range corpus.Files(f) {
		if len(src) < 8192 {
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		doc := syntax.Parse(src)
		diags := Run(doc, Options{FileName: "Robots.txt"})
		var fixes []Fix
		for _, d := range diags {
			if d.Span.Start < 0 || d.Span.End < d.Span.Start || d.Span.End > len(src) {
				t.Fatalf("bad span %+v of %d bytes for %s", d.Span, len(src), d.Code)
			}
			if a, b := doc.Position(d.Span.Start), doc.Position(d.Span.End); a.Line < 1 || a.Line > len(doc.Lines) || b.Line < a.Line || a.Col < 1 || a.Line == b.Line && b.Col < a.Col {
				t.Fatalf("bad position %d:%d-%d:%d for %s", a.Line, a.Col, b.Line, b.Col, d.Code)
			}
			if d.Fix == nil {
				continue
			}
			fixes = append(fixes, *d.Fix)
			out, err := ApplyFixes(src, []Fix{*d.Fix})
			if err != nil {
				t.Fatalf("%s fix: %v", d.Code, err)
			}
			Run(syntax.Parse(out), Options{})
		}
		kept, _ := Disjoint(fixes)
		if _, err := ApplyFixes(src, kept); err != nil {
			t.Fatalf("disjoint fixes: %v", err)
		}
	})
}

// BenchmarkLint lints the largest real file (107 KB, 4,250 rules): the
// editor runs the linter on every keystroke.
func BenchmarkLint(b *testing.B) {
	src := corpus.File(b, "linkedin.robots.txt")
	doc := syntax.Parse(src)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		Run(doc, Options{})
	}
}

// BenchmarkLint500KiB lints a file at Google's size limit.
func BenchmarkLint500KiB(b *testing.B) {
	src := corpus.File(b, "linkedin.robots.txt")
	big := make([]byte, 0, syntax.GoogleMaxBytes+len(src))
	for len(big) < syntax.GoogleMaxBytes {
		big = append(big, src...)
	}
	doc := syntax.Parse(big)
	b.SetBytes(int64(len(big)))
	b.ReportAllocs()
	for b.Loop() {
		Run(doc, Options{})
	}
}
