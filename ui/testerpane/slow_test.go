package testerpane

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/internal/testenv"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/testset"
)

// slowForTemoto is a file of wildcard rules on which the temoto library
// needs about two seconds for one long path: far over the pane's query
// budget (30 ms). The race detector slows the query some twentyfold: under
// -race a tenth of the rules still takes seconds, and the race run stays
// minutes shorter.
func slowForTemoto() string {
	rules := 200
	if testenv.Race {
		rules = 20
	}
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := 0; i < rules; i++ {
		b.WriteString("Disallow: /" + strings.Repeat("*a", 60) + "*b\n")
	}
	return b.String()
}

// drain plays the UI goroutine for the pane's background work until cond.
func drain(t *testing.T, ui chan func(), cond func() bool) {
	t.Helper()
	deadline := time.After(testenv.Budget(2 * time.Minute))
	for !cond() {
		select {
		case f := <-ui:
			f()
		case <-deadline:
			t.Fatal("the background query never finished")
		}
	}
}

func TestASlowQueryNeverHoldsTheWindow(t *testing.T) {
	p, _ := newTestPane(t, slowForTemoto())
	ui := make(chan func(), 16)
	p.toUI = func(f func()) { ui <- f }
	p.synchronous = false // the background path is under test
	p.SetEngine("temoto")
	long := "/" + strings.Repeat("a", 4096)
	// The engine compiles for the first row; only the query is timed below.
	p.SetTestSet(&testset.Set{Crawlers: []string{"x"}, Paths: []string{"/b"}})
	start := time.Now()
	p.SetTestSet(&testset.Set{Crawlers: []string{"x"}, Paths: []string{long, "/b"}})
	if d := time.Since(start); d > testenv.Budget(time.Second) { // the query alone takes seconds
		t.Fatalf("showing the rows held the UI goroutine %v", d)
	}
	slow := cell{pair{"x", long}, "temoto"}
	r := rowFor(t, p, "x", long)
	if r.rule != "still working…" || !r.cancel.Visible() {
		t.Fatalf("the slow row says %q (cancel shown: %v)", r.rule, r.cancel.Visible())
	}
	// The newest document wins: the answer for the old one is dropped and
	// the slow path is asked again about the new text.
	p.SetDocument(syntax.Parse([]byte("User-agent: *\nDisallow: /a\n")))
	drain(t, ui, func() bool { return p.answers.verdicts[slow] != nil })
	if v := p.answers.verdicts[slow]; v.Allowed || v.Rule == nil || v.Rule.Line != 2 {
		t.Fatalf("verdict for the new document: %+v", v)
	}
	if r := rowFor(t, p, "x", long); r.cancel.Visible() || !strings.HasPrefix(r.rule, "2: ") {
		t.Fatalf("row after the answer: %q, cancel %v", r.rule, r.cancel.Visible())
	}
}

func TestCancelStopsWaitingForASlowQuery(t *testing.T) {
	p, _ := newTestPane(t, slowForTemoto())
	ui := make(chan func(), 16)
	p.toUI = func(f func()) { ui <- f }
	p.synchronous = false // the background path is under test
	p.SetEngine("temoto")
	long := "/" + strings.Repeat("a", 4096)
	p.SetTestSet(&testset.Set{Crawlers: []string{"x"}, Paths: []string{long}})
	r := rowFor(t, p, "x", long)
	if !r.cancel.Visible() {
		t.Fatal("no Cancel button on a slow row")
	}
	test.Tap(r.cancel)
	if r := rowFor(t, p, "x", long); r.rule != "cancelled" || r.cancel.Visible() {
		t.Fatalf("after Cancel the row says %q", r.rule)
	}
	drain(t, ui, func() bool { return !p.answers.anyRunning() })
	if p.answers.verdicts[cell{pair{"x", long}, "temoto"}] != nil {
		t.Fatal("a cancelled query's late answer was shown")
	}
}

// widestText is the widest piece of text drawn under o.
func widestText(o fyne.CanvasObject) float32 {
	w := float32(0)
	walk(o, func(o fyne.CanvasObject) {
		if t, ok := o.(*canvas.Text); ok && t.Text != "" {
			w = max(w, t.MinSize().Width)
		}
	})
	return w
}

// A 4 KB path is drawn as lines a graphics card can hold (one 30,000-pixel
// line of text became a black box), and stays one path.
func TestALongPathIsDrawnInLinesThatFit(t *testing.T) {
	p, w := newTestPane(t, privateRobots)
	long := "/" + strings.Repeat("a", 4095)
	p.SetTestSet(&testset.Set{Crawlers: []string{"x"}, Paths: []string{long}})
	e := p.input.entry(pathRows, 0)
	w.Canvas().Refresh(e)
	if got := widestText(e); got > 4000 {
		t.Fatalf("the path field draws a line of text %.0f px wide", got)
	}
	test.Type(e, "b")
	if got := p.set.Paths[0]; strings.Contains(got, "\n") || len(got) != 4097 {
		t.Fatalf("path after typing: %d bytes, newline %v", len(got), strings.Contains(got, "\n"))
	}
	// Typing inside keeps the cursor on its character across re-flowed lines.
	e.CursorRow, e.CursorColumn = 1, 5
	test.Type(e, "ZY")
	if got := p.set.Paths[0]; got[rowLine+5:rowLine+7] != "ZY" || len(got) != 4099 {
		t.Fatalf("typed text landed at %d", strings.Index(got, "ZY"))
	}
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if strings.Contains(p.set.Paths[0], "\n") {
		t.Fatal("Return put a newline into a path")
	}
	if d := widestText(p.detail.object()); d > 4000 {
		t.Fatalf("the detail area draws a line %.0f px wide", d)
	}
	if r := widestText(p.ui.table); r > 4000 {
		t.Fatalf("the results table draws a line %.0f px wide", r)
	}
}
