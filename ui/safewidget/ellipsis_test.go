package safewidget

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/ui/uitest"
)

// TestEllipsisDrawsAsFynesEllipsisLabel: an Ellipsis draws what a
// widget.Label with TextTruncateEllipsis draws, at every width from too
// narrow for a character to wider than the text, and is as wide at least;
// a text that fits is handed to the label whole (Fyne's cut, which makes
// a line wrapper and a shaper each time, is not asked for), one that does
// not is cut by Fyne, with "…".
func TestEllipsisDrawsAsFynesEllipsisLabel(t *testing.T) {
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
			plain.TextStyle.Bold = bold
			whole := plain.MinSize().Width
			for width := float32(10); width < whole+40; width += 9 {
				size := fyne.NewSize(width, own.MinSize().Height)
				own.Resize(size)
				fynes.Resize(size)
				if got, want := drawnText(own), drawnText(fynes); got != want {
					t.Fatalf("%q at %v: draws %q, Fyne's ellipsis label %q", text, width, got, want)
				}
				fits := width >= whole
				if fits != (own.Truncation == fyne.TextTruncateOff) || own.Cut() == fits && text != "" {
					t.Errorf("%q at %v (whole at %v): truncation %v, cut %v", text, width, whole, own.Truncation, own.Cut())
				}
			}
			own.SetText(text + " and more")
			if got := drawnText(own); !strings.HasPrefix(got, text) && !strings.HasSuffix(got, "…") {
				t.Errorf("after SetText it draws %q", got)
			}
		}
	}
}

// drawnText is what a label's texts say, one after the other.
func drawnText(o fyne.CanvasObject) string {
	var b strings.Builder
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *canvas.Text:
			fmt.Fprint(&b, x.Text)
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c)
			}
		}
	}
	walk(o)
	return b.String()
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
