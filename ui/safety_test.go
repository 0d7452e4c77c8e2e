package ui

import (
	"os"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/robots-studio/robots-studio/ui/uitest"

	"github.com/robots-studio/robots-studio/editor"
	"github.com/robots-studio/robots-studio/internal/session"
	"github.com/robots-studio/robots-studio/tester/lint"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// TestEveryPendingCopyIsOfferedAndKeptUntilTheUserSaysSo: copies of A and
// B from windows that are gone are both listed; restoring A leaves B's copy
// pending, and so does quitting.
func TestEveryPendingCopyIsOfferedAndKeptUntilTheUserSaysSo(t *testing.T) {
	a := uitest.NewApp(t)
	storage := t.TempDir()
	pa := writeFile(t, "A.txt", []byte("User-agent: *\n"))
	pb := writeFile(t, "B.txt", []byte("User-agent: *\n"))
	for _, p := range []string{pa, pb} {
		w := testStudio(a, storage)
		w.openPath(p)
		test.Type(w.ed, "Disallow: /typed-in-"+p)
		w.autosave()
		w.doc.Close() // killed: the copy stays
	}
	s := testStudio(a, storage)
	s.openPath(pb) // Start: the last file
	s.recovery.offerRecovery()
	if len(s.recovery.rows) != 2 {
		t.Fatalf("every pending copy must be offered, got %d rows", len(s.recovery.rows))
	}
	var recA session.RecoveryRecord
	for _, r := range s.doc.PendingCopies() {
		if r.Path == pa {
			recA = r
		}
	}
	s.restore(recA)
	if !strings.Contains(string(s.ed.Bytes()), "typed-in-"+pa) {
		t.Fatal("A not restored")
	}
	left := s.doc.PendingCopies()
	if len(left) != 1 || left[0].Path != pb {
		t.Fatalf("restoring A must keep B's copy pending: %+v", left)
	}
	s.quit()
	next := testStudio(a, storage)
	found := false
	for _, r := range next.doc.PendingCopies() {
		found = found || r.Path == pb
	}
	if !found {
		t.Fatal("quitting dropped B's copy, which was never offered to be deleted")
	}
}

// TestAPartialUndoIsWhatRecoveryHolds: typed text reaches the copy, part
// of it is undone, and the window is killed before the next autosave: the
// copy holds the buffer as it was, without the undone text.
func TestAPartialUndoIsWhatRecoveryHolds(t *testing.T) {
	a := uitest.NewApp(t)
	storage := t.TempDir()
	p := writeFile(t, "robots.txt", []byte("User-agent: *\n"))
	s := testStudio(a, storage)
	s.openPath(p)
	test.Type(s.ed, "Disallow: /keep\n")
	want := string(s.ed.Bytes())
	// A second undo step (ApplyEdits is one step of its own).
	if err := s.ed.ApplyEdits([]editor.Edit{{Start: len(want), End: len(want), Text: []byte("Disallow: /oops-secret\n")}}); err != nil {
		t.Fatal(err)
	}
	s.autosave()
	s.ed.Undo()
	if string(s.ed.Bytes()) != want {
		t.Fatalf("setup: undo gave %q, want %q", s.ed.Bytes(), want)
	}
	s.doc.Close() // kill -9 inside the autosave window
	p2 := testStudio(a, storage).doc.PendingCopies()
	if len(p2) != 1 || string(p2[0].Text) != want {
		t.Fatalf("recovery brings back undone text: %q", p2)
	}
}

// TestAChangeOnDiskIsSaidAndSaveAsksFirst: another program rewrites the
// open file. A clean buffer is reloaded; with unsaved text the window asks
// (reload or keep mine) and Save does not write over the change.
func TestAChangeOnDiskIsSaidAndSaveAsksFirst(t *testing.T) {
	a := uitest.NewApp(t)
	p := writeFile(t, "robots.txt", []byte("User-agent: *\n"))
	s := testStudio(a, t.TempDir())
	s.openPath(p)
	os.WriteFile(p, []byte("User-agent: *\nDisallow: /theirs\n"), 0o644)
	s.disk.checkDisk()
	if string(s.ed.Bytes()) != "User-agent: *\nDisallow: /theirs\n" {
		t.Fatalf("a clean buffer follows the file: %q", s.ed.Bytes())
	}
	test.Type(s.ed, "# mine\n")
	os.WriteFile(p, []byte("User-agent: *\nDisallow: /theirs-again\n"), 0o644)
	s.save(nil)
	if data, _ := os.ReadFile(p); string(data) != "User-agent: *\nDisallow: /theirs-again\n" {
		t.Fatalf("Save wrote over another program's change without asking: %q", data)
	}
	if s.disk.ask == nil || !hasDialog(s) {
		t.Fatal("the window must ask: reload or keep mine")
	}
	s.disk.keepMine()
	s.save(nil)
	if data, _ := os.ReadFile(p); !strings.Contains(string(data), "# mine") {
		t.Fatalf("after keep mine, Save writes: %q", data)
	}
}

// TestTheWindowSurvivesAPanicInAWorker: the linter panics on a document;
// the window says so and keeps the user's text.
func TestTheWindowSurvivesAPanicInAWorker(t *testing.T) {
	a := uitest.NewApp(t)
	s := testStudio(a, t.TempDir())
	s.newFile()
	s.checks.lints.Work = func(*syntax.Document) []lint.Diagnostic { panic("boom") }
	test.Type(s.ed, "User-agent: *")
	if string(s.ed.Bytes()) != "User-agent: *" || !hasDialog(s) {
		t.Fatalf("text %q, dialog %v", s.ed.Bytes(), hasDialog(s))
	}
}

// TestAFileRecreatedAfterADeleteIsAskedAbout: the open file is deleted
// and the user keeps their text; another program then writes a new file
// at the same path. The window asks again (reload or keep mine), and Save
// does not write over the new file before the user answered.
func TestAFileRecreatedAfterADeleteIsAskedAbout(t *testing.T) {
	a := uitest.NewApp(t)
	p := writeFile(t, "robots.txt", []byte("User-agent: *\n"))
	s := testStudio(a, t.TempDir())
	s.openPath(p)
	test.Type(s.ed, "# mine\n")
	os.Remove(p)
	s.disk.checkDisk()
	if s.disk.ask == nil {
		t.Fatal("setup: the delete is asked about")
	}
	s.disk.keepMine()
	const theirs = "User-agent: *\nDisallow: /theirs\n"
	os.WriteFile(p, []byte(theirs), 0o644)
	s.disk.checkDisk()
	if s.disk.ask == nil || !hasDialog(s) {
		t.Fatal("a file that appears where one was deleted must be asked about")
	}
	s.disk.ask.Hide()
	s.disk.ask = nil
	s.save(nil)
	if data, _ := os.ReadFile(p); string(data) != theirs {
		t.Fatalf("Save wrote over the other program's new file without asking: %q", data)
	}
	if s.disk.ask == nil {
		t.Fatal("Save must ask: reload or keep mine")
	}
	s.disk.keepMine()
	s.save(nil)
	if data, _ := os.ReadFile(p); !strings.Contains(string(data), "# mine") {
		t.Fatalf("after keep mine, Save writes: %q", data)
	}
}

// TestTheBrowsersSaveAsksAboutAnotherTabsSave: the browser's Save (webWrite;
// the page first rereads the file from its storage, where another tab may
// have saved it) finds the file changed and asks, reload or keep mine, as
// the desktop does; it neither writes over the other save nor only shows
// an error.
func TestTheBrowsersSaveAsksAboutAnotherTabsSave(t *testing.T) {
	a := uitest.NewApp(t)
	p := writeFile(t, "robots.txt", []byte("User-agent: *\n"))
	s := testStudio(a, t.TempDir())
	s.openPath(p)
	test.Type(s.ed, "# tab 2\n")
	const other = "User-agent: *\nDisallow: /saved-by-tab-1\n"
	os.WriteFile(p, []byte(other), 0o644)
	s.web.webWrite("robots.txt", nil)
	if data, _ := os.ReadFile(p); string(data) != other {
		t.Fatalf("the other tab's save was written over: %q", data)
	}
	if s.disk.ask == nil {
		t.Fatal("Save must ask: reload or keep mine")
	}
}
