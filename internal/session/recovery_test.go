package session

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestACopyOfALiveWindowIsNeitherOfferedNorDeleted: window 1 edits B.txt;
// window 2, started on the same storage, must not see B's copy as pending
// (so never offers nor deletes it); once window 1 is gone, it is offered.
func TestACopyOfALiveWindowIsNeitherOfferedNorDeleted(t *testing.T) {
	dir := t.TempDir()
	w1 := NewRecovery(dir)
	if err := w1.Save("/site/B.txt", []byte("typed in window 1")); err != nil {
		t.Fatal(err)
	}
	w2 := NewRecovery(dir)
	if p := w2.Pending(); len(p) != 0 {
		t.Fatalf("window 2 offers the copy of a live window: %+v", p)
	}
	w2.Drop("/site/B.txt") // window 2 opening, saving or quitting B itself
	if p := NewRecovery(dir); len(p.Pending()) != 0 {
		t.Fatal("setup")
	}
	w1.Close() // as a crash would: the copy stays, the owner is gone
	p := w2.Pending()
	if len(p) != 1 || string(p[0].Text) != "typed in window 1" {
		t.Fatalf("the copy of a window that is gone must be pending, and window 2's Drop must not have removed it: %+v", p)
	}
}

// TestEveryWindowRewritesItsCopyIfItDisappears: a copy removed behind the
// window's back (an older version's window, a user) is written again at
// the next autosave although the text did not change.
func TestEveryWindowRewritesItsCopyIfItDisappears(t *testing.T) {
	dir := t.TempDir()
	w1 := NewRecovery(dir)
	defer w1.Close()
	if err := w1.Keep("/site/B.txt", []byte("abc")); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "recovery", "*.json"))
	if len(files) != 1 {
		t.Fatalf("setup: %v", files)
	}
	os.Remove(files[0])
	if err := w1.Keep("/site/B.txt", []byte("abc")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(files[0]); err != nil {
		t.Fatalf("the copy was not rewritten: %v", err)
	}
}

