package testerpane

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/robots-studio/robots-studio/tester/testset"
)

// A new filter starts the table at its first row (the scroll position of
// the old rows hid the first matches), and the summary's counts describe
// the rows shown, "N of M" results.
func TestFilterShowsFirstRowsAndCountsWhatIsShown(t *testing.T) {
	p, w := newTestPane(t, shopRobots)
	w.Resize(fyne.NewSize(1280, 800))
	s := testset.New()
	s.Crawlers = []string{"Googlebot", "bingbot"}
	for i := range 60 {
		s.Paths = append(s.Paths, fmt.Sprintf("/private/%d", i))
	}
	p.SetTestSet(s)
	p.ui.table.ScrollToBottom()
	w.Canvas().Refresh(p.ui.table)
	p.setFilter("googlebot")
	w.Canvas().Refresh(p.ui.table)
	top := -1
	walk(p.ui.table, func(o fyne.CanvasObject) {
		if tc, ok := o.(*tableCell); ok && tc.shown.text != "" && (top == -1 || tc.id.Row < top) {
			top = tc.id.Row
		}
	})
	if top != 0 {
		t.Errorf("after the filter the first row drawn is %d, want 0", top)
	}
	sum := p.ui.summary.Text
	if !strings.Contains(sum, "60 of 120") || !strings.Contains(sum, "Googlebot") || strings.Contains(sum, "bingbot") {
		t.Errorf("summary with the filter on: %q", sum)
	}
}
