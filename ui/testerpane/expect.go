package testerpane

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"github.com/robots-studio/robots-studio/tester/engine"
)

// expectations pins verdicts of the results: the expectations that turn
// the rows into regression tests.
type expectations struct {
	*paneState
	answers     *answerer
	reading     *readings
	rowsChanged func(user bool) // an expectation changed: count, filter and show again
}

// expectation returns the pinned verdict of c.
func (ev *expectations) expectation(c cell) (allowed, ok bool) {
	return ev.set.Expected(c.crawler, c.path, c.engine)
}

// setExpectation pins (or, with clear, unpins) the verdict of c.
func (ev *expectations) setExpectation(c cell, allowed, clear bool) {
	if clear {
		ev.set.ClearExpected(c.crawler, c.path, c.engine)
	} else {
		ev.set.SetExpected(c.crawler, c.path, c.engine, allowed)
	}
	ev.rowsChanged(true)
}

// pinAllEngines pins every engine's current verdict for pr, turning what
// the file does now into a regression test.
func (ev *expectations) pinAllEngines(pr pair) {
	for _, e := range ev.reading.engines {
		c := cell{pr, e.Info().ID}
		if v := ev.answers.verdict(c); v != nil {
			ev.set.SetExpected(pr.crawler, pr.path, c.engine, v.Allowed)
		}
	}
	ev.rowsChanged(true)
}

// expectMenu is the menu to pin the verdict of c.
func (ev *expectations) expectMenu(c cell) *fyne.Menu {
	name := engine.NameOf(c.engine).String()
	allowed, has := ev.expectation(c)
	items := []*fyne.MenuItem{
		fyne.NewMenuItem(lang.X("testerpane.expect.allowed", "Expect allowed ({{.Engine}})", map[string]any{"Engine": name}),
			func() { ev.setExpectation(c, true, false) }),
		fyne.NewMenuItem(lang.X("testerpane.expect.blocked", "Expect blocked ({{.Engine}})", map[string]any{"Engine": name}),
			func() { ev.setExpectation(c, false, false) }),
		fyne.NewMenuItem(lang.X("testerpane.expect.pin_all", "Expect the current answers of all engines"),
			func() { ev.pinAllEngines(c.pair) }),
		fyne.NewMenuItem(lang.X("testerpane.expect.clear", "No expectation"),
			func() { ev.setExpectation(c, false, true) }),
	}
	items[0].Checked = has && allowed
	items[1].Checked = has && !allowed
	items[3].Disabled = !has
	return fyne.NewMenu("", items...)
}
