package editor

import (
	"bytes"
	"image/color"
	"strings"
	"testing"

	"github.com/go-text/typesetting/font"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
)

const sample = "# robots.txt for example.com\n" +
	"User-agent: *\n" +
	"Disallow: /private/*.php$\n" +
	"Dissallow: /typo\n" +
	"Crawl-delay: 10\n" +
	"X-Unknown: value\n" +
	"Allow: /a$b # keep\n" +
	"this line is invalid\n" +
	"Sitemap: https://example.com/sitemap.xml\n" +
	"Disallow: /каталог/文章\n" +
	"Disallow: /a\x00ignored\n"

// findText returns the colour of the drawn text object whose text is s.
func findText(r *editorRenderer, s string) (color.Color, bool) {
	for _, t := range r.texts[:r.nText] {
		if t.Text == s {
			return t.Color, true
		}
	}
	return nil, false
}

func TestHighlightColours(t *testing.T) {
	e := newTestEditor(t, sample)
	test.ApplyTheme(t, theme.DefaultTheme())
	e.Refresh()
	r := test.WidgetRenderer(e).(*editorRenderer)
	c := func(n fyne.ThemeColorName) color.Color { return theme.ColorForWidget(n, e) }
	cases := []struct {
		name, text string
		want       fyne.ThemeColorName
	}{
		{"a comment line", "# robots.txt for example.com", theme.ColorNameSuccess},
		{"a known field name", "User-agent", theme.ColorNamePrimary},
		{"a typo Google accepts", "Dissallow", theme.ColorNameWarning},
		{"an unknown field name", "X-Unknown", theme.ColorNamePlaceHolder},
		{"a path", "/private/", theme.ColorNameForeground},
		{"a * wildcard", "*", theme.ColorNameHyperlink},
		{"a $ that ends a path", "$", theme.ColorNameHyperlink},
		{"a $ inside a path is literal", "/a$b", theme.ColorNameForeground},
		{"a trailing comment", "# keep", theme.ColorNameSuccess},
		{"an invalid line", "this line is invalid", theme.ColorNameError},
		{"a sitemap URL", "https://example.com/sitemap.xml", theme.ColorNameForeground},
		{"text after a NUL, which Google ignores", "ignored", theme.ColorNamePlaceHolder},
		{"a Cyrillic path", "/каталог/", theme.ColorNameForeground},
		{"a CJK character on its own cell", "文", theme.ColorNameForeground},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := findText(r, tc.text)
			if !ok {
				t.Fatalf("no text object %q", tc.text)
			}
			if got != c(tc.want) {
				t.Fatalf("%q drawn in %v, want %s %v", tc.text, got, tc.want, c(tc.want))
			}
		})
	}
	zeros := 0
	for _, tx := range r.texts[:r.nText] {
		if tx.Text == "0" && tx.Color == c(theme.ColorNamePlaceHolder) {
			zeros++
		}
	}
	if zeros != 2 {
		t.Fatalf("a NUL must be drawn as its code, 0 over 0, in the ignored colour; found %d zeros", zeros)
	}
}

// imageSample is what the pixel test paints: sample with its CJK line made
// Cyrillic. Fyne paints a glyph its embedded fonts lack with whatever system
// font has it (none, Droid, Noto CJK…), so a master that contains one matches
// only the machine it was made on. CJK stays proven through the drawn text
// objects (TestHighlightColours); TestImageSampleGlyphsAreEmbedded keeps
// this sample inside the embedded fonts.
var imageSample = strings.Replace(sample, "/каталог/文章", "/каталог/статья", 1)

// pinnedTheme is the default theme held to one variant, whatever the
// machine prefers: the masters are painted light and dark.
type pinnedTheme struct {
	fyne.Theme
	variant fyne.ThemeVariant
}

func pinned(v fyne.ThemeVariant) fyne.Theme {
	return &pinnedTheme{Theme: theme.DefaultTheme(), variant: v}
}

func (t *pinnedTheme) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	return t.Theme.Color(n, t.variant)
}

