package editor

import (
	"unicode"
	"unicode/utf8"
)

// snap clamps off to the text and moves it back to a character boundary
// outside any line terminator, so the cursor never splits a CRLF pair or a
// UTF-8 sequence.
func (e *Editor) snap(off int) int {
	d := e.buf.doc
	off = max(e.textStart(), min(off, len(d.Src)))
	l := e.line(d.LineAt(off) - 1)
	if off > int(l.End) {
		return int(l.End)
	}
	// A lead byte up to 3 bytes back whose sequence covers off owns it. Lead
	// bytes are never continuation bytes, so this agrees with a scan from
	// the line start without paying for one on a 100 KB line.
	for k := 1; k <= 3 && off-k >= int(l.Start); k++ {
		p := off - k
		if c := d.Src[p]; c < utf8.RuneSelf || utf8.RuneStart(c) {
			if _, n := runeAt(d.Src, p, int(l.End)); p+n > off {
				return p
			}
			break
		}
	}
	return off
}

// setCursor moves the cursor; extend keeps the anchor (selecting).
func (e *Editor) setCursor(off int, extend bool) {
	e.cursor = off
	if !extend {
		e.anchor = off
	}
	e.hist.sealed = true
	e.scrollToCursor()
	e.Refresh()
}

func (e *Editor) hasSelection() bool { return e.cursor != e.anchor }

// charLeft is the character boundary before off (the previous line's end at
// a line start).
func (e *Editor) charLeft(off int) int {
	d := e.buf.doc
	i := d.LineAt(off) - 1
	l := e.line(i)
	if off > int(l.Start) {
		_, n := utf8.DecodeLastRune(d.Src[l.Start:off])
		return off - n
	}
	if i > 0 {
		return int(e.line(i - 1).End)
	}
	return off
}

func (e *Editor) charRight(off int) int {
	d := e.buf.doc
	i := d.LineAt(off) - 1
	l := e.line(i)
	if off < int(l.End) {
		_, n := runeAt(d.Src, off, int(l.End))
		return off + n
	}
	if i+1 < len(d.Lines) {
		return int(e.line(i + 1).Start)
	}
	return off
}

// charClass groups characters for word moves and double-click: words,
// blanks, and punctuation runs ("/path/*.php" stops at each separator).
func charClass(r rune) int {
	switch {
	case r == ' ' || r == '\t':
		return 0
	case r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
		return 1
	}
	return 2
}

func (e *Editor) classAt(off int) int {
	l := e.line(e.buf.doc.LineAt(off) - 1)
	if off >= int(l.End) {
		return -1
	}
	r, _ := runeAt(e.buf.doc.Src, off, int(l.End))
	return charClass(r)
}

// wordRight skips blanks, then one run of the same class; at a line end it
// goes to the next line.
func (e *Editor) wordRight(off int) int {
	l := e.line(e.buf.doc.LineAt(off) - 1)
	if off >= int(l.End) {
		return e.charRight(off)
	}
	for off < int(l.End) && e.classAt(off) == 0 {
		off = e.charRight(off)
	}
	if off < int(l.End) {
		c := e.classAt(off)
		for off < int(l.End) && e.classAt(off) == c {
			off = e.charRight(off)
		}
	}
	return off
}

func (e *Editor) wordLeft(off int) int {
	l := e.line(e.buf.doc.LineAt(off) - 1)
	if off <= int(l.Start) {
		return e.charLeft(off)
	}
	prevClass := func(o int) int { return e.classAt(e.charLeft(o)) }
	for off > int(l.Start) && prevClass(off) == 0 {
		off = e.charLeft(off)
	}
	if off > int(l.Start) {
		c := prevClass(off)
		for off > int(l.Start) && prevClass(off) == c {
			off = e.charLeft(off)
		}
	}
	return off
}

// wordAt returns the run of same-class characters around off (double-click).
func (e *Editor) wordAt(off int) (int, int) {
	l := e.line(e.buf.doc.LineAt(off) - 1)
	if int(l.Start) == int(l.End) {
		return off, off
	}
	probe := off
	if probe >= int(l.End) {
		probe = e.charLeft(probe)
	}
	c := e.classAt(probe)
	s, t := probe, probe
	for s > int(l.Start) && e.classAt(e.charLeft(s)) == c {
		s = e.charLeft(s)
	}
	for t < int(l.End) && e.classAt(t) == c {
		t = e.charRight(t)
	}
	return s, t
}

