package editor

// selection is the cursor and the selection: where the cursor is, the
// other end of the selection, and the column vertical moves aim for. It
// moves them and keeps the view on the cursor; what the text allows is
// the buffer's (nav.go).
type selection struct {
	e      *Editor
	cursor int // byte offset, always on a character boundary
	anchor int // other end of the selection; == cursor when none
	// wantCol is the display column vertical moves aim for, so moving
	// through a short line does not lose the column.
	wantCol  int
	reported int // the cursor offset last reported to OnCursorMoved
}

// reportMove calls OnCursorMoved when the cursor moved since the last
// report. The renderer calls it after each repaint, so every Refresh of
// the Editor reports a move, as OnCursorMoved promises.
func (s *selection) reportMove() {
	if f := s.e.OnCursorMoved; f != nil && s.cursor != s.reported {
		s.reported = s.cursor
		f()
	}
}

// setCursor moves the cursor; extend keeps the anchor (selecting).
func (s *selection) setCursor(off int, extend bool) {
	e := s.e
	s.cursor = off
	if !extend {
		s.anchor = off
	}
	e.edits.hist.sealed = true
	e.vp.toCursor()
	e.Refresh()
}

func (s *selection) hasSelection() bool {
	return s.cursor != s.anchor
}

// vertical moves the cursor n lines (negative: up), keeping wantCol.
func (s *selection) vertical(n int, extend bool) {
	e := s.e
	if e.wrap.on && e.Size().Width > 0 {
		s.verticalWrapped(n, extend)
		return
	}
	d := e.buf.doc
	i := d.LineAt(s.cursor) - 1
	if s.wantCol < 0 {
		s.wantCol = colOf(d.Src, e.buf.line(i), s.cursor)
	}
	j := max(0, min(len(d.Lines)-1, i+n))
	want := s.wantCol
	var off int
	switch {
	case j == i && n < 0:
		off = e.buf.textStart()
	case j == i && n > 0:
		off = int(e.buf.line(j).End)
	default:
		off = offsetAtCol(d.Src, e.buf.line(j), float32(want))
	}
	s.setCursor(off, extend)
	s.wantCol = want
}

// move places the cursor at off, collapsing or extending the selection, and
// forgets the vertical column.
func (s *selection) move(off int, extend bool) {
	s.wantCol = -1
	s.setCursor(off, extend)
}

// selectAll selects the whole text (after the BOM).
func (s *selection) selectAll() {
	e := s.e
	s.anchor = e.buf.textStart()
	s.move(len(e.buf.doc.Src), true)
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

// place puts the cursor after an edit, with nothing selected.
func (s *selection) place(cursor int) {
	e := s.e
	s.cursor = e.buf.snap(cursor)
	s.anchor = s.cursor
	s.wantCol = -1
	e.vp.toCursor()
}

// restore puts back the cursor and selection an undo step recorded.
func (s *selection) restore(cursor, anchor int) {
	e := s.e
	s.anchor = e.buf.snap(anchor)
	s.cursor = e.buf.snap(cursor)
	s.wantCol = -1
	e.vp.toCursor()
}

// text returns a copy of the selected bytes.
func (s *selection) text() []byte {
	lo, hi := s.e.Selection()
	return append([]byte(nil), s.e.buf.doc.Src[lo:hi]...)
}

// verticalWrapped moves the cursor n visual rows, keeping the column
// within the row (wantCol counts from the row's start in wrap mode).
func (s *selection) verticalWrapped(n int, extend bool) {
	e := s.e
	v := e.vp.view()
	cl, cs := e.wrap.cursorRow(v.visCols)
	rows := e.wrap.rows(cl, v.visCols)
	if s.wantCol < 0 {
		s.wantCol = colOf(e.buf.doc.Src, e.buf.line(cl), s.cursor) - rows[cs].col
	}
	want := s.wantCol
	nl, ns, rest := e.wrap.stepRows(cl, cs, n, v.visCols)
	var off int
	switch {
	case rest < 0 && nl == cl && ns == cs:
		off = e.buf.textStart()
	case rest > 0 && nl == cl && ns == cs:
		off = int(e.buf.line(nl).End)
	default:
		off = e.wrap.offsetInRow(nl, ns, float32(e.wrap.rows(nl, v.visCols)[ns].col+want), v.visCols)
	}
	s.setCursor(off, extend)
	s.wantCol = want
}
