package richmsg

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/ui/uitest"
)

// TestMain starts in English with the shipped theme.
func TestMain(m *testing.M) { uitest.Main(m) }

// shown is what segs draw: code between ⟨⟩, the rest as it is.
func shown(segs []widget.RichTextSegment) string {
	var b strings.Builder
	for _, s := range segs {
		ts, ok := s.(*widget.TextSegment)
		if !ok {
			b.WriteString("?")
			continue
		}
		t := strings.ReplaceAll(ts.Text, Guard, "")
		switch {
		case !ts.Style.Inline:
			b.WriteString("\n")
		case ts.Style.TextStyle.Monospace:
			b.WriteString("⟨" + t + "⟩")
		default:
			b.WriteString(t)
		}
	}
	// pieces of one code span cut into words: ⟨a ⟩⟨b⟩ → ⟨a b⟩
	return strings.ReplaceAll(b.String(), "⟩⟨", "")
}

// TestSegments: a run of backticks and the next run of the same length
// mark code, drawn in the code style without the backticks (a longer run
// quotes code that holds a backtick); everything else is shown exactly as
// written.
func TestSegments(t *testing.T) {
	uitest.NewApp(t)
	for _, c := range []struct{ rule, in, want string }{
		{"a pair marks code", "blocked by line 14 `Disallow: /addContacts*`, the only rule",
			"blocked by line 14 ⟨Disallow: /addContacts*,⟩ the only rule"},
		{"an unpaired backtick stays literal", "a ` alone", "a ` alone"},
		{"after a pair, an odd one stays literal", "`a` and ` b", "⟨a⟩ and ` b"},
		{"an empty pair marks nothing and stays", "empty `` here", "empty `` here"},
		{"a run of two inside code is its text", "`User-agent: *``Disallow: /`", "⟨User-agent: *``Disallow: /⟩"},
		{"a double run quotes a backtick", "blocked by line 2 ``Disallow: /a`b``, the only rule", "blocked by line 2 ⟨Disallow: /a`b,⟩ the only rule"},
		{"a single run does not close a double one", "``a`b` c`` and `d`", "⟨a`b` c⟩ and ⟨d⟩"},
		{"the fence's spaces are not code", "`` `a `` starts", "⟨`a⟩ starts"},
		{"adjacent spans with a space", "`a` `b`", "⟨a⟩ ⟨b⟩"},
		{"Russian text", "запрещено строкой 14 `Disallow: /addContacts*`; группа: группа Googlebot",
			"запрещено строкой 14 ⟨Disallow: /addContacts*;⟩ группа: группа Googlebot"},
		{"Polish text", "`Twitterbot/1.0` nie jest tokenem produktu", "⟨Twitterbot/1.0⟩ nie jest tokenem produktu"},
		{"a path with * and _ outside code is verbatim", "matches /a*b_c/**x__y*", "matches /a*b_c/**x__y*"},
		{"Markdown marks outside code are not read", "**bold** _it_ [a](b) # h", "**bold** _it_ [a](b) # h"},
		{"a line break ends the line", "one `x`\ntwo", "one ⟨x⟩\ntwo"},
		{"no text", "", ""},
	} {
		if got := shown(Segments(c.in, Style{})); got != c.want {
			t.Errorf("%s: %q draws %q, want %q", c.rule, c.in, got, c.want)
		}
		if got, want := Plain(c.in), strings.NewReplacer("⟨", "", "⟩", "").Replace(c.want); got != want {
			t.Errorf("%s: Plain(%q) = %q, want %q", c.rule, c.in, got, want)
		}
	}
}

// TestPathBreaks: a URL or path is cut after '/', '?' and '&' (a run of
// them stays together); prose and words with a slash inside are not.
func TestPathBreaks(t *testing.T) {
	for _, c := range []struct {
		rule, in string
		want     []string
	}{
		{"a URL after its separators", "to https://www.linkedin.com/addContactsx (Google)",
			[]string{"to https://", "www.linkedin.com/", "addContactsx (Google)"}},
		{"a query after ? and &", "/search?q=1&page=2", []string{"/search?", "q=1&", "page=2"}},
		{"not after the slash a path begins with", "Disallow: /addContacts* matches /a/b", []string{"Disallow: /addContacts* matches /a/", "b"}},
		{"a path ending in a slash", "Disallow: /cap/", []string{"Disallow: /cap/"}},
		{"a word with a slash is prose", "and/or km/h", []string{"and/or km/h"}},
		{"a bracketed path", "(/a/b)", []string{"(/a/", "b)"}},
		{"no text", "", []string{""}},
	} {
		got := PathBreaks(c.in)
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("%s: %q → %q, want %q", c.rule, c.in, got, c.want)
		}
	}
}

