package look

import (
	"bytes"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"github.com/go-text/typesetting/di"
	"github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/shaping"
	"golang.org/x/image/math/fixed"
)

// symbols are the characters the window's texts use that Noto Sans lacks
// (ui/textfit's TestTextsUseTheTextFontsCharacters finds them).
const symbols = "←↑→↓−★"

// proportional are the text styles the symbol font serves.
var proportional = []fyne.TextStyle{{}, {Bold: true}, {Italic: true}, {Bold: true, Italic: true}}

func face(t *testing.T, r fyne.Resource) *font.Face {
	t.Helper()
	f, err := font.ParseTTF(bytes.NewReader(r.Content()))
	if err != nil {
		t.Fatalf("%s: %v", r.Name(), err)
	}
	return f
}

// defaultFont is Fyne's own font for a style (Noto Sans), which Fyne lists
// after the theme's.
func defaultFont(s fyne.TextStyle) fyne.Resource {
	switch {
	case s.Bold && s.Italic:
		return theme.DefaultTextBoldItalicFont()
	case s.Bold:
		return theme.DefaultTextBoldFont()
	case s.Italic:
		return theme.DefaultTextItalicFont()
	}
	return theme.DefaultTextFont()
}

// firstWith picks, as Fyne's painter does, the first face that has a rune,
// or the first face when none has it (which then shapes it as glyph 0, a box).
type firstWith []*font.Face

func (f firstWith) ResolveFace(r rune) *font.Face {
	for _, face := range f {
		if _, ok := face.NominalGlyph(r); ok {
			return face
		}
	}
	return f[0]
}

// TestThemeFontHasTheSymbols: for every proportional style the theme's font
// has each symbol the texts use, so the window draws them from a font it
// ships, not from system fonts a browser page does not have.
func TestThemeFontHasTheSymbols(t *testing.T) {
	th := New("light")
	for _, s := range proportional {
		f := face(t, th.Font(s))
		for _, r := range symbols {
			if _, ok := f.NominalGlyph(r); !ok {
				t.Errorf("%+v: %s has no %q", s, th.Font(s).Name(), r)
			}
		}
	}
	if got, want := th.Font(fyne.TextStyle{Monospace: true}), theme.DefaultTextMonospaceFont(); got != want {
		t.Errorf("monospace font %s, want Fyne's %s (it has the symbols)", got.Name(), want.Name())
	}
}

// TestSymbolFontLeavesTextToNotoSans: the symbol font has no letter, digit
// or punctuation (Noto Sans draws every character it has), and where Fyne
// takes something from it — a line's height and baseline (from the first
// font with a space) and a space that follows a symbol — it gives Noto
// Sans's values.
func TestSymbolFontLeavesTextToNotoSans(t *testing.T) {
	th := New("light")
	for _, s := range proportional {
		sym, noto := face(t, th.Font(s)), face(t, defaultFont(s))
		for r := rune(0x21); r < 0x250; r++ {
			if _, ok := sym.NominalGlyph(r); ok {
				t.Errorf("%+v: the symbol font has %q, which Noto Sans should draw", s, r)
			}
		}
		if sym.Upem() != noto.Upem() {
			t.Errorf("%+v: %d units per em, Noto Sans %d", s, sym.Upem(), noto.Upem())
		}
		se, _ := sym.FontHExtents()
		ne, _ := noto.FontHExtents()
		if se != ne {
			t.Errorf("%+v: line extents %+v, Noto Sans %+v", s, se, ne)
		}
		sg, ok1 := sym.NominalGlyph(' ')
		ng, ok2 := noto.NominalGlyph(' ')
		if !ok1 || !ok2 || sym.HorizontalAdvance(sg) != noto.HorizontalAdvance(ng) {
			t.Errorf("%+v: space %v (%v), Noto Sans %v", s, sym.HorizontalAdvance(sg), ok1, noto.HorizontalAdvance(ng))
		}
	}
}

// TestSymbolsAreShapedWithoutBoxes shapes texts as Fyne does (split into
// runs by the first face that has each character; a space stays in the run
// before it) with the theme's font before Noto Sans: no glyph is missing,
// so nothing is drawn as a box — a symbol followed by a space included.
func TestSymbolsAreShapedWithoutBoxes(t *testing.T) {
	th := New("light")
	for _, s := range proportional {
		faces := firstWith{face(t, th.Font(s)), face(t, defaultFont(s))}
		for _, text := range []string{"Twitterbot/1.0 → Twitterbot at line 2", "← Назад · Dalej →", "− a ★ b ↑ ↓", "→"} {
			runes := []rune(text)
			in := shaping.Input{Text: runes, RunEnd: len(runes), Direction: di.DirectionLTR, Size: fixed.I(14)}
			var seg shaping.Segmenter
			for _, run := range seg.Split(in, faces) {
				out := (&shaping.HarfbuzzShaper{}).Shape(run)
				for _, g := range out.Glyphs {
					if g.GlyphID == 0 {
						t.Errorf("%+v: %q: %q is shaped as a missing glyph", s, text, runes[g.ClusterIndex])
					}
				}
			}
		}
	}
}

// TestTextMeasuresAsWithNotoSans: ordinary text (Latin, Polish, Cyrillic,
// digits) has the same size and baseline with the theme as with Fyne's
// default one, in every style.
func TestTextMeasuresAsWithNotoSans(t *testing.T) {
	a := test.NewTempApp(t)
	texts := []string{"Robots Studio", "Zażółć gęślą jaźń", "Проверка файла robots.txt", "1 234,5 — (a/b) «x»"}
	measure := func(th fyne.Theme) map[string]fyne.Size {
		a.Settings().SetTheme(th)
		m := map[string]fyne.Size{}
		for _, s := range proportional {
			for _, text := range texts {
				size, base := a.Driver().RenderedTextSize(text, 14, s, nil)
				m[fmtKey(text, s)] = size
				m[fmtKey(text, s)+" baseline"] = fyne.NewSize(base, 0)
			}
		}
		return m
	}
	want := measure(theme.DefaultTheme())
	// The measure follows the theme (the caches are cleared on a change):
	// a theme with a wider font measures wider.
	wide := measure(&monoTheme{theme.DefaultTheme()})
	if wide[fmtKey("Robots Studio", fyne.TextStyle{})] == want[fmtKey("Robots Studio", fyne.TextStyle{})] {
		t.Fatal("a monospace theme measures as the default one: the measure does not follow the theme")
	}
	got := measure(New("light"))
	for _, s := range proportional {
		for _, text := range texts {
			for _, k := range []string{fmtKey(text, s), fmtKey(text, s) + " baseline"} {
				if got[k] != want[k] {
					t.Errorf("%s: %v with the theme, %v with Noto Sans alone", k, got[k], want[k])
				}
			}
		}
	}
}

func fmtKey(text string, s fyne.TextStyle) string {
	return text + " " + map[bool]string{false: "", true: "bold"}[s.Bold] + map[bool]string{false: "", true: " italic"}[s.Italic]
}

// monoTheme draws every text in the monospace font.
type monoTheme struct{ fyne.Theme }

func (m *monoTheme) Font(fyne.TextStyle) fyne.Resource { return theme.DefaultTextMonospaceFont() }
