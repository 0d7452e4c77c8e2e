package aitab

import (
	"os"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/aiaccess"
	"github.com/robots-studio/robots-studio/ui/look"
	"github.com/robots-studio/robots-studio/ui/richmsg"
)

// linkedin is the window's speed-test file (4,302 lines): under the
// default choice its lines to add run to some 200 lines.
func linkedin(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../../release/webtest/testdata/linkedin.robots.txt")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// placed is a text object and where it is, relative to an object above.
type placed struct {
	text *canvas.Text
	at   fyne.Position
}

// drawn is the text objects the window would draw under o (what is in
// its tree and visible), with their places relative to o.
func drawn(o fyne.CanvasObject) []placed {
	var out []placed
	var walk func(o fyne.CanvasObject, at fyne.Position)
	walk = func(o fyne.CanvasObject, at fyne.Position) {
		if !o.Visible() {
			return
		}
		switch x := o.(type) {
		case *canvas.Text:
			if x.Text != "" {
				out = append(out, placed{x, at})
			}
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c, at.Add(c.Position()))
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c, at.Add(c.Position()))
			}
		}
	}
	walk(o, fyne.Position{})
	return out
}

// scrollShowing is the scroll in c whose drawn texts include one that
// starts with prefix.
func scrollShowing(t *testing.T, c fyne.CanvasObject, prefix string) *container.Scroll {
	t.Helper()
	var found *container.Scroll
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if s, ok := o.(*container.Scroll); ok && found == nil {
			for _, tx := range drawn(s) {
				if strings.HasPrefix(tx.text.Text, prefix) {
					found = s
					return
				}
			}
		}
		switch x := o.(type) {
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c)
			}
		}
	}
	walk(c)
	if found == nil {
		t.Fatalf("no scroll shows a text starting %q", prefix)
	}
	return found
}

// TestRuleDrawsOnlyLinesInSight: the lines to add (some 200 for
// linkedin's file) are drawn only as far as they are in sight, give or
// take half a view either side, before and after a zoom: as one label,
// every line was wrapped again and drawn anew at each zoom (F11), a third
// of its time with the tab in view (docs/speed-window.md).
func TestRuleDrawsOnlyLinesInSight(t *testing.T) {
	tab, _ := newTestTab(t, linkedin(t))
	win := fyne.CurrentApp().Driver().AllWindows()[0]
	win.Resize(fyne.NewSize(1280, 740))
	if n := strings.Count(tab.preview, "\n"); n < 150 {
		t.Fatalf("the preview has %d lines; the test wants a long one", n)
	}
	for _, zoom := range []int{100, 140} {
		th := look.New("light")
		th.Zoom = zoom
		test.ApplyTheme(t, th)
		s := scrollShowing(t, tab.Content, "Content-Signal:")
		texts := drawn(s)
		line := texts[0].text.MinSize().Height
		if most := int(2*s.Size().Height/line) + 4; len(texts) > most {
			t.Errorf("at %d %%, the rule's column draws %d texts; %d lines fit in twice its view", zoom, len(texts), most)
		}
		if h := tab.rule.MinSize().Height; h < 3*s.Size().Height {
			t.Fatalf("at %d %%, the rule is %v high in a %v high view; the test proves nothing", zoom, h, s.Size().Height)
		}
	}
}

