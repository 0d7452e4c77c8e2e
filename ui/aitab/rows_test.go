package aitab

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/ui/look"
)

// asVBox is the report's rows as the tab drew them before rowsView: a
// label (with its style) for each label row, a rich text for each crawler,
// in a VBox width wide.
func asVBox(rows []reportRow, width float32) *fyne.Container {
	box := container.NewVBox()
	for _, r := range rows {
		seg := r.segs[0].(*widget.TextSegment)
		if seg.Style.Inline {
			l := widget.NewLabelWithStyle(seg.Text, fyne.TextAlignLeading, seg.Style.TextStyle)
			l.Wrapping = r.wrap
			box.Add(l)
			continue
		}
		rt := widget.NewRichText(r.segs...)
		rt.Wrapping = r.wrap
		box.Add(rt)
	}
	box.Resize(fyne.NewSize(width, box.MinSize().Height))
	box.Resize(fyne.NewSize(width, box.MinSize().Height)) // the wrapped texts know their width now
	return box
}

// inSight checks that the report has widgets for the rows in sight, and
// only for those and about half a view either side, each with its row's
// text, as high as in a VBox of the same rows and as far from the row
// before; where every row above was measured, where the VBox puts it.
func inSight(t *testing.T, v *rowsView) {
	t.Helper()
	width := v.Size().Width
	box := asVBox(v.rows, width)
	if len(v.objects) == 0 || len(v.objects) > len(v.rows)/3 {
		t.Fatalf("%d widgets for %d rows", len(v.objects), len(v.rows))
	}
	top, view := v.scroll.Offset.Y, v.scroll.Size().Height
	above := true // every row above was measured
	for i := range v.rows {
		want := box.Objects[i]
		rt := v.inUse[i]
		switch {
		case rt == nil:
			if y := v.y(i); y+v.height(i) > top && y < top+view {
				t.Fatalf("row %d (%q) is in sight but has no widget", i, v.rows[i].String())
			}
		case rt.String() != v.rows[i].String():
			t.Fatalf("row %d's widget reads %q, want %q", i, rt.String(), v.rows[i].String())
		case rt.Position().Y > top+view*2 || rt.Position().Y+rt.Size().Height < top-view:
			t.Errorf("row %d has a widget at %v, far out of sight (view %v..%v)", i, rt.Position().Y, top, top+view)
		case rt.Size() != want.Size():
			t.Errorf("row %d (%q) is %v; in a VBox %v", i, v.rows[i].String(), rt.Size(), want.Size())
		case above && rt.Position() != want.Position():
			t.Errorf("row %d (%q) at %v; a VBox puts it at %v", i, v.rows[i].String(), rt.Position(), want.Position())
		case i > 0 && v.inUse[i-1] != nil && rt.Position().Y-v.inUse[i-1].Position().Y != want.Position().Y-box.Objects[i-1].Position().Y:
			t.Errorf("row %d is %v below row %d; in a VBox %v", i, rt.Position().Y-v.inUse[i-1].Position().Y, i-1, want.Position().Y-box.Objects[i-1].Position().Y)
		}
		above = above && v.heights[i] > 0
	}
}

// TestRowsOutOfSightAreNotDrawn: Fyne paints every object of a scroll's
// content, in sight or not, and its theme walk wraps every rich text again
// on a zoom. The report draws only the rows in sight; the rows within half
// a view of it that were seen keep their widget, as wrapped, out of the
// window, and get it back when they come into sight again.
func TestRowsOutOfSightAreNotDrawn(t *testing.T) {
	tab, _ := newTestTab(t, "User-agent: GPTBot\nDisallow: /\n")
	v := tab.report
	top, view := v.scroll.Offset.Y, v.scroll.Size().Height
	for _, o := range v.objects {
		if y := o.Position().Y; y+o.Size().Height < top || y > top+view {
			t.Errorf("a row at %v..%v is drawn out of sight (view %v..%v)", y, y+o.Size().Height, top, top+view)
		}
	}
	first := v.inUse[0]
	v.scroll.ScrollToOffset(fyne.NewPos(0, v.y(0)+v.height(0)+view/4))
	v.place(v.Size())
	if v.inUse[0] != nil || slices.Contains(v.objects, fyne.CanvasObject(first)) {
		t.Fatal("the first row is still drawn, scrolled out of sight; the test proves nothing")
	}
	if v.parked[0] != first {
		t.Error("the first row, a quarter of a view out of sight, lost its widget")
	}
	v.scroll.ScrollToOffset(fyne.Position{})
	v.place(v.Size())
	if v.inUse[0] != first {
		t.Error("back in sight, the first row got another widget than the one kept aside")
	}
}

