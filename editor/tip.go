package editor

import (
	"image/color"
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"github.com/robots-studio/robots-studio/tester/msg"
)

// tipText is the mark message shown under the pointer, wrapped at word
// boundaries into as many lines as it needs (a lint message is often longer
// than the editor is wide). Code the message quotes between backticks
// (tester/msg) is drawn in the code font without them: one canvas.Text per
// run of one style on a line.
type tipText struct {
	texts []*canvas.Text
	at    []fyne.Position // of each text, from the block's top-left corner
	n     int             // texts in use
}

// set lays msg out in lines no wider than maxW and returns the size of the
// block.
func (t *tipText) set(message string, size float32, c color.Color, maxW float32) fyne.Size {
	measure := func(s string, code bool) float32 { return fyne.MeasureText(s, size, tipStyle(code)).Width }
	rows := wrapRuns(msg.Spans(message), maxW, measure)
	t.n = 0
	var block fyne.Size
	for _, row := range rows {
		x, h := float32(0), fyne.MeasureText("M", size, fyne.TextStyle{}).Height
		for _, r := range row {
			if t.n == len(t.texts) {
				t.texts = append(t.texts, canvas.NewText("", c))
				t.at = append(t.at, fyne.Position{})
			}
			l := t.texts[t.n]
			l.Text, l.TextSize, l.Color, l.TextStyle = r.text, size, c, tipStyle(r.code)
			m := l.MinSize()
			l.Resize(m)
			t.at[t.n] = fyne.NewPos(x, block.Height)
			t.n++
			x += m.Width
			h = max(h, m.Height)
		}
		block.Width = max(block.Width, x)
		block.Height += h
	}
	return block
}

// tipStyle is the font of a run: the code font for code.
func tipStyle(code bool) fyne.TextStyle { return fyne.TextStyle{Monospace: code} }

// move places the block's top-left corner at pos.
func (t *tipText) move(pos fyne.Position) {
	for i, l := range t.texts[:t.n] {
		l.Move(pos.Add(t.at[i]))
		l.Refresh()
	}
}

// Hide drops the block from the next frame.
func (t *tipText) Hide() { t.n = 0 }

// Show is a no-op: set decides how many texts are drawn.
func (t *tipText) Show() {}

// appendTo adds the texts in use to a renderer's objects.
func (t *tipText) appendTo(o []fyne.CanvasObject) []fyne.CanvasObject {
	for _, l := range t.texts[:t.n] {
		o = append(o, l)
	}
	return o
}

// tipRun is a piece of a tip's line in one style.
type tipRun struct {
	text string
	code bool
}

// wrapRuns lays spans out in lines no wider than maxW as measure measures
// them, breaking at spaces (in code too); a word wider than maxW is broken
// where it must be. Line breaks in the text are kept; runs of one style
// that meet on a line are one.
func wrapRuns(spans []msg.Span, maxW float32, measure func(string, bool) float32) [][]tipRun {
	type word []tipRun
	width := func(w []tipRun) float32 {
		var x float32
		for _, r := range w {
			x += measure(r.text, r.code)
		}
		return x
	}
	// paragraphs of words: a word is the runs between two spaces
	paras := [][]word{nil}
	var cur word
	endWord := func() {
		if len(cur) > 0 {
			p := &paras[len(paras)-1]
			*p = append(*p, cur)
			cur = nil
		}
	}
	for _, sp := range spans {
		for i, line := range strings.Split(sp.Text, "\n") {
			if i > 0 {
				endWord()
				paras = append(paras, nil)
			}
			for j, f := range strings.Split(line, " ") {
				if j > 0 {
					endWord()
				}
				if f != "" {
					cur = append(cur, tipRun{f, sp.Code})
				}
			}
		}
	}
	endWord()

	var out [][]tipRun
	add := func(line []tipRun, w []tipRun) []tipRun {
		for _, r := range w {
			if n := len(line); n > 0 && line[n-1].code == r.code {
				line[n-1].text += r.text
			} else {
				line = append(line, r)
			}
		}
		return line
	}
	for _, para := range paras {
		var line []tipRun
		lineW := float32(0)
		for _, w := range para {
			ww := width(w)
			// a space between two pieces of code is code
			space, spaceCode := float32(0), false
			if len(line) > 0 {
				spaceCode = line[len(line)-1].code && w[0].code
				space = measure(" ", spaceCode)
			}
			if len(line) == 0 && !tooWideRuns(w, ww, maxW) || len(line) > 0 && lineW+space+ww <= maxW {
				if len(line) > 0 {
					line = add(line, []tipRun{{" ", spaceCode}})
					lineW += space
				}
				line = add(line, w)
				lineW += ww
				continue
			}
			if len(line) > 0 {
				out = append(out, line)
			}
			for tooWideRuns(w, width(w), maxW) {
				head, rest := cutRuns(w, maxW, measure)
				out = append(out, head)
				w = rest
			}
			line, lineW = add(nil, w), width(w)
		}
		out = append(out, line)
	}
	return out
}

// tooWideRuns says whether a word of more than one character is wider
// than maxW.
func tooWideRuns(w []tipRun, width, maxW float32) bool {
	n := 0
	for _, r := range w {
		n += utf8.RuneCountInString(r.text)
	}
	return n > 1 && width > maxW
}

// cutRuns cuts the longest head (at least one character) no wider than
// maxW off w, a word wider than maxW.
func cutRuns(w []tipRun, maxW float32, measure func(string, bool) float32) (head, rest []tipRun) {
	var x float32
	for i, r := range w {
		rw := measure(r.text, r.code)
		if x+rw <= maxW {
			x += rw
			continue
		}
		m := func(s string) float32 { return measure(s, r.code) }
		cut := fitPrefix(r.text, maxW-x, m)
		if x > 0 && m(r.text[:cut]) > maxW-x {
			cut = 0 // not one character of this run fits after the others
		}
		head = w[:i:i]
		if cut > 0 {
			head = append(head, tipRun{r.text[:cut], r.code})
		}
		rest = w[i+1:]
		if cut < len(r.text) {
			rest = append([]tipRun{{r.text[cut:], r.code}}, rest...)
		}
		return head, rest
	}
	return w, nil
}

// hoverTip is the message of the lint mark under the pointer, and where
// the pointer is; the renderer draws it (tipText) below the pointer.
type hoverTip struct {
	vp    *viewport
	marks *markSet
	host  *host
	msg   string
	pos   fyne.Position
}

// moved shows the message of a lint mark under the pointer at p.
func (h *hoverTip) moved(p fyne.Position) {
	row, col := h.vp.pointAt(p)
	msg := h.marks.at(row+1, col, p.X < h.vp.view().gutterW)
	if msg != h.msg || msg != "" && p != h.pos {
		h.msg, h.pos = msg, p
		h.host.refresh()
	}
}

// out hides the message.
func (h *hoverTip) out() {
	if h.msg != "" {
		h.msg = ""
		h.host.refresh()
	}
}

// fitPrefix is the byte length of the longest prefix of w (at least one
// rune) no wider than maxW.
func fitPrefix(w string, maxW float32, measure func(string) float32) int {
	cut := 0
	for i := range w {
		if i > 0 && measure(w[:i]) > maxW {
			break
		}
		cut = i
	}
	if cut == 0 {
		for i := range w {
			if i > 0 {
				return i
			}
		}
		return len(w)
	}
	return cut
}
