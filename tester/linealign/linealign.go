// Package linealign pairs the unchanged lines of two versions of a text:
// what `diff` reports as a change of rules and what the window shows when a
// file changed on disk under unsaved text both stand on it.
package linealign

// Align returns, for each line of a, the index of the same line in b, or -1
// when the line is not in b. The common head and tail are paired first, then
// a longest common subsequence of what is left (an edit is usually a few
// lines, so its table stays small). When that table would have more than
// maxCells cells, the middle lines are left unpaired and complete is false.
// Where several pairings are equally long, a's lines are given up first, so
// a walk in order shows removals before additions.
func Align(a, b []string, maxCells int) (aToB []int, complete bool) {
	aToB = make([]int, len(a))
	for i := range aToB {
		aToB[i] = -1
	}
	head := 0
	for head < len(a) && head < len(b) && a[head] == b[head] {
		aToB[head] = head
		head++
	}
	tail := 0
	for tail < len(a)-head && tail < len(b)-head && a[len(a)-1-tail] == b[len(b)-1-tail] {
		aToB[len(a)-1-tail] = len(b) - 1 - tail
		tail++
	}
	ma, mb := a[head:len(a)-tail], b[head:len(b)-tail]
	if len(ma) == 0 || len(mb) == 0 {
		return aToB, true
	}
	if len(ma)*len(mb) > maxCells {
		return aToB, false
	}
	// lcs[i*w+j]: the length of the longest common subsequence of ma[i:]
	// and mb[j:].
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
			aToB[head+i] = head + j
			i++
			j++
		case lcs[(i+1)*w+j] >= lcs[i*w+j+1]:
			i++
		default:
			j++
		}
	}
	return aToB, true
}
