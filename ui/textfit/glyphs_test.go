package textfit

import (
	"io/fs"
	"os"
	"path/filepath"
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
	// Fyne bundles a colour emoji font and draws from it on every
	// platform, the browser too (✔, ✖, ⚠)
	emoji, err := sfnt.Parse(theme.DefaultEmojiFont().Content())
	if err != nil {
		t.Fatal(err)
	}
	in := func(f *sfnt.Font, r rune) bool {
		i, err := f.GlyphIndex(&buf, r)
		return err == nil && i != 0
	}
	has := func(r rune) bool { return in(f, r) || in(emoji, r) }
	if has('▸') {
		t.Fatal("the text font now has ▸: this test no longer tells a missing character from a present one")
	}
	// The window's own code: its string literals (✔ and ✖ in the Logs and
	// AI access tabs were not checked while the catalogues were).
	window := os.DirFS(filepath.Join("..", ".."))
	for _, tree := range []struct {
		fsys fs.FS
		ext  []string
	}{
		{assets.Translations, []string{".json"}},
		{assets.Lessons, []string{".md", ".txt", ".json"}},
		{window, []string{".go"}},
	} {
		fs.WalkDir(tree.fsys, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !hasSuffix(p, tree.ext) {
				return err
			}
			if tree.fsys == window && (strings.HasSuffix(p, "_test.go") || !(strings.HasPrefix(p, "ui/") || strings.HasPrefix(p, "editor/"))) {
				return nil // what the window draws: ui/ and editor/, not tests
			}
			b, err := fs.ReadFile(tree.fsys, p)
			if err != nil {
				return err
			}
			seen := map[rune]bool{}
			for i, line := range strings.Split(string(b), "\n") {
				if tree.fsys == window {
					line = goStrings(line)
				}
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

// goStrings is the text inside the string literals of a line of Go (a
// comment's characters are never drawn).
func goStrings(line string) string {
	var b strings.Builder
	var quote rune
	escaped := false
	for i, r := range line {
		switch {
		case quote == 0 && strings.HasPrefix(line[i:], "//"):
			return b.String() // the rest is a comment
		case quote == 0 && (r == '"' || r == '`'):
			quote = r
		case quote == 0:
		case escaped:
			escaped = false
		case r == '\\' && quote == '"':
			escaped = true
		case r == quote:
			quote = 0
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
