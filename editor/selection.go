package editor

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

// vertical moves the cursor n lines (negative: up), keeping wantCol.
func (e *Editor) vertical(n int, extend bool) {
	if e.wrap && e.Size().Width > 0 {
		e.verticalWrapped(n, extend)
		return
	}
	d := e.buf.doc
	i := d.LineAt(e.cursor) - 1
	if e.wantCol < 0 {
		e.wantCol = colOf(d.Src, e.buf.line(i), e.cursor)
	}
	j := max(0, min(len(d.Lines)-1, i+n))
	want := e.wantCol
	var off int
	switch {
	case j == i && n < 0:
		off = e.buf.textStart()
	case j == i && n > 0:
		off = int(e.buf.line(j).End)
	default:
		off = offsetAtCol(d.Src, e.buf.line(j), float32(want))
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
	e.anchor = e.buf.textStart()
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
	s := e.buf.charLeft(e.cursor)
	if word {
		s = e.buf.wordLeft(e.cursor)
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
	t := e.buf.charRight(e.cursor)
	if word {
		t = e.buf.wordRight(e.cursor)
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
	l := e.buf.line(d.LineAt(e.cursor) - 1)
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
