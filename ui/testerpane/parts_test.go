package testerpane

import (
	"testing"
	"time"

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
		compiled: map[string]engine.Compiled{}, verdicts: map[cell]*engine.Verdict{}, cost: map[string]time.Duration{},
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
