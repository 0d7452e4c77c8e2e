package testerpane

import (
	"testing"

	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/testset"
)

// A small tally runs at once on the UI goroutine only when its engines are
// compiled already: compiling a big document there (tens of milliseconds
// an engine) made each keystroke miss frames with 1,000 results.
func TestInlineTallyNeverCompiles(t *testing.T) {
	p, _ := newTestPane(t, "")
	p.tally.Inline = false
	var handed []func()
	p.toUI = func(f func()) { handed = append(handed, f) }
	s := testset.New()
	s.Crawlers = []string{"Googlebot", "YandexBot"}
	s.Paths = []string{"/a", "/b"}
	p.SetTestSet(s)
	p.tally.Wait()
	p.doc = syntax.Parse([]byte("User-agent: *\nDisallow: /a\n"))
	clear(p.compiled)
	p.startTally()
	if len(p.compiled) != 0 {
		t.Errorf("the tally compiled %d engines on the UI goroutine", len(p.compiled))
	}
	p.tally.Wait()
	if len(handed) == 0 {
		t.Fatal("the tally was not handed to the background")
	}
	for _, f := range handed {
		f()
	}
	if !p.factsOK || len(p.facts) != 4 {
		t.Errorf("after the hand-over: facts ok %v, %d facts", p.factsOK, len(p.facts))
	}
}
