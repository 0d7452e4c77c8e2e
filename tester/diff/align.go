package diff

import (
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

// align finds the lines both versions share, in order: common head and tail
// first, then a longest common subsequence of what is left (an edit is
// usually a few lines, so the table stays small).
func align(a, b *syntax.Document) alignment {
	la, lb := lineTexts(a), lineTexts(b)
	al := alignment{oldToNew: make([]int, len(la)+1), complete: true}
	head := 0
	for head < len(la) && head < len(lb) && la[head] == lb[head] {
		al.oldToNew[head+1] = head + 1
		head++
	}
	tail := 0
	for tail < len(la)-head && tail < len(lb)-head && la[len(la)-1-tail] == lb[len(lb)-1-tail] {
		al.oldToNew[len(la)-tail] = len(lb) - tail
		tail++
	}
	ma, mb := la[head:len(la)-tail], lb[head:len(lb)-tail]
	keptA := make([]bool, len(ma))
	keptB := make([]bool, len(mb))
	if len(ma)*len(mb) > maxAlignCells {
		al.complete = false
	} else if len(ma) > 0 && len(mb) > 0 {
		// lcs[i][j]: the LCS length of ma[i:] and mb[j:].
		w := len(mb) + 1
		lcs := make([]int32, (len(ma)+1)*w)
		for i := len(ma) - 1; i >= 0; i-- {
			for j := len(mb) - 1; j >= 0; j-- {
				if ma[i] == mb[j] {
					lcs[i*w+j] = lcs[(i+1)*w+j+1] + 1
				} else {
					lcs[i*w+j] = max(lcs[(i+1)*w+j], lcs[i*w+j+1])
				}
			}
		}
		for i, j := 0, 0; i < len(ma) && j < len(mb); {
			switch {
			case ma[i] == mb[j]:
				keptA[i], keptB[j] = true, true
				al.oldToNew[head+i+1] = head + j + 1
				i++
				j++
			case lcs[(i+1)*w+j] >= lcs[i*w+j+1]:
				i++
			default:
				j++
			}
		}
	}
	for i, k := range keptA {
		if !k {
			al.removed = append(al.removed, head+i+1)
		}
	}
	for j, k := range keptB {
		if !k {
			al.added = append(al.added, head+j+1)
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
