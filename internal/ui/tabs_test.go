package ui

import (
	"fmt"
	"image/color"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/internal/ui/uitest"
)

// aiRow is the text of the AI tab's row that names crawler, "" when there
// is none.
func aiRow(s *studio, crawler string) string {
	for _, o := range test.LaidOutObjects(s.ai.Content) {
		if r, ok := o.(*widget.RichText); ok && strings.Contains(r.String(), crawler) {
			return r.String()
		}
	}
	return ""
}

// TestAITabIsMadeWhenFirstShown: the AI access tab's widgets (a wrapped
// line for every crawler of the catalogue) wait until the tab first comes
// into view; then it reads the open document, and what the user typed in
// it survives a language switch made while another tab is in view (the
// rebuilt tab is made again only when shown).
func TestAITabIsMadeWhenFirstShown(t *testing.T) {
	english(t)
	s := newTestStudio(t)
	s.show(s.doc.File, []byte("User-agent: GPTBot\nDisallow: /private/\n"), nil)
	if s.ai.Tab != nil || len(s.ai.body.Objects) != 0 {
		t.Fatal("the AI tab was made before it was shown")
	}
	s.showTab(s.ai)
	if s.ai.Tab == nil || len(s.ai.body.Objects) != 1 || s.ai.body.Objects[0] != s.ai.Content {
		t.Fatal("the AI tab shown is empty")
	}
	paths := entryWithPlaceholder(s.ai.Content, lang.X("aitab.paths.placeholder", "?"))
	if paths == nil {
		t.Fatal("no paths field in the AI tab")
	}
	paths.SetText("/private/")
	paths.OnSubmitted(paths.Text)
	if row := aiRow(s, "GPTBot"); !strings.Contains(row, "/private/ blocked") {
		t.Fatalf("GPTBot's row does not read the document: %q", row)
	}

	s.showEditor()
	s.switchLanguage("ru")
	if s.ai.Tab != nil {
		t.Fatal("the rebuilt AI tab was made while hidden")
	}
	s.showTab(s.ai)
	paths = entryWithPlaceholder(s.ai.Content, lang.X("aitab.paths.placeholder", "?"))
	if paths == nil || paths.Text != "/private/" {
		t.Fatalf("the paths typed before the switch are lost: %v", paths)
	}
	if row, want := aiRow(s, "GPTBot"), "/private/ "+lang.X("aitab.access.blocked", "?"); want == "/private/ blocked" || !strings.Contains(row, want) {
		t.Fatalf("after the switch GPTBot's row is %q, want %q in Russian", row, want)
	}
}

// styles lists the sizes and colours of the texts drawn in o and the
// colours of its rectangles, each once, sorted.
func styles(o fyne.CanvasObject) []string {
	var out []string
	hex := func(c color.Color) string {
		if c == nil {
			return "none"
		}
		r, g, b, a := c.RGBA()
		return fmt.Sprintf("#%02x%02x%02x%02x", r>>8, g>>8, b>>8, a>>8)
	}
	for _, c := range test.LaidOutObjects(o) {
		switch c := c.(type) {
		case *canvas.Text:
			if c.Visible() && c.Text != "" {
				out = append(out, fmt.Sprintf("text %.1f %s", c.TextSize, hex(c.Color)))
			}
		case *canvas.Rectangle:
			if c.Visible() {
				out = append(out, "rect "+hex(c.FillColor)+" "+hex(c.StrokeColor))
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestTabFirstShownAfterAZoomTakesIt: a tab whose widgets joined the window
// only when first shown (the shelf) draws its texts and boxes, after a
// zoom and a switch to the dark theme made while it was shelved, in the
// sizes and colours of a window opened at that zoom and theme, as a tab
// that was in view during the switch does. (Fyne's own walk leaves a few
// colours of a tab in view as they were, the Lessons list's selection
// among them; those may differ in the shelved tab too, nothing else.)
func TestTabFirstShownAfterAZoomTakesIt(t *testing.T) {
	english(t)
	a := uitest.NewApp(t)
	open := func() *studio {
		s := testStudio(a, t.TempDir())
		s.win.Resize(fyne.NewSize(1280, 800))
		t.Cleanup(s.win.Close)
		return s
	}
	tabs := func(s *studio) map[string]tab {
		return map[string]tab{"meta": s.meta, "lessons": &s.class, "sitemaps": s.sitemaps}
	}
	shelved, saw := open(), open()
	before := map[string][]string{}
	for name, tb := range tabs(shelved) {
		if _, ok := shelved.shelf[tb.tabItem()]; !ok {
			t.Fatalf("%s: the tab is not on the shelf before it is shown", name)
		}
		before[name] = styles(tb.tabItem().Content)
		saw.showTab(tabs(saw)[name])
	}
	a.Preferences().SetString(prefTheme, "dark")
	shelved.view.applyZoom(130) // every window of the app
	fresh := open()
	for name, tb := range tabs(shelved) {
		shelved.showTab(tb)
		fresh.showTab(tabs(fresh)[name])
		saw.showTab(tabs(saw)[name])
		got, want, seen := styles(tb.tabItem().Content), styles(tabs(fresh)[name].tabItem().Content), styles(tabs(saw)[name].tabItem().Content)
		if len(want) == 0 || slices.Equal(before[name], want) {
			t.Fatalf("%s: styles %v, the same before the switch", name, want)
		}
		for _, st := range got {
			if !slices.Contains(want, st) && !slices.Contains(seen, st) {
				t.Errorf("%s tab first shown after the switch draws %s; a window opened at it does not", name, st)
			}
		}
		for _, st := range want {
			if !slices.Contains(got, st) && slices.Contains(seen, st) {
				t.Errorf("%s tab first shown after the switch lacks %s of a window opened at it", name, st)
			}
		}
	}
}

// TestLessonsTabIsMadeWhenFirstShown: the Lessons tab's widgets wait until
// the tab first comes into view; the lesson the user picked is still the
// one shown after a language switch made while another tab is in view.
func TestLessonsTabIsMadeWhenFirstShown(t *testing.T) {
	english(t)
	s := newTestStudio(t)
	if s.class.tab != nil || len(s.class.body.Objects) != 0 {
		t.Fatal("the Lessons tab was made before it was shown")
	}
	s.showTab(&s.class)
	if s.class.tab == nil || len(s.class.body.Objects) != 1 || s.class.body.Objects[0] != s.class.tab.Content {
		t.Fatal("the Lessons tab shown is empty")
	}
	if len(s.class.tab.Lessons()) < 2 {
		t.Fatalf("%d built-in lessons; the test picks the second", len(s.class.tab.Lessons()))
	}
	s.class.tab.Select(1)
	picked := s.class.tab.Current().ID
	s.showEditor()
	s.switchLanguage("pl")
	if s.class.tab != nil {
		t.Fatal("the rebuilt Lessons tab was made while hidden")
	}
	s.showTab(&s.class)
	if l := s.class.lessons().Current(); l == nil || l.ID != picked {
		t.Fatalf("after the switch the tab shows %v, want %s", l, picked)
	}
}
