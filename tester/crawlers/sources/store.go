package sources

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/msg"
)

// State is the user overlay: what updates and the user added to the
// built-in catalogue.
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
//
//   - overlay.json, the state in use; a change writes everything else
//     first and this file last, in one rename, so the store is always the
//     old state or the new one, never a mix;
//   - ranges/, one file per range file read, in the form `logs
//     --ip-ranges` reads, named by its key, its source and its content;
//   - history/, one file per change, what undo puts back;
//   - lock, held by whoever changes the store (the window or the command
//     line), so two changes at once never lose one.
type Store struct{ Dir string }

// The store's limits: every read of it is bounded.
const (
	keepHistory = 20       // how many changes undo can go back through
	maxOverlay  = 32 << 20 // overlay.json, and one history file
	maxRanges   = 4 << 20  // one range file as saved
	// MaxEntries is the most entries the overlay holds, and a source may
	// list: a catalogue has hundreds.
	MaxEntries = 2000
)

// maxHistory is the most bytes all history files keep together (a
// variable for the test).
var maxHistory int64 = 16 << 20

var (
	msgOverlayTooBig = msg.Def("catalogue.store.overlay_too_big", "the catalogue would be larger than {{.Max}} bytes: not saved")
	msgTooManyKept   = msg.Def("catalogue.store.too_many", "the catalogue would hold {{.Count}} entries of updates and your own, more than {{.Max}}: not saved")
	msgBadVersion    = msg.Def("catalogue.store.version", "{{.Path}}: version {{.Version}}, want 1")
)

func (s Store) overlayPath() string { return filepath.Join(s.Dir, "overlay.json") }
func (s Store) historyDir() string  { return filepath.Join(s.Dir, "history") }
func (s Store) rangesDir() string   { return filepath.Join(s.Dir, "ranges") }

// onDisk is the overlay as read: its state and its bytes (nil: no file).
type onDisk struct {
	st   State
	data []byte
}

// Load reads the overlay; no folder or file is an empty overlay.
func (s Store) Load() (State, error) {
	d, err := s.load()
	return d.st, err
}

func (s Store) load() (onDisk, error) {
	data, err := readStoreFile(s.overlayPath(), maxOverlay)
	if errors.Is(err, fs.ErrNotExist) {
		return onDisk{st: State{Version: 1}}, nil
	}
	if err != nil {
		return onDisk{}, err
	}
	st, err := decodeState(s.overlayPath(), data)
	if err != nil {
		return onDisk{}, err
	}
	return onDisk{st: st, data: data}, nil
}