// TestReportHasWidgetsOnlyInSight: the access report (a row for every
// catalogue crawler) makes widgets only for the rows in sight, laid out as
// a VBox of labels lays out the same rows: at the top, scrolled to the
// bottom, and again after a zoom, which changes every row's height.
func TestReportHasWidgetsOnlyInSight(t *testing.T) {
	tab, _ := newTestTab(t, "User-agent: GPTBot\nDisallow: /\n")
	v := tab.report
	if len(v.rows) < 100 {
		t.Fatalf("%d rows; the test wants a long report", len(v.rows))
	}
	inSight(t, v)
	before := v.inUse[0].Size().Height
	box, unwrapped := asVBox(v.rows, v.Size().Width), float32(0)
	for i, r := range v.rows {
		if r.wrap == fyne.TextWrapOff {
			unwrapped = max(unwrapped, box.Objects[i].MinSize().Width)
		}
	}
	if got := v.MinSize().Width; got < unwrapped || got > box.MinSize().Width {
		t.Errorf("the report's least width is %v; its widest unwrapped row needs %v, a VBox of all rows %v", got, unwrapped, box.MinSize().Width)
	}

	v.scroll.ScrollToOffset(fyne.NewPos(0, v.MinSize().Height)) // the end
	v.scroll.Refresh()
	v.place(v.Size())
	inSight(t, v)
	last := v.inUse[len(v.rows)-1]
	if last == nil {
		t.Fatal("scrolled to the end, the last row is not drawn")
	}
	if end := last.Position().Y + last.Size().Height; end != v.MinSize().Height || end != v.Size().Height {
		t.Errorf("the last row ends at %v; the column is %v high, wants %v", end, v.Size().Height, v.MinSize().Height)
	}

	zoomed := look.New("light")
	zoomed.Zoom = 150
	test.ApplyTheme(t, zoomed)
	v.scroll.ScrollToOffset(fyne.Position{})
	v.scroll.Refresh()
	if v.inUse[0] == nil || v.inUse[0].Size().Height <= before {
		t.Fatal("the zoom did not reach the report; the test proves nothing")
	}
	inSight(t, v)
}

// measuring counts the texts measured while it is the app, each text as
// often as it was measured.
type measuring struct {
	fyne.App
	seen map[string]int
}

func (m *measuring) Driver() fyne.Driver { return measuringDriver{m.App.Driver(), m} }

type measuringDriver struct {
	fyne.Driver
	m *measuring
}

func (d measuringDriver) RenderedTextSize(text string, size float32, style fyne.TextStyle, source fyne.Resource) (fyne.Size, float32) {
	d.m.seen[text]++
	return d.Driver.RenderedTextSize(text, size, style, source)
}

// TestRowsWrapOnlyWhenTheyMust: on a zoom, each wrapped row in sight of
// the report and of the lines to add is wrapped when the theme reaches it
// and again only when its width changes: the column narrows twice here
// while the splits above settle under the new sizes, so three times at
// most. A widget.RichText wraps on every refresh and twice on every
// resize: Fyne's theme walk, the containers above it and the row's new
// height made it six (each wrap measures the row's whole text first: that
// is what is counted).
func TestRowsWrapOnlyWhenTheyMust(t *testing.T) {
	tab, _ := newTestTab(t, linkedin(t))
	fyne.CurrentApp().Driver().AllWindows()[0].Resize(fyne.NewSize(1280, 740))
	app := fyne.CurrentApp()
	m := &measuring{App: app, seen: map[string]int{}}
	fyne.SetCurrentApp(m)
	defer fyne.SetCurrentApp(app)
	zoomed := look.New("light")
	zoomed.Zoom = 140
	app.Settings().SetTheme(zoomed) // as test.ApplyTheme, which wants its own app
	checked := 0
	for _, v := range []*rowsView{tab.report, tab.rule} {
		line := fyne.MeasureText("Ág", theme.TextSize(), fyne.TextStyle{}).Height
		for i, rt := range v.inUse {
			text := v.rows[i].segs[0].Textual()
			if len(v.rows[i].segs) > 1 || rt.MinSize().Height < 2*line+2*theme.InnerPadding() {
				continue // one line: its text is measured to be drawn too
			}
			checked++
			if n := m.seen[text]; n > 3 {
				t.Errorf("row %d (%q) was wrapped %d times on a zoom", i, text, n)
			}
			// Given its lines, the rich text measures each once at each
			// width the row passes through on a zoom (three at most, as
			// above); left to find them, it measures a dozen prefixes a
			// line, halving.
			prefixes := 0
			for s := range m.seen {
				if strings.HasPrefix(text, s) && strings.Contains(s, " ") && s != text {
					prefixes++
				}
			}
			if prefixes > 3 {
				t.Errorf("row %d (%q): %d of its prefixes were measured on a zoom", i, text, prefixes)
			}
		}
	}
	if checked < 5 {
		t.Fatalf("%d wrapped rows in sight; the test proves nothing", checked)
	}
}
