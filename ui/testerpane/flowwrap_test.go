package testerpane

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/robots-studio/robots-studio/tester/testset"
)

// TestWrappedTogglesPushTheSummaryDown: when the filter's toggles take two
// lines (Russian at 1024×768), the summary sits under the second line; it
// was drawn over it in the real window.
func TestWrappedTogglesPushTheSummaryDown(t *testing.T) {
	p, w := newTestPane(t, privateRobots)
	p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot"}, Paths: []string{"/private/x", "/"}})
	w.SetContent(p.Object())
	for _, width := range []float32{1200, 560, 420, 900, 420} {
		w.Resize(fyne.NewSize(width, 700))
		for range 3 { // the relayout the flow asks for runs after the layout
			p.ui.tools.Refresh()
		}
		tb, sum := p.ui.toggleBox, p.ui.summary
		var lastBottom float32
		for _, o := range tb.Objects {
			lastBottom = max(lastBottom, o.Position().Y+o.Size().Height)
		}
		if tb.Position().Y+lastBottom > sum.Position().Y+1 {
			t.Errorf("width %v: the toggles end at %v, the summary starts at %v", width, tb.Position().Y+lastBottom, sum.Position().Y)
		}
	}
}
