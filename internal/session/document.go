package session

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/robots-studio/robots-studio/tester/testset"
	"github.com/robots-studio/robots-studio/tester/textfile"
)

// Document is the open document, the window's controller without the
// window: the file behind it (File), the text and the test set as the user
// has them now (read through the two functions it is given, the editor's
// and the tester's), whether they are saved, the recovery copy of unsaved
// text, and what "unsaved changes?" asks. The window shows it; the command
// line finds the test set the window keeps for a file through TestsFor.
type Document struct {
	File   File
	Places Places    // where test sets are kept
	Rec    *Recovery // the copies of unsaved text; nil keeps none

	text  func() []byte
	tests func() *testset.Set
	// auto is what the last autosave wrote; nil when there is no copy this
	// document made (then edits need not follow it).
	auto []byte
}

// NewDocument is a new, empty document whose text and test set are read
// through text and tests (the editor's and the tester's, in the window).
func NewDocument(rec *Recovery, places Places, text func() []byte, tests func() *testset.Set) *Document {
	return &Document{File: File{IsNew: true}, Places: places, Rec: rec, text: text, tests: tests}
}

// Text is the text as the user has it now.
func (d *Document) Text() []byte { return d.text() }

// TestsBytes is the test set as it would be saved (nil for none).
func (d *Document) TestsBytes() []byte {
	if set := d.tests(); set != nil {
		return set.Marshal()
	}
	return nil
}

// TextModified reports whether the text differs from the file on disk.
func (d *Document) TextModified() bool { return d.File.TextModified(d.text()) }

// TestsUnsaved reports tester rows that only a Save of the file would keep
// (a new file's, or beside an unreadable test set).
func (d *Document) TestsUnsaved() bool {
	return !d.File.CanSaveTestsAlone() && d.File.TestsModified(d.TestsBytes())
}

// Modified reports unsaved changes: to the text, or to tester rows that
// cannot be kept on their own. Rows of a saved file are kept as they change
// (KeepTests), so they never mark the robots.txt as modified.
func (d *Document) Modified() bool { return d.TextModified() || d.TestsUnsaved() }

// Unsaved is what a question before leaving the document names.
type Unsaved struct{ Text, Tests bool }

// Any reports whether anything is unsaved.
func (u Unsaved) Any() bool { return u.Text || u.Tests }

// Unsaved says what would be lost by leaving the document now.
func (d *Document) Unsaved() Unsaved { return Unsaved{Text: d.TextModified(), Tests: d.TestsUnsaved()} }

// Choice is the user's answer to "save changes?".
type Choice int

const (
	ChoiceSave    Choice = iota // save, then go on
	ChoiceDiscard               // go on without saving
	ChoiceCancel                // stay
)

// Decide says what to do after the user's answer: whether to save first
// (the action then runs only if the save succeeds) and whether to go on
// without saving.
func Decide(c Choice) (save, goOn bool) {
	switch c {
	case ChoiceSave:
		return true, false
	case ChoiceDiscard:
		return false, true
	}
	return false, false
}

// TestsKept tells the test set the file now has (as loaded or saved).
func (d *Document) TestsKept() { d.File.Tests = d.TestsBytes() }

// KeepTests saves the tester's rows with the file's test set when they
// changed and can be saved alone; the robots.txt is not touched. It reports
// whether it wrote. The window calls it with the autosave and before
// anything that leaves the document.
func (d *Document) KeepTests() (bool, error) {
	if !d.File.CanSaveTestsAlone() || !d.File.TestsModified(d.TestsBytes()) {
		return false, nil
	}
	if err := d.File.SaveTests(d.tests()); err != nil {
		return false, err
	}
	return true, nil
}

// Replace makes f the document's file, leaving the one before: its recovery
// copy goes (the user saved or discarded it). Before any file was opened
// (start-up) nothing is being replaced, and the copies a crash left stay
// until they are offered.
func (d *Document) Replace(f File) {
	if d.File.Path != "" || d.File.IsNew {
		d.dropCopy(d.File.Path)
	}
	d.File = f
}

// Open reads path and its test set (Open's rules) and makes it the
// document's file; the text and the test set are the caller's to show.
func (d *Document) Open(path string) (Opened, error) {
	o, err := Open(path, d.Places)
	if err != nil {
		return o, err
	}
	d.Replace(o.File)
	return o, nil
}

