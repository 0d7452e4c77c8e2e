package session

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/internal/testenv"
	"github.com/robots-studio/robots-studio/tester/testset"
)

// buffer stands in for the window's editor and tester.
type buffer struct {
	text []byte
	set  *testset.Set
}

func newDoc(t *testing.T, b *buffer) *Document {
	t.Helper()
	storage := t.TempDir()
	rec := NewRecovery(storage)
	t.Cleanup(rec.Close)
	return NewDocument(rec, NewPlaces(storage), func() []byte { return b.text }, func() *testset.Set { return b.set })
}

func TestUnsavedChoiceDecidesSaveAndGoOn(t *testing.T) {
	for _, c := range []struct {
		name       string
		choice     Choice
		save, goOn bool
	}{
		{"save first (the action follows a successful save)", ChoiceSave, true, false},
		{"don't save goes on", ChoiceDiscard, false, true},
		{"cancel stays", ChoiceCancel, false, false},
	} {
		if save, goOn := Decide(c.choice); save != c.save || goOn != c.goOn {
			t.Errorf("%s: Decide = (%v, %v), want (%v, %v)", c.name, save, goOn, c.save, c.goOn)
		}
	}
}

// TestDocumentUnsavedNamesTextAndRows: a new document's rows can be kept
// only by saving the file; a saved file's rows are kept alone (KeepTests)
// and never count as a change of the robots.txt.
func TestDocumentUnsavedNamesTextAndRows(t *testing.T) {
	b := &buffer{set: testset.New()}
	d := newDoc(t, b)
	d.TestsKept() // the window shows the empty set
	if d.Unsaved().Any() {
		t.Fatal("an empty new document has nothing unsaved")
	}
	b.set.Crawlers = []string{"Googlebot"}
	if u := d.Unsaved(); u.Text || !u.Tests {
		t.Fatalf("rows of a new document: %+v", u)
	}
	b.text = []byte("User-agent: *\n")
	path := filepath.Join(t.TempDir(), "robots.txt")
	if err := d.Save(path); err != nil {
		t.Fatal(err)
	}
	if d.Modified() {
		t.Fatal("saved document is modified")
	}
	b.set.Paths = []string{"/x"}
	if d.Modified() {
		t.Fatal("rows of a saved file are not a change of the file")
	}
	if wrote, err := d.KeepTests(); !wrote || err != nil {
		t.Fatalf("KeepTests = %v, %v", wrote, err)
	}
	o, err := Open(path, d.Places)
	if err != nil || len(o.Tests.Paths) != 1 {
		t.Fatalf("the rows were not kept: %v %+v", err, o.Tests)
	}
	if data, _ := os.ReadFile(path); string(data) != "User-agent: *\n" {
		t.Fatalf("KeepTests touched the robots.txt: %q", data)
	}
}

// TestAutosaveRunsOnTheClockItIsGiven: the autosave writes on each tick of
// the clock passed in (the test drives time), edits follow the copy, and
// Stop ends its goroutine.
func TestAutosaveRunsOnTheClockItIsGiven(t *testing.T) {
	b := &buffer{set: testset.New()}
	d := newDoc(t, b)
	before := runtime.NumGoroutine()
	clock := &testenv.ManualClock{}
	saved := make(chan bool)
	a := StartAutosave(clock, time.Hour, func(f func()) { f() }, func() {
		_, err := d.Autosave()
		saved <- err == nil
	})
	b.text = []byte("Disallow: /precious\n")
	go clock.Tick()
	if !<-saved || !d.rec.Has("") {
		t.Fatal("a tick did not copy the unsaved text")
	}
	b.text = []byte("Disallow: /p")
	d.Edited() // text taken out leaves the copy at once
	r2 := NewRecovery(filepath.Dir(d.rec.dir))
	defer r2.Close()
	d.rec.Close()
	if p := r2.Pending(); len(p) != 1 || string(p[0].Text) != "Disallow: /p" {
		t.Fatalf("the copy still holds deleted text: %+v", p)
	}
	a.Stop()
	a.Stop()
	waitGoroutines(t, before)
}

// TestEditedBackToDiskDropsTheCopy: typed back to the saved bytes, the
// copy would offer an edit the user no longer wants.
func TestEditedBackToDiskDropsTheCopy(t *testing.T) {
	path := filepath.Join(t.TempDir(), "robots.txt")
	os.WriteFile(path, []byte("A\n"), 0o644)
	b := &buffer{set: testset.New()}
	d := newDoc(t, b)
	o, err := d.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	b.text, b.set = o.Text, o.Tests
	b.text = []byte("A\nB\n")
	if _, err := d.Autosave(); err != nil || !d.rec.Has(path) {
		t.Fatalf("no copy: %v", err)
	}
	b.text = []byte("A\n")
	d.Edited()
	if d.rec.Has(path) {
		t.Fatal("the copy of an edit undone is still there")
	}
}

func waitGoroutines(t *testing.T, want int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > want {
		if time.Now().After(deadline) {
			t.Fatalf("goroutines: %d, want %d", runtime.NumGoroutine(), want)
		}
		runtime.Gosched()
		time.Sleep(time.Millisecond)
	}
}

// TestACopyIsWrittenAtEachPauseInTyping: the copy does not wait for the
// next tick: when typing pauses (TypingPause, here the test's clock), the
// text as it is then is copied, so a crash just after loses nothing typed
// before the pause.
func TestACopyIsWrittenAtEachPauseInTyping(t *testing.T) {
	b := &buffer{set: testset.New()}
	d := newDoc(t, b)
	clock := &testenv.ManualClock{}
	saved := make(chan bool)
	a := StartAutosave(clock, time.Hour, func(f func()) { f() }, func() {
		_, err := d.Autosave()
		saved <- err == nil
	})
	defer a.Stop()
	// The copy as a crash now would leave it.
	pending := func() string {
		data, err := os.ReadFile(d.rec.file(""))
		var rec RecoveryRecord
		if err != nil || json.Unmarshal(data, &rec) != nil {
			return ""
		}
		return string(rec.Text)
	}
	for _, typed := range []string{"Disallow: /first", "Disallow: /first LASTKEYS"} {
		b.text = []byte(typed)
		d.Edited()
		a.Edited()
		if pending() == typed {
			t.Fatal("copied before the pause ended")
		}
		go clock.EndPause()
		select {
		case ok := <-saved:
			if !ok {
				t.Fatal("the copy at the pause failed")
			}
		case <-time.After(10 * time.Second): // a guard against a hang, not a wait: the pause is the clock's
			t.Fatal("no copy was written at the end of the pause in typing")
		}
		if got := pending(); got != typed {
			t.Fatalf("after a pause in typing the copy holds %q, want %q", got, typed)
		}
	}
}
