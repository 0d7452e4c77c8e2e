// Package session is the document behind a window, without the window: the
// file and its test set as they are on disk, opening and saving them by the
// rules that keep a user's work safe, and the recovery copies of unsaved
// text. ui/ shows it; nothing here needs Fyne.
package session

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/testset"
	"github.com/robots-studio/robots-studio/tester/textfile"
)

// File is what is known about the file behind the editor: where it lives
// and the bytes last read from or written to disk, so "modified" is a
// comparison, not a flag that can drift.
type File struct {
	Path  string // "" for a new, never-saved buffer
	Disk  []byte // the bytes on disk as of the last open/save
	Tests []byte // the test set as last loaded or saved (testset.Marshal)
	IsNew bool
	// Remote is the URL a fetched, not yet saved, document came from.
	Remote string
	// TestsUnreadable: the test set beside the file could not be read; it is
	// left as it is on disk and never overwritten or removed by a save.
	TestsUnreadable bool
	// TestsPath is where the test set is read from and saved to (Places.For).
	TestsPath string
	// Stamp is the file as last read or written (size, time, hash): a file
	// that no longer matches it was changed by another program.
	Stamp textfile.Stamp
	// Leftovers are temporary files of a killed save that the last open or
	// save removed beside the file; those with Newer set hold text newer
	// than the file, for the window to offer.
	Leftovers []textfile.Leftover
}

// Name is the file name shown in the title.
func (f *File) Name() string {
	if f.Path == "" && f.Remote != "" {
		return f.Remote
	}
	if f.Path == "" {
		return "robots.txt"
	}
	return filepath.Base(f.Path)
}

// SaveName is the name a Save As dialog proposes.
func (f *File) SaveName() string {
	if f.Path == "" {
		return "robots.txt"
	}
	return filepath.Base(f.Path)
}

// Modified reports whether text or the test set (as Marshal gives it)
// differs from what is on disk.
func (f *File) Modified(text, tests []byte) bool {
	return f.TextModified(text) || !bytes.Equal(tests, f.Tests)
}

// TextModified reports whether text differs from what is on disk; an empty
// new buffer is not modified.
func (f *File) TextModified(text []byte) bool {
	if f.Path == "" {
		return len(text) > 0 && !bytes.Equal(text, f.Disk)
	}
	return !bytes.Equal(text, f.Disk)
}

// Opened is a file read from disk with its test set.
type Opened struct {
	File  File
	Text  []byte
	Tests *testset.Set // empty when there is none or it is unreadable
	// TestsErr says why an existing test set could not be read (then
	// File.TestsUnreadable is set and the set on disk is kept).
	TestsErr error
}

// Open reads path (textfile.Load's checks) and its test set, from where
// places keeps it.
func Open(path string, places Places) (Opened, error) {
	data, stamp, err := textfile.LoadStamped(path)
	if err != nil {
		return Opened{}, err
	}
	abs, _ := filepath.Abs(path)
	set, tests, err := TestsFor(abs, places)
	o := Opened{File: File{Path: abs, Disk: data, TestsPath: tests, Stamp: stamp, Leftovers: textfile.SweepLeftovers(abs)}, Text: data, Tests: set}
	if err != nil {
		o.TestsErr, o.File.TestsUnreadable = err, true
	}
	o.File.Tests = o.Tests.Marshal()
	return o, nil
}

