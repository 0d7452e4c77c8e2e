package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// The pointer on a Problems row the list cuts shows the row's whole text
// over the list; off the row it goes away.
func TestProblemsRowShowsWholeTextOnHover(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	s := newTestStudio(t)
	src := "User-agent: Googlebot/2.1\nDisallow: /a\n\nUser-agent: bingbot/2.0\nDisallow: /b\n"
	s.openPath(writeFile(t, "robots.txt", []byte(src)))
	p := s.lint
	if len(p.diags) == 0 {
		t.Fatal("no diagnostics listed")
	}
	var row *hoverLabel
	var find func(o fyne.CanvasObject)
	find = func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *hoverLabel:
			if row == nil && x.Visible() && x.Text != "" {
				row = x
			}
		case *fyne.Container:
			for _, c := range x.Objects {
				find(c)
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				find(c)
			}
		}
	}
	find(p.list)
	if row == nil {
		t.Fatal("no Problems row drawn")
	}
	if !row.cut() {
		t.Fatalf("the row %q is not cut at width %v", row.Text, row.Size().Width)
	}
	row.MouseIn(nil)
	if got := p.tip.Shown(); got != fullDiagnosticLine(p.doc, p.diags[0]) || !strings.Contains(got, "×2") {
		t.Errorf("hover shows %q, want the whole row %q", got, fullDiagnosticLine(p.doc, p.diags[0]))
	}
	row.MouseOut()
	if p.tip.Shown() != "" {
		t.Error("the tip stays after the pointer left")
	}
}