// TestRuleAsOneLabel: the rule's lines are where one label of the whole
// text (monospace, wrapped at words) would draw them, row for row, and the
// note goes below it as a second label in a VBox would; the column is as
// high as that VBox.
func TestRuleAsOneLabel(t *testing.T) {
	tab, _ := newTestTab(t, "User-agent: *\nDisallow: /private/\n")
	win := fyne.CurrentApp().Driver().AllWindows()[0]
	win.Resize(fyne.NewSize(1024, 700))
	for _, zoom := range []int{100, 140} {
		th := look.New("light")
		th.Zoom = zoom
		test.ApplyTheme(t, th)
		for _, tg := range []target{targetRobots, targetServer} {
			tab.target.SetSelectedIndex(int(tg))
			v := tab.rule
			v.scroll.ScrollToOffset(fyne.Position{})
			v.scroll.Refresh()
			label := widget.NewLabel(tab.preview)
			label.TextStyle = fyne.TextStyle{Monospace: true}
			label.Wrapping = fyne.TextWrapWord
			note := widget.NewLabel(tab.note)
			note.Wrapping = fyne.TextWrapWord
			if tab.note == "" {
				note.Hide()
			}
			box := container.NewVBox(label, note)
			width := v.Size().Width
			box.Resize(fyne.NewSize(width, box.MinSize().Height))
			box.Resize(fyne.NewSize(width, box.MinSize().Height)) // the wrapped texts know their width now
			want, got := drawn(box), drawn(v)
			if len(got) == 0 {
				t.Fatalf("%d %%, %s: nothing drawn", zoom, targetLabel(tg))
			}
			for i, g := range got {
				if i >= len(want) {
					t.Fatalf("%d %%, %s: %d texts drawn, one label draws %d", zoom, targetLabel(tg), len(got), len(want))
				}
				gp, wp := g.at, want[i].at
				g, w := g.text, want[i].text
				if g.Text != w.Text || gp != wp || g.Size() != w.Size() || g.TextSize != w.TextSize || g.TextStyle != w.TextStyle || g.Color != w.Color {
					t.Fatalf("%d %%, %s: text %d is %q at %v (%v, size %v), a label draws %q at %v (%v, size %v)", zoom, targetLabel(tg), i, g.Text, gp, g.Size(), g.TextSize, w.Text, wp, w.Size(), w.TextSize)
				}
			}
			measured := true
			for i, r := range v.rows {
				measured = measured && (len(r.segs) == 0 || v.heights[i] > 0)
			}
			if measured && v.MinSize().Height != box.MinSize().Height {
				t.Errorf("%d %%, %s: the column is %v high, a VBox of the labels %v", zoom, targetLabel(tg), v.MinSize().Height, box.MinSize().Height)
			}
		}
	}
}

// TestWarningsDrawnOnlyInSight: the builder's warnings (a dozen long texts
// for linkedin's file, most of them below the builder's view) are drawn
// only as far as they are in sight, give or take a view, before and after
// a zoom: in a VBox each was wrapped again and drawn anew on every zoom.
func TestWarningsDrawnOnlyInSight(t *testing.T) {
	tab, _ := newTestTab(t, linkedin(t))
	win := fyne.CurrentApp().Driver().AllWindows()[0]
	win.Resize(fyne.NewSize(1280, 740))
	for _, zoom := range []int{100, 140} {
		th := look.New("light")
		th.Zoom = zoom
		test.ApplyTheme(t, th)
		s := scrollShowing(t, tab.Content, "AI policy builder")
		warning := th.Color(theme.ColorNameWarning, fyne.CurrentApp().Settings().ThemeVariant())
		top, view := s.Offset.Y, s.Size().Height
		n, far := 0, 0
		for _, tx := range drawn(s.Content) {
			if tx.text.Color != warning {
				continue
			}
			n++
			if tx.at.Y+tx.text.Size().Height < top-view || tx.at.Y > top+2*view {
				far++
			}
		}
		if n == 0 {
			t.Fatalf("at %d %%, no warning drawn in the builder's view", zoom)
		}
		if far > 0 {
			t.Errorf("at %d %%, %d of the %d warning texts drawn are more than a view out of sight", zoom, far, n)
		}
		if h := s.Content.MinSize().Height; h < 3*view {
			t.Fatalf("at %d %%, the builder is %v high in a %v high view; the test proves nothing", zoom, h, view)
		}
	}
}

