package ui

import (
	"fmt"
	"image/color"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/internal/session"
	"github.com/robots-studio/robots-studio/ui/look"
	"github.com/robots-studio/robots-studio/ui/uitest"
)

// aiRow is the text of the AI tab's report row that names crawler, ""
// when there is none. The report's rows are rich texts of the tab's own
// kind (aitab's steadyText); they begin with ✔ or ✖.
func aiRow(s *studio, crawler string) string {
	for _, o := range test.LaidOutObjects(s.ai.Content) {
		if r, ok := o.(fmt.Stringer); ok && strings.ContainsAny(r.String(), "✔✖") && strings.Contains(r.String(), crawler) {
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
	s.show(session.File{IsNew: true}, []byte("User-agent: GPTBot\nDisallow: /private/\n"), nil)
	if s.ai.Tab != nil || s.ai.body.content != nil {
		t.Fatal("the AI tab was made before it was shown")
	}
	s.showTab(s.ai)
	if s.ai.Tab == nil || s.ai.body.content != s.ai.Content || !s.ai.body.opened {
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

// TestTabShownAfterAZoomTakesIt: a tab shown after a zoom and a switch to
// the dark theme made while it was hidden draws its texts and boxes in the
// sizes and colours of a window opened at that zoom and theme: a tab never
// opened before (its widgets join the window only then, tabBody) and a
// tab opened once and left (tabBody refreshes it only when shown again).
// Fyne's own walk leaves a few colours of a tab in view during the switch
// as they were, the Lessons list's selection among them; those may differ
// in the hidden tabs too, nothing else.
func TestTabShownAfterAZoomTakesIt(t *testing.T) {
	english(t)
	a := uitest.NewApp(t)
	open := func() *studio {
		s := testStudio(a, t.TempDir())
		s.win.Resize(fyne.NewSize(1280, 800))
		t.Cleanup(s.win.Close)
		return s
	}
	tabs := func(s *studio) map[string]tab {
		return map[string]tab{"meta": s.meta, "lessons": &s.class, "sitemaps": s.sitemaps, "ai": s.ai}
	}
	unopened, left := open(), open()
	inView := map[string]*studio{}
	before := map[string][]string{}
	for name, tb := range tabs(unopened) {
		if quiet(tb.tabItem()).opened {
			t.Fatalf("%s: the tab's widgets are in the window before it is shown", name)
		}
		left.showTab(tabs(left)[name])
		before[name] = styles(tabs(left)[name].tabItem().Content)
		inView[name] = open()
		inView[name].showTab(tabs(inView[name])[name])
	}
	left.showEditor()
	a.Preferences().SetString(prefTheme, "dark")
	unopened.view.applyZoom(130) // every window of the app
	fresh := open()
	for name := range tabs(unopened) {
		fresh.showTab(tabs(fresh)[name])
		want, seen := styles(tabs(fresh)[name].tabItem().Content), styles(tabs(inView[name])[name].tabItem().Content)
		if len(want) == 0 || slices.Equal(before[name], want) {
			t.Fatalf("%s: styles %v, the same before the switch", name, want)
		}
		for kind, s := range map[string]*studio{"never opened": unopened, "opened and left": left} {
			s.showTab(tabs(s)[name])
			got := styles(tabs(s)[name].tabItem().Content)
			for _, st := range got {
				if !slices.Contains(want, st) && !slices.Contains(seen, st) {
					t.Errorf("%s tab (%s) shown after the switch draws %s; a window opened at it does not", name, kind, st)
				}
			}
			for _, st := range want {
				if !slices.Contains(got, st) && slices.Contains(seen, st) {
					t.Errorf("%s tab (%s) shown after the switch lacks %s of a window opened at it", name, kind, st)
				}
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
	if s.class.tab != nil || s.class.body.content != nil {
		t.Fatal("the Lessons tab was made before it was shown")
	}
	s.showTab(&s.class)
	if s.class.tab == nil || s.class.body.content != s.class.tab.Content || !s.class.body.opened {
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

// counted is a rectangle that counts how often it is measured, laid out
// and refreshed.
type counted struct {
	*canvas.Rectangle
	measured, laidOut, refreshed int
}

func newCounted(c color.Color) *counted { return &counted{Rectangle: canvas.NewRectangle(c)} }

func (c *counted) MinSize() fyne.Size     { c.measured++; return fyne.NewSize(300, 200) }
func (c *counted) Resize(s fyne.Size)     { c.laidOut++; c.Rectangle.Resize(s) }
func (c *counted) Refresh()               { c.refreshed++; c.Rectangle.Refresh() }
func (c *counted) costs() (int, int, int) { return c.measured, c.laidOut, c.refreshed }
func (c *counted) forget()                { c.measured, c.laidOut, c.refreshed = 0, 0, 0 }
func inWindow(o fyne.CanvasObject, win fyne.CanvasObject) bool {
	return slices.Contains(test.LaidOutObjects(win), o)
}

// TestHiddenTabsCostNothing is the rule of tabBody: a tab never opened is
// neither measured, laid out nor refreshed, and is not in the window; a tab
// opened and left is not measured or refreshed while hidden (the tab bar's
// refreshes and a theme switch included), its last size still counts, and
// when shown again it is refreshed once for what it missed.
func TestHiddenTabsCostNothing(t *testing.T) {
	uitest.NewApp(t)
	first, second := newCounted(color.White), newCounted(color.Black)
	tabs := newQuietTabs(container.NewTabItem("a", first), container.NewTabItem("b", second))
	w := test.NewTempWindow(t, tabs)
	w.Resize(fyne.NewSize(400, 300))
	tabs.Refresh()
	test.ApplyTheme(t, look.New("dark"))
	if m, l, r := second.costs(); m+l+r != 0 || inWindow(second, w.Content()) {
		t.Fatalf("the tab never opened was measured %d, laid out %d, refreshed %d times (in the window: %v)", m, l, r, inWindow(second, w.Content()))
	}
	if m, l, _ := first.costs(); m == 0 || l == 0 {
		t.Fatal("the tab in view was never measured or laid out")
	}

	tabs.SelectIndex(1)
	tabs.MinSize() // as the window does on each frame that changed
	if m, l, r := second.costs(); m == 0 || l == 0 || r != 1 {
		t.Fatalf("the tab first shown: measured %d, laid out %d, refreshed %d times; want some, some, once", m, l, r)
	}
	if !second.Visible() || second.Size() != tabs.Items[1].Content.Size() || !inWindow(second, w.Content()) {
		t.Fatal("the tab shown is not in the window over the whole tab area")
	}

	tabs.SelectIndex(0)
	shown := tabs.MinSize()
	second.forget()
	for range 3 {
		tabs.Refresh()
		if got := tabs.MinSize(); got != shown {
			t.Fatalf("min size %v, then %v", shown, got)
		}
	}
	test.ApplyTheme(t, look.New("light"))
	if m, l, r := second.costs(); m+l+r != 0 {
		t.Fatalf("the tab left was measured %d, laid out %d, refreshed %d times while hidden", m, l, r)
	}
	tabs.SelectIndex(1)
	if _, _, r := second.costs(); r != 1 {
		t.Fatalf("the tab shown again after a theme switch was refreshed %d times, want once", r)
	}
	second.forget()
	tabs.SelectIndex(0)
	tabs.SelectIndex(1)
	if _, _, r := second.costs(); r != 0 {
		t.Fatalf("the tab shown again with nothing missed was refreshed %d times", r)
	}
}

// TestQuietTabsDrawTheirContent: every tab draws its content when picked,
// even a content some tab container had hidden before it was put in a
// tabBody (a wrapper shown over a hidden content drew blank in the real
// window). Pixels, not flags: the captured window must show the colour.
func TestQuietTabsDrawTheirContent(t *testing.T) {
	uitest.NewApp(t)
	colours := []color.NRGBA{{R: 200, A: 255}, {G: 200, A: 255}, {B: 200, A: 255}}
	items := make([]*container.TabItem, len(colours))
	for i, c := range colours {
		items[i] = container.NewTabItem(fmt.Sprint(i), canvas.NewRectangle(c))
	}
	plain := container.NewAppTabs(items...)
	w := test.NewTempWindow(t, plain)
	w.Resize(fyne.NewSize(400, 300))
	if items[1].Content.Visible() {
		t.Fatal("the tab container did not hide the second tab's content; the test proves nothing")
	}
	w.SetContent(widget.NewLabel(""))
	plain.Items = nil
	tabs := newQuietTabs(items...)
	w.SetContent(tabs)
	for i, c := range colours {
		tabs.SelectIndex(i)
		img := w.Canvas().Capture()
		if got := color.NRGBAModel.Convert(img.At(img.Bounds().Dx()/2, img.Bounds().Dy()*2/3)); got != c {
			t.Errorf("tab %d draws %v in its middle, want its content's %v", i, got, c)
		}
	}
}

// measureWalk measures o as Fyne's window does before it paints a frame
// that changed (common.Canvas.EnsureMinSize in Fyne 2.7.1): it walks the
// visible objects, asks each whether it is visible as it reaches it, and
// after its children asks again and measures it. It returns o's minimum
// size.
func measureWalk(o fyne.CanvasObject) fyne.Size {
	if !o.Visible() {
		return fyne.Size{}
	}
	var children []fyne.CanvasObject
	switch c := o.(type) {
	case *fyne.Container:
		children = c.Objects
	case fyne.Widget:
		children = test.WidgetRenderer(c).Objects()
	}
	for _, child := range children {
		measureWalk(child)
	}
	if !o.Visible() {
		return fyne.Size{}
	}
	return o.MinSize()
}

// TestTabBodyMeasuredOncePerWalk: in a window's walk the tab's body is
// measured once, and the tab container and each container above it (the
// window: a status bar under the tabs, in a border, in a stack) take that
// measurement instead of measuring the tab's whole content again; the next
// walk measures it afresh and sees what changed. An object in the tab is
// measured by the walk itself, by the stack it is in and by the body: 3
// times (7 before).
func TestTabBodyMeasuredOncePerWalk(t *testing.T) {
	uitest.NewApp(t)
	first, second := newCounted(color.White), newCounted(color.Black)
	grows := canvas.NewRectangle(color.White)
	tabs := newQuietTabs(container.NewTabItem("a", container.NewStack(first, grows)), container.NewTabItem("b", second))
	window := container.NewStack(container.NewBorder(nil, widget.NewLabel("status"), nil, nil, container.NewStack(tabs)))
	w := test.NewTempWindow(t, window)
	w.Resize(fyne.NewSize(400, 300))
	measureWalk(window)
	for walk := range 3 {
		first.forget()
		if walk == 2 {
			grows.SetMinSize(fyne.NewSize(500, 400))
		}
		got := measureWalk(window)
		if first.measured != 3 {
			t.Fatalf("walk %d: an object in the tab in view was measured %d times, want 3 (by the walk, its stack, the tab's body)", walk, first.measured)
		}
		if walk == 2 && (got.Width < 500 || got.Height < 400) {
			t.Fatalf("walk %d: the window's minimum size %v does not follow the tab that grew to 500×400", walk, got)
		}
	}
}
