package testerpane

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"github.com/robots-studio/robots-studio/tester/testset"
)

// The pointer on a cut cell shows its whole text; the window delivers the
// pointer to the table (widget.Table takes hover events itself), so the
// table must pass it on. Off the cell the text goes away.
func TestHoverOnCutCellShowsWholeText(t *testing.T) {
	p, w := newTestPane(t, shopRobots)
	w.Resize(fyne.NewSize(600, 800))
	long := "/private/" + strings.Repeat("very-long-segment/", 8) + "end.html"
	p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot"}, Paths: []string{long}})
	var cut *tableCell
	walk(p.ui.table, func(o fyne.CanvasObject) {
		if tc, ok := o.(*tableCell); ok && tc.id.Row == 0 && p.table.cols[tc.id.Col].kind == colPath {
			cut = tc
		}
	})
	if cut == nil || cut.text.Text == long {
		t.Fatalf("the path cell is not cut: %v", cut)
	}
	drv := fyne.CurrentApp().Driver()
	at := drv.AbsolutePositionForObject(cut).AddXY(cut.Size().Width/2, cut.Size().Height/2)
	tableAt := drv.AbsolutePositionForObject(p.ui.table)
	move := &desktop.MouseEvent{PointEvent: fyne.PointEvent{AbsolutePosition: at, Position: at.Subtract(tableAt)}}
	p.ui.table.MouseIn(move)
	p.ui.table.MouseMoved(move)
	if got := p.ui.tip.Shown(); got != long {
		t.Errorf("hover on the cut path shows %q, want the whole path", got)
	}
	p.ui.table.MouseOut()
	if got := p.ui.tip.Shown(); got != "" {
		t.Errorf("after the pointer left, the tip still shows %q", got)
	}
}
