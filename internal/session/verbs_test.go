package session

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/robots-studio/robots-studio/tester/testset"
)

// TestVerbsFollowTheDocumentsFile: the verbs the window uses read the file
// the document has now, a new document has nothing to watch, the test set
// follows a new place only for this document's file, and "keep mine" makes
// the disk's new text the one compared with.
func TestVerbsFollowTheDocumentsFile(t *testing.T) {
	b := &buffer{set: testset.New()}
	d := newDoc(t, b)
	if d.Path() != "" || d.Name() != "robots.txt" || d.Watch(func() {}) != nil {
		t.Fatalf("new document: path %q, name %q, or a watch on no file", d.Path(), d.Name())
	}
	path := filepath.Join(t.TempDir(), "site.txt")
	if err := os.WriteFile(path, []byte("User-agent: *\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	o, err := d.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	b.text = o.Text
	if d.Path() != o.File.Path || d.Name() != "site.txt" || d.SaveName() != "site.txt" || string(d.SavedText()) != "User-agent: *\n" {
		t.Fatalf("opened: path %q, name %q, saved %q", d.Path(), d.Name(), d.SavedText())
	}
	w := d.Watch(func() {})
	if w == nil {
		t.Fatal("no watch on an opened file")
	}
	w.Stop()

	inApp := d.TestsPath()
	if err := d.Places.Choose(d.Path(), Beside); err != nil {
		t.Fatal(err)
	}
	d.TestsMoved(filepath.Join(filepath.Dir(path), "other.txt"))
	if d.TestsPath() != inApp {
		t.Fatalf("another file's move changed this one's test set path to %q", d.TestsPath())
	}
	d.TestsMoved(d.Path())
	if want, _ := d.Places.For(d.Path()); d.TestsPath() != want || want == inApp {
		t.Fatalf("test set path %q after the move, want %q (was %q)", d.TestsPath(), want, inApp)
	}

	// Another program writes; the user keeps their text.
	if err := os.WriteFile(path, []byte("User-agent: other\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if c := d.CheckDisk(); !c.Changed || d.OnDisk(c) != DiskReload {
		t.Fatalf("a clean buffer under another program's change: %+v", c)
	}
	d.KeepMine()
	if string(d.SavedText()) != "User-agent: other\n" || !d.TextModified() || d.CheckDisk().Changed {
		t.Fatalf("keep mine: saved %q, modified %v", d.SavedText(), d.TextModified())
	}
}