// TestWarningsAsBefore: the warnings in sight, and the note on the drafts
// under them, are drawn where the builder's VBox of richmsg texts and its
// label drew them.
func TestWarningsAsBefore(t *testing.T) {
	t.Run("a dozen", func(t *testing.T) { warningsAsBefore(t, linkedin(t), 10) })
	t.Run("none", func(t *testing.T) { warningsAsBefore(t, "User-agent: *\nAllow: /\n", 1) })
}

func warningsAsBefore(t *testing.T, src string, least int) {
	tab, _ := newTestTab(t, src)
	win := fyne.CurrentApp().Driver().AllWindows()[0]
	win.Resize(fyne.NewSize(1280, 740))
	if least == 1 {
		tab.stance.SetSelected(aiaccess.StanceName(aiaccess.AllowAll).String())
		if len(tab.plan.Warnings) != 0 {
			t.Fatalf("%d warnings; the test wants none", len(tab.plan.Warnings))
		}
	}
	for _, zoom := range []int{100, 140} {
		th := look.New("light")
		th.Zoom = zoom
		test.ApplyTheme(t, th)
		v := tab.warnings
		box, warnings := container.NewVBox(), container.NewVBox()
		for _, w := range tab.plan.Warnings {
			warnings.Add(richmsg.NewText("⚠ "+w.String(), richmsg.Style{Color: theme.ColorNameWarning}))
		}
		drafts := widget.NewLabel(tab.drafts)
		drafts.Wrapping = fyne.TextWrapWord
		box.Add(warnings)
		box.Add(drafts)
		width := v.Size().Width
		box.Resize(fyne.NewSize(width, box.MinSize().Height))
		box.Resize(fyne.NewSize(width, box.MinSize().Height))
		want, got := drawn(box), drawn(v)
		if len(got) < least {
			t.Fatalf("at %d %%, %d warning texts drawn; the test proves nothing", zoom, len(got))
		}
		for i, g := range got {
			w := want[i]
			if g.text.Text != w.text.Text || g.at != w.at || g.text.Size() != w.text.Size() || g.text.TextStyle != w.text.TextStyle || g.text.Color != w.text.Color {
				t.Fatalf("at %d %%, text %d is %q at %v (%v), a VBox draws %q at %v (%v)", zoom, i, g.text.Text, g.at, g.text.Size(), w.text.Text, w.at, w.text.Size())
			}
		}
		measured := true
		for i, r := range v.rows {
			measured = measured && (len(r.segs) == 0 || v.heights[i] > 0)
		}
		if measured && v.MinSize().Height != box.MinSize().Height {
			t.Errorf("at %d %%, the warnings are %v high, a VBox of them %v", zoom, v.MinSize().Height, box.MinSize().Height)
		}
	}
}

// TestWarningsFollowTheBuildersScroll: the builder scrolled by code (as
// the window's Tab scrolls the control it reaches into view, which tells
// no OnScrolled) shows the warnings now in sight.
func TestWarningsFollowTheBuildersScroll(t *testing.T) {
	tab, _ := newTestTab(t, linkedin(t))
	win := fyne.CurrentApp().Driver().AllWindows()[0]
	win.Resize(fyne.NewSize(1280, 740))
	s := scrollShowing(t, tab.Content, "AI policy builder")
	v := tab.warnings
	view := s.Size().Height
	at := v.Position().Y + v.Size().Height - view // the warnings' end at the view's foot
	if v.Size().Height < 2*view {
		t.Fatalf("the warnings are %v high in a %v high view; the test proves nothing", v.Size().Height, view)
	}
	s.ScrollToOffset(fyne.NewPos(0, at))
	warning := theme.Color(theme.ColorNameWarning)
	seen := 0
	for _, tx := range drawn(s.Content) {
		if tx.text.Color == warning && tx.at.Y+tx.text.Size().Height > at && tx.at.Y < at+view {
			seen++
		}
	}
	if seen < 5 {
		t.Errorf("scrolled to the warnings' end, %d of their texts are drawn in sight", seen)
	}
}