// lineRange is line i with its terminator (triple-click selects it all, so a
// cut removes the line).
func (e *Editor) lineRange(i int) (int, int) {
	l := e.line(i)
	s := int(l.Start)
	if i == 0 {
		s = e.textStart()
	}
	return s, int(l.Next)
}

// homeOf is the smart Home target: the first non-blank, or the line start
// when already there.
func (e *Editor) homeOf(off int) int {
	d := e.buf.doc
	l := e.line(d.LineAt(off) - 1)
	first := int(l.Start)
	for first < int(l.End) && isSpaceByte(d.Src[first]) {
		first++
	}
	if off == first {
		return int(l.Start)
	}
	return first
}

// vertical moves the cursor n lines (negative: up), keeping wantCol.
func (e *Editor) vertical(n int, extend bool) {
	if e.wrap && e.Size().Width > 0 {
		e.verticalWrapped(n, extend)
		return
	}
	d := e.buf.doc
	i := d.LineAt(e.cursor) - 1
	if e.wantCol < 0 {
		e.wantCol = colOf(d.Src, e.line(i), e.cursor)
	}
	j := max(0, min(len(d.Lines)-1, i+n))
	want := e.wantCol
	var off int
	switch {
	case j == i && n < 0:
		off = e.textStart()
	case j == i && n > 0:
		off = int(e.line(j).End)
	default:
		off = offsetAtCol(d.Src, e.line(j), float32(want))
	}
	e.setCursor(off, extend)
	e.wantCol = want
}

// move places the cursor at off, collapsing or extending the selection, and
// forgets the vertical column.
func (e *Editor) move(off int, extend bool) {
	e.wantCol = -1
	e.setCursor(off, extend)
}

// SelectAll selects the whole text (after the BOM).
func (e *Editor) SelectAll() {
	e.anchor = e.textStart()
	e.move(len(e.buf.doc.Src), true)
}

// insert replaces the selection with text as a step of the given kind.
func (e *Editor) insert(text []byte, kind stepKind) {
	s, t := e.Selection()
	e.edit(kind, s, t, text, s+len(text))
}

// deleteBackward removes the selection, or the character (word with ctrl)
// before the cursor.
func (e *Editor) deleteBackward(word bool) {
	if e.hasSelection() {
		e.insert(nil, stepOther)
		return
	}
	s := e.charLeft(e.cursor)
	if word {
		s = e.wordLeft(e.cursor)
	}
	if s == e.cursor {
		return
	}
	e.edit(stepBackspace, s, e.cursor, nil, s)
}

func (e *Editor) deleteForward(word bool) {
	if e.hasSelection() {
		e.insert(nil, stepOther)
		return
	}
	t := e.charRight(e.cursor)
	if word {
		t = e.wordRight(e.cursor)
	}
	if t == e.cursor {
		return
	}
	e.edit(stepDelete, e.cursor, t, nil, e.cursor)
}

// newline inserts the document's dominant terminator (a CRLF file stays CRLF)
// and repeats the current line's indentation.
func (e *Editor) newline() {
	d := e.buf.doc
	l := e.line(d.LineAt(e.cursor) - 1)
	s, _ := e.Selection()
	ind := int(l.Start)
	for ind < s && ind < int(l.End) && isSpaceByte(d.Src[ind]) {
		ind++
	}
	text := append(append([]byte(nil), d.DominantEOL().Bytes()...), d.Src[l.Start:ind]...)
	e.hist.sealed = true
	e.insert(text, stepOther)
}

// normalizeEOL converts every line ending of pasted text to eol, so a paste
// from a browser does not mix LF into a CRLF file.
func normalizeEOL(p []byte, eol []byte) []byte {
	out := make([]byte, 0, len(p))
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '\r':
			if i+1 < len(p) && p[i+1] == '\n' {
				i++
			}
			out = append(out, eol...)
		case '\n':
			out = append(out, eol...)
		default:
			out = append(out, p[i])
		}
	}
	return out
}
