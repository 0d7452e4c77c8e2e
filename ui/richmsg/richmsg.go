// Package richmsg shows the app's messages in a RichText: the engine's
// explanations, lint findings and the tester's own sentences quote
// robots.txt lines and paths between a pair of backticks ("blocked by line
// 14 `Disallow: /addContacts*`"). A pair marks code, drawn in the code
// style without its backticks (code holding a backtick is quoted with a
// longer run of them, as in Markdown: tester/msg.Spans reads the runs, and
// tester/msg quotes the user's text so); nothing else is interpreted, so a
// path such as /a*b_c outside backticks shows exactly as written (Markdown
// would read emphasis into it). It also holds the work-around for Fyne 2.7.1's word
// wrap of a text made of several spans (KeepSpansWhole), which the lessons'
// Markdown uses too.
package richmsg

import (
	"math"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/msg"
)

// Plain is s as the reader sees it, without the backticks that mark code:
// for a place that shows plain text only (a row cut to its width).
func Plain(s string) string { return msg.Plain(s) }

// Style is how a message is drawn.
type Style struct {
	SizeName fyne.ThemeSizeName  // "" for the theme's text size
	Bold     bool                // the text outside code (the test theme has no bold monospace)
	Literal  bool                // backticks are text (a line of the user's own crawler and path)
	Code     bool                // all of it is code, as written (a line of the user's file)
	Color    fyne.ThemeColorName // "" for the theme's text colour; a warning's colour, say
}

// Segments is s (lines separated by "\n") as RichText segments: each line
// a run of inline segments, code in RichTextStyleCodeInline, then the end
// of the line. URLs and paths are cut after their '/', '?' and '&' and the
// text into words (KeepSpansWhole), so that when a line must wrap it breaks
// at a space or at one of those, never inside a word of prose or of a path.
func Segments(s string, st Style) []widget.RichTextSegment {
	var out []widget.RichTextSegment
	for i, line := range strings.Split(s, "\n") {
		if i > 0 {
			out = append(out, lineEnd(st))
		}
		var segs []widget.RichTextSegment
		spans := []msg.Span{{Text: line, Code: st.Code}}
		if !st.Literal && !st.Code {
			spans = msg.Spans(line) // a run of backticks opens code, the next run as long closes it
		}
		for _, sp := range spans {
			style := widget.RichTextStyleInline
			if sp.Code {
				style = widget.RichTextStyleCodeInline
			} else {
				style.TextStyle.Bold = st.Bold
			}
			style.SizeName = sizeOr(st.SizeName, style.SizeName)
			if st.Color != "" {
				style.ColorName = st.Color
			}
			for _, piece := range PathBreaks(sp.Text) {
				if sp.Code && len(segs) > 0 {
					// A piece of code is not cut at its spaces: in the
					// real window a monospace word's trailing space drew
					// as two ("Disallow:  /x"). Led by the guard, it fits
					// or moves to the next line whole.
					piece = Guard + piece
				}
				segs = append(segs, &widget.TextSegment{Text: piece, Style: style})
			}
		}
		if len(segs) == 0 {
			segs = []widget.RichTextSegment{&widget.TextSegment{Style: widget.RichTextStyleInline}}
		}
		out = append(out, KeepSpansWhole(segs, math.MaxFloat32)...)
	}
	return out
}

// lineEnd is an empty block segment: it ends the line (an empty line when
// the line before was empty too).
func lineEnd(st Style) widget.RichTextSegment {
	end := widget.RichTextStyleParagraph
	end.SizeName = sizeOr(st.SizeName, end.SizeName)
	return &widget.TextSegment{Style: end}
}

func sizeOr(name, or fyne.ThemeSizeName) fyne.ThemeSizeName {
	if name != "" {
		return name
	}
	return or
}

// PathBreaks cuts s after each '/', '?' and '&' inside its URLs and paths
// (words that begin with '/' or contain "://"): the places a long URL may
// break, as Fyne's wrap breaks only at spaces or, in a span it cannot
// move whole, at any character ("https://www.linkedin.com/addCont" /
// "actsx"). A run of separators stays together ("https://"), and the rest
// of the text is left as it is. The pieces joined are s.
func PathBreaks(s string) []string {
	var out []string
	start := 0 // of the piece being built
	i := 0
	for i < len(s) {
		j := strings.IndexByte(s[i:], ' ')
		if j < 0 {
			j = len(s)
		} else {
			j += i
		}
		word := s[i:j]
		if isPath(word) {
			// not after the separators a path begins with ("/" alone at
			// the end of a line reads no better than before it)
			k0 := strings.IndexFunc(word, func(r rune) bool { return !strings.ContainsRune(breaks+opening, r) })
			for k := max(k0, 0); k < len(word)-1; k++ {
				if isBreak(word[k]) && !isBreak(word[k+1]) {
					out = append(out, s[start:i+k+1])
					start = i + k + 1
				}
			}
		}
		i = j + 1
	}
	if start < len(s) || len(out) == 0 {
		out = append(out, s[start:])
	}
	return out
}

// opening are the brackets and quotes a path may follow in a word.
const opening = "([{\"'«„“"

// breaks are the characters a URL may break after.
const breaks = "/?&"

func isBreak(c byte) bool { return strings.IndexByte(breaks, c) >= 0 }

// isPath says whether a word is a URL or a path (after an opening bracket
// or quote).
func isPath(w string) bool {
	w = strings.TrimLeft(w, opening)
	return strings.HasPrefix(w, "/") || strings.Contains(w, "://")
}

// X is lang.X for a template that quotes data as code ("line {{.Line}}
// `{{.Rule}}`"): a value holding a backtick is quoted with a longer run
// (msg.Quoted), so it never pairs with the template's backticks.
func X(key, fallback string, data map[string]any) string {
	return msg.Quoted(data, func(d map[string]any) string { return lang.X(key, fallback, d) })
}
