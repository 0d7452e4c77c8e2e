package editor

import (
	"unicode/utf8"

	"github.com/robots-studio/robots-studio/tester/syntax"
)

// tabWidth is how many cells a tab stop spans. Robots.txt files rarely use
// tabs; four keeps indented lines readable without wasting width.
const tabWidth = 4

// buffer is the text as an immutable syntax.Document per version: every edit
// builds new Src and Lines, so a Document handed to the window (or to a
// goroutine compiling engines) never changes under its reader.
type buffer struct {
	doc      *syntax.Document
	widths   []int32 // display width in cells of each line, parallel to doc.Lines
	maxWidth int32
}

func (b *buffer) set(src []byte) {
	b.doc = syntax.Parse(src)
	b.widths = make([]int32, len(b.doc.Lines))
	for i := range b.doc.Lines {
		b.widths[i] = lineWidth(b.doc.Src, &b.doc.Lines[i])
	}
	b.updateMax()
}

func (b *buffer) updateMax() {
	var m int32
	for _, w := range b.widths {
		m = max(m, w)
	}
	b.maxWidth = m
}

// replace swaps src[start:end] for text and re-parses only the lines the edit
// touched; the lines after it are copied with shifted offsets. A full parse of
// 500 KiB costs milliseconds, the splice tens of microseconds, which keeps a
// keystroke inside its 8 ms budget. TestIncrementalParseMatchesFull and the
// fuzz target prove the splice equals syntax.Parse.
func (b *buffer) replace(start, end int, text []byte) {
	old := b.doc
	src := old.Src
	nsrc := make([]byte, 0, len(src)-(end-start)+len(text))
	nsrc = append(nsrc, src[:start]...)
	nsrc = append(nsrc, text...)
	nsrc = append(nsrc, src[end:]...)
	delta := int32(len(text) - (end - start))

	// Start one line early when the edit begins a line: an inserted "\n"
	// after a lone "\r" turns the previous line's CR into CRLF.
	first := old.LineAt(max(start-1, 0)) - 1
	last := old.LineAt(end) - 1
	var rs int32
	if first > 0 {
		rs = old.Lines[first].Start
	}
	re := old.Lines[last].Next + delta
	if rs > 0 && hasBOM(nsrc[rs:]) {
		// A sub-parse would take these bytes for a byte order mark.
		b.set(nsrc)
		return
	}
	sub := syntax.Parse(nsrc[rs:re])
	mid := sub.Lines
	if last+1 < len(old.Lines) {
		// The region ends after a terminator, so its parse ends with an
		// empty unterminated line that is really the next old line.
		mid = mid[:len(mid)-1]
	}
	lines := make([]syntax.Line, 0, first+len(mid)+len(old.Lines)-last-1)
	lines = append(lines, old.Lines[:first]...)
	for _, l := range mid {
		lines = append(lines, shiftLine(l, rs))
	}
	for _, l := range old.Lines[last+1:] {
		lines = append(lines, shiftLine(l, delta))
	}
	bom := old.BOM
	if rs == 0 {
		bom = sub.BOM
	}
	b.doc = &syntax.Document{Src: nsrc, Lines: lines, BOM: bom}

	widths := make([]int32, 0, len(lines))
	widths = append(widths, b.widths[:first]...)
	for i := range mid {
		widths = append(widths, lineWidth(nsrc, &lines[first+i]))
	}
	widths = append(widths, b.widths[last+1:]...)
	b.widths = widths
	b.updateMax()
}

func hasBOM(p []byte) bool {
	return len(p) >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF
}

// shiftLine moves a line's offsets by d. Empty spans stay zero, as Parse
// leaves them; Value is set exactly when Key is, even when it is empty.
func shiftLine(l syntax.Line, d int32) syntax.Line {
	l.Start += d
	l.End += d
	l.Next += d
	l.Cut += d
	if !l.Key.Empty() {
		l.Key.Start += d
		l.Key.End += d
		l.Value.Start += d
		l.Value.End += d
	}
	if !l.Comment.Empty() {
		l.Comment.Start += d
		l.Comment.End += d
	}
	return l
}

// runeAt decodes the character at src[i:end]. Invalid bytes are characters of
// their own (size 1), so the cursor can stand between any two of them and
// nothing is ever lost or merged.
func runeAt(src []byte, i, end int) (rune, int) {
	c := src[i]
	if c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeRune(src[i:end])
}

// cellWidth is how many cells a character takes at column col.
func cellWidth(r rune, size, col int) int {
	switch {
	case r == '\t':
		return tabWidth - col%tabWidth
	case r == utf8.RuneError && size == 1:
		return 1
	case isWide(r):
		return 2
	}
	return 1
}

// isWide reports East Asian wide and fullwidth characters, which monospace
// fallback fonts draw two cells wide (the CJK paths in the corpus).
func isWide(r rune) bool {
	return r >= 0x1100 && (r <= 0x115F ||
		r >= 0x2E80 && r <= 0xA4CF && r != 0x303F ||
		r >= 0xAC00 && r <= 0xD7A3 ||
		r >= 0xF900 && r <= 0xFAFF ||
		r >= 0xFE30 && r <= 0xFE4F ||
		r >= 0xFF00 && r <= 0xFF60 ||
		r >= 0xFFE0 && r <= 0xFFE6 ||
		r >= 0x1F300 && r <= 0x1FAFF ||
		r >= 0x20000 && r <= 0x3FFFD)
}

func lineWidth(src []byte, l *syntax.Line) int32 {
	col := 0
	end := int(l.End)
	for i := int(l.Start); i < end; {
		c := src[i]
		if c >= 0x20 && c < 0x7f {
			col++
			i++
			continue
		}
		r, n := runeAt(src, i, end)
		col += cellWidth(r, n, col)
		i += n
	}
	return int32(col)
}

// colOf is the display column of byte offset off in line l.
func colOf(src []byte, l *syntax.Line, off int) int {
	col := 0
	for i := int(l.Start); i < off; {
		r, n := runeAt(src, i, int(l.End))
		col += cellWidth(r, n, col)
		i += n
	}
	return col
}

// offsetAtCol is the character boundary in line l nearest to display column
// col (a click in the right half of a wide character lands after it).
func offsetAtCol(src []byte, l *syntax.Line, col float32) int {
	c := 0
	end := int(l.End)
	for i := int(l.Start); i < end; {
		r, n := runeAt(src, i, end)
		w := cellWidth(r, n, c)
		if float32(c)+float32(w)/2 > col {
			return i
		}
		c += w
		i += n
	}
	return end
}

// runeCol is the rune column of byte offset off in line l.
func runeCol(src []byte, l *syntax.Line, off int) int {
	n := 0
	for i := int(l.Start); i < off; n++ {
		_, s := runeAt(src, i, int(l.End))
		i += s
	}
	return n
}
