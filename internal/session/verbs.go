package session

// The document's verbs for the window: what it asks of the file behind the
// document and of its recovery copies. Each is the File's or the
// Recovery's own rule, said through the document, so the window has one way
// to the file and cannot change it past Replace.

// Path is the file's path, "" for a document never saved.
func (d *Document) Path() string { return d.file.Path }

// Name is the file name shown in the title (File.Name).
func (d *Document) Name() string { return d.file.Name() }

// SaveName is the name a Save As dialog proposes (File.SaveName).
func (d *Document) SaveName() string { return d.file.SaveName() }

// Remote is the URL a fetched, not yet saved, document came from ("" for
// others).
func (d *Document) Remote() string { return d.file.Remote }

// TestsPath is where the file's test set is read from and saved to (""
// until the file has a place on disk).
func (d *Document) TestsPath() string { return d.file.TestsPath }

// SavedText is the text as last read from or written to disk (the sample's
// text for the start-up sample), what "modified" compares with.
func (d *Document) SavedText() []byte { return d.file.Disk }

// TestsModified reports whether the tester's rows differ from the test set
// last loaded or saved.
func (d *Document) TestsModified() bool { return d.file.TestsModified(d.TestsBytes()) }

// StartWith makes the document a new one whose saved text is text, so it
// shows unmodified until edited (the start-up sample). No recovery copy
// goes: at start-up the copies a crash left stay until they are offered.
func (d *Document) StartWith(text []byte) { d.file = File{IsNew: true, Disk: text} }

// RestoreAs makes f the file of a recovered copy that does not come back by
// opening its own file (RestoreTarget). Unlike Replace no recovery copy
// goes: the one being restored may be the one Replace would drop; Adopt
// then makes it this document's.
func (d *Document) RestoreAs(f File) { d.file = f }

// TestsMoved follows a new place for robots' test set (Places.Choose): when
// robots is this document's file, its test set is now read and saved where
// Places.For says.
func (d *Document) TestsMoved(robots string) {
	if d.file.Path == robots {
		d.file.TestsPath, _ = d.Places.For(robots)
	}
}

// CheckDisk compares the file with what was last read or written
// (File.CheckDisk).
func (d *Document) CheckDisk() DiskCheck { return d.file.CheckDisk() }

// OnDisk decides what to do about c for the text as the user has it now
// (File.OnDisk); a touched file's new stamp is taken at once.
func (d *Document) OnDisk(c DiskCheck) DiskAction { return d.file.OnDisk(c, d.text()) }

// KeepMine is the answer "keep my text" to a change on disk: the file as it
// is on disk now becomes the one compared with (File.KeepMine), so the text
// counts as unsaved and the next Save writes over the change without asking
// again.
func (d *Document) KeepMine() { d.file.KeepMine(d.file.CheckDisk()) }

// Watch calls changed when another program may have changed the file
// (WatchFile); nil for a document with no file on disk. The caller stops
// it (Watch.Stop, which takes nil).
func (d *Document) Watch(changed func()) *Watch {
	if d.file.Path == "" {
		return nil
	}
	return WatchFile(d.file.Path, changed)
}

// PendingCopies lists the recovery copies that windows now gone left,
// newest first (Recovery.Pending); none when the document keeps no copies.
func (d *Document) PendingCopies() []RecoveryRecord {
	if d.rec == nil {
		return nil
	}
	return d.rec.Pending()
}

// DeleteCopy deletes one pending recovery copy, as the user asked
// (Recovery.Discard).
func (d *Document) DeleteCopy(rec RecoveryRecord) error {
	if d.rec == nil {
		return nil
	}
	return d.rec.Discard(rec)
}

// HasCopy reports whether this document keeps a recovery copy of the text
// of the file at path ("" for a new document) on disk now.
func (d *Document) HasCopy(path string) bool { return d.rec != nil && d.rec.Has(path) }

// Close gives up the recovery copies' lock: they stay, pending for the
// next window (a quit drops them first, Discard). The window calls it as
// it closes.
func (d *Document) Close() {
	if d.rec != nil {
		d.rec.Close()
	}
}

// Release gives up the recovery copies' lock now, without waiting, for a
// page about to close (Recovery.Release); false when a copy being written
// keeps it.
func (d *Document) Release() bool { return d.rec.Release() }
