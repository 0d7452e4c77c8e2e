package editor

// selection is the cursor and the selection: where the cursor is, the
// other end of the selection, and the column vertical moves aim for. It
// moves them and keeps the view on the cursor; what the text allows is
// the buffer's (nav.go). Every move seals the undo step being typed.
type selection struct {
	buf  *buffer
	wrap *wrapper
	vp   *viewport
	hist *history
	host *host

	cursor int // byte offset, always on a character boundary
	anchor int // other end of the selection; == cursor when none
	// wantCol is the display column vertical moves aim for, so moving
	// through a short line does not lose the column.
	wantCol  int
	reported int // the cursor offset last reported to OnCursorMoved
}

// reportMove calls f (the Editor's OnCursorMoved) when the cursor moved
// since the last report. The renderer calls it after each repaint, so
// every Refresh of the Editor reports a move, as OnCursorMoved promises.
func (s *selection) reportMove(f func()) {
	if f != nil && s.cursor != s.reported {
		s.reported = s.cursor
		f()
	}
}

// setCursor moves the cursor; extend keeps the anchor (selecting).
func (s *selection) setCursor(off int, extend bool) {
	s.cursor = off
	if !extend {
		s.anchor = off
	}
	s.hist.sealed = true
	s.vp.toCursor(s.cursor)
	s.host.refresh()
}

// bounds is the selected byte range [start, end).
func (s *selection) bounds() (start, end int) {
	return min(s.cursor, s.anchor), max(s.cursor, s.anchor)
}

func (s *selection) hasSelection() bool {
	return s.cursor != s.anchor
}

// vertical moves the cursor n lines (negative: up), keeping wantCol.
func (s *selection) vertical(n int, extend bool) {
	if s.wrap.on && s.host.size().Width > 0 {
		s.verticalWrapped(n, extend)
		return
	}
	d := s.buf.doc
	i := d.LineAt(s.cursor) - 1
	if s.wantCol < 0 {
		s.wantCol = colOf(d.Src, s.buf.line(i), s.cursor)
	}
	j := max(0, min(len(d.Lines)-1, i+n))
	want := s.wantCol
	var off int
	switch {
	case j == i && n < 0:
		off = s.buf.textStart()
	case j == i && n > 0:
		off = int(s.buf.line(j).End)
	default:
		off = offsetAtCol(d.Src, s.buf.line(j), float32(want))
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
	s.anchor = s.buf.textStart()
	s.move(len(s.buf.doc.Src), true)
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
	s.cursor = s.buf.snap(cursor)
	s.anchor = s.cursor
	s.wantCol = -1
	s.vp.toCursor(s.cursor)
}

// restore puts back the cursor and selection an undo step recorded.
func (s *selection) restore(cursor, anchor int) {
	s.anchor = s.buf.snap(anchor)
	s.cursor = s.buf.snap(cursor)
	s.wantCol = -1
	s.vp.toCursor(s.cursor)
}

// text returns a copy of the selected bytes.
func (s *selection) text() []byte {
	lo, hi := s.bounds()
	return append([]byte(nil), s.buf.doc.Src[lo:hi]...)
}

// verticalWrapped moves the cursor n visual rows, keeping the column
// within the row (wantCol counts from the row's start in wrap mode).
func (s *selection) verticalWrapped(n int, extend bool) {
	v := s.vp.view()
	cl, cs := s.wrap.cursorRow(s.cursor, v.visCols)
	rows := s.wrap.rows(cl, v.visCols)
	if s.wantCol < 0 {
		s.wantCol = colOf(s.buf.doc.Src, s.buf.line(cl), s.cursor) - rows[cs].col
	}
	want := s.wantCol
	nl, ns, rest := s.wrap.stepRows(cl, cs, n, v.visCols)
	var off int
	switch {
	case rest < 0 && nl == cl && ns == cs:
		off = s.buf.textStart()
	case rest > 0 && nl == cl && ns == cs:
		off = int(s.buf.line(nl).End)
	default:
		off = s.wrap.offsetInRow(nl, ns, float32(s.wrap.rows(nl, v.visCols)[ns].col+want), v.visCols)
	}
	s.setCursor(off, extend)
	s.wantCol = want
}
