package testerpane

import (
	"testing"

	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/testset"
)

// A part is built and tested without the pane: the expectations with the
// answers and the readings below them, the shared state, and a stub for
// the one callback they send up. Pinning every engine's answer for a row
// pins what each engine says of the document, and tells once that the
// user changed the set.
func TestExpectationsWorkWithoutThePane(t *testing.T) {
	st := &paneState{doc: syntax.Parse([]byte("User-agent: *\nDisallow: /private\n")), set: testset.New(), synchronous: true}
	rd := &readings{paneState: st, cols: &engineColumns{hidden: map[string]bool{}}, engines: engine.All(), engineID: OwnReading, own: map[string]string{}}
	an := &answerer{paneState: st, compiling: func() bool { return false }, refreshResults: func() {},
		compiled: map[string]engine.Compiled{}, verdicts: map[cell]*engine.Verdict{}, cost: compileCosts{},
		runners: map[string]*queryRunner{}, pending: map[cell]bool{}, cancelled: map[cell]bool{}}
	var changes []bool
	ev := &expectations{paneState: st, answers: an, reading: rd, rowsChanged: func(user bool) { changes = append(changes, user) }}

	pr := pair{"Googlebot", "/private/page"}
	ev.pinAllEngines(pr)
	if len(changes) != 1 || !changes[0] {
		t.Fatalf("rowsChanged calls: %v, want one by the user", changes)
	}
	for _, e := range rd.engines {
		id := e.Info().ID
		if allowed, ok := ev.expectation(cell{pr, id}); !ok || allowed {
			t.Errorf("%s: pinned allowed=%v (pinned: %v), want blocked as the file says", id, allowed, ok)
		}
	}
	ev.setExpectation(cell{pr, "google"}, false, true)
	if _, ok := ev.expectation(cell{pr, "google"}); ok || len(changes) != 2 {
		t.Errorf("cleared google's expectation: still pinned %v, %d changes", ok, len(changes))
	}
}

// Compare's columns without the pane: the last shown column cannot be
// hidden, every change re-lays the table and tells the window (stubs), and
// the readings see the same columns when compare is on.
func TestCompareColumnsWorkWithoutThePane(t *testing.T) {
	st := &paneState{set: testset.New()}
	cols := &engineColumns{hidden: map[string]bool{}}
	rd := &readings{paneState: st, cols: cols, engines: engine.All(), engineID: OwnReading, own: map[string]string{}}
	relaid, told := 0, 0
	st.onColumnsChanged = func() { told++ }
	cv := &compareView{paneState: st, engineColumns: cols, reading: rd, columnsChanged: func() { relaid++ }}
	cv.order = cv.defaultOrder()
	for _, id := range cv.order {
		cv.showEngine(id, false)
	}
	last := cv.order[len(cv.order)-1]
	if got := cv.compareEngines(); len(got) != 1 || got[0] != last {
		t.Fatalf("after hiding every column: %v, want the last one (%s) kept", got, last)
	}
	if relaid != len(cv.order) || told != len(cv.order) {
		t.Errorf("%d changes: re-laid %d times, told the window %d times", len(cv.order), relaid, told)
	}
	st.compare = true
	if got := rd.enginesInView(); len(got) != 1 || got[0] != last {
		t.Errorf("the readings in view with compare: %v, want [%s]", got, last)
	}
	cv.orderByDate(true)
	if cv.order[0] != "original1994" || cv.hidden["original1994"] {
		t.Errorf("by date: first %s (hidden %v), want original1994 shown", cv.order[0], cv.hidden["original1994"])
	}
}