// Discard drops the recovery copy: the user chose to lose the changes.
func (d *Document) Discard() { d.dropCopy(d.File.Path) }

func (d *Document) dropCopy(path string) {
	if d.Rec != nil {
		d.Rec.Drop(path)
	}
	d.auto = nil
}

// Save writes the text and the test set to path (File.Save's rules); the
// recovery copies of the old and the new name go.
func (d *Document) Save(path string) error {
	old := d.File.Path
	if err := d.File.Save(path, d.text(), d.tests(), d.Places); err != nil {
		return err
	}
	if !d.File.TestsUnreadable {
		d.TestsKept()
	}
	d.dropCopy(old)
	d.dropCopy(d.File.Path)
	return nil
}

// Edited follows an edit: back at the saved bytes (undo, or typed back) the
// recovery copy would offer an edit the user no longer wants, so it goes;
// text taken out (an undo, a deletion) is taken out of the copy at once.
func (d *Document) Edited() {
	if d.auto == nil || d.Rec == nil {
		return
	}
	if !d.TextModified() {
		d.dropCopy(d.File.Path)
		return
	}
	d.Rec.Follow(d.File.Path, d.text())
}

// Autosave keeps the tester's rows (KeepTests) and copies unsaved text to
// the recovery folder. It reports whether anything was written, for the
// caller to flush (the browser's storage).
func (d *Document) Autosave() (bool, error) {
	wrote, err := d.KeepTests()
	text := d.text()
	if d.Rec == nil || !d.File.TextModified(text) {
		return wrote, err
	}
	// Keep writes when the text changed or the copy vanished.
	if kerr := d.Rec.Keep(d.File.Path, text); kerr != nil {
		return wrote, errors.Join(err, kerr)
	}
	d.auto = append(d.auto[:0], text...)
	return true, err
}

// Rescue copies unsaved text at once (background work failed: the window
// may not last until the next autosave).
func (d *Document) Rescue() {
	if d.Rec != nil && d.TextModified() {
		d.Rec.Save(d.File.Path, d.text())
	}
}

// Reloaded takes the file as it is on disk now (c from CheckDisk) as the
// saved state; the caller shows c.Text. The recovery copy goes.
func (d *Document) Reloaded(c DiskCheck) {
	d.File.KeepMine(c)
	d.dropCopy(d.File.Path)
}

// Adopt makes a recovered copy this document's, under its file now (""
// for a new document): written as this window's first, then the old one
// removed, so a second crash before the next autosave loses nothing.
func (d *Document) Adopt(rec RecoveryRecord) error {
	if d.Rec == nil {
		return nil
	}
	if err := d.Rec.Adopt(rec, d.File.Path); err != nil {
		return err
	}
	d.auto = append([]byte(nil), rec.Text...)
	return nil
}

// RestoreTarget is the file a recovered copy comes back under: its own
// file when that can still be opened (opened true: the caller opens it
// first), the same path when the file was deleted (saving recreates it),
// else a new document, with the reason its file could not be opened.
func RestoreTarget(rec RecoveryRecord) (f File, open bool, why error) {
	switch {
	case rec.Path == "":
		return File{IsNew: true}, false, nil
	case !pathExists(rec.Path):
		return File{Path: rec.Path}, false, nil
	}
	if _, err := textfile.Load(rec.Path, nil); err != nil {
		return File{IsNew: true}, false, err
	}
	return File{Path: rec.Path}, true, nil
}

// pathExists reports whether anything (file, folder, device) is at path.
func pathExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil || !errors.Is(err, fs.ErrNotExist)
}

// Leftovers stores the text of temporary files a killed save left beside
// the file, when newer than the file, as pending recovery copies, and
// reports how many.
func (d *Document) Leftovers() int {
	newer := 0
	for _, l := range d.File.Leftovers {
		if l.Newer && d.Rec != nil && d.Rec.KeepLeftover(d.File.Path, l.Text, l.ModTime, filepath.Base(l.Path)) == nil {
			newer++
		}
	}
	d.File.Leftovers = nil
	return newer
}
