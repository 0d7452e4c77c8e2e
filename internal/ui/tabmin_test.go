package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
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
