package diff

import (
	"github.com/robots-studio/robots-studio/tester/linealign"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// maxAlignCells bounds the line alignment's table; two files that differ in
// more than that are treated as completely changed.
const maxAlignCells = 4 << 20

// alignment pairs the unchanged lines of two versions.
type alignment struct {
	oldToNew []int // 1-based old line → 1-based new line, 0 when the line changed
	removed  []int // old lines not in the new version
	added    []int // new lines not in the old version
	complete bool  // false when the files were too different to align
}

// align finds the lines both versions share, in order (linealign).
func align(a, b *syntax.Document) alignment {
	la, lb := lineTexts(a), lineTexts(b)
	aToB, complete := linealign.Align(la, lb, maxAlignCells)
	al := alignment{oldToNew: make([]int, len(la)+1), complete: complete}
	paired := make([]bool, len(lb))
	for i, j := range aToB {
		if j < 0 {
			al.removed = append(al.removed, i+1)
			continue
		}
		al.oldToNew[i+1] = j + 1
		paired[j] = true
	}
	for j, p := range paired {
		if !p {
			al.added = append(al.added, j+1)
		}
	}
	return al
}

// lineTexts is each line's content without its terminator: a change of line
// endings alone is no change of meaning.
func lineTexts(d *syntax.Document) []string {
	out := make([]string, len(d.Lines))
	for i := range d.Lines {
		out[i] = d.Text(d.Lines[i].Content())
	}
	return out
}
