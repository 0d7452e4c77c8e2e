package ui

import (
	"bytes"
	"path/filepath"
)

// fileState is what the window knows about the file behind the editor: where
// it lives and the bytes last read from or written to disk, so "modified" is
// a comparison, not a flag that can drift.
type fileState struct {
	path  string // "" for a new, never-saved buffer
	disk  []byte // the bytes on disk as of the last open/save
	tests []byte // the test set as last loaded or saved (testset.Marshal)
	isNew bool
	// remote is the URL a fetched, not yet saved, document came from.
	remote string
}

// name is the file name shown in the title.
func (f *fileState) name() string {
	if f.path == "" && f.remote != "" {
		return f.remote
	}
	if f.path == "" {
		return "robots.txt"
	}
	return filepath.Base(f.path)
}

// saveName is the name a Save As dialog proposes.
func (f *fileState) saveName() string {
	if f.path == "" {
		return "robots.txt"
	}
	return filepath.Base(f.path)
}

// modified reports whether text differs from what is on disk.
func (f *fileState) modified(text []byte) bool {
	if f.path == "" {
		return len(text) > 0 && !bytes.Equal(text, f.disk)
	}
	return !bytes.Equal(text, f.disk)
}

// unsavedChoice is the answer to "save changes?".
type unsavedChoice int

const (
	choiceSave    unsavedChoice = iota // save, then go on
	choiceDiscard                      // go on without saving
	choiceCancel                       // stay
)

// proceed says what to do after the user's answer: whether to save first
// (the action then runs only if the save succeeds, see studio.save) and
// whether to go on without saving.
func proceed(choice unsavedChoice) (save, goOn bool) {
	switch choice {
	case choiceSave:
		return true, false
	case choiceDiscard:
		return false, true
	}
	return false, false
}
