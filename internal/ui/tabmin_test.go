package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"github.com/robots-studio/robots-studio/internal/ui/uitest"
)

// measured is a rectangle that counts how often it is measured.
type measured struct {
	*canvas.Rectangle
	n *int
}

func (m measured) MinSize() fyne.Size { *m.n++; return fyne.NewSize(300, 200) }

// TestHiddenTabsAreNotMeasured: after quietHiddenTabs a hidden tab's
// content is not measured again while hidden, its last size still counts,
// and it is measured again once shown.
func TestHiddenTabsAreNotMeasured(t *testing.T) {
	uitest.NewApp(t)
	var shownN, hiddenN int
	shown := measured{canvas.NewRectangle(nil), &shownN}
	hidden := measured{canvas.NewRectangle(nil), &hiddenN}
	tabs := container.NewAppTabs(container.NewTabItem("a", shown), container.NewTabItem("b", hidden))
	tabs.Resize(fyne.NewSize(400, 300)) // laid out: the tab container hides b's content
	quietHiddenTabs(tabs)
	quietHiddenTabs(tabs) // a second call wraps nothing twice
	if !isShownMin(tabs.Items[1].Content) || isShownMin(tabs.Items[1].Content.(*fyne.Container).Objects[0]) {
		t.Fatal("each tab's content is wrapped once")
	}
	first := tabs.MinSize()
	hiddenN, shownN = 0, 0
	for range 5 {
		if got := tabs.MinSize(); got != first {
			t.Fatalf("min size %v, then %v", first, got)
		}
	}
	if hiddenN != 0 || shownN == 0 {
		t.Fatalf("measured the hidden tab %d times and the shown one %d times; want 0 and more", hiddenN, shownN)
	}
	tabs.SelectIndex(1)
	hiddenN = 0
	tabs.MinSize()
	if hiddenN == 0 {
		t.Fatal("the tab now shown is not measured")
	}
	if !hidden.Visible() || !tabs.Items[1].Content.Visible() {
		t.Fatal("the tab now shown is not visible")
	}
}

// TestWrappedTabsShowTheirContent: in the window the tab container has
// already hidden the tabs not shown when quietHiddenTabs wraps them; a tab
// picked afterwards must show its content (it showed a blank area: the
// wrapper was shown, the content in it stayed hidden).
func TestWrappedTabsShowTheirContent(t *testing.T) {
	uitest.NewApp(t)
	a, b := canvas.NewRectangle(nil), canvas.NewRectangle(nil)
	tabs := container.NewAppTabs(container.NewTabItem("a", a), container.NewTabItem("b", b))
	w := test.NewTempWindow(t, tabs)
	w.Resize(fyne.NewSize(400, 300))
	if b.Visible() {
		t.Fatal("the tab container did not hide the second tab's content; the test proves nothing")
	}
	quietHiddenTabs(tabs)
	tabs.SelectIndex(1)
	if !b.Visible() || !tabs.Items[1].Content.Visible() {
		t.Fatal("the second tab, picked after the wrap, shows nothing")
	}
	if b.Size().Width == 0 {
		t.Fatal("the second tab's content is not laid out")
	}
	tabs.SelectIndex(0)
	if !a.Visible() || tabs.Items[1].Content.Visible() {
		t.Fatal("back on the first tab: the first must show, the second not")
	}
}
