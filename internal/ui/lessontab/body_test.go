package lessontab

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/internal/ui/look"
	"github.com/robots-studio/robots-studio/internal/ui/uitest"
	"github.com/robots-studio/robots-studio/tester/lessons"
)

// rows are the lines a RichText shows, read from where its texts are drawn
// (texts in different fonts on one line differ by a pixel or two in Y).
func rows(rt *widget.RichText) []string {
	var texts []*canvas.Text
	for _, o := range test.WidgetRenderer(rt).Objects() {
		if tx, ok := o.(*canvas.Text); ok {
			texts = append(texts, tx)
		}
	}
	sort.SliceStable(texts, func(i, j int) bool {
		if d := texts[i].Position().Y - texts[j].Position().Y; d < -5 || d > 5 {
			return d < 0
		}
		return texts[i].Position().X < texts[j].Position().X
	})
	var out []string
	lastY := float32(-100)
	for _, tx := range texts {
		s := strings.ReplaceAll(tx.Text, wrapGuard, "")
		if y := tx.Position().Y; y-lastY > 5 {
			out = append(out, s)
			lastY = y
		} else {
			out[len(out)-1] += s
		}
	}
	for i := range out {
		out[i] = strings.TrimSpace(out[i])
	}
	return out
}

// brokenAt lists the widths at which some line of md holds one character
// alone: a word cut one character per line. With first it stops at the
// first such width. One RichText is laid out at each width in turn (its
// segments do not depend on the width).
func brokenAt(t *testing.T, md string, fix, first bool) []string {
	var bad []string
	rt := widget.NewRichText()
	rt.Wrapping = fyne.TextWrapWord
	if fix {
		setBody(rt, md)
	} else {
		rt.ParseMarkdown(md)
	}
	whole := map[string]bool{}
	var walk func([]widget.RichTextSegment)
	walk = func(segs []widget.RichTextSegment) {
		for _, s := range segs {
			if b, ok := s.(widget.RichTextBlock); ok {
				walk(b.Segments())
			}
			if ts, ok := s.(*widget.TextSegment); ok {
				whole[strings.TrimSpace(strings.ReplaceAll(ts.Text, wrapGuard, ""))] = true
			}
		}
	}
	walk(rt.Segments)
	// sized before the text goes in: at its minimum width the text would
	// be laid out once a word per line, which costs more than all widths
	win := test.NewTempWindow(t, nil)
	win.Resize(fyne.NewSize(240, 4000))
	win.SetContent(rt)
	for w := float32(240); w <= 720; w += 3 {
		win.Resize(fyne.NewSize(w, 4000))
		rs := rows(rt)
		for k, r := range rs {
			// one character alone on a line that is not a whole span (`*`)
			if n := len([]rune(r)); n == 1 && (!whole[r] || r == "•") {
				bad = append(bad, fmt.Sprintf("width %v: line %q after %q then %q", w, r, rs[max(k-1, 0)], rs[min(k+1, len(rs)-1)]))
				break
			}
		}
		if first && len(bad) > 0 {
			break
		}
	}
	return bad
}

// TestInlineSpansWrapWhole: lesson 06 (English, `www.example.ru`), the
// Russian lesson 08 (`%2A` и `%24`) and the Polish lesson 09 wrap without a
// line that holds one character of a word or a list's bullet alone — which Fyne's own rendering of the same Markdown does
// at some of these widths (the test proves the fix is needed, then that it
// works).
func TestInlineSpansWrapWhole(t *testing.T) {
	a := uitest.NewApp(t)
	a.Settings().SetTheme(look.New("light"))
	list, err := lessons.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	body := map[string]string{}
	for _, l := range list {
		body[l.Dir+"/en"], body[l.Dir+"/ru"], body[l.Dir+"/pl"] = l.Body["en"], l.Body["ru"], l.Body["pl"]
	}
	for _, key := range []string{"06-host-and-mirrors/en", "08-wildcards/ru", "09-rfc9309/pl"} {
		md := body[key]
		if md == "" {
			t.Fatalf("no lesson text %s", key)
		}
		if len(brokenAt(t, md, false, true)) == 0 {
			t.Errorf("%s: Fyne's plain rendering never splits a span here; the test proves nothing", key)
		}
		if bad := brokenAt(t, md, true, false); len(bad) > 0 {
			t.Errorf("%s: %d widths still split a word, first: %s", key, len(bad), bad[0])
			for _, b := range bad {
				t.Log(b)
			}
		}
	}
}
