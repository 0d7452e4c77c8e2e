package ui

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/session"
)

// Changing only the tester's rows does not mark the robots.txt as
// modified: the rows are kept with the file's test set as they change
// (the autosave), so they survive a crash and the file is not rewritten.
func TestTesterRowsAloneDoNotModifyTheFile(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	text := []byte("User-agent: *\nDisallow: /private/\n")
	p := writeFile(t, "robots.txt", text)
	s := newTestStudio(t)
	if !s.openPath(p) {
		t.Fatal("open failed")
	}
	s.addToTester("Googlebot", []string{"/private/x"})
	s.refreshStatus()
	if s.doc.Modified() || strings.Contains(s.win.Title(), "•") || s.bar.state.Text != "Saved" {
		t.Errorf("tester rows marked the file: modified %v, title %q, status %q", s.doc.Modified(), s.win.Title(), s.bar.state.Text)
	}
	// The autosave keeps the rows; the robots.txt is untouched.
	s.autosave()
	if b, _ := os.ReadFile(p); string(b) != string(text) {
		t.Errorf("the robots.txt was rewritten: %q", b)
	}
	if _, err := os.Stat(s.doc.TestsPath()); err != nil {
		t.Fatalf("the rows were not kept with the test set: %v", err)
	}
	// A crash now (no Save): the next window has the rows.
	storage := s.storageRoot
	s2 := testStudio(s.app, storage)
	if !s2.openPath(p) {
		t.Fatal("reopen failed")
	}
	if set := s2.pane.TestSet(); !slices.Contains(set.Crawlers, "Googlebot") || !slices.Contains(set.Paths, "/private/x") {
		t.Errorf("rows after a restart: %+v", set)
	}
	// Leaving the file asks nothing: there is nothing unsaved.
	s2.addToTester("Bingbot", nil)
	went := false
	s2.whenSafe(func() { went = true })
	if !went || hasDialog(s2) {
		t.Error("leaving a file whose only change is tester rows asked to save")
	}
}

// A new, never-saved document keeps its rows only with the file: the
// question names what is unsaved.
func TestUnsavedQuestionNamesWhatIsUnsaved(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	s := newTestStudio(t)
	s.newFile()
	s.addToTester("Googlebot", []string{"/a"})
	if !s.doc.Modified() || !s.doc.TestsUnsaved() {
		t.Fatal("a new document's tester rows are not unsaved work")
	}
	for _, c := range []struct {
		text, tests bool
		want        string
	}{
		{true, false, "robots.txt has unsaved changes"},
		{false, true, "tester rows of robots.txt are not saved"},
		{true, true, "robots.txt and its tester rows"},
	} {
		if got := unsavedQuestion("robots.txt", session.Unsaved{Text: c.text, Tests: c.tests}); !strings.Contains(got, c.want) {
			t.Errorf("text %v, tests %v: %q", c.text, c.tests, got)
		}
	}
}
