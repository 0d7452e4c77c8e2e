package session

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"github.com/robots-studio/robots-studio/tester/testset"
	"github.com/robots-studio/robots-studio/tester/textfile"
)

// Places decides where the test set of each robots file is kept. A set
// beside the file (FILENAME.tests.json) sits in the folder a deploy copies
// to the web server, where anyone could read it; so, unless the user asked
// for it there or one is there already, a set is kept in the app's own
// folder instead, named after the file and keyed by its absolute path.
// The user's answer is remembered per file.
//
// The zero Places (no folder) keeps every set beside its file, as the
// command line always reads it from the path it is given.
type Places struct {
	Dir string // the app's folder for test sets; "" = always beside
}

// Place is where one set lives.
type Place int

const (
	// InApp: in the app's own folder, out of reach of a deploy.
	InApp Place = iota
	// Beside: FILENAME.tests.json next to the robots file.
	Beside
)

// NewPlaces keeps test sets under storage/testsets.
func NewPlaces(storage string) Places { return Places{Dir: filepath.Join(storage, "testsets")} }

// placesMu serialises reads and writes of the choices file.
var placesMu sync.Mutex

// For says where the set of the robots file at robotsPath is kept: beside
// the file when one is already there (readable or not: it is the user's)
// or when the user chose that; otherwise in the app's folder.
func (p Places) For(robotsPath string) (string, Place) {
	abs := absPath(robotsPath)
	beside := testset.PathFor(abs)
	if p.Dir == "" {
		return beside, Beside
	}
	if _, err := os.Lstat(beside); err == nil {
		return beside, Beside
	}
	if c, ok := p.choices()[abs]; ok && c == choiceBeside {
		return beside, Beside
	}
	return p.appPath(abs), InApp
}

// Chosen reports whether the user has answered where this file's set goes.
func (p Places) Chosen(robotsPath string) bool {
	_, ok := p.choices()[absPath(robotsPath)]
	return ok
}

// Choose remembers where the user wants this file's set and moves a set
// that is already saved to that place. A set already at the destination is
// never overwritten: the move is refused with an error and nothing changes.
func (p Places) Choose(robotsPath string, place Place) error {
	if p.Dir == "" {
		return errors.New("test sets have no folder of their own here")
	}
	abs := absPath(robotsPath)
	from, _ := p.For(abs)
	to := testset.PathFor(abs)
	if place == InApp {
		to = p.appPath(abs)
	}
	if from != to {
		if data, err := os.ReadFile(from); err == nil {
			if _, err := os.Lstat(to); err == nil {
				return fmt.Errorf("%s already exists; move or remove it first", to)
			}
			if err := os.MkdirAll(filepath.Dir(to), 0o700); err != nil {
				return err
			}
			if err := textfile.WriteAtomic(to, data); err != nil {
				return err
			}
			if err := os.Remove(from); err != nil {
				return err
			}
		} else if !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	word := choiceApp
	if place == Beside {
		word = choiceBeside
	}
	return p.remember(abs, word)
}

const (
	choiceBeside = "beside"
	choiceApp    = "app"
)

// appPath is the set's name in the app's folder: the file's name, so a
// person looking in the folder can tell the sets apart, and a hash of its
// absolute path, so two robots.txt files never share one.
func (p Places) appPath(abs string) string {
	sum := sha256.Sum256([]byte(abs))
	return filepath.Join(p.Dir, filepath.Base(abs)+"-"+hex.EncodeToString(sum[:6])+testset.Suffix)
}

func (p Places) choicesFile() string { return filepath.Join(p.Dir, "places.json") }

// choices maps absolute robots paths to "beside" or "app". An unreadable
// file counts as no answers: the safe place is then used and the user asked
// again.
func (p Places) choices() map[string]string {
	placesMu.Lock()
	defer placesMu.Unlock()
	return p.readChoices()
}

func (p Places) readChoices() map[string]string {
	m := map[string]string{}
	if p.Dir == "" {
		return m
	}
	if data, err := os.ReadFile(p.choicesFile()); err == nil {
		json.Unmarshal(data, &m)
	}
	return m
}

func (p Places) remember(abs, word string) error {
	placesMu.Lock()
	defer placesMu.Unlock()
	m := p.readChoices()
	m[abs] = word
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(p.Dir, 0o700); err != nil {
		return err
	}
	return textfile.WriteAtomic(p.choicesFile(), append(data, '\n'))
}

func absPath(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return path
}
