package ui

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/internal/session"
	"github.com/robots-studio/robots-studio/internal/testenv"
	"github.com/robots-studio/robots-studio/ui/uitest"
)

// Start opens the last file before offerRecovery: opening it must not drop
// the recovery copy of a crashed new buffer (its key is the empty path).
func TestStartupKeepsTheRecoveryCopyOfANewBuffer(t *testing.T) {
	a := uitest.NewApp(t)
	storage := t.TempDir()
	p := writeFile(t, "robots.txt", []byte("User-agent: *\n"))
	s := testStudio(a, storage)
	s.newFile()
	test.Type(s.ed, "Disallow: /precious")
	s.autosave()
	if !s.doc.HasCopy("") {
		t.Fatal("setup: no copy")
	}
	s.doc.Close() // the window crashed
	s2 := testStudio(a, storage)
	s2.openPath(p) // what Start does for prefLast / args[0]
	if n := len(s2.doc.PendingCopies()); n != 1 {
		t.Fatalf("the unsaved new buffer's recovery copy was deleted before offerRecovery ran (%d left)", n)
	}
}

// Restoring the copy of the file Start already opened must keep a copy
// while the restored text is unsaved.
func TestRestoreKeepsItsCopyUntilSaved(t *testing.T) {
	a := uitest.NewApp(t)
	storage := t.TempDir()
	p := writeFile(t, "robots.txt", []byte("User-agent: *\n"))
	s := testStudio(a, storage)
	s.openPath(p)
	test.Type(s.ed, "Disallow: /precious")
	s.autosave()
	s.doc.Close() // the window crashed
	s2 := testStudio(a, storage)
	s2.openPath(p) // Start: prefLast
	recs := s2.doc.PendingCopies()
	if len(recs) != 1 {
		t.Fatalf("setup: %d", len(recs))
	}
	s2.restore(recs[0])
	if !s2.doc.Modified() {
		t.Fatal("setup: restored text should be unsaved")
	}
	if !s2.doc.HasCopy(p) {
		t.Fatal("restored, unsaved text has no recovery copy until the next autosave")
	}
}

// TestTheLastKeysReachTheCopyAtAPauseInTyping: keys typed and then a pause
// (the window's clock, moved by the test) are in the recovery copy before
// the next tick, so a kill just after the pause loses none of them.
func TestTheLastKeysReachTheCopyAtAPauseInTyping(t *testing.T) {
	a := uitest.NewApp(t)
	storage := t.TempDir()
	p := writeFile(t, "robots.txt", []byte("User-agent: *\n"))
	s := testStudio(a, storage)
	clock := &testenv.ManualClock{}
	s.clock = clock
	openWindow(s, []string{p})
	defer s.win.Close()
	s.autosaver.Stop() // the test plays the autosave's goroutine: the pause below is handled here
	s.autosaver = session.StartAutosave(clock, session.AutosaveEvery, func(f func()) { f() }, s.autosave)
	test.Type(s.ed, "# LASTKEYS")
	if s.doc.HasCopy(p) {
		t.Fatal("setup: a copy before the pause")
	}
	done := make(chan struct{})
	go func() { clock.EndPause(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second): // a guard against a hang, not a wait
		t.Fatal("typing started no pause: nothing is written before the next tick")
	}
	s.autosaver.Stop() // returns once the pause's autosave has run
	s.doc.Close()      // killed
	pending := testStudio(a, storage).doc.PendingCopies()
	if len(pending) != 1 || !strings.Contains(string(pending[0].Text), "# LASTKEYS") {
		t.Fatalf("the keys typed before the pause are not in the copy: %q", pending)
	}
}
