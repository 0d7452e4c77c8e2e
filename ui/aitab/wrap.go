package aitab

import (
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Breaking a row's text into lines before the rich text sees it.
//
// widget.RichText wraps a text by measuring prefixes of it: for each line
// it finds the longest prefix that fits by halving, a dozen measurements
// of long strings, each shaped afresh after a zoom (Fyne empties its
// measure cache on every theme change). On F11 with the AI access tab in
// view that was most of the tab's cost. A row given to the rich text
// already broken at the places it would choose costs one measurement a
// line: Fyne still wraps it (so a line it finds too wide is wrapped as
// always), but every line fits at the first try.
//
// The places are found with the widths of the row's words and spaces,
// measured once per text size and style and kept across zooms: F11 goes
// back and forth between two sizes. A text measured whole is not always
// as wide as its words side by side (a symbol from another font next to a
// space came out 1.5 px narrower), so where the sum is within a few
// pixels of the width, the text is measured whole, as the rich text will
// measure the line anyway. A line is broken as RichText breaks it with
// TextWrapWord: at the last space within the longest prefix that fits
// (the space is not drawn), or, when no space is there, after that
// prefix.

// breakRow is segs with a line break at each place the rich text would
// wrap them at width (the text's width inside its inner padding), under
// th. Only a text segment that starts a row is broken: one that goes on
// from the row of the segment before it (a code span, the quoted crawler
// name) is left to the rich text, which fits it into what is left of that
// row. Segments that are not text, or wrapping other than by word, leave
// segs as they are.
func breakRow(segs []widget.RichTextSegment, width float32, th fyne.Theme, words *widthCache) []widget.RichTextSegment {
	out := make([]widget.RichTextSegment, len(segs))
	startsRow := true
	for i, seg := range segs {
		t, ok := seg.(*widget.TextSegment)
		if !ok {
			return segs
		}
		out[i] = t
		if startsRow && t.Style != widget.RichTextStyleBlockquote {
			size := th.Size(theme.SizeNameText)
			if t.Style.SizeName != "" {
				size = th.Size(t.Style.SizeName)
			}
			measure := func(s string) float32 { return words.width(s, size, t.Style.TextStyle) }
			whole := func(s string) float32 { return fyne.MeasureText(s, size, t.Style.TextStyle).Width }
			if broken := breakLines(t.Text, width, measure, whole); broken != t.Text {
				c := *t
				c.Text = broken
				out[i] = &c
			}
		}
		startsRow = !t.Inline()
	}
	return out
}

// breakLines is text with a newline at each place a rich text wraps it at
// width by word; measure gives the width of a word or a space, whole the
// width of a text measured whole.
func breakLines(text string, width float32, measure, whole func(string) float32) string {
	runes := []rune(text)
	var out []rune
	start := 0
	for i := 0; i <= len(runes); i++ {
		if i < len(runes) && runes[i] != '\n' {
			continue
		}
		out = appendBroken(out, runes[start:i], width, measure, whole)
		if i < len(runes) {
			out = append(out, '\n')
		}
		start = i + 1
	}
	return string(out)
}

// appendBroken appends one line of text (no newline in it), broken.
func appendBroken(out, line []rune, width float32, measure, whole func(string) float32) []rune {
	// tokens: each word and each space, with where it starts and its width
	type token struct {
		at int
		w  float32
	}
	var toks []token
	for i := 0; i < len(line); {
		j := i + 1
		if !unicode.IsSpace(line[i]) {
			for j < len(line) && !unicode.IsSpace(line[j]) {
				j++
			}
		}
		toks = append(toks, token{i, measure(string(line[i:j]))})
		i = j
	}
	end := func(k int) int {
		if k+1 < len(toks) {
			return toks[k+1].at
		}
		return len(line)
	}
	// span is the width of line[lo:hi]: whole tokens from the cache,
	// the pieces of a cut one measured (and kept) too.
	span := func(lo, hi int) float32 {
		w := float32(0)
		for k, t := range toks {
			a, b := max(t.at, lo), min(end(k), hi)
			switch {
			case a >= b:
			case a == t.at && b == end(k):
				w += t.w
			default:
				w += measure(string(line[a:b]))
			}
		}
		return w
	}
	// fits says whether line[lo:hi] fits: by its words, or measured whole
	// where they come near the width.
	const tol = 2
	fits := func(lo, hi int) bool {
		switch w := span(lo, hi); {
		case w < width-tol:
			return true
		case w > width+tol:
			return false
		}
		return whole(string(line[lo:hi])) <= width
	}
	low := 0
	for low < len(line) {
		if fits(low, len(line)) {
			break
		}
		// the longest prefix that fits, short of the whole rest
		fit, lo, hi := low, low+1, len(line)-1
		for lo <= hi {
			mid := (lo + hi) / 2
			if fits(low, mid) {
				fit, lo = mid, mid+1
			} else {
				hi = mid - 1
			}
		}
		if fit == low {
			return append(out, line[low:]...) // not a character fits: the rich text's own rule
		}
		cut, next := fit, fit
		for k := fit; k > low; k-- {
			if unicode.IsSpace(line[k]) {
				cut, next = k, k+1
				break
			}
		}
		out = append(out, line[low:cut]...)
		out = append(out, '\n')
		low = next
		if next == fit && low < len(line) && unicode.IsSpace(line[low]) {
			low++ // cut inside a word that ran up to a space: the rich text skips it
		}
	}
	return append(out, line[low:]...)
}

// widthCache keeps the widths of words and spaces by text size and
// style. Fyne's own measure cache is emptied on every theme change; this
// one is not (the font does not change with the zoom). It is bounded: past
// maxWidths entries it starts again.
type widthCache struct {
	m map[widthKey]float32
}

type widthKey struct {
	text  string
	size  float32
	style fyne.TextStyle
}

const maxWidths = 1 << 16

func (c *widthCache) width(s string, size float32, style fyne.TextStyle) float32 {
	k := widthKey{s, size, style}
	if w, ok := c.m[k]; ok {
		return w
	}
	if c.m == nil || len(c.m) >= maxWidths {
		c.m = map[widthKey]float32{}
	}
	w := fyne.MeasureText(s, size, style).Width
	c.m[k] = w
	return w
}
