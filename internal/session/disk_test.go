package session

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/tester/textfile"
)

// TestSaveOverAnOutsideChangeAsksFirst: another program appends to the
// open file; Save refuses (the window asks), CheckDisk names the new text,
// and after "keep mine" Save writes.
func TestSaveOverAnOutsideChangeAsksFirst(t *testing.T) {
	p := filepath.Join(t.TempDir(), "robots.txt")
	os.WriteFile(p, []byte("User-agent: *\n"), 0o644)
	o, err := Open(p, Places{})
	if err != nil {
		t.Fatal(err)
	}
	f := o.File
	os.WriteFile(p, []byte("User-agent: *\nDisallow: /theirs\n"), 0o644)
	err = f.Save(p, []byte("User-agent: *\nDisallow: /mine\n"), nil, Places{})
	if !errors.Is(err, textfile.ErrChangedOnDisk) {
		t.Fatalf("Save over an outside change must ask first, got %v", err)
	}
	if data, _ := os.ReadFile(p); string(data) != "User-agent: *\nDisallow: /theirs\n" {
		t.Fatalf("the other program's text was overwritten: %q", data)
	}
	c := f.CheckDisk()
	if !c.Changed || string(c.Text) != "User-agent: *\nDisallow: /theirs\n" {
		t.Fatalf("check %+v", c)
	}
	if f.OnDisk(c, []byte("User-agent: *\nDisallow: /mine\n")) != DiskAsk || f.OnDisk(c, []byte("User-agent: *\n")) != DiskReload {
		t.Fatal("unsaved text asks, a clean buffer reloads")
	}
	f.KeepMine(c)
	if err := f.Save(p, []byte("User-agent: *\nDisallow: /mine\n"), nil, Places{}); err != nil {
		t.Fatal(err)
	}
	// Touched only (same bytes, new time): not a change.
	later := time.Now().Add(time.Hour)
	os.Chtimes(p, later, later)
	if c := f.CheckDisk(); c.Changed || f.OnDisk(c, nil) != DiskNothing {
		t.Fatalf("a touched file is not changed: %+v", c)
	}
	if err := f.Save(p, []byte("x\n"), nil, Places{}); err != nil {
		t.Fatalf("save after a touch: %v", err)
	}
	os.Remove(p)
	if c := f.CheckDisk(); !c.Changed || !c.Gone {
		t.Fatalf("deleted: %+v", c)
	}
}

// TestWatchSaysAtOnceWhenTheFileChanges: a write by another program made
// once WatchFile has returned is reported within a second.
func TestWatchSaysAtOnceWhenTheFileChanges(t *testing.T) {
	p := filepath.Join(t.TempDir(), "robots.txt")
	os.WriteFile(p, []byte("a\n"), 0o644)
	got := make(chan struct{}, 10)
	w := WatchFile(p, func() { got <- struct{}{} })
	defer w.Stop()
	os.WriteFile(p, []byte("b\n"), 0o644)
	select {
	case <-got:
	case <-time.After(PollEvery + time.Second):
		t.Fatal("no word of the change")
	}
}

