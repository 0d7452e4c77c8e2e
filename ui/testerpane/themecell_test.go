package testerpane

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"github.com/robots-studio/robots-studio/tester/testset"
	"github.com/robots-studio/robots-studio/ui/look"
)

// A theme switch or a zoom redraws the table's cells in the new colours and
// text size, although their content stays the same (they once kept the old
// theme's white text on the new white background).
func TestCellsFollowThemeAndZoom(t *testing.T) {
	p, w := newTestPane(t, shopRobots)
	p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot"}, Paths: []string{"/private/x", "/"}})
	crawlerCell := func() *tableCell {
		var found *tableCell
		walk(p.ui.table, func(o fyne.CanvasObject) {
			if tc, ok := o.(*tableCell); ok && tc.id.Row == 0 && p.table.cols[tc.id.Col].kind == colCrawler {
				found = tc
			}
		})
		if found == nil {
			t.Fatal("no crawler cell on screen")
		}
		return found
	}
	for _, step := range []struct {
		name string
		th   *look.Theme
	}{
		{"dark", look.New("dark")},
		{"light", look.New("light")},
		{"light at 200 %", func() *look.Theme { th := look.New("light"); th.Zoom = 200; return th }()},
	} {
		fyne.CurrentApp().Settings().SetTheme(step.th)
		p.ui.table.Refresh()
		w.Canvas().Refresh(p.ui.table)
		c := crawlerCell()
		if want := theme.Color(theme.ColorNameForeground); c.text.Color != want {
			t.Errorf("%s: crawler cell text colour %v, want the theme's %v", step.name, c.text.Color, want)
		}
		if want := theme.TextSize(); c.text.TextSize != want {
			t.Errorf("%s: crawler cell text size %v, want %v", step.name, c.text.TextSize, want)
		}
	}
}

// A zoom works the column widths out again: at 200 % every compare column
// still holds its header and its words (presenter mode cut them to "y…").
func TestColumnsFollowZoom(t *testing.T) {
	p, w := newTestPane(t, shopRobots)
	p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot"}, Paths: []string{"/private/x", "/"}})
	p.SetCompare(true)
	fyne.CurrentApp().Settings().SetTheme(look.New("dark"))
	w.Resize(fyne.NewSize(1280, 800))
	before := append([]float32(nil), p.table.widths...)
	th := look.New("dark")
	th.Zoom = 200
	fyne.CurrentApp().Settings().SetTheme(th)
	w.Resize(fyne.NewSize(1281, 800)) // a layout pass, as the window gives one
	for i, c := range p.table.cols {
		if c.kind != colEngineVerdict {
			continue
		}
		if p.table.widths[i] < 1.9*before[i] {
			t.Errorf("%s column: %v px at 200 %%, %v px at 100 %%", c.engine, p.table.widths[i], before[i])
		}
		if need := textWidth(p.table.header(c), true); p.table.widths[i] < need {
			t.Errorf("%s column %v px is narrower than its name (%v px)", c.engine, p.table.widths[i], need)
		}
	}
}

// TestVerdictIconsRedrawnAfterASwitch: a verdict's icon is a themed
// resource that stays the same object across a theme switch, so a cell
// that skipped unchanged icons kept the old theme's image (dark ✓ on the
// light theme's olive). After a switch every shown icon is drawn for the
// theme in use.
func TestVerdictIconsRedrawnAfterASwitch(t *testing.T) {
	p, w := newTestPane(t, shopRobots)
	p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot"}, Paths: []string{"/private/x", "/"}})
	for _, name := range []string{"dark", "light", "dark"} {
		fyne.CurrentApp().Settings().SetTheme(look.New(name))
		p.ui.table.Refresh()
		w.Canvas().Refresh(p.ui.table)
		fg := theme.Color(theme.ColorNameForeground)
		icons := 0
		walk(p.ui.table, func(o fyne.CanvasObject) {
			if tc, ok := o.(*tableCell); ok && tc.id.Row < len(p.view.shown) && tc.icon.Visible() {
				icons++
				if tc.iconTheme != fg {
					t.Errorf("%s: the %v cell's icon was drawn for another theme", name, tc.id)
				}
			}
		})
		if icons == 0 {
			t.Fatalf("%s: no icon drawn", name)
		}
	}
}
