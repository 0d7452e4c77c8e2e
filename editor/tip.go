package editor

import (
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
)

// tipText is the mark message shown under the pointer, wrapped at word
// boundaries into as many lines as it needs (a lint message is often longer
// than the editor is wide): one canvas.Text per line.
type tipText struct {
	lines []*canvas.Text
	n     int // lines in use
}

// set lays msg out in lines no wider than maxW and returns the size of the
// block.
func (t *tipText) set(msg string, size float32, c color.Color, maxW float32) fyne.Size {
	style := fyne.TextStyle{}
	measure := func(s string) float32 { return fyne.MeasureText(s, size, style).Width }
	rows := wrapWords(msg, maxW, measure)
	for len(t.lines) < len(rows) {
		t.lines = append(t.lines, canvas.NewText("", c))
	}
	t.n = len(rows)
	var block fyne.Size
	for i, row := range rows {
		l := t.lines[i]
		l.Text, l.TextSize, l.Color, l.TextStyle = row, size, c, style
		m := l.MinSize()
		l.Resize(m)
		block.Width = max(block.Width, m.Width)
		block.Height += m.Height
	}
	return block
}

// move places the block's top-left corner at pos.
func (t *tipText) move(pos fyne.Position) {
	for _, l := range t.lines[:t.n] {
		l.Move(pos)
		l.Refresh()
		pos.Y += l.Size().Height
	}
}

// Hide drops the block from the next frame.
func (t *tipText) Hide() { t.n = 0 }

// Show is a no-op: set decides how many lines are drawn.
func (t *tipText) Show() {}

// appendTo adds the lines in use to a renderer's objects.
func (t *tipText) appendTo(o []fyne.CanvasObject) []fyne.CanvasObject {
	for _, l := range t.lines[:t.n] {
		o = append(o, l)
	}
	return o
}

// wrapWords splits s into lines no wider than maxW as measure measures
// them, breaking at spaces; a word wider than maxW is broken where it
// must be. Line breaks in s are kept.
func wrapWords(s string, maxW float32, measure func(string) float32) []string {
	var out []string
	for _, para := range strings.Split(s, "\n") {
		line := ""
		for _, w := range strings.Fields(para) {
			try := w
			if line != "" {
				try = line + " " + w
			}
			if measure(try) <= maxW || line == "" && !tooWide(w, maxW, measure) {
				line = try
				continue
			}
			if line != "" {
				out = append(out, line)
			}
			for tooWide(w, maxW, measure) {
				cut := fitPrefix(w, maxW, measure)
				out = append(out, w[:cut])
				w = w[cut:]
			}
			line = w
		}
		out = append(out, line)
	}
	return out
}

func tooWide(w string, maxW float32, measure func(string) float32) bool {
	return len([]rune(w)) > 1 && measure(w) > maxW
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

// hoverTip is the message of the lint mark under the pointer, and where
// the pointer is; the renderer draws it (tipText) below the pointer.
type hoverTip struct {
	e   *Editor
	msg string
	pos fyne.Position
}

// moved shows the message of a lint mark under the pointer at p.
func (h *hoverTip) moved(p fyne.Position) {
	e := h.e
	row, col := e.vp.pointAt(p)
	msg := e.marks.at(row+1, col, p.X < e.vp.view().gutterW)
	if msg != h.msg || msg != "" && p != h.pos {
		h.msg, h.pos = msg, p
		e.Refresh()
	}
}

// out hides the message.
func (h *hoverTip) out() {
	if h.msg != "" {
		h.msg = ""
		h.e.Refresh()
	}
}
