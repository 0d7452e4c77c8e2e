package textfit

import (
	"io/fs"
	"strings"
	"testing"

	"fyne.io/fyne/v2/theme"
	"golang.org/x/image/font/sfnt"

	"github.com/robots-studio/robots-studio/assets"
)

// drawnBySystemFonts are characters the window's text font (Fyne's Noto
// Sans) lacks that the catalogues still use, and why that holds: Fyne draws
// a missing character from the system's fonts, and these are in the fonts
// every platform ships (Arial and Segoe UI on Windows, DejaVu on Linux, the
// browser's own). A character not listed here and not in the text font
// showed as a replacement box under Wine ("File �Open Path…", issue 36,
// point 27): use one the font has.
var drawnBySystemFonts = map[rune]string{
	'→': "arrow: Arial, Segoe UI, DejaVu Sans",
	'←': "arrow: Arial, Segoe UI, DejaVu Sans",
	'↑': "arrow: Arial, Segoe UI, DejaVu Sans",
	'↓': "arrow: Arial, Segoe UI, DejaVu Sans",
	'−': "minus sign: Arial, Segoe UI, DejaVu Sans",
	'★': "star: Segoe UI Symbol, DejaVu Sans",
	'⚠': "warning sign: Segoe UI Symbol, DejaVu Sans",
}

// TestTextsUseTheTextFontsCharacters: every character of every message
// catalogue and lesson text is in the window's text font, or listed above
// with the system fonts that have it.
func TestTextsUseTheTextFontsCharacters(t *testing.T) {
	f, err := sfnt.Parse(theme.DefaultTextFont().Content())
	if err != nil {
		t.Fatal(err)
	}
	var buf sfnt.Buffer
	has := func(r rune) bool {
		i, err := f.GlyphIndex(&buf, r)
		return err == nil && i != 0
	}
	if has('▸') {
		t.Fatal("the text font now has ▸: this test no longer tells a missing character from a present one")
	}
	for _, tree := range []struct {
		fsys fs.FS
		ext  []string
	}{
		{assets.Translations, []string{".json"}},
		{assets.Lessons, []string{".md", ".txt", ".json"}},
	} {
		fs.WalkDir(tree.fsys, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !hasSuffix(p, tree.ext) {
				return err
			}
			b, err := fs.ReadFile(tree.fsys, p)
			if err != nil {
				return err
			}
			seen := map[rune]bool{}
			for i, line := range strings.Split(string(b), "\n") {
				for _, r := range line {
					if r < 0x80 || seen[r] || has(r) || drawnBySystemFonts[r] != "" {
						continue
					}
					seen[r] = true
					t.Errorf("%s:%d: %q (U+%04X) is not in the text font", p, i+1, r, r)
				}
			}
			return nil
		})
	}
}

func hasSuffix(p string, exts []string) bool {
	for _, e := range exts {
		if strings.HasSuffix(p, e) {
			return true
		}
	}
	return false
}