// TestACopyOfAKilledWindowIsOffered: a real process writes a copy and is
// killed with SIGKILL (no chance to clean up): its lock goes with it, so
// the copy is pending for the next window.
func TestACopyOfAKilledWindowIsOffered(t *testing.T) {
	if os.Getenv("RECOVERY_HELPER_DIR") != "" {
		r := NewRecovery(os.Getenv("RECOVERY_HELPER_DIR"))
		if err := r.Save("/site/B.txt", []byte("typed before kill -9")); err != nil {
			os.Exit(3)
		}
		os.Stdout.WriteString("saved\n")
		time.Sleep(time.Minute)
		os.Exit(0)
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestACopyOfAKilledWindowIsOffered$")
	cmd.Env = append(os.Environ(), "RECOVERY_HELPER_DIR="+dir)
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 64)
	n, _ := out.Read(buf)
	if !strings.Contains(string(buf[:n]), "saved") {
		cmd.Process.Kill()
		t.Fatalf("helper: %q", buf[:n])
	}
	me := NewRecovery(dir)
	if p := me.Pending(); len(p) != 0 {
		cmd.Process.Kill()
		t.Fatalf("the live helper's copy is offered: %+v", p)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	p := me.Pending()
	if len(p) != 1 || string(p[0].Text) != "typed before kill -9" {
		t.Fatalf("after kill -9 the copy must be offered: %+v", p)
	}
	if err := me.Discard(p[0]); err != nil || len(me.Pending()) != 0 {
		t.Fatalf("discard: %v", err)
	}
}

// TestEveryPendingCopyIsKeptUntilDiscardedOneByOne: with copies of A and B
// left by gone windows, both are pending; adopting A (restore) and
// discarding nothing leaves B pending; only Discard of B removes it.
func TestEveryPendingCopyIsKeptUntilDiscardedOneByOne(t *testing.T) {
	dir := t.TempDir()
	old := NewRecovery(dir)
	old.Save("/site/A.txt", []byte("A text"))
	clockMoves()
	other := NewRecovery(dir)
	other.Save("/site/B.txt", []byte("B text"))
	old.Close()
	other.Close()
	me := NewRecovery(dir)
	p := me.Pending()
	if len(p) != 2 || p[0].Path != "/site/B.txt" || p[1].Path != "/site/A.txt" {
		t.Fatalf("both copies, newest first: %+v", p)
	}
	if err := me.Adopt(p[1], "/site/A.txt"); err != nil {
		t.Fatal(err)
	}
	me.Drop("/site/A.txt") // the restored A is saved
	left := me.Pending()
	if len(left) != 1 || left[0].Path != "/site/B.txt" {
		t.Fatalf("restoring A must leave B pending: %+v", left)
	}
	if err := me.Discard(left[0]); err != nil || len(me.Pending()) != 0 {
		t.Fatalf("discard B: %v %+v", err, me.Pending())
	}
	if got := (&RecoveryRecord{Text: []byte("\n\nUser-agent: *\x1b[2J\nDisallow: /private\n")}).Preview(40); got != "User-agent: *·[2J ⏎ Disallow: /private" {
		t.Fatalf("preview %q", got)
	}
}

// TestAnUndoneEditDoesNotComeBackFromRecovery: after a copy holds "abc",
// an undo to "ab" rewrites the copy at once (not at the next autosave);
// typing more waits for the autosave.
func TestAnUndoneEditDoesNotComeBackFromRecovery(t *testing.T) {
	dir := t.TempDir()
	w := NewRecovery(dir)
	w.Keep("/s/r.txt", []byte("User-agent: *\nDisallow: /secret-typo\n"))
	w.Follow("/s/r.txt", []byte("User-agent: *\nDisallow: /\n"))
	w.Close()
	p := NewRecovery(dir).Pending()
	if len(p) != 1 || string(p[0].Text) != "User-agent: *\nDisallow: /\n" {
		t.Fatalf("the copy brings back undone text: %+v", p)
	}
	if LosesText([]byte("abc"), []byte("abXc")) || !LosesText([]byte("abc"), []byte("aXc")) || !LosesText([]byte("abc"), []byte("ab")) {
		t.Fatal("LosesText")
	}
}

// TestAClosingPageGivesUpItsCopiesAtOnce: a browser tab reloaded or closed
// releases its copies as it goes (Release, from the page's pagehide), so the
// next load offers them at once, not one load later once the lock is
// stale. Release never waits: while a copy is being written it leaves the
// lock as it is. A page that comes back (the browser's cache) owns its copy
// again at its next autosave, changed text or not.
func TestAClosingPageGivesUpItsCopiesAtOnce(t *testing.T) {
	dir := t.TempDir()
	tab1 := NewRecovery(dir)
	defer tab1.Close()
	if err := tab1.Keep("", []byte(" # unsaved-A")); err != nil {
		t.Fatal(err)
	}
	next := NewRecovery(dir)
	defer next.Close()
	if len(next.Pending()) != 0 {
		t.Fatal("setup: the copy of a live tab is not offered")
	}
	tab1.mu.Lock() // a copy being written
	if tab1.Release() {
		t.Fatal("Release waited for, or broke into, a copy being written")
	}
	tab1.mu.Unlock()
	if !tab1.Release() {
		t.Fatal("Release refused with nothing being written")
	}
	if p := next.Pending(); len(p) != 1 || string(p[0].Text) != " # unsaved-A" {
		t.Fatalf("the next load must offer the closed tab's copy at once: %+v", p)
	}
	// Back from the cache, the next autosave (the text unchanged) owns the
	// copy again.
	if err := tab1.Keep("", []byte(" # unsaved-A")); err != nil {
		t.Fatal(err)
	}
	if p := next.Pending(); len(p) != 0 {
		t.Fatalf("a page back from the cache owns its copy again: %+v", p)
	}
}

// clockMoves returns once the wall clock reads later than when it was
// called: a record saved after it is newer than one saved before, even
// where the clock ticks coarsely.
func clockMoves() {
	t0 := time.Now().Round(0)
	for !time.Now().Round(0).After(t0) {
		runtime.Gosched()
	}
}
