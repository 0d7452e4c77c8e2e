package testerpane

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/testset"
)

// Presenter mode: the rows, toggles and detail area give their height to
// the results table, and the window can read the selected result with its
// "why they differ" line.
func TestPresentingGivesTheTableTheHeight(t *testing.T) {
	robots, path, _, blockedBy := divergence(t)
	p, w := newTestPane(t, robots)
	w.Resize(fyne.NewSize(760, 560)) // the pane's part of a 1280×800 window at presenter zoom
	p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot"}, Paths: []string{path, "/other"}})
	p.SetCompare(true)
	showTheEight(p)
	before := p.ui.table.Size().Height
	p.SetPresenting(true)
	w.Content().Refresh()
	after := p.ui.table.Size().Height
	if p.ui.inputs.Visible() || p.ui.toggleBox.Visible() || p.detail.object().Visible() {
		t.Error("presenting leaves the rows, toggles or detail area shown")
	}
	if after < before*1.5 {
		t.Errorf("the results table is %v px tall presenting, %v before: it should get the rows' height", after, before)
	}
	if _, ok := p.Selected(); ok || p.SelectedWhy() != "" {
		t.Error("a selection before any click")
	}
	col := 2 + slices.Index(p.matrix.compareEngines(), blockedBy)
	p.ui.table.Select(widget.TableCellID{Row: rowIndex(p, pair{"Googlebot", path}), Col: col})
	v, ok := p.Selected()
	if !ok || v.Engine != blockedBy || v.Allowed {
		t.Fatalf("Selected = %+v, %v; want %s's blocked verdict", v, ok, blockedBy)
	}
	if why := p.SelectedWhy(); !strings.HasPrefix(why, "Why they differ:") {
		t.Errorf("SelectedWhy = %q", why)
	}
	// presenter mode's own explanation replaces the detail area: a
	// selection keeps it hidden (it once came back and took the height)
	if f := p.Figures(); f.DetailShown || p.detail.object().Visible() {
		t.Error("selecting a result while presenting shows the detail area")
	}
	p.SetPresenting(false)
	if !p.ui.inputs.Visible() || !p.ui.toggleBox.Visible() || !p.detail.object().Visible() {
		t.Error("leaving presenter mode does not bring the rows back")
	}
	// the detail area opens to the explanation selected while presenting,
	// as a click outside presenter mode opens it (it came back one line tall)
	w.Content().Refresh()
	if want := p.detail.fitOffset(p.ui.lower); p.ui.lower.Offset > want+0.02 {
		t.Errorf("after presenting the table keeps %.2f of the height, the explanation needs it at %.2f", p.ui.lower.Offset, want)
	}
}

// Presenting with no rows yet keeps the rows, so a crawler and a path can
// be typed.
func TestPresentingWithoutResultsKeepsTheRows(t *testing.T) {
	p, _ := newTestPane(t, "User-agent: *\nDisallow: /x\n")
	p.SetPresenting(true)
	if !p.ui.inputs.Visible() {
		t.Error("presenting an empty tester hides the rows to type in")
	}
}
