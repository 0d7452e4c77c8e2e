package textfit

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/ui/uitest"
)

// TestCutFindsWhatTheWindowCuts: a truncated label, a check box squeezed
// in a grid and a label past the window's edge are found; the same texts
// with room, a wrapping label and a label in a sideways scroll are not.
func TestCutFindsWhatTheWindowCuts(t *testing.T) {
	uitest.NewApp(t)
	long := "zablokowane przez regułę Disallow w grupie"
	for _, c := range []struct {
		name    string
		content func() fyne.CanvasObject
		cut     string
	}{
		{"a truncated label is cut", func() fyne.CanvasObject {
			l := widget.NewLabel(long)
			l.Truncation = fyne.TextTruncateEllipsis
			return container.NewGridWithColumns(4, l, widget.NewLabel(""), widget.NewLabel(""), widget.NewLabel(""))
		}, "label"},
		{"a truncated rich text is cut", func() fyne.CanvasObject {
			r := widget.NewRichTextWithText(long)
			r.Truncation = fyne.TextTruncateEllipsis
			return container.NewGridWithColumns(4, r, widget.NewLabel(""), widget.NewLabel(""), widget.NewLabel(""))
		}, "label"},
		{"a squeezed check box is cut", func() fyne.CanvasObject {
			return container.NewGridWithColumns(4, widget.NewCheck(long, nil), widget.NewLabel(""), widget.NewLabel(""), widget.NewLabel(""))
		}, "check box"},
		{"a label past the window edge is cut", func() fyne.CanvasObject {
			return container.NewHBox(widget.NewLabel(long), widget.NewLabel(long))
		}, "past the window edge"},
		{"a form hint past a vertical scroll's edge is cut", func() fyne.CanvasObject {
			e := widget.NewEntry()
			form := widget.NewForm(widget.NewFormItem("Files", e))
			form.Items[0].HintText = long // narrower than the window, wider than the pane
			split := container.NewHSplit(container.NewVScroll(form), widget.NewLabel(""))
			split.Offset = 0.3
			return split
		}, "past the scroll edge"},
		{"a short form hint in a vertical scroll is whole", func() fyne.CanvasObject {
			e := widget.NewEntry()
			form := widget.NewForm(widget.NewFormItem("Files", e))
			form.Items[0].HintText = "*.pdf"
			return container.NewHSplit(container.NewVScroll(form), widget.NewLabel(""))
		}, ""},
		{"a select's choice cut short is cut", func() fyne.CanvasObject {
			s := widget.NewSelect([]string{long}, nil)
			s.SetSelectedIndex(0)
			return container.NewGridWithColumns(2, s, widget.NewLabel(""))
		}, "label"},
		{"a label with room is whole", func() fyne.CanvasObject { return widget.NewLabel(long) }, ""},
		{"a wrapping label is whole", func() fyne.CanvasObject {
			l := widget.NewLabel(long + " " + long)
			l.Wrapping = fyne.TextWrapWord
			return container.NewGridWithColumns(3, l, widget.NewLabel(""), widget.NewLabel(""))
		}, ""},
		{"a label in a sideways scroll is whole", func() fyne.CanvasObject {
			return container.NewHScroll(container.NewHBox(widget.NewLabel(long), widget.NewLabel(long)))
		}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			win := test.NewTempWindow(t, c.content())
			win.Resize(fyne.NewSize(500, 200))
			got := Cut(win, Options{})
			if c.cut == "" && len(got) > 0 || c.cut != "" && (len(got) == 0 || !strings.Contains(got[0], c.cut)) {
				t.Errorf("Cut = %q, want %q", got, c.cut)
			}
		})
	}
}

// TestInEachLanguageLeavesEnglish: after the languages are rendered, the
// catalogue in force is English again, so the package's next test reading
// English text is not handed Polish.
func TestInEachLanguageLeavesEnglish(t *testing.T) {
	var seen []string
	t.Run("languages", func(t *testing.T) {
		InEachLanguage(t, Options{}, func(t *testing.T, win fyne.Window, check func(string)) {
			seen = append(seen, lang.X("mirror.ui.next", "Next"))
			win.SetContent(widget.NewLabel(lang.X("mirror.ui.next", "Next")))
			check("a label")
		})
	})
	if strings.Join(seen, " ") != "Next Далее Dalej" {
		t.Errorf("rendered %q, want each language's word", seen)
	}
	if got := lang.X("mirror.ui.next", "fallback"); got != "Next" {
		t.Errorf("after the run lang gives %q, want English", got)
	}
}
