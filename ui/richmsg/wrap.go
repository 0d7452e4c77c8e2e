package richmsg

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Guard is a zero-width space put at the start of an inline span that
// follows another on the same line.
const Guard = "\u200b"

// KeepSpansWhole works around two cases of Fyne 2.7.1's word wrap of a
// span (`code`, **bold**, the text after them) that starts in the middle of
// a line (richtext.go, lineBounds):
//   - where not one of its characters fits, RichText set the span one
//     character per line (the "even a character won't fit" branch, which
//     never widens the line again);
//   - where the part that fits ends right before a space, RichText took
//     that for "no space to break at" and moved the whole span to the next
//     line, leaving the line before it short ("the **root**" then "of the
//     host" on a line of its own: its check compares the break's place in
//     the text with its place in the span).
//
// So each span after the first on a line, when it is narrower than
// wholeLine, is cut into words, each its own segment led by a zero-width
// space: a zero-width first character always fits, and a word either fits
// or moves to the next line whole, as in the rest of the text. Punctuation
// right after a span joins it (a comma never starts a line alone), and so
// does the space after a span in the text's own font (a wrapped line does
// not start indented).
//
// Fyne moves a span whole only when all of it fits on a line, so a span
// wider than any line need not be cut, but it keeps the space before it
// (Fyne breaks there when its first word does not fit); each word is a text of its own to
// draw, and in the real window their spacing is less even than one text's,
// so a caller that knows its widest line passes it as wholeLine to cut no
// more than needs to be (math.MaxFloat32 cuts every span).
func KeepSpansWhole(segs []widget.RichTextSegment, wholeLine float32) []widget.RichTextSegment {
	out := make([]widget.RichTextSegment, 0, len(segs))
	for i, s := range segs {
		if p, ok := s.(*widget.ParagraphSegment); ok {
			p.Texts = KeepSpansWhole(p.Texts, wholeLine)
		}
		ts, ok := s.(*widget.TextSegment)
		if !ok || i == 0 || !ts.Style.Inline || !segs[i-1].Inline() || strings.HasPrefix(ts.Text, Guard) {
			out = append(out, s)
			continue
		}
		long := fyne.MeasureText(ts.Text, sizeOf(ts.Style), ts.Style.TextStyle).Width > wholeLine
		if prev, ok := out[len(out)-1].(*widget.TextSegment); ok {
			n := 0
			for n < len(ts.Text) && strings.ContainsRune(".,;:!?)", rune(ts.Text[n])) {
				n++
			}
			if long {
				// The space stays at its start: where its first word does
				// not fit after the span before, Fyne breaks the span at
				// the last space that fits, and with none it broke inside
				// the word ("fo" / "r a robot").
				prev.Text += ts.Text[:n]
				rest := ts.Text[n:]
				if trimmed := strings.TrimLeft(rest, " "); trimmed != rest || strings.HasSuffix(prev.Text, " ") && !prev.Style.TextStyle.Monospace {
					prev.Text = strings.TrimRight(prev.Text, " ")
					rest = " " + trimmed
				}
				out = append(out, &widget.TextSegment{Text: Guard + rest, Style: ts.Style})
				continue
			}
			for n < len(ts.Text) && ts.Text[n] == ' ' && !prev.Style.TextStyle.Monospace {
				n++ // (a monospace space would look like two)
			}
			moved := ts.Text[:n]
			if strings.HasSuffix(prev.Text, " ") {
				// Fyne's Markdown splits text at a lone `*` and
				// leaves a space on both sides: one is enough
				moved = strings.TrimLeft(moved, " ")
			}
			prev.Text += moved
			ts.Text = ts.Text[n:]
		}
		if long {
			// longer than any line: its first part never moves whole
			out = append(out, &widget.TextSegment{Text: Guard + ts.Text, Style: ts.Style})
			continue
		}
		for _, w := range wordRuns(ts.Text) {
			out = append(out, &widget.TextSegment{Text: Guard + w, Style: ts.Style})
		}
	}
	return out
}

// sizeOf is the text size a style draws at.
func sizeOf(st widget.RichTextStyle) float32 {
	if st.SizeName == "" {
		return theme.TextSize()
	}
	return theme.Size(st.SizeName)
}

// wordRuns cuts s after each run of spaces: "a b  c" → "a ", "b  ", "c". An
// empty s is one empty word (the segment stays, as Fyne drew it).
func wordRuns(s string) []string {
	var out []string
	for s != "" {
		i := strings.IndexByte(s, ' ')
		if i < 0 {
			break
		}
		for i < len(s) && s[i] == ' ' {
			i++
		}
		out = append(out, s[:i])
		s = s[i:]
	}
	if s != "" || len(out) == 0 {
		out = append(out, s)
	}
	return out
}

// Shown is the text of segs as the reader sees it: no marks, no guards,
// a "\n" where a line ends before the last.
func Shown(segs []widget.RichTextSegment) string {
	var b strings.Builder
	var walk func([]widget.RichTextSegment)
	walk = func(segs []widget.RichTextSegment) {
		for _, s := range segs {
			switch s := s.(type) {
			case *widget.ParagraphSegment:
				walk(s.Texts)
			case *widget.ListSegment:
				walk(s.Items)
			case *widget.TextSegment:
				b.WriteString(strings.ReplaceAll(s.Text, Guard, ""))
				if !s.Style.Inline && s.Text == "" {
					b.WriteString("\n")
				}
			}
		}
	}
	walk(segs)
	return strings.TrimSuffix(b.String(), "\n")
}

// Text is a message drawn with its code spans, wrapped at word and path
// boundaries. It extends RichText (a RichText put in a struct by pointer
// would refresh a renderer of its own, not the one the window draws for
// the struct: the window kept showing the first text).
type Text struct {
	widget.RichText
	Text  string // the message as given, with its backticks
	Style Style
}

// NewText is a Text that wraps words, showing s.
func NewText(s string, st Style) *Text {
	t := &Text{Style: st}
	t.Scroll = container.ScrollNone
	t.Wrapping = fyne.TextWrapWord
	t.ExtendBaseWidget(t)
	t.SetText(s)
	return t
}

// SetText shows s (nothing is redrawn when it is the same).
func (t *Text) SetText(s string) {
	if s == t.Text && t.Segments != nil {
		return
	}
	t.Text = s
	t.Segments = Segments(s, t.Style)
	t.Refresh()
}

// Part is a piece of a Text given in its own style.
type Part struct {
	Text  string
	Style Style
}

// SetParts shows the parts one under the other (Text is them joined by
// "\n"), each in its own style: a title of the user's own words over an
// explanation.
func (t *Text) SetParts(parts ...Part) {
	texts := make([]string, len(parts))
	var segs []widget.RichTextSegment
	for i, p := range parts {
		texts[i] = p.Text
		if i > 0 {
			segs = append(segs, lineEnd(p.Style))
		}
		segs = append(segs, Segments(p.Text, p.Style)...)
	}
	t.Text = strings.Join(texts, "\n")
	t.Segments = segs
	t.Refresh()
}

// Shown is the text as the reader sees it (no backticks).
func (t *Text) Shown() string { return Shown(t.Segments) }
