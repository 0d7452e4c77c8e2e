package lint

import (
	"fmt"

	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// ApplyFixes applies every edit of fixes to src and returns the new text.
// Edits must not overlap (two insertions at one offset are applied in the
// order given); src is not modified. Fixes never touch line terminators they
// do not own, so line endings and the BOM stay as they were unless a fix is
// about them.
func ApplyFixes(src []byte, fixes []Fix) ([]byte, error) {
	var edits []Edit
	for _, f := range fixes {
		edits = append(edits, f.Edits...)
	}
	out, err := syntax.ApplyEdits(src, edits)
	if err != nil {
		return nil, fmt.Errorf("lint: %w", err)
	}
	return out, nil
}

// Disjoint returns the fixes of fixes, in order, that overlap no fix taken
// before them, and the ones left out (apply, re-lint, and apply again).
func Disjoint(fixes []Fix) (kept, skipped []Fix) {
	type span struct{ a, b int }
	var taken []span
	overlaps := func(e Edit) bool {
		for _, t := range taken {
			if e.Start < t.b && t.a < e.End || e.Start == e.End && e.Start == t.a || t.a == t.b && t.a == e.Start {
				return true
			}
		}
		return false
	}
	for _, f := range fixes {
		clash := false
		for _, e := range f.Edits {
			if overlaps(e) {
				clash = true
				break
			}
		}
		if clash {
			skipped = append(skipped, f)
			continue
		}
		for _, e := range f.Edits {
			taken = append(taken, span{e.Start, e.End})
		}
		kept = append(kept, f)
	}
	return kept, skipped
}

// deleteLine is the edit that removes line n with its terminator. The last
// line, which has none, takes the previous line's terminator with it so no
// dangling line end is left (unless the file had a final newline to keep).
func deleteLine(doc *syntax.Document, n int) Edit {
	l := &doc.Lines[n-1]
	if l.EOL == syntax.EOLNone && n > 1 {
		return Edit{Start: int(doc.Lines[n-2].End), End: int(l.End)}
	}
	return Edit{Start: int(l.Start), End: int(l.Next)}
}

// eolOf is the terminator to use for a line inserted after line n: its own,
// or the file's dominant one when it has none.
func eolOf(doc *syntax.Document, n int) []byte {
	if e := doc.Lines[n-1].EOL; e != syntax.EOLNone {
		return e.Bytes()
	}
	return doc.DominantEOL().Bytes()
}

func newFix(title msg.Text, safe bool, engines []string, edits ...Edit) *Fix {
	return &Fix{Title: title, Edits: edits, Safe: safe, Engines: engines}
}

// SafeRounds bounds ApplySafe: overlapping fixes wait for the next round,
// and a round can uncover a fix (the fixed line reads differently).
const SafeRounds = 8

// ApplySafe applies every safe fix to src: each round lints the text as it
// is then, applies the safe fixes that overlap none taken before them
// (Disjoint) and lints again, until no safe fix is left or SafeRounds have
// run. It returns the new text and the diagnostics whose fixes were applied,
// round after round, each with the document of its round (its span is
// bytes of that text). The window's Apply All Safe Fixes and `check --fix`
// both use it.
func ApplySafe(src []byte, opts Options) ([]byte, []Applied, error) {
	var applied []Applied
	for round := 0; round < SafeRounds; round++ {
		doc := syntax.Parse(src)
		diags := Run(doc, opts)
		var fixes []Fix
		var from []int
		for i := range diags {
			if f := diags[i].Fix; f != nil && f.Safe {
				fixes = append(fixes, *f)
				from = append(from, i)
			}
		}
		kept, _ := Disjoint(fixes)
		if len(kept) == 0 {
			break
		}
		next, err := ApplyFixes(src, kept)
		if err != nil {
			return src, applied, err
		}
		k := 0
		for i := range fixes {
			if k < len(kept) && sameFix(&kept[k], &fixes[i]) {
				applied = append(applied, Applied{diags[from[i]], doc})
				k++
			}
		}
		src = next
	}
	return src, applied, nil
}

// Applied is a diagnostic whose fix ApplySafe applied, with the document
// its span refers to (the text of its round).
type Applied struct {
	Diagnostic
	Doc *syntax.Document
}

// sameFix tells the kept fixes from the skipped ones (Disjoint keeps the
// order; the first edit identifies a fix).
func sameFix(a, b *Fix) bool {
	return len(a.Edits) == len(b.Edits) && (len(a.Edits) == 0 || a.Edits[0].Start == b.Edits[0].Start && a.Edits[0].End == b.Edits[0].End)
}
