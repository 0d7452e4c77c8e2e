package testerpane

import (
	"strings"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/testset"
)

// A background query started while a newer document is still compiling
// (SetDocument's async path: p.gen is already new, p.answers.compiled still old)
// carries the new gen; after install re-queues the cell, the old answer
// must not be taken for the new document's verdict.
func TestAnAnswerForAnOlderDocumentIsNeverShown(t *testing.T) {
	p, _ := newTestPane(t, slowForTemoto())
	ui := make(chan func(), 16)
	p.toUI = func(f func()) { ui <- f }
	p.synchronous = false // the background path is under test
	p.SetEngine("temoto")
	long := "/" + strings.Repeat("a", 4096)
	p.SetTestSet(&testset.Set{Crawlers: []string{"x"}, Paths: []string{"/b"}})
	p.answers.cost["temoto"] = [2]time.Duration{time.Second, time.Second} // the next SetDocument compiles in the background
	p.SetDocument(syntax.Parse([]byte("User-agent: *\nDisallow: /a\n")))
	p.SetTestSet(&testset.Set{Crawlers: []string{"x"}, Paths: []string{long, "/b"}})
	slow := cell{pair{"x", long}, "temoto"}
	drain(t, ui, func() bool { return p.answers.verdicts[slow] != nil })
	if v := p.answers.verdicts[slow]; v.Allowed {
		t.Fatalf("verdict for the new document (Disallow: /a) says allowed: %+v", v)
	}
}
