package testerpane

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/tester/testset"
)

// TestSummarySaysItIsCounting: a tally in the background that takes
// longer than workingDelay makes the summary say "counting…" instead of
// the last tally's counts; its result takes the word away (issue 34,
// point 12: anything that may take longer than 0.2 s shows that it is
// working).
func TestSummarySaysItIsCounting(t *testing.T) {
	p, _ := newTestPane(t, privateRobots)
	ui := make(chan func(), 16)
	p.toUI = func(f func()) { ui <- f }
	p.synchronous = false
	var later []func()
	var delays []time.Duration
	p.after = func(d time.Duration, f func()) { delays = append(delays, d); later = append(later, f) }
	p.tallies.worker.Inline = false
	p.tallies.perCell = time.Second // no tally is cheap enough to run inline
	s := testset.New()
	s.Crawlers = []string{"Googlebot", "bingbot"}
	for i := range 700 {
		s.Paths = append(s.Paths, fmt.Sprintf("/private/%d", i))
	}
	p.SetTestSet(s)
	if len(later) == 0 {
		t.Fatal("a background tally asked for no 'still working' word")
	}
	if delays[0] != workingDelay || workingDelay > 200*time.Millisecond {
		t.Errorf("the word waits %v, want at most 0.2 s", delays[0])
	}
	if strings.Contains(p.ui.summary.Text, "counting…") {
		t.Fatalf("the summary says counting before the delay: %q", p.ui.summary.Text)
	}
	for _, f := range later {
		f()
	}
	if !strings.Contains(p.ui.summary.Text, "counting…") {
		t.Fatalf("a tally past the delay: summary %q", p.ui.summary.Text)
	}
	deadline := time.After(30 * time.Second)
	for strings.Contains(p.ui.summary.Text, "counting…") {
		select {
		case f := <-ui:
			f()
		case <-deadline:
			t.Fatalf("the tally's result never came: %q", p.ui.summary.Text)
		}
	}
	if !strings.Contains(p.ui.summary.Text, "Googlebot:") {
		t.Errorf("after the tally the summary has no counts: %q", p.ui.summary.Text)
	}
}
