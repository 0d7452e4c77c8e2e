package aitab

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/ui/look"
)

// TestBreakRowAsTheRichTextWraps: a row given to the rich text already
// broken into lines (breakRow) is drawn as the rich text draws it when it
// finds the lines itself (TextWrapWord): the same texts at the same
// places, for the report's rows and the lines to add of linkedin's file,
// texts with runs of spaces, a word wider than the row, a row of two
// segments (the quoted name goes on the row of the text before it), at
// widths from a few characters to a wide column, at 100 % and 140 %.
func TestBreakRowAsTheRichTextWraps(t *testing.T) {
	tab, _ := newTestTab(t, linkedin(t))
	var rows []reportRow
	for i, r := range append(tab.report.rows, tab.rule.rows...) {
		if i%9 == 0 { // one in nine: the test stays quick
			rows = append(rows, r)
		}
	}
	for _, s := range []string{
		"two  spaces  between   words, and three",
		"https://www.example.com/a-very-long-address/with/no/spaces/in/it/at/all?q=1&r=2",
		" a leading space and a trailing one ",
		"first line\nsecond line, which is longer than the first one\n\nafter an empty line",
	} {
		rows = append(rows, labelRow(s, fyne.TextStyle{}, fyne.TextWrapWord))
	}
	rows = append(rows, reportRow{wrap: fyne.TextWrapWord, segs: []widget.RichTextSegment{
		&widget.TextSegment{Text: "✖ ExampleBot (Example) · obeys robots.txt · RFC 9309 — / blocked (line 12)", Style: widget.RichTextStyleInline},
		&widget.TextSegment{Text: " “the name as the operator spells it”", Style: widget.RichTextStyle{Inline: true,
			TextStyle: fyne.TextStyle{Italic: true}, SizeName: theme.SizeNameCaptionText}},
	}})
	var cache widthCache
	compared := 0
	for _, zoom := range []int{100, 140} {
		th := look.New("light")
		th.Zoom = zoom
		test.ApplyTheme(t, th)
		for _, r := range rows {
			if len(r.segs) == 0 {
				continue
			}
			// From ten characters or so up (the AI tab's narrowest
			// column is wider); below, the rich text breaks words a
			// character at a time and breakRow leaves it to do so.
			for width := float32(120); width < 700; width += 41 {
				own := widget.NewRichText(r.segs...)
				own.Wrapping = fyne.TextWrapWord
				own.Resize(fyne.NewSize(width, 2000))
				given := widget.NewRichText(breakRow(r.segs, width-2*th.Size(theme.SizeNameInnerPadding), th, &cache)...)
				given.Wrapping = fyne.TextWrapWord
				given.Resize(fyne.NewSize(width, 2000))
				want, got := lines(drawn(own)), lines(drawn(given))
				if want != got {
					t.Fatalf("%d %%, width %v, %q:\nthe rich text wraps it\n%s\ngiven breakRow's lines, it draws\n%s", zoom, width, r.String(), want, got)
				}
				compared++
			}
		}
	}
	t.Logf("%d rows and widths compared", compared)
	if compared < 1000 {
		t.Fatalf("%d rows and widths compared; the test proves little", compared)
	}
}

// lines is what drawn texts say and where, one a line.
func lines(ps []placed) string {
	var b strings.Builder
	for _, p := range ps {
		fmt.Fprintf(&b, "%v %q %v\n", p.at, p.text.Text, p.text.Size())
	}
	return b.String()
}
