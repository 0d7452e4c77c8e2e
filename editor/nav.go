package editor

import (
	"unicode"
	"unicode/utf8"

	"github.com/robots-studio/robots-studio/tester/syntax"
)

// Where the cursor may stand and where a move takes it: the buffer's
// character boundaries, words and lines. These read only the text, so they
// are the buffer's; the selection model (selection.go) decides what to do
// with them.

// line returns 0-based line i.
func (b *buffer) line(i int) *syntax.Line { return &b.doc.Lines[i] }

// textStart is the first offset the cursor may take: after a BOM, which
// stays in the file but is not text the user edits.
func (b *buffer) textStart() int { return int(b.doc.Lines[0].Start) }

// snap clamps off to the text and moves it back to a character boundary
// outside any line terminator, so the cursor never splits a CRLF pair or a
// UTF-8 sequence.
func (b *buffer) snap(off int) int {
	d := b.doc
	off = max(b.textStart(), min(off, len(d.Src)))
	l := b.line(d.LineAt(off) - 1)
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

// charLeft is the character boundary before off (the previous line's end at
// a line start).
func (b *buffer) charLeft(off int) int {
	d := b.doc
	i := d.LineAt(off) - 1
	l := b.line(i)
	if off > int(l.Start) {
		_, n := utf8.DecodeLastRune(d.Src[l.Start:off])
		return off - n
	}
	if i > 0 {
		return int(b.line(i - 1).End)
	}
	return off
}

func (b *buffer) charRight(off int) int {
	d := b.doc
	i := d.LineAt(off) - 1
	l := b.line(i)
	if off < int(l.End) {
		_, n := runeAt(d.Src, off, int(l.End))
		return off + n
	}
	if i+1 < len(d.Lines) {
		return int(b.line(i + 1).Start)
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

func (b *buffer) classAt(off int) int {
	l := b.line(b.doc.LineAt(off) - 1)
	if off >= int(l.End) {
		return -1
	}
	r, _ := runeAt(b.doc.Src, off, int(l.End))
	return charClass(r)
}

// wordRight skips blanks, then one run of the same class; at a line end it
// goes to the next line.
func (b *buffer) wordRight(off int) int {
	l := b.line(b.doc.LineAt(off) - 1)
	if off >= int(l.End) {
		return b.charRight(off)
	}
	for off < int(l.End) && b.classAt(off) == 0 {
		off = b.charRight(off)
	}
	if off < int(l.End) {
		c := b.classAt(off)
		for off < int(l.End) && b.classAt(off) == c {
			off = b.charRight(off)
		}
	}
	return off
}

func (b *buffer) wordLeft(off int) int {
	l := b.line(b.doc.LineAt(off) - 1)
	if off <= int(l.Start) {
		return b.charLeft(off)
	}
	prevClass := func(o int) int { return b.classAt(b.charLeft(o)) }
	for off > int(l.Start) && prevClass(off) == 0 {
		off = b.charLeft(off)
	}
	if off > int(l.Start) {
		c := prevClass(off)
		for off > int(l.Start) && prevClass(off) == c {
			off = b.charLeft(off)
		}
	}
	return off
}

// wordAt returns the run of same-class characters around off (double-click).
func (b *buffer) wordAt(off int) (int, int) {
	l := b.line(b.doc.LineAt(off) - 1)
	if int(l.Start) == int(l.End) {
		return off, off
	}
	probe := off
	if probe >= int(l.End) {
		probe = b.charLeft(probe)
	}
	c := b.classAt(probe)
	s, t := probe, probe
	for s > int(l.Start) && b.classAt(b.charLeft(s)) == c {
		s = b.charLeft(s)
	}
	for t < int(l.End) && b.classAt(t) == c {
		t = b.charRight(t)
	}
	return s, t
}

// lineRange is line i with its terminator (triple-click selects it all, so a
// cut removes the line).
func (b *buffer) lineRange(i int) (int, int) {
	l := b.line(i)
	s := int(l.Start)
	if i == 0 {
		s = b.textStart()
	}
	return s, int(l.Next)
}

// homeOf is the smart Home target: the first non-blank, or the line start
// when already there.
func (b *buffer) homeOf(off int) int {
	d := b.doc
	l := b.line(d.LineAt(off) - 1)
	first := int(l.Start)
	for first < int(l.End) && isSpaceByte(d.Src[first]) {
		first++
	}
	if off == first {
		return int(l.Start)
	}
	return first
}