// Save writes text to path atomically (textfile.WriteAtomic) and the test set
// where places keeps it: written when it has rows, removed when the user
// removed every row (an old set must not come back), and left alone when it
// could not be read. On success f describes the saved file.
//
// Saving over the file the window opened is refused with
// textfile.ErrChangedOnDisk when another program changed it since it was
// read or last saved (checked again just before the rename): the window
// asks first (see CheckDisk, KeepMine).
func (f *File) Save(path string, text []byte, set *testset.Set, places Places) error {
	text = append([]byte(nil), text...)
	abs, _ := filepath.Abs(path)
	leftovers := textfile.SweepLeftovers(abs)
	write := textfile.WriteAtomic
	if abs == f.Path && f.Path != "" {
		// Over the file the window knows, or where it knows there is none
		// (deleted, and the user kept their text): a file there now that
		// it did not read is another program's, and is not written over.
		c := f.CheckDisk()
		if c.Changed {
			return &textfile.Error{Path: abs, Text: msg.New(msgChangedSince), Err: textfile.ErrChangedOnDisk}
		}
		want := c.Stamp // the same bytes, perhaps touched since; or still no file
		write = func(p string, d []byte) error { return textfile.WriteAtomicIf(p, d, want) }
	}
	if err := write(path, text); err != nil {
		return err
	}
	keepTests := f.TestsUnreadable && abs == f.Path
	testsPath, _ := places.For(abs)
	if keepTests {
		testsPath = f.TestsPath
	}
	switch {
	case keepTests:
	case set != nil && (len(set.Crawlers) > 0 || len(set.Paths) > 0):
		if err := os.MkdirAll(filepath.Dir(testsPath), 0o700); err != nil {
			return err
		}
		if err := testset.Save(testsPath, set); err != nil {
			return err
		}
	default:
		if err := os.Remove(testsPath); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	tests := f.Tests // an unreadable set on disk was not replaced: the rows stay unsaved
	if !keepTests {
		tests = nil
		if set != nil {
			tests = set.Marshal()
		}
	}
	*f = File{Path: abs, Disk: text, Tests: tests, TestsUnreadable: keepTests, TestsPath: testsPath,
		Stamp: textfile.StampOf(abs, text), Leftovers: leftovers}
	return nil
}

var msgChangedSince = msg.Def("file.changed_since_open", "another program changed the file since it was opened or saved here; nothing was written")

// DiskCheck is the file on disk now, compared with File.Stamp.
type DiskCheck struct {
	Changed bool           // other bytes, or gone
	Gone    bool           // deleted or moved away
	Text    []byte         // the bytes on disk now (when Changed and readable)
	Stamp   textfile.Stamp // the file now
	Err     error          // it exists but could not be read
}

// CheckDisk compares the file with what was last read or written. A file
// only touched (new time, same bytes) is not changed. A new buffer never is.
// A file with a path but no stamp is known to be missing (deleted or moved
// away, and the user kept their text; or a recovered copy of a deleted
// file): a file that appears there is a change, as another program wrote it.
func (f *File) CheckDisk() DiskCheck {
	if f.Path == "" {
		return DiskCheck{Stamp: f.Stamp}
	}
	if f.Stamp.SameStat(f.Path) {
		return DiskCheck{Stamp: f.Stamp}
	}
	data, err := textfile.Load(f.Path, nil)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if !f.Stamp.Exists {
			return DiskCheck{} // still missing: said already
		}
		return DiskCheck{Changed: true, Gone: true}
	case err != nil:
		return DiskCheck{Changed: true, Err: err, Stamp: textfile.StampOf(f.Path, nil)}
	}
	now := textfile.StampOf(f.Path, data)
	return DiskCheck{Changed: now.Sum != f.Stamp.Sum || now.Size != f.Stamp.Size, Text: data, Stamp: now}
}

// DiskAction is what the window does about a file changed on disk.
type DiskAction int

const (
	DiskNothing DiskAction = iota // not changed (perhaps touched: the stamp is renewed)
	DiskReload                    // changed, and the buffer has no unsaved text: reload, and say so
	DiskAsk                       // changed, and the buffer has unsaved text (or the file is gone): ask reload or keep mine
)

// OnDisk decides what to do about c for a buffer holding text; a touched
// file's new stamp is taken at once.
func (f *File) OnDisk(c DiskCheck, text []byte) DiskAction {
	if !c.Changed {
		if c.Stamp.Exists {
			f.Stamp = c.Stamp
		}
		return DiskNothing
	}
	if !c.Gone && c.Err == nil && !f.TextModified(text) {
		return DiskReload
	}
	return DiskAsk
}

// KeepMine is the answer "keep my text" to a change on disk: the disk's
// new state becomes the one compared with, so the buffer counts as unsaved
// and the next Save writes over the change without asking again.
func (f *File) KeepMine(c DiskCheck) {
	if c.Gone {
		f.Disk, f.Stamp = nil, textfile.Stamp{}
		return
	}
	f.Disk, f.Stamp = c.Text, c.Stamp
}

// TestsModified reports whether the test set (as Marshal gives it) differs
// from the one last loaded or saved.
func (f *File) TestsModified(tests []byte) bool {
	return !bytes.Equal(tests, f.Tests)
}

// CanSaveTestsAlone reports whether the test set can be saved without the
// text: the file has a place on disk and its test set there was readable
// (an unreadable one is never overwritten).
func (f *File) CanSaveTestsAlone() bool {
	return f.Path != "" && f.TestsPath != "" && !f.TestsUnreadable
}

// SaveTests writes only the test set, to f.TestsPath: the rows of the
// tester are the user's work on the file, kept as it changes, while the
// robots.txt itself is written only when the user saves it. A set without
// rows removes the file, as Save does.
func (f *File) SaveTests(set *testset.Set) error {
	if !f.CanSaveTestsAlone() {
		return errors.New("the test set has no place of its own yet")
	}
	if set != nil && (len(set.Crawlers) > 0 || len(set.Paths) > 0) {
		if err := os.MkdirAll(filepath.Dir(f.TestsPath), 0o700); err != nil {
			return err
		}
		if err := testset.Save(f.TestsPath, set); err != nil {
			return err
		}
	} else if err := os.Remove(f.TestsPath); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	f.Tests = nil
	if set != nil {
		f.Tests = set.Marshal()
	}
	return nil
}