// TestURLBreaksAtSlash: a title with a long URL, wrapped at every width
// from wide down to the width of its widest piece (a narrower line must cut
// that piece), breaks lines only at a space or after '/', '?', '&'; Fyne's
// own wrap of the same text as one span cuts the URL mid-word.
func TestURLBreaksAtSlash(t *testing.T) {
	uitest.NewApp(t)
	title := "blocked: Googlebot → https://www.linkedin.com/addContactsx/very/long/path?query=value&other=thing (Google)"
	for _, size := range []fyne.ThemeSizeName{theme.SizeNameText, theme.SizeNameSubHeadingText} {
		plain := widget.NewRichTextWithText(title)
		plain.Wrapping = fyne.TextWrapWord
		plain.Segments[0].(*widget.TextSegment).Style.SizeName = size
		ours := NewText(title, Style{SizeName: size, Bold: true})
		w := test.NewWindow(container2(plain, ours))
		least := float32(0)
		for _, piece := range PathBreaks(title) {
			for _, word := range strings.Fields(piece) {
				least = max(least, fyne.MeasureText(word, theme.Size(size), fyne.TextStyle{Bold: true}).Width)
			}
		}
		least += 2 * theme.InnerPadding()
		plainBad := 0
		for width := float32(700); width >= least; width -= 7 {
			plain.Resize(fyne.NewSize(width, 400))
			ours.Resize(fyne.NewSize(width, 400))
			plainBad += len(uitest.BadBreaks(title, uitest.Rows(plain)))
			if bad := uitest.BadBreaks(title, uitest.Rows(ours)); len(bad) > 0 {
				t.Errorf("%s at %.0f px: a line breaks inside a word: %q (rows %q)", size, width, bad, uitest.Rows(ours))
			}
		}
		if plainBad == 0 {
			t.Errorf("%s: Fyne's plain wrap never cut the URL; the test proves nothing", size)
		}
		w.Close()
	}
}

func container2(a, b fyne.CanvasObject) fyne.CanvasObject {
	return &fyne.Container{Objects: []fyne.CanvasObject{a, b}}
}

// TestTextDrawsItsNewText: a Text shown in a window and given another
// message draws the new one (the window drew the first text for good when
// Text held its RichText by pointer: the refresh went to another renderer).
func TestTextDrawsItsNewText(t *testing.T) {
	uitest.NewApp(t)
	txt := NewText("Select a problem to read it in full.", Style{})
	w := test.NewWindow(txt)
	defer w.Close()
	w.Resize(fyne.NewSize(600, 200))
	if got := uitest.Rows(txt); len(got) != 1 || got[0] != "Select a problem to read it in full." {
		t.Fatalf("the window draws %q at first", got)
	}
	txt.SetText("`Twitterbot/1.0` is not a product token")
	if got := strings.Join(uitest.Rows(txt), "\n"); got != "Twitterbot/1.0 is not a product token" {
		t.Errorf("the window draws %q", got)
	}
}

// TestColor: a message in a colour (a warning) draws its text and its code
// in that colour; without one, in the theme's.
func TestColor(t *testing.T) {
	uitest.NewApp(t)
	for _, c := range []struct {
		rule  string
		color fyne.ThemeColorName
	}{
		{"a warning's colour", theme.ColorNameWarning},
		{"no colour: the theme's", ""},
	} {
		segs := Segments("line 1: `GPTBott` names no known crawler; did you mean `GPTBot`?", Style{Color: c.color})
		code := 0
		for _, sg := range segs {
			ts := sg.(*widget.TextSegment)
			if !ts.Style.Inline {
				continue
			}
			if ts.Style.TextStyle.Monospace {
				code++
			}
			want := c.color
			if want == "" && ts.Style.TextStyle.Monospace {
				want = widget.RichTextStyleCodeInline.ColorName
			} else if want == "" {
				want = widget.RichTextStyleInline.ColorName
			}
			if ts.Style.ColorName != want {
				t.Errorf("%s: %q is drawn in %q, want %q", c.rule, ts.Text, ts.Style.ColorName, want)
			}
		}
		if code != 2 {
			t.Errorf("%s: %d pieces of code, want 2", c.rule, code)
		}
	}
}
