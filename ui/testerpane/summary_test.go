package testerpane

import (
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/testset"
)

// TestSummaryForgetsTheLastRowsCounts: when the rows go (another file is
// opened with no test set of its own), the summary's per-crawler counts go
// with them; they stayed and described the previous file (issue 36, point
// 27).
func TestSummaryForgetsTheLastRowsCounts(t *testing.T) {
	p, _ := newTestPane(t, privateRobots)
	p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot"}, Paths: []string{"/private/x", "/"}})
	if !strings.Contains(p.ui.summary.Text, "Googlebot:") {
		t.Fatalf("set-up: the summary counts no crawler: %q", p.ui.summary.Text)
	}
	p.SetTestSet(nil)
	if strings.Contains(p.ui.summary.Text, "Googlebot") {
		t.Errorf("with no rows the summary still reads %q", p.ui.summary.Text)
	}
}
