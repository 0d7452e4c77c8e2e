package safewidget

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/ui/uitest"
)

// TestEllipsisCutsAsFynesEllipsisLabel: an Ellipsis draws its text whole
// where a widget.Label with TextTruncateEllipsis does, and elsewhere the
// longest beginning of it that fits inside the label's padding with "…"
// after it: Fyne's own cut, within a character (Fyne leaves a pixel or two
// more room, by its shaper's reckoning). It is as wide at least as Fyne's
// ellipsis label, at every width from its least to wider than the text,
// in two styles and in Russian.
func TestEllipsisCutsAsFynesEllipsisLabel(t *testing.T) {
	uitest.NewApp(t)
	for _, text := range []string{
		"Reading: Each crawler's own",
		"20 crawlers · 60 paths — 1,200 results, 417 blocked",
		"Чтение: у каждого краулера своё",
		"",
	} {
		for _, bold := range []bool{false, true} {
			own := NewEllipsis(text)
			own.TextStyle.Bold = bold
			fynes := widget.NewLabel(text)
			fynes.TextStyle.Bold = bold
			fynes.Truncation = fyne.TextTruncateEllipsis
			test.NewTempWindow(t, &fyne.Container{Objects: []fyne.CanvasObject{own, fynes}})
			if own.MinSize() != fynes.MinSize() {
				t.Errorf("%q: least size %v, Fyne's ellipsis label %v", text, own.MinSize(), fynes.MinSize())
			}
			plain := widget.NewLabel(text)
			plain.TextStyle = own.TextStyle
			whole := plain.MinSize().Width
			measure := func(s string) float32 { return fyne.MeasureText(s, theme.TextSize(), own.TextStyle).Width }
			for width := own.MinSize().Width; width < whole+40; width += 3 {
				size := fyne.NewSize(width, own.MinSize().Height)
				own.Resize(size)
				fynes.Resize(size)
				got, want := uitest.Drawn(own), uitest.Drawn(fynes)
				if want == text || got == text {
					if got != want {
						t.Fatalf("%q at %v: draws %q, Fyne's ellipsis label %q", text, width, got, want)
					}
					continue
				}
				room := float32(int(width - 2*theme.InnerPadding())) // whole pixels, as Fyne's
				kept, ok := strings.CutSuffix(got, "…")
				rest := strings.TrimPrefix(text, kept)
				switch {
				case !ok || !strings.HasPrefix(text, kept):
					t.Fatalf("%q at %v: draws %q, not a beginning of it and \"…\"", text, width, got)
				case kept != "" && measure(got) > room:
					t.Errorf("%q at %v: %q is %v wide, the room %v", text, width, got, measure(got), room)
				case rest != "" && measure(kept+string([]rune(rest)[0])+"…") <= room:
					t.Errorf("%q at %v: %q leaves room for another character", text, width, got)
				}
				if d := len([]rune(got)) - len([]rune(want)); d < -1 || d > 1 {
					t.Errorf("%q at %v: draws %q, Fyne's ellipsis label %q", text, width, got, want)
				}
				if !own.Cut() {
					t.Errorf("%q at %v: cut, and says not", text, width)
				}
			}
			own.SetText(text + " and more")
			if got := uitest.Drawn(own); !strings.HasPrefix(got, text) && !strings.HasSuffix(got, "…") {
				t.Errorf("after SetText it draws %q", got)
			}
		}
	}
}

// TestWindowCutsLabelsWithEllipsis: no one-line label of the window asks
// Fyne for its ellipsis itself (a label that does re-cuts its text on
// every refresh, fitting or not): they are Ellipsis labels. The one
// exception is a rich text, which Ellipsis is not.
func TestWindowCutsLabelsWithEllipsis(t *testing.T) {
	allowed := map[string]string{
		"safewidget/ellipsis.go": "the widget itself",
		"hostwizard/check.go":    "a widget.RichText in a table cell",
	}
	found := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(path, ".."+string(filepath.Separator)))
		for i, line := range strings.Split(string(b), "\n") {
			if !strings.Contains(line, "Truncation = fyne.TextTruncateEllipsis") {
				continue
			}
			found++
			if _, ok := allowed[rel]; !ok {
				t.Errorf("ui/%s:%d asks Fyne to cut a label: use safewidget.Ellipsis", rel, i+1)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found == 0 {
		t.Fatal("not even the widget itself was found: the walk read nothing")
	}
}
