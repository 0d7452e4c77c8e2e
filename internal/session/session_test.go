package session

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/robots-studio/robots-studio/tester/testset"
)

func TestModifiedIsAComparisonWithDisk(t *testing.T) {
	f := File{Path: "/x/robots.txt", Disk: []byte("User-agent: *\r\n")}
	if f.TextModified([]byte("User-agent: *\r\n")) {
		t.Error("identical bytes are not a modification")
	}
	if !f.TextModified([]byte("User-agent: *\n")) {
		t.Error("a changed line ending is a modification")
	}
	empty := File{IsNew: true}
	if empty.TextModified(nil) || !empty.TextModified([]byte("x")) {
		t.Error("a new empty buffer is unmodified until typed into")
	}
	if f.Name() != "robots.txt" || (&File{}).Name() != "robots.txt" {
		t.Error("names")
	}
}

func TestRecoveryRoundTrip(t *testing.T) {
	r := NewRecovery(t.TempDir())
	if len(r.Pending()) != 0 {
		t.Fatal("fresh storage has nothing to recover")
	}
	text := []byte("User-agent: *\r\nDisallow: /\xff\x00\n")
	if err := r.Save("/sites/a/robots.txt", text); err != nil {
		t.Fatal(err)
	}
	if err := r.Save("", []byte("new buffer")); err != nil {
		t.Fatal(err)
	}
	r.Close() // the window is gone; its copies stay for the next one
	next := NewRecovery(filepath.Dir(r.dir))
	p := next.Pending()
	if len(p) != 2 || p[0].Path != "" || string(p[1].Text) != string(text) {
		t.Fatalf("pending = %+v", p)
	}
	for _, rec := range p {
		if err := next.Discard(rec); err != nil {
			t.Fatal(err)
		}
	}
	if len(next.Pending()) != 0 {
		t.Fatal("discarded copies must be gone")
	}
}

// TestSaveKeepsAnUnreadableTestSetAndRemovesAnEmptiedOne: the test set rules
// of a save — rows are written beside the file, an emptied set removes the
// old file (it must not come back), and a set that could not be read is
// never overwritten by a save to the same file.
func TestSaveKeepsAnUnreadableTestSetAndRemovesAnEmptiedOne(t *testing.T) {
	dir := t.TempDir()
	robots := filepath.Join(dir, "robots.txt")
	tests := testset.PathFor(robots)
	if err := os.WriteFile(robots, []byte("User-agent: *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(tests, []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	o, err := Open(robots, Places{})
	if err != nil || o.TestsErr == nil || !o.File.TestsUnreadable {
		t.Fatalf("open: %v, tests error %v, unreadable %v", err, o.TestsErr, o.File.TestsUnreadable)
	}
	set := testset.New()
	set.Crawlers = []string{"Googlebot"}
	f := o.File
	if err := f.Save(robots, []byte("User-agent: *\nDisallow: /\n"), set, Places{}); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(tests); string(data) != "{not json" {
		t.Fatalf("the unreadable test set was overwritten: %q", data)
	}
	other := filepath.Join(dir, "copy.txt")
	if err := f.Save(other, []byte("x"), set, Places{}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(testset.PathFor(other)); err != nil || f.TestsUnreadable {
		t.Fatalf("Save As must write the rows beside the new name (%v, unreadable %v)", err, f.TestsUnreadable)
	}
	if err := f.Save(other, []byte("x"), testset.New(), Places{}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(testset.PathFor(other)); !os.IsNotExist(err) {
		t.Fatalf("an emptied test set must remove the old file: %v", err)
	}
}