func decodeState(path string, data []byte) (State, error) {
	var st State
	if err := json.Unmarshal(data, &st); err != nil {
		return State{}, fmt.Errorf("%s: %v", path, err)
	}
	if st.Version != 1 {
		return State{}, msg.Error(msgBadVersion, "Path", path, "Version", st.Version)
	}
	if len(st.Entries) > MaxEntries {
		return State{}, msg.Error(msgTooManyKept, "Count", len(st.Entries), "Max", MaxEntries)
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

// change runs one read-modify-write of the store under its lock: edit gets
// the state on disk and returns the state to keep, or keep false to keep
// nothing. The change can be undone.
func (s Store) change(edit func(State) (State, bool, error)) (State, error) {
	unlock, err := s.lock()
	if err != nil {
		return State{}, err
	}
	defer unlock()
	cur, err := s.load()
	if err != nil {
		return State{}, err
	}
	next, keep, err := edit(cloneState(cur.st))
	if err != nil || !keep {
		return next, err
	}
	_, err = s.commit(cur, next, true)
	return next, err
}

// Save keeps st as the overlay; the change can be undone.
func (s Store) Save(st State) error {
	_, err := s.change(func(State) (State, bool, error) { return st, true, nil })
	return err
}

// encodeState is overlay.json for st: entries by name, within the limits.
func encodeState(st State) ([]byte, error) {
	st.Version = 1
	if len(st.Entries) > MaxEntries {
		return nil, msg.Error(msgTooManyKept, "Count", len(st.Entries), "Max", MaxEntries)
	}
	st.Entries = append([]catalogue.Crawler(nil), st.Entries...)
	sort.SliceStable(st.Entries, func(i, j int) bool { return strings.ToLower(st.Entries[i].Name) < strings.ToLower(st.Entries[j].Name) })
	st.Ranges = append([]Ranges(nil), st.Ranges...)
	sort.SliceStable(st.Ranges, func(i, j int) bool { return rangesKey(st.Ranges[i]) < rangesKey(st.Ranges[j]) })
	for _, c := range st.Entries {
		if err := catalogue.Check(c); err != nil {
			return nil, err
		}
	}
	data, err := json.MarshalIndent(st, "", " ")
	if err != nil {
		return nil, err
	}
	if len(data) >= maxOverlay {
		return nil, msg.Error(msgOverlayTooBig, "Max", maxOverlay)
	}
	return append(data, '\n'), nil
}

func hashOf(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

// commit switches the store from cur (as read under the lock) to next and
// puts next in use. The range files are written first, then the history
// entry (record), then overlay.json in one rename; whatever fails, the
// store stays cur and no file of the attempt is left. It returns the range
// files it wrote that cur named: ones missing or damaged on disk.
func (s Store) commit(cur onDisk, next State, record bool) (repaired []string, err error) {
	data, err := encodeState(next)
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			s.sweep(cur.st)
		}
	}()
	if repaired, err = s.writeRanges(cur.st, next.Ranges); err != nil {
		return nil, err
	}
	if bytes.Equal(data, cur.data) {
		s.sweep(next)
		return repaired, catalogue.Use(next.Entries)
	}
	hist := ""
	if c := diffStates(cur.st, next, hashOf(data)); record && !c.empty() {
		if hist, err = s.writeHistory(c); err != nil {
			return nil, err
		}
	}
	forgetRanges() // even a failed write may have replaced the file
	if err = writeFile(s.overlayPath(), data); err != nil {
		if hist != "" {
			os.Remove(hist)
		}
		return nil, err
	}
	syncDir(s.Dir)
	s.sweep(next)
	s.trimHistory()
	return repaired, catalogue.Use(next.Entries)
}

// rangeFileName names the saved copy of r by its key, its source and its
// content, so two sources never share a file and a new content never
// overwrites the file the overlay in use names.
func rangeFileName(r Ranges, data []byte) string {
	return fileName(r.Key) + "-" + hashOf([]byte(r.Source))[:12] + "-" + hashOf(data)[:12] + ".json"
}

func rangeFileData(r Ranges) []byte {
	data, _ := json.Marshal(map[string][]string{r.Key: r.Prefixes})
	return data
}

// writeRanges writes the range files of all that are not on disk as they
// should be (compared byte for byte, not trusted from the overlay); the
// ones cur named are returned as repaired.
func (s Store) writeRanges(cur State, all []Ranges) ([]string, error) {
	if len(all) == 0 {
		return nil, nil
	}
	if err := ensureDir(s.rangesDir()); err != nil {
		return nil, err
	}
	named := map[string]bool{}
	for _, r := range cur.Ranges {
		named[rangeFileName(r, rangeFileData(r))] = true
	}
	var repaired []string
	for _, r := range all {
		data := rangeFileData(r)
		p := filepath.Join(s.rangesDir(), rangeFileName(r, data))
		if old, err := readStoreFile(p, maxRanges); err == nil && bytes.Equal(old, data) {
			continue
		}
		if len(data) > maxRanges {
			return nil, &storeError{msg.New(msgStoreTooBig, "Path", p, "Max", maxRanges)}
		}
		if err := writeFile(p, data); err != nil {
			return nil, err
		}
		if named[filepath.Base(p)] {
			repaired = append(repaired, p)
		}
	}
	syncDir(s.rangesDir())
	return repaired, nil
}

// sweep removes what st does not name: range files of earlier states and
// the temporary files of writers that ended before their rename (none is
// writing: the caller holds the lock).
func (s Store) sweep(st State) {
	keep := map[string]bool{}
	for _, r := range st.Ranges {
		keep[rangeFileName(r, rangeFileData(r))] = true
	}
	for _, dir := range []string{s.Dir, s.rangesDir(), s.historyDir()} {
		if !isDir(dir) {
			continue // a link is not followed, even to remove
		}
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if isTemp(e.Name()) || dir == s.rangesDir() && !keep[e.Name()] {
				os.Remove(filepath.Join(dir, e.Name()))
			}
		}
	}
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

// isDir: path is a folder, not a link to one.
func isDir(path string) bool {
	st, err := os.Lstat(path)
	return err == nil && st.IsDir()
}

func (s Store) history() []int {
	if !isDir(s.historyDir()) {
		return nil
	}
	entries, _ := os.ReadDir(s.historyDir())
	var out []int
	for _, e := range entries {
		if n, err := strconv.Atoi(strings.TrimSuffix(e.Name(), ".json")); err == nil && n > 0 {
			out = append(out, n)
		}
	}
	sort.Ints(out)
	return out
}

func (s Store) historyPath(n int) string {
	return filepath.Join(s.historyDir(), fmt.Sprintf("%06d.json", n))
}

func (s Store) lastHistory() int {
	h := s.history()
	if len(h) == 0 {
		return 0
	}
	return h[len(h)-1]
}

// writeHistory keeps one change as the next history file; its path.
func (s Store) writeHistory(c change) (string, error) {
	if err := ensureDir(s.historyDir()); err != nil {
		return "", err
	}
	data, err := json.Marshal(c)
	if err != nil {
		return "", err
	}
	if len(data) >= maxOverlay {
		return "", msg.Error(msgOverlayTooBig, "Max", maxOverlay)
	}
	p := s.historyPath(s.lastHistory() + 1)
	return p, writeFile(p, data)
}

// trimHistory keeps the last keepHistory changes, fewer when together
// they would pass maxHistory bytes (the newest is always kept).
func (s Store) trimHistory() {
	h := s.history()
	size := map[int]int64{}
	var total int64
	for _, n := range h {
		if st, err := os.Lstat(s.historyPath(n)); err == nil {
			size[n] = st.Size()
			total += st.Size()
		}
	}
	for len(h) > keepHistory || len(h) > 1 && total > maxHistory {
		os.Remove(s.historyPath(h[0]))
		total -= size[h[0]]
		h = h[1:]
	}
}

// ErrNothingToUndo: no earlier state is kept.
var ErrNothingToUndo = msg.Error(msgNothingToUndo)

// Undo puts back the state before the last saved change and returns it.
// A history entry that does not lead to the state on disk (left by a
// writer that ended before its switch) or that would change nothing is
// dropped, so an undo always changes something.
func (s Store) Undo() (State, error) {
	unlock, err := s.lock()
	if err != nil {
		return State{}, err
	}
	defer unlock()
	cur, err := s.load()
	if err != nil {
		return State{}, err
	}
	for {
		n := s.lastHistory()
		if n == 0 {
			return State{}, ErrNothingToUndo
		}
		p := s.historyPath(n)
		data, err := readStoreFile(p, maxOverlay)
		if err != nil {
			return State{}, err
		}
		prev, ok, err := undoOne(p, data, cur)
		if err != nil {
			return State{}, err
		}
		if !ok {
			if err := os.Remove(p); err != nil {
				return State{}, err
			}
			continue
		}
		if _, err := s.commit(cur, prev, false); err != nil {
			return State{}, err
		}
		return prev, os.Remove(p)
	}
}

// undoOne is the state history file p (holding data) puts back from cur;
// ok false when it does not apply to cur or changes nothing.
func undoOne(p string, data []byte, cur onDisk) (State, bool, error) {
	var probe struct {
		Version int `json:"version"`
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		return State{}, false, fmt.Errorf("%s: %v", p, err)
	}
	var prev State
	switch probe.Version {
	case 1: // a whole earlier state, as kept before changes were
		st, err := decodeState(p, data)
		if err != nil {
			return State{}, false, err
		}
		prev = st
	case changeVersion:
		var c change
		if err := json.Unmarshal(data, &c); err != nil {
			return State{}, false, fmt.Errorf("%s: %v", p, err)
		}
		if c.After != hashOf(cur.data) {
			return State{}, false, nil
		}
		prev = c.undo(cur.st)
	default:
		return State{}, false, msg.Error(msgBadVersion, "Path", p, "Version", probe.Version)
	}
	enc, err := encodeState(prev)
	if err != nil {
		return State{}, false, err
	}
	return prev, !bytes.Equal(enc, cur.data), nil
}

// Repair rewrites what the overlay names but the disk lacks or holds
// damaged (a range file), and returns the files it wrote.
func (s Store) Repair() ([]string, error) {
	unlock, err := s.lock()
	if err != nil {
		return nil, err
	}
	defer unlock()
	cur, err := s.load()
	if err != nil || cur.data == nil {
		return nil, err
	}
	return s.commit(cur, cur.st, false)
}

// RangeFile is a range file an update saved, for `logs` and the Logs tab.
type RangeFile struct {
	Path   string // the file in the form `logs --ip-ranges` reads
	Key    string
	Source string // where the update read it
	Read   string // the day it read it
}

// RangeFiles lists the range files updates saved in the overlay folder,
// by key; none when no update read any. A file the overlay names that is
// missing (a store kept before files were named by source, or damaged
// since) is written again first.
func (s Store) RangeFiles() []RangeFile {
	st, err := s.Load()
	if err != nil {
		return nil
	}
	out, missing := s.rangeFiles(st)
	if missing {
		if _, err := s.Repair(); err == nil {
			if st, err = s.Load(); err == nil {
				out, _ = s.rangeFiles(st)
			}
		}
	}
	return out
}

func (s Store) rangeFiles(st State) (out []RangeFile, missing bool) {
	for _, r := range st.Ranges {
		p := filepath.Join(s.rangesDir(), rangeFileName(r, rangeFileData(r)))
		if st, err := os.Lstat(p); err == nil && st.Mode().IsRegular() {
			out = append(out, RangeFile{Path: p, Key: r.Key, Source: r.Source, Read: r.Read})
		} else {
			missing = true
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out, missing
}
