package editor

import (
	"sort"

	"github.com/robots-studio/robots-studio/tester/syntax"
)

// Word wrap shows a line longer than the view as several visual rows. The
// text, offsets and display columns stay those of the logical line: a row
// is only a column range of it, so highlighting, marks, selection and find
// need no second coordinate system. Rows are computed for the lines that
// are looked at (visible ones, the cursor's) and cached until the text or
// the width changes; a line that fits costs no scan at all (the buffer
// keeps every line's width). The vertical scroll position is a line and a
// row within it, so nothing ever counts the rows of the whole file.

// wrapRow is where a visual row starts: a byte offset in the line and its
// display column.
type wrapRow struct{ off, col int }

// wrapper is word wrap: whether it is on, and the rows of the lines
// looked at, cached for one text and width. It reads the buffer only.
type wrapper struct {
	buf   *buffer
	on    bool
	cache wrapCache
}

// wrapCache holds the rows of the lines wrapped for one text and width.
type wrapCache struct {
	doc   *syntax.Document
	width int
	rows  map[int][]wrapRow
}

// SetWrap turns word wrap on or off. With wrap on there is no horizontal
// scrolling. A cursor that was in sight stays in sight; otherwise the line
// at the top stays at the top: a teacher who scrolled to the deciding rule
// (the results mark it without moving the cursor) and pressed F11, which
// wraps, went on seeing that rule, not line 1.
func (e *Editor) SetWrap(on bool) {
	if e.wrap.on == on {
		return
	}
	followCursor := true
	if e.Size().Height > 0 {
		rows := e.vp.visibleRows(nil, e.vp.view())
		cl := e.buf.doc.LineAt(e.sel.cursor) - 1
		followCursor = len(rows) == 0 || cl >= rows[0].line && cl <= rows[len(rows)-1].line
	}
	e.wrap.on = on
	e.vp.topSub, e.vp.leftCol = 0, 0
	e.sel.wantCol = -1
	if followCursor {
		e.vp.toCursor(e.sel.cursor)
	} else if e.Size().Height > 0 {
		e.vp.clamp(e.vp.view())
	}
	e.Refresh()
}

// Wrap reports whether word wrap is on.
func (e *Editor) Wrap() bool { return e.wrap.on }

// breaksAfter are the characters a row may end with when a line is too
// long: blanks first of all, the separators of paths and query strings,
// which is where long robots.txt lines (paths, Sitemap URLs) can be split
// without hiding a token's start, and the hyphen, which joins the words of
// crawler names and of paths (GeistHaus-PageFetcher read
// "GeistHaus-PageFet" + "cher" in presenter mode's 17 columns, and
// Gemini-Deep-Research "Gemini-Deep-Resea" + "rch").
func breaksAfter(c byte) bool {
	switch c {
	case ' ', '\t', '/', '&', '?', ',', '=', '-':
		return true
	}
	return false
}

// wrapLine appends the rows of line l at width cells. A row ends after its
// last break opportunity when one lies inside it (a token boundary: after
// a blank, a separator or a hyphen), else at the last whole character that
// fits: a row breaks inside a token only when the token alone is wider
// than the row. Every row holds at least one character.
func wrapLine(dst []wrapRow, src []byte, l *syntax.Line, width int) []wrapRow {
	width = max(1, width)
	start, end := int(l.Start), int(l.End)
	dst = append(dst, wrapRow{start, 0})
	rowOff, rowCol := start, 0
	brkOff, brkCol := -1, 0
	c := 0
	for i := start; i < end; {
		ch := src[i]
		n, w := 1, 1
		if ch < 0x20 || ch >= 0x7f {
			var r rune
			r, n = runeAt(src, i, end)
			w = cellWidth(r, n, c)
		}
		if c+w > rowCol+width && i > rowOff {
			if brkOff > rowOff {
				rowOff, rowCol = brkOff, brkCol
			} else {
				rowOff, rowCol = i, c
			}
			dst = append(dst, wrapRow{rowOff, rowCol})
			brkOff = -1
			continue // the character may not fit the new row either
		}
		// A separator that starts a token (the / of "Disallow: /learning/")
		// stays with it: a row ending "Disallow: /" reads as a rule of its
		// own, and one that blocks everything.
		opens := ch != ' ' && ch != '\t' && (i == start || src[i-1] == ' ' || src[i-1] == '\t')
		c += w
		i += n
		if breaksAfter(ch) && !opens {
			brkOff, brkCol = i, c
		}
	}
	return dst
}

// rows returns the visual rows of 0-based line i at width cells.
func (w *wrapper) rows(i, width int) []wrapRow {
	wc := &w.cache
	if wc.doc != w.buf.doc || wc.width != width {
		wc.doc, wc.width, wc.rows = w.buf.doc, width, make(map[int][]wrapRow)
	}
	if r, ok := wc.rows[i]; ok {
		return r
	}
	l := w.buf.line(i)
	var r []wrapRow
	if int(w.buf.widths[i]) <= width {
		r = []wrapRow{{int(l.Start), 0}}
	} else {
		r = wrapLine(nil, w.buf.doc.Src, l, width)
	}
	wc.rows[i] = r
	return r
}

// rowIndex is the row of rows holding offset off; an offset where a row
// starts belongs to that row.
func rowIndex(rows []wrapRow, off int) int {
	return max(0, sort.Search(len(rows), func(k int) bool { return rows[k].off > off })-1)
}

// stepRows moves n visual rows from row sub of line (negative: up). It stops
// at the first and last rows of the text and returns the steps it could not
// take (positive past the end, negative before the start).
func (w *wrapper) stepRows(line, sub, n, width int) (int, int, int) {
	last := len(w.buf.doc.Lines) - 1
	for n > 0 {
		rs := len(w.rows(line, width))
		if sub+n < rs {
			return line, sub + n, 0
		}
		if line >= last {
			return line, rs - 1, n - (rs - 1 - sub)
		}
		n -= rs - sub
		line, sub = line+1, 0
	}
	for n < 0 {
		if sub+n >= 0 {
			return line, sub + n, 0
		}
		if line == 0 {
			return 0, 0, n + sub
		}
		n += sub + 1
		line--
		sub = len(w.rows(line, width)) - 1
	}
	return line, sub, 0
}

// before reports whether row (l1, s1) comes before row (l2, s2).
func before(l1, s1, l2, s2 int) bool { return l1 < l2 || l1 == l2 && s1 < s2 }

// cursorRow is the line and row of the cursor at byte offset cursor.
func (w *wrapper) cursorRow(cursor, width int) (line, sub int) {
	line = w.buf.doc.LineAt(cursor) - 1
	return line, rowIndex(w.rows(line, width), cursor)
}

// rowEnd is the offset after the last character of row k: where the next
// row starts, or the line's end.
func rowEnd(rows []wrapRow, k int, l *syntax.Line) int {
	if k+1 < len(rows) {
		return rows[k+1].off
	}
	return int(l.End)
}

// offsetInRow is the character boundary of row k of line i nearest to
// display column col, kept inside the row: past a row's end the cursor
// stops before the row's last character, since the offset where the next
// row starts is shown at the start of that row.
func (w *wrapper) offsetInRow(i, k int, col float32, width int) int {
	rows := w.rows(i, width)
	l := w.buf.line(i)
	off := offsetAtCol(w.buf.doc.Src, l, max(col, float32(rows[k].col)))
	if end := rowEnd(rows, k, l); k+1 < len(rows) && off >= end {
		off = w.buf.charLeft(end)
	}
	return off
}
