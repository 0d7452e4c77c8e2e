package uitest

import (
	"sort"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// Rows are the lines w (a RichText or a widget that extends one) draws at
// its size, top to bottom, as the reader
// sees them (without the zero-width spaces that lead spans cut for
// wrapping, richmsg.Guard): a test compares them with where a line may
// break.
func Rows(w fyne.Widget) []string {
	type piece struct {
		x, y float32
		text string
	}
	var ps []piece
	for _, o := range test.WidgetRenderer(w).Objects() {
		if tx, ok := o.(*canvas.Text); ok && tx.Visible() {
			if s := strings.ReplaceAll(tx.Text, "\u200b", ""); s != "" {
				ps = append(ps, piece{tx.Position().X, tx.Position().Y, s})
			}
		}
	}
	sort.SliceStable(ps, func(i, j int) bool {
		if d := ps[i].y - ps[j].y; d < -5 || d > 5 {
			return d < 0
		}
		return ps[i].x < ps[j].x
	})
	var out []string
	lastY := float32(-1e9)
	for _, p := range ps {
		if p.y-lastY > 5 {
			out = append(out, p.text)
			lastY = p.y
		} else {
			out[len(out)-1] += p.text
		}
	}
	return out
}

// BadBreaks are the places where rows, the wrapped lines of text (without
// its line ends), break other than after a space, '/', '?' or '&': inside a
// word of prose or of a URL. Each is "…end|start…".
func BadBreaks(text string, rows []string) []string {
	var bad []string
	src := []rune(text)
	at := 0
	for i, r := range rows {
		rr := []rune(r)
		// rows drop the space they break at
		for at < len(src) && src[at] == ' ' && (len(rr) == 0 || rr[0] != ' ') {
			at++
		}
		at += len(rr)
		if i == len(rows)-1 || at >= len(src) {
			break
		}
		prev, next := src[at-1], src[at]
		if prev == ' ' || next == ' ' || prev == '/' || prev == '?' || prev == '&' {
			continue
		}
		lo, hi := max(0, at-12), min(len(src), at+12)
		bad = append(bad, string(src[lo:at])+"|"+string(src[at:hi]))
	}
	return bad
}

// InCode says whether segs draw s inside one segment in the code style
// (monospace): the message quoted it between backticks.
func InCode(segs []widget.RichTextSegment, s string) bool {
	for _, sg := range segs {
		if ts, ok := sg.(*widget.TextSegment); ok && ts.Style.TextStyle.Monospace && strings.Contains(ts.Text, s) {
			return true
		}
	}
	return false
}

// Drawn is the text o draws as it is shown, its texts one after the other
// in the order of the object tree (hidden objects left out).
func Drawn(o fyne.CanvasObject) string {
	var b strings.Builder
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if !o.Visible() {
			return
		}
		switch x := o.(type) {
		case *canvas.Text:
			b.WriteString(x.Text)
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c)
			}
		}
	}
	walk(o)
	return b.String()
}
