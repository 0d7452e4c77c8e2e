package ui

import (
	"testing"

	"github.com/robots-studio/robots-studio/ui/uitest"

	"github.com/robots-studio/robots-studio/ui/testerpane"
)

// A first start reads each crawler by its own rules; a reading chosen
// before (Google was the old default and is stored as "google") is kept,
// and a new choice is stored for the next start.
func TestTheReadingIsEachCrawlersOwnUnlessChosen(t *testing.T) {
	a := uitest.NewApp(t)
	s := testStudio(a, t.TempDir())
	if got := s.pane.Engine(); got != testerpane.OwnReading {
		t.Errorf("first start reads with %q, want each crawler's own", got)
	}
	a.Preferences().SetString(prefEngine, "google")
	s = testStudio(a, t.TempDir())
	if got := s.pane.Engine(); got != "google" {
		t.Errorf("a stored google reading became %q", got)
	}
	engines := s.menus.main().Items[3].Items[0].ChildMenu.Items
	engines[0].Action() // View ▸ Engine ▸ Each crawler's own
	if got := a.Preferences().String(prefEngine); got != testerpane.OwnReading || s.pane.Engine() != testerpane.OwnReading {
		t.Errorf("choosing each crawler's own: stored %q, pane %q", got, s.pane.Engine())
	}
}
