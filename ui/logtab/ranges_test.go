package logtab

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/session"
	"github.com/robots-studio/robots-studio/tester/accesslog"
	"github.com/robots-studio/robots-studio/tester/crawlers/sources"
)

// TestRangesFromAnUpdateVerifyAndAreNamed: after a catalogue update read
// Google's published ranges, a run verifies the Googlebot hits from them
// without being told, and the status line names the range file and the
// day it was read, as `logs` does.
func TestRangesFromAnUpdateVerifyAndAreNamed(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(session.StorageEnv, dir)
	store, err := sources.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sources.Open("") })
	ranges, err := filepath.Abs(filepath.Join("..", "..", "tester", "crawlers", "sources", "testdata", "googlebot.json"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.Update(context.Background(), []string{ranges}, sources.Options{}); err != nil {
		t.Fatal(err)
	}
	tab, _ := newTestTab(t)
	run(t, tab, filepath.Join("testdata", "combined.log"))
	if !strings.Contains(tab.status.Text, "IP ranges from the catalogue's update: Google (") {
		t.Errorf("the status does not name the range file: %q", tab.status.Text)
	}
	verified := false
	for _, r := range tab.summary.rows {
		if r.Name == "Googlebot" && r.Verified == accesslog.Verified {
			verified = true
		}
	}
	if !verified {
		t.Errorf("no Googlebot row is verified by the updated ranges: %+v", tab.summary.rows)
	}
}
