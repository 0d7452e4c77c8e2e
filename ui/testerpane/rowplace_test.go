package testerpane

import (
	"strconv"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/robots-studio/robots-studio/tester/testset"
	"github.com/robots-studio/robots-studio/ui/place"
)

// The row window finds where each row list sits in the rows' scrolled
// content on every refresh of the results (every key). Summing the
// containers' positions down to the list must give what the driver's two
// walks of the whole window gave, and must find both lists without them.
func TestRowListsArePlacedWithoutTheDriver(t *testing.T) {
	p, _ := newTestPane(t, "User-agent: *\nDisallow: /x\n")
	set := testset.New()
	for i := range 3 { // few enough not to fold the lists
		set.Crawlers = append(set.Crawlers, "Bot"+strconv.Itoa(i))
		set.Paths = append(set.Paths, "/p"+strconv.Itoa(i))
	}
	p.SetTestSet(set)
	sc := p.ui.rowsScroll
	if !sc.Visible() || !p.ui.pathBox.Visible() {
		t.Fatal("the row lists are not shown")
	}
	sc.ScrollToOffset(fyne.NewPos(0, 20))
	drv := fyne.CurrentApp().Driver()
	for _, box := range []*fyne.Container{p.ui.crawlerBox, p.ui.pathBox} {
		got, ok := place.In(sc.Content, box)
		if !ok {
			t.Fatal("a row list is not reached through containers from the rows' content")
		}
		want := drv.AbsolutePositionForObject(box).Subtract(drv.AbsolutePositionForObject(sc.Content))
		if box == p.ui.pathBox && want.X == 0 {
			t.Fatal("the driver finds no place for the path list (the lists should be side by side)")
		}
		if got != want {
			t.Errorf("place of a row list: %v, the driver says %v", got, want)
		}
	}
}