// TestAStaleTempFileIsRemovedAndANewerOneOffered: a save killed before its
// rename leaves ".robots.txt.NNN.tmp" with the new text; the next open
// removes it and hands its text over (it is newer than the file); a stale
// one older than the file is removed silently.
func TestAStaleTempFileIsRemovedAndANewerOneOffered(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "robots.txt")
	os.WriteFile(p, []byte("old\n"), 0o644)
	old := time.Now().Add(-time.Hour)
	os.Chtimes(p, old, old)
	newer := filepath.Join(dir, ".robots.txt.12345.tmp")
	os.WriteFile(newer, []byte("the text being saved\n"), 0o600)
	then := time.Now().Add(-time.Minute) // killed a minute ago
	os.Chtimes(newer, then, then)
	older := filepath.Join(dir, ".robots.txt.999.tmp")
	os.WriteFile(older, []byte("ancient\n"), 0o600)
	os.Chtimes(older, old.Add(-time.Hour), old.Add(-time.Hour))
	notOurs := filepath.Join(dir, ".robots.txt.backup.tmp")
	os.WriteFile(notOurs, []byte("x"), 0o600)
	os.Chtimes(notOurs, then, then)
	o, err := Open(p, Places{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{newer, older} {
		if _, err := os.Stat(f); !os.IsNotExist(err) {
			t.Errorf("%s left beside the file", filepath.Base(f))
		}
	}
	if _, err := os.Stat(notOurs); err != nil {
		t.Error("a file not of our name pattern was removed")
	}
	var offered []string
	for _, l := range o.File.Leftovers {
		if l.Newer {
			offered = append(offered, string(l.Text))
		}
	}
	if len(o.File.Leftovers) != 2 || len(offered) != 1 || offered[0] != "the text being saved\n" {
		t.Fatalf("leftovers %+v", o.File.Leftovers)
	}
	// A save sweeps too.
	os.WriteFile(older, []byte("ancient\n"), 0o600)
	os.Chtimes(older, old, old)
	f := o.File
	if err := f.Save(p, []byte("new\n"), nil, Places{}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(older); !os.IsNotExist(err) {
		t.Error("save left a stale temp file")
	}
	// A young temp file may be another window's save under way: kept.
	young := filepath.Join(dir, ".robots.txt.777.tmp")
	os.WriteFile(young, []byte("in flight"), 0o600)
	f.Save(p, []byte("newer\n"), nil, Places{})
	if _, err := os.Stat(young); err != nil {
		t.Error("a save under way elsewhere lost its temp file")
	}
}

func TestLineDiffShowsBothSides(t *testing.T) {
	got := LineDiff([]byte("a\nb\nc\nd\ne\nf\n"), []byte("a\nb\nX\nd\ne\nf\ng\n"), 1)
	want := "…\n  b\n- c\n+ X\n  d\n…\n  f\n+ g\n"
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

// TestAFileThatAppearsWhereOneWasDeletedIsAChange: the open file is deleted
// (or renamed away) and the user keeps their text; then another program
// puts a new file at the same path, written in place or moved there from a
// temporary file. That is a change on disk like any other: CheckDisk says
// so with the new bytes, unsaved text asks, and Save does not write over it
// until the user chose "keep my text" for the new file.
func TestAFileThatAppearsWhereOneWasDeletedIsAChange(t *testing.T) {
	const mine, theirs = "User-agent: *\nDisallow: /mine\n", "User-agent: *\nDisallow: /theirs\n"
	for _, tc := range []struct {
		rule   string
		remove func(p string)
		create func(t *testing.T, p string)
	}{
		{"deleted, then written in place", func(p string) { os.Remove(p) },
			func(t *testing.T, p string) { os.WriteFile(p, []byte(theirs), 0o644) }},
		{"renamed away, then a temporary file moved into place", func(p string) { os.Rename(p, p+".old") },
			func(t *testing.T, p string) {
				tmp := filepath.Join(filepath.Dir(p), "deploy.tmp")
				os.WriteFile(tmp, []byte(theirs), 0o644)
				if err := os.Rename(tmp, p); err != nil {
					t.Fatal(err)
				}
			}},
	} {
		t.Run(tc.rule, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "robots.txt")
			os.WriteFile(p, []byte("User-agent: *\n"), 0o644)
			o, err := Open(p, Places{})
			if err != nil {
				t.Fatal(err)
			}
			f := o.File
			tc.remove(p)
			c := f.CheckDisk()
			if !c.Gone || f.OnDisk(c, []byte(mine)) != DiskAsk {
				t.Fatalf("setup: the removal is said: %+v", c)
			}
			f.KeepMine(c)
			if c := f.CheckDisk(); c.Changed {
				t.Fatalf("nothing at the path yet is no new change: %+v", c)
			}
			tc.create(t, p)
			c = f.CheckDisk()
			if !c.Changed || c.Gone || string(c.Text) != theirs {
				t.Fatalf("a file that appears where one was deleted must be a change on disk: %+v", c)
			}
			if f.OnDisk(c, []byte(mine)) != DiskAsk {
				t.Fatal("unsaved text must ask about the new file")
			}
			err = f.Save(p, []byte(mine), nil, Places{})
			if !errors.Is(err, textfile.ErrChangedOnDisk) {
				t.Fatalf("Save over the new file must ask first, got %v", err)
			}
			if data, _ := os.ReadFile(p); string(data) != theirs {
				t.Fatalf("the other program's new file was overwritten: %q", data)
			}
			f.KeepMine(c)
			if err := f.Save(p, []byte(mine), nil, Places{}); err != nil {
				t.Fatalf("after keep mine, Save writes: %v", err)
			}
			if data, _ := os.ReadFile(p); string(data) != mine {
				t.Fatalf("saved %q", data)
			}
		})
	}
}

// TestSaveRecreatesADeletedFileWhenNothingAppeared: after "keep my text"
// for a deleted file, Save writes it back when the path is still free.
func TestSaveRecreatesADeletedFileWhenNothingAppeared(t *testing.T) {
	p := filepath.Join(t.TempDir(), "robots.txt")
	os.WriteFile(p, []byte("a\n"), 0o644)
	o, err := Open(p, Places{})
	if err != nil {
		t.Fatal(err)
	}
	f := o.File
	os.Remove(p)
	f.KeepMine(f.CheckDisk())
	if err := f.Save(p, []byte("b\n"), nil, Places{}); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(p); string(data) != "b\n" {
		t.Fatalf("saved %q", data)
	}
}
