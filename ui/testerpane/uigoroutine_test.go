package testerpane

import (
	"fmt"

	"fyne.io/fyne/v2"
	"testing"

	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/testset"
)

// A small tally runs at once on the UI goroutine only when its engines are
// compiled already: compiling a big document there (tens of milliseconds
// an engine) made each keystroke miss frames with 1,000 results.
func TestInlineTallyNeverCompiles(t *testing.T) {
	p, _ := newTestPane(t, "")
	p.tallies.worker.Inline = false
	var handed []func()
	p.toUI = func(f func()) { handed = append(handed, f) }
	s := testset.New()
	s.Crawlers = []string{"Googlebot", "YandexBot"}
	s.Paths = []string{"/a", "/b"}
	p.SetTestSet(s)
	p.tallies.worker.Wait()
	p.doc = syntax.Parse([]byte("User-agent: *\nDisallow: /a\n"))
	clear(p.answers.compiled)
	p.tallies.startTally()
	if len(p.answers.compiled) != 0 {
		t.Errorf("the tally compiled %d engines on the UI goroutine", len(p.answers.compiled))
	}
	p.tallies.worker.Wait()
	if len(handed) == 0 {
		t.Fatal("the tally was not handed to the background")
	}
	for _, f := range handed {
		f()
	}
	if !p.tallies.factsOK || len(p.tallies.facts) != 4 {
		t.Errorf("after the hand-over: facts ok %v, %d facts", p.tallies.factsOK, len(p.tallies.facts))
	}
}

// With 500 path rows only the rows near the view are drawn: Fyne measures
// every visible object on each frame, and 500 entries with their buttons
// cost each keystroke ~80 ms in a real window. Scrolling to the end, or
// focusing the last row, shows it.
func TestManyRowsOnlyNearTheViewAreDrawn(t *testing.T) {
	p, w := newTestPane(t, "User-agent: *\nDisallow: /a\n")
	w.Resize(fyne.NewSize(700, 800))
	s := testset.New()
	s.Crawlers = []string{"Googlebot"}
	for i := range 500 {
		s.Paths = append(s.Paths, fmt.Sprintf("/p%d", i))
	}
	p.SetTestSet(s)
	entries := func() (n int, last bool) {
		walk(p.ui.rowsScroll, func(o fyne.CanvasObject) {
			if e, ok := o.(*rowEntry); ok {
				n++
				last = last || e == p.input.entry(pathRows, len(p.set.Paths)-1)
			}
		})
		return n, last
	}
	if n, _ := entries(); n > 100 {
		t.Errorf("%d row entries drawn for 501 rows", n)
	}
	sc := p.ui.rowsScroll
	// The window's next frame sizes the content to its new height.
	sc.Content.Resize(fyne.NewSize(sc.Size().Width, sc.Content.MinSize().Height))
	sc.ScrollToOffset(fyne.NewPos(0, sc.Content.Size().Height-sc.Size().Height))
	p.input.updateRowWindow()
	if n, last := entries(); !last || n > 100 {
		t.Errorf("scrolled to the end: %d entries drawn, last row drawn %v", n, last)
	}
	p.ui.rowsScroll.ScrollToTop()
	p.input.updateRowWindow()
	p.input.focusRow(pathRows, 499)
	if _, last := entries(); !last || w.Canvas().Focused() != p.input.entry(pathRows, 499) {
		t.Error("the focused last row is not drawn or not focused")
	}
}
