package textfit

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"golang.org/x/image/font/sfnt"

	"github.com/robots-studio/robots-studio/assets"
	"github.com/robots-studio/robots-studio/ui/look"
)

// TestTextsUseTheTextFontsCharacters: every character of every message
// catalogue, lesson text and window string is in a font the app ships: the
// window's text font (Fyne's Noto Sans), the theme's symbol font (ui/look,
// assets/fonts: the arrows, the minus sign and the star Noto Sans lacks) in
// regular and bold, or Fyne's emoji font. Nothing may rely on the system's
// fonts: a browser page has none to offer the app (it drew → as a box), nor
// has a desktop without them. A character in none of these showed as a
// replacement box under Wine too ("File �Open Path…", issue 36, point 27):
// use one the fonts have, or add it to build/symbolfont.sh's list.
func TestTextsUseTheTextFontsCharacters(t *testing.T) {
	parse := func(r fyne.Resource) *sfnt.Font {
		f, err := sfnt.Parse(r.Content())
		if err != nil {
			t.Fatalf("%s: %v", r.Name(), err)
		}
		return f
	}
	text := parse(theme.DefaultTextFont())
	th := look.New("light")
	symbols, symbolsBold := parse(th.Font(fyne.TextStyle{})), parse(th.Font(fyne.TextStyle{Bold: true}))
	// Fyne bundles a colour emoji font and draws from it on every
	// platform, the browser too (✔, ✖, ⚠)
	emoji := parse(theme.DefaultEmojiFont())
	var buf sfnt.Buffer
	in := func(f *sfnt.Font, r rune) bool {
		i, err := f.GlyphIndex(&buf, r)
		return err == nil && i != 0
	}
	has := func(r rune) bool {
		return in(text, r) || in(emoji, r) || in(symbols, r) && in(symbolsBold, r)
	}
	if has('▸') {
		t.Fatal("a shipped font now has ▸: this test no longer tells a missing character from a present one")
	}
	if !has('→') || in(text, '→') {
		t.Fatal("→ should be in the theme's symbol font (regular and bold) and not in the text font")
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
					if r < 0x80 || seen[r] || has(r) {
						continue
					}
					seen[r] = true
					t.Errorf("%s:%d: %q (U+%04X) is in no font the app ships", p, i+1, r, r)
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
