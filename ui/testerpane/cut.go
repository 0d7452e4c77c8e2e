package testerpane

// CutMiddle shortens a path that is too wide for its column by its middle,
// as a file manager shortens a long name: /learning/…/course-12 keeps the
// first folder, which says where on the site the page is, and the last
// part, which says which page it is. Whole segments are kept where they
// fit, the end before the start when only one more fits; when even the
// first and the last segment do not fit, characters go from both sides of
// the cut, the end keeping twice as many as the start. fits tells whether
// a text fits the column.
func CutMiddle(path string, fits func(string) bool) string {
	const mark = "…"
	if fits(path) {
		return path
	}
	r := []rune(path)
	// segment boundaries: after each "/" that is not the first character
	var cuts []int
	for i, c := range r {
		if c == '/' && i > 0 {
			cuts = append(cuts, i)
		}
	}
	if len(cuts) >= 2 {
		head, tail := 0, len(cuts)-1 // keep r[:cuts[head]+1] and r[cuts[tail]:]
		join := func(h, t int) string { return string(r[:cuts[h]+1]) + mark + string(r[cuts[t]:]) }
		if fits(join(head, tail)) {
			for head+1 < tail || tail-1 > head {
				switch {
				case tail-1 > head && fits(join(head, tail-1)):
					tail--
				case head+1 < tail && fits(join(head+1, tail)):
					head++
				default:
					return join(head, tail)
				}
			}
			return join(head, tail)
		}
	}
	// characters: a third from the start, two thirds from the end; the most
	// that fit is found by halving (a 4 KiB path measured four thousand
	// texts one character at a time, and held the window for minutes)
	around := func(keep int) string {
		front := keep / 3
		return string(r[:front]) + mark + string(r[len(r)-(keep-front):])
	}
	lo, hi := 0, len(r)-1 // around(lo) fits (the mark alone), around(hi+1) does not
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if fits(around(mid)) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return around(lo)
}

// typicalPath is a long path of a typical site, the one the window's
// figure (pathChars) and the path column's least width (pathLeastText)
// count characters of.
const typicalPath = "/learning/paths/web-development/course-12/lesson-3/part-4/video-5/"

// pathChars is how many characters of a typical path the Path column shows
// whole (0 when there is no path column): the figure a picture of the
// window is checked against (at least thirty).
func (tb *resultTable) pathChars() int {
	const sample = typicalPath
	for i, c := range tb.cols {
		if c.kind != colPath || i >= len(tb.widths) {
			continue
		}
		room := tb.widths[i] - zoomed(2*cellPad)
		n := 0
		for n < len(sample) && textWidth(sample[:n+1], false) <= room {
			n++
		}
		return n
	}
	return 0
}
