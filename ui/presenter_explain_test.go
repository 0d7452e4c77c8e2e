package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"testing"

	"fyne.io/fyne/v2/container"

	"github.com/robots-studio/robots-studio/tester/engine"
)

// TestPresenterExplanationShowsWhole (issue 25.12): in presenter mode at
// 1280×800 the large-type explanation is as tall as its wrapped text, so
// a class reads every word: a verdict's explanation that needs more than
// the panel's least height gets that height, where a fixed 240 px cut its
// last lines; one taller than half the window stops there and scrolls.
func TestPresenterExplanationShowsWhole(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	s := newTestStudio(t)
	s.class.setPresenter(true)
	p := &s.class.present
	// The sample's Lycos group as temoto reads it: its explanation with
	// its notes runs to eight lines in the panel.
	e, _ := engine.Get("temoto")
	v := e.Compile(s.ed.Document()).Query("Lycos", "/tmp/a")
	s.checks.selectVerdict(v)
	if p.text.Size().Width <= 0 {
		t.Fatal("the explanation was never laid out in presenter mode")
	}
	fit := p.scroll // the scroll's height is what explainLayout asks of the window
	panel := func() float32 { return p.box.MinSize().Height }
	need := p.text.MinSize().Height // wrapped at the width it has
	if need <= explainLeast {
		t.Fatalf("the sample's explanation needs only %.0f px: pick a longer one, or the test proves nothing", need)
	}
	half := s.win.Canvas().Size().Height * explainShare
	if need > half {
		t.Fatalf("the sample's explanation needs %.0f px, more than half the window", need)
	}
	if got := panel(); got < need {
		t.Errorf("the explanation needs %.0f px and the panel asks for %.0f: its last lines are cut (%q)", need, got, p.text.Text)
	}
	// A long explanation (the compare line and every note) takes half the
	// window and scrolls.
	long := p.selection
	for range 6 {
		long += "\n" + v.ExplainAll()
	}
	p.selection = long
	p.update()
	if got, most := panel(), half+p.box.(*fyne.Container).Objects[0].MinSize().Height+theme.Padding(); got > most {
		t.Errorf("a long explanation makes the panel %.0f px tall, more than half the window", got)
	}
	if p.text.MinSize().Height <= panel() {
		t.Errorf("the long explanation (%.0f px) is not longer than its panel (%.0f px): the test proves nothing", p.text.MinSize().Height, panel())
	}
	if fit.Direction != container.ScrollVerticalOnly {
		t.Error("the explanation does not scroll")
	}
}
