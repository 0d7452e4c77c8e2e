package syntax

import (
	"fmt"
	"sort"
)

// Edit replaces the bytes [Start, End) of a document with Text; an insertion
// has Start == End. It is the one edit type: lint's fixes, the mirror
// wizard's Host change, the AI policy builder and the editor all speak it.
type Edit struct {
	Start, End int
	Text       []byte
}

// ApplyEdits returns src with edits applied, src itself unchanged. Edits may
// come in any order; two at one offset apply in the order given (an
// insertion before a deletion that starts there). An edit outside src or
// overlapping another is an error, and nothing is applied.
func ApplyEdits(src []byte, edits []Edit) ([]byte, error) {
	sorted := make([]Edit, len(edits))
	copy(sorted, edits)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Start < sorted[j].Start })
	grow, pos := 0, 0
	for _, e := range sorted {
		if e.Start < 0 || e.End < e.Start || e.End > len(src) {
			return nil, fmt.Errorf("edit [%d,%d) is outside the text (%d bytes)", e.Start, e.End, len(src))
		}
		if e.Start < pos {
			return nil, fmt.Errorf("edits overlap at byte %d", e.Start)
		}
		pos = e.End
		grow += len(e.Text) - (e.End - e.Start)
	}
	out := make([]byte, 0, len(src)+max(grow, 0))
	pos = 0
	for _, e := range sorted {
		out = append(out, src[pos:e.Start]...)
		out = append(out, e.Text...)
		pos = e.End
	}
	return append(out, src[pos:]...), nil
}
