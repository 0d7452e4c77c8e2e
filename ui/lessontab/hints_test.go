package lessontab

import (
	"strings"
	"testing"
)

// TestHintsFollowAFirstTry: with the start text untouched no hint shows;
// the first change that still fails a check shows that check's hint, and
// Start over hides them again.
func TestHintsFollowAFirstTry(t *testing.T) {
	tab, _ := newTestTab(t)
	tab.practice.Select(tab.xTab)
	if got := rendered(tab.ex.checks); strings.Contains(got, "Hint:") || !strings.Contains(got, "fails") {
		t.Fatalf("the start text: want failing checks without hints, got %q", got)
	}
	typeAtEnd(tab.Editor(), "Disallow: /\n")
	if got := rendered(tab.ex.checks); !strings.Contains(got, "Hint: Give Lycos a record of its own") {
		t.Errorf("after a first try the failing check shows no hint: %q", got)
	}
	if !tab.ex.hintsBtn.Hidden {
		t.Error("the Show hints button stays while the hints show")
	}
	tab.le.setText([]byte(tab.Current().Exercises[0].Start))
	tab.ex.submitCheck()
	if got := rendered(tab.ex.checks); strings.Contains(got, "Hint:") {
		t.Errorf("back at the start text, hints still show: %q", got)
	}
}
