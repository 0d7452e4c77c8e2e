package sources

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/robots-studio/robots-studio/assets/catalogue"
	"github.com/robots-studio/robots-studio/tester/msg"
)

// State is the user overlay: what updates and the user added to the
// built-in catalogue. It is saved whole, so an undo puts back an earlier
// state exactly.
type State struct {
	Version int    `json:"version"`
	Updated string `json:"updated,omitempty"` // the day of the last update that changed something
	// Entries are the overlay's catalogue entries: Origin "update" or
	// "user"; an entry named like a built-in one replaces it.
	Entries []catalogue.Crawler `json:"entries"`
	// Lists: for each list an update read (ai.robots.txt, a team's file),
	// the names it contributed, so a name gone from the list is removed.
	Lists map[string][]string `json:"lists,omitempty"`
	// Ranges are the IP range files updates read.
	Ranges []Ranges `json:"ranges,omitempty"`
}

// Store keeps the overlay in a folder of the app's storage:
// overlay.json, earlier states under history/ for undo, and under
// ranges/ one file per range key in the form `logs --ip-ranges` reads.
type Store struct{ Dir string }

// keepHistory is how many earlier states undo can go back through.
const keepHistory = 20

func (s Store) overlayPath() string { return filepath.Join(s.Dir, "overlay.json") }
func (s Store) historyDir() string  { return filepath.Join(s.Dir, "history") }
func (s Store) rangesDir() string   { return filepath.Join(s.Dir, "ranges") }

// Load reads the overlay; no folder or file is an empty overlay.
func (s Store) Load() (State, error) {
	data, err := os.ReadFile(s.overlayPath())
	if errors.Is(err, os.ErrNotExist) {
		return State{Version: 1}, nil
	}
	if err != nil {
		return State{}, err
	}
	var st State
	if err := json.Unmarshal(data, &st); err != nil {
		return State{}, fmt.Errorf("%s: %v", s.overlayPath(), err)
	}
	if st.Version != 1 {
		return State{}, fmt.Errorf("%s: version %d, want 1", s.overlayPath(), st.Version)
	}
	return st, nil
}

// Apply loads the overlay and makes the catalogue every caller sees use it.
func (s Store) Apply() error {
	st, err := s.Load()
	if err != nil {
		return err
	}
	return catalogue.Use(st.Entries)
}

// Save keeps st as the overlay, the current one going to history first,
// and puts the catalogue in use.
func (s Store) Save(st State) error {
	if err := catalogue.Use(st.Entries); err != nil {
		return err
	}
	if err := os.MkdirAll(s.historyDir(), 0o755); err != nil {
		return err
	}
	old, err := os.ReadFile(s.overlayPath())
	if errors.Is(err, os.ErrNotExist) {
		// The first change: undo goes back to an empty layer.
		old, err = json.Marshal(State{Version: 1, Entries: []catalogue.Crawler{}})
	}
	if err == nil {
		n := s.lastHistory() + 1
		if err := writeFile(filepath.Join(s.historyDir(), fmt.Sprintf("%06d.json", n)), old); err != nil {
			return err
		}
		s.trimHistory()
	}
	return s.write(st)
}

func (s Store) write(st State) error {
	st.Version = 1
	sort.SliceStable(st.Entries, func(i, j int) bool { return strings.ToLower(st.Entries[i].Name) < strings.ToLower(st.Entries[j].Name) })
	data, err := json.MarshalIndent(st, "", " ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(s.Dir, 0o755); err != nil {
		return err
	}
	if err := writeFile(s.overlayPath(), append(data, '\n')); err != nil {
		return err
	}
	return s.writeRanges(st.Ranges)
}

// writeRanges writes one file per range file read, named by key and
// source ({"GPTBot": ["…"]}, the form `logs --ip-ranges` reads), and
// removes the files of ranges no longer there.
func (s Store) writeRanges(all []Ranges) error {
	if err := os.MkdirAll(s.rangesDir(), 0o755); err != nil {
		return err
	}
	keep := map[string]bool{}
	for _, r := range all {
		name := rangeFileName(r)
		keep[name] = true
		data, _ := json.Marshal(map[string][]string{r.Key: r.Prefixes})
		if err := writeFile(filepath.Join(s.rangesDir(), name), data); err != nil {
			return err
		}
	}
	old, _ := os.ReadDir(s.rangesDir())
	for _, e := range old {
		if !keep[e.Name()] {
			os.Remove(filepath.Join(s.rangesDir(), e.Name()))
		}
	}
	return nil
}

func rangeFileName(r Ranges) string {
	base := filepath.Base(strings.ReplaceAll(r.Source, `\`, "/"))
	return fileName(r.Key) + "-" + fileName(strings.TrimSuffix(base, filepath.Ext(base))) + ".json"
}

// fileName makes a range key safe as a file name.
func fileName(key string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(key) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}

func writeFile(path string, data []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

func (s Store) history() []int {
	entries, _ := os.ReadDir(s.historyDir())
	var out []int
	for _, e := range entries {
		if n, err := strconv.Atoi(strings.TrimSuffix(e.Name(), ".json")); err == nil {
			out = append(out, n)
		}
	}
	sort.Ints(out)
	return out
}

func (s Store) lastHistory() int {
	h := s.history()
	if len(h) == 0 {
		return 0
	}
	return h[len(h)-1]
}

func (s Store) trimHistory() {
	h := s.history()
	for len(h) > keepHistory {
		os.Remove(filepath.Join(s.historyDir(), fmt.Sprintf("%06d.json", h[0])))
		h = h[1:]
	}
}

// ErrNothingToUndo: no earlier state is kept.
var ErrNothingToUndo = msg.Error(msgNothingToUndo)

// Undo puts back the state before the last saved change and returns it.
func (s Store) Undo() (State, error) {
	n := s.lastHistory()
	if n == 0 {
		return State{}, ErrNothingToUndo
	}
	p := filepath.Join(s.historyDir(), fmt.Sprintf("%06d.json", n))
	data, err := os.ReadFile(p)
	if err != nil {
		return State{}, err
	}
	var st State
	if err := json.Unmarshal(data, &st); err != nil {
		return State{}, fmt.Errorf("%s: %v", p, err)
	}
	if err := catalogue.Use(st.Entries); err != nil {
		return State{}, err
	}
	if err := s.write(st); err != nil {
		return State{}, err
	}
	return st, os.Remove(p)
}

// RangeFile is a range file an update saved, for `logs` and the Logs tab.
type RangeFile struct {
	Path   string // the file in the form `logs --ip-ranges` reads
	Key    string
	Source string // where the update read it
	Read   string // the day it read it
}

// RangeFiles lists the range files updates saved in the overlay folder,
// by key; none when no update read any.
func (s Store) RangeFiles() []RangeFile {
	st, err := s.Load()
	if err != nil {
		return nil
	}
	var out []RangeFile
	for _, r := range st.Ranges {
		p := filepath.Join(s.rangesDir(), rangeFileName(r))
		if _, err := os.Stat(p); err == nil {
			out = append(out, RangeFile{Path: p, Key: r.Key, Source: r.Source, Read: r.Read})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}