// TestImageSampleGlyphsAreEmbedded: every character the pixel test paints is
// in a font the app ships (the theme's monospace font or Fyne's fallbacks
// before the system's), so the masters do not depend on installed fonts.
func TestImageSampleGlyphsAreEmbedded(t *testing.T) {
	if strings.ContainsAny(imageSample, "文章") {
		t.Fatal("the pixel sample still holds CJK")
	}
	var faces []*font.Face
	for _, th := range []fyne.Theme{pinned(theme.VariantLight), pinned(theme.VariantDark)} {
		for _, res := range []fyne.Resource{th.Font(fyne.TextStyle{Monospace: true}), theme.DefaultTextMonospaceFont(), theme.DefaultEmojiFont()} {
			f, err := font.ParseTTF(bytes.NewReader(res.Content()))
			if err != nil {
				t.Fatalf("%s: %v", res.Name(), err)
			}
			faces = append(faces, f)
		}
	}
	for _, r := range imageSample {
		if r < ' ' || r == 0 {
			continue
		}
		found := false
		for _, f := range faces {
			if _, ok := f.NominalGlyph(r); ok {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("%q (U+%04X) is not in the embedded fonts: its pixels would come from the machine's fonts", r, r)
		}
	}
}

// TestHighlightImage compares the painted editor with masters in testdata
// (light and dark), including a selection, a rule mark and a lint underline.
func TestHighlightImage(t *testing.T) {
	for _, variant := range []struct {
		name string
		th   fyne.Theme
	}{{"light", pinned(theme.VariantLight)}, {"dark", pinned(theme.VariantDark)}} {
		t.Run(variant.name, func(t *testing.T) {
			test.NewTempApp(t)
			test.ApplyTheme(t, variant.th)
			e := New()
			e.SetText([]byte(imageSample))
			w := test.NewTempWindow(t, e)
			w.Resize(fyne.NewSize(560, 300))
			w.Canvas().Focus(e)
			e.SetSelection(14, 24)
			e.SetMarks([]Mark{
				{Line: 3, Kind: MarkRule},
				{Line: 2, Kind: MarkGroup},
				{Line: 4, Kind: MarkWarning, Start: 0, End: 9, Message: "typo"},
				{Line: 8, Kind: MarkError, Message: "invalid"},
			})
			test.AssertImageMatches(t, "highlight_"+variant.name+".png", w.Canvas().Capture())
		})
	}
}

// Fyne lays a widget out again whenever one of its objects' minimum sizes
// changed: for the editor, each key (the typed line's text object grew).
// Building again then only asked the canvas for one more frame, painted
// right after the one that already showed the key (twice the work per key,
// and in the browser on the way to the key's frame). A new size still
// builds.
func TestLayoutAtTheBuiltSizeBuildsNothing(t *testing.T) {
	e := newTestEditor(t, "User-agent: *\nDisallow: /x|\n")
	r := test.WidgetRenderer(e).(*editorRenderer)
	e.TypedRune('y')
	if !strings.Contains(string(e.Bytes()), "/xy") {
		t.Fatalf("typed y: %q", e.Bytes())
	}
	n := r.builds
	r.Layout(e.Size())
	if r.builds != n {
		t.Errorf("Layout at the size of the last build built again (%d builds, want %d)", r.builds, n)
	}
	r.Layout(e.Size().AddWidthHeight(10, 0))
	if r.builds != n+1 {
		t.Errorf("Layout at a new size: %d builds, want %d", r.builds, n+1)
	}
}

// Lint runs again after each pause in typing and mostly finds what it
// found before: the same marks again must not repaint the editor (each
// repaint is a frame of the whole window).
func TestSameMarksAgainBuildNothing(t *testing.T) {
	e := newTestEditor(t, "User-agent: *\nDisallow: /x\n")
	r := test.WidgetRenderer(e).(*editorRenderer)
	marks := []Mark{{Line: 2, Kind: MarkWarning, Message: "w"}, {Line: 1, Kind: MarkError, Message: "e"}}
	e.SetMarks(marks)
	n := r.builds
	e.SetMarks(append([]Mark(nil), marks...))
	if r.builds != n {
		t.Errorf("the same marks again: %d builds, want %d", r.builds, n)
	}
	e.SetMarks(marks[:1])
	if r.builds != n+1 {
		t.Errorf("other marks: %d builds, want %d", r.builds, n+1)
	}
}
