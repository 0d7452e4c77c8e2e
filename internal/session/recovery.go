package session

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/robots-studio/robots-studio/tester/textfile"
)

// Recovery keeps a copy of an unsaved buffer in the app's storage so a crash
// or a kill loses nothing: the window writes it every few seconds while the
// buffer differs from disk and removes it once saved or discarded. On the
// next start the copies are offered back.
//
// Several windows (processes) share the storage. Each Recovery is one owner:
// its copies carry its id, and while it lives it holds a lock (owners/ID.lock)
// that other owners test. A copy whose owner is alive is never offered nor
// deleted by another window; only the copies of owners that are gone (quit
// without saving, crashed, killed) are pending.
type Recovery struct {
	dir string // app storage folder for recovery files
	id  string // this owner

	mu      sync.Mutex
	release func()            // releases the owner lock; nil until the first copy
	last    map[string][]byte // what this owner last wrote, per path
}

// RecoveryRecord is one saved buffer.
type RecoveryRecord struct {
	Path  string    `json:"path"` // the file the buffer belongs to; "" for a new buffer
	Text  []byte    `json:"text"` // exact bytes (JSON base64)
	Saved time.Time `json:"saved"`
	// Owner is the id of the window that wrote the copy ("" in copies of
	// older versions: they have no owner left to ask).
	Owner string `json:"owner,omitempty"`
	// Note says where a copy not written by a window came from (a
	// temporary file a killed save left, see KeepLeftover).
	Note string `json:"note,omitempty"`

	file string // where the copy is stored
}

// AutosaveEvery is how often the window copies an unsaved buffer.
const AutosaveEvery = 3 * time.Second

// NewRecovery keeps its copies in dir/recovery, as a new owner.
func NewRecovery(dir string) *Recovery {
	var b [8]byte
	rand.Read(b[:])
	return &Recovery{dir: filepath.Join(dir, "recovery"), id: fmt.Sprintf("%d-%s", os.Getpid(), hex.EncodeToString(b[:])),
		last: map[string][]byte{}}
}

func pathKey(path string) string {
	sum := sha256.Sum256([]byte(path))
	return hex.EncodeToString(sum[:8])
}

func (r *Recovery) file(path string) string {
	return filepath.Join(r.dir, pathKey(path)+"."+r.id+".json")
}

func (r *Recovery) lockFile(owner string) string {
	return filepath.Join(r.dir, "owners", owner+".lock")
}

// claim takes this owner's lock (once); r.mu is held.
func (r *Recovery) claim() error {
	if r.release != nil {
		return nil
	}
	if err := os.MkdirAll(filepath.Join(r.dir, "owners"), 0o700); err != nil {
		return err
	}
	release, err := holdLock(r.lockFile(r.id))
	if err != nil {
		return err
	}
	r.release = release
	return nil
}

// alive reports whether owner (not this one) still runs.
func (r *Recovery) alive(owner string) bool {
	if owner == "" {
		return false
	}
	if owner == r.id {
		return true
	}
	return lockHeld(r.lockFile(owner))
}

// Save writes the buffer's copy atomically.
func (r *Recovery) Save(path string, text []byte) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.save(path, text)
}

func (r *Recovery) save(path string, text []byte) error {
	if err := r.claim(); err != nil {
		return err
	}
	beat(r.lockFile(r.id))
	data, err := json.Marshal(RecoveryRecord{Path: path, Text: text, Saved: time.Now(), Owner: r.id})
	if err != nil {
		return err
	}
	if err := textfile.WriteAtomic(r.file(path), data); err != nil {
		return err
	}
	r.last[path] = append([]byte(nil), text...)
	return nil
}

// Keep makes sure the copy for path holds text: it is written when text
// differs from what this owner last wrote, or when the copy has gone (an
// older version's window, or a user, removed it). The autosave calls it.
func (r *Recovery) Keep(path string, text []byte) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.release != nil {
		beat(r.lockFile(r.id))
	} else if len(r.last) > 0 {
		r.claim() // released (Release), yet running: a page back from the browser's cache owns its copies again
	}
	if last, ok := r.last[path]; ok && bytes.Equal(last, text) {
		if _, err := os.Stat(r.file(path)); err == nil {
			return nil
		}
	}
	return r.save(path, text)
}

// Follow is told of every edit of a buffer that has a copy: when the copy
// holds text the buffer no longer has (an undo, a deletion), it is
// rewritten at once, so a crash before the next autosave never brings back
// text the user took out. Additions wait for the autosave.
func (r *Recovery) Follow(path string, text []byte) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	last, ok := r.last[path]
	if !ok || !LosesText(last, text) {
		return nil
	}
	return r.save(path, text)
}

// LosesText reports whether some bytes of before are gone from after, that
// is, after is not before with bytes inserted at one place.
func LosesText(before, after []byte) bool {
	if len(after) < len(before) {
		return true
	}
	pre := 0
	for pre < len(before) && before[pre] == after[pre] {
		pre++
	}
	suf := 0
	for suf < len(before)-pre && before[len(before)-1-suf] == after[len(after)-1-suf] {
		suf++
	}
	return pre+suf < len(before)
}

// Drop removes this owner's copy for path (after a save or a discard).
func (r *Recovery) Drop(path string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.last, path)
	os.Remove(r.file(path))
}

// Close gives up this owner's lock; its copies stay and become pending for
// the next window (a quit drops them first).
func (r *Recovery) Close() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.release != nil {
		r.release()
		r.release = nil
	}
}

// Release gives up this owner's lock now, as Close does, for a page about
// to close: its copies are offered at the next load instead of once the lock
// has gone stale. It never waits (the page's closing handler must not): a
// copy being written keeps the lock, and it reports false. The next copy
// written takes the lock again (a page restored from the browser's cache).
func (r *Recovery) Release() bool {
	if r == nil || !r.mu.TryLock() {
		return false
	}
	defer r.mu.Unlock()
	if r.release != nil {
		r.release()
		r.release = nil
	}
	return true
}

// Pending lists the copies whose owner is gone, newest first: every one of
// them, to be offered one by one. Copies of live windows (this one included)
// are not listed.
func (r *Recovery) Pending() []RecoveryRecord {
	entries, err := os.ReadDir(r.dir)
	if err != nil {
		return nil
	}
	var out []RecoveryRecord
	owners := map[string]bool{} // owner → alive
	for _, e := range entries {
		if e.IsDir() || filepath.Ext(e.Name()) != ".json" {
			continue
		}
		name := filepath.Join(r.dir, e.Name())
		data, err := os.ReadFile(name)
		if err != nil {
			continue
		}
		var rec RecoveryRecord
		if json.Unmarshal(data, &rec) != nil {
			continue
		}
		rec.file = name
		live, seen := owners[rec.Owner]
		if !seen {
			live = r.alive(rec.Owner)
			owners[rec.Owner] = live
		}
		if !live {
			out = append(out, rec)
		}
	}
	r.sweepOwners(owners)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Saved.After(out[j].Saved) })
	return out
}

// sweepOwners removes the locks of owners that are gone and left no copy.
func (r *Recovery) sweepOwners(withCopies map[string]bool) {
	locks, _ := os.ReadDir(filepath.Join(r.dir, "owners"))
	for _, l := range locks {
		owner := strings.TrimSuffix(l.Name(), ".lock")
		if _, has := withCopies[owner]; has || owner == r.id || r.alive(owner) {
			continue
		}
		os.Remove(filepath.Join(r.dir, "owners", l.Name()))
	}
}

// ErrOwnerAlive: the copy belongs to a window that still runs.
var ErrOwnerAlive = errors.New("the copy belongs to a window that is still open")

// Discard deletes one pending copy, because the user said so for that one.
// A copy whose owner came back to life is left alone.
func (r *Recovery) Discard(rec RecoveryRecord) error {
	if rec.file == "" {
		return fs.ErrNotExist
	}
	if rec.Owner != r.id && r.alive(rec.Owner) {
		return ErrOwnerAlive
	}
	if err := os.Remove(rec.file); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// Adopt makes a pending copy this owner's, under path (the file the
// restored text now belongs to, "" for a new buffer): written as this
// owner's copy first, then the old one removed, so a crash in between loses
// nothing.
func (r *Recovery) Adopt(rec RecoveryRecord, path string) error {
	if err := r.Save(path, rec.Text); err != nil {
		return err
	}
	if rec.file != "" && rec.file != r.file(path) {
		return r.Discard(rec)
	}
	return nil
}

// KeepLeftover stores text found in a temporary file that a killed save
// left beside path as a pending copy with no owner, so it is offered like
// any other unsaved work.
func (r *Recovery) KeepLeftover(path string, text []byte, when time.Time, note string) error {
	if err := os.MkdirAll(r.dir, 0o700); err != nil {
		return err
	}
	sum := sha256.Sum256(text)
	data, err := json.Marshal(RecoveryRecord{Path: path, Text: text, Saved: when, Note: note})
	if err != nil {
		return err
	}
	return textfile.WriteAtomic(filepath.Join(r.dir, pathKey(path)+".left-"+hex.EncodeToString(sum[:6])+".json"), data)
}

// Size is the copy's length in bytes.
func (rec *RecoveryRecord) Size() int { return len(rec.Text) }

// Preview is the start of the copy's text for a list: its first lines that
// are not blank, joined with " ⏎ ", control bytes shown as "·", at most max
// characters.
func (rec *RecoveryRecord) Preview(max int) string {
	var b strings.Builder
	n := 0
	for _, line := range strings.Split(string(rec.Text), "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(" ⏎ ")
			n += 3
		}
		for len(line) > 0 {
			c, size := utf8.DecodeRuneInString(line)
			line = line[size:]
			if c == utf8.RuneError && size == 1 || unicode.IsControl(c) || c == '\u2028' || c == '\u2029' || unicode.Is(unicode.Bidi_Control, c) {
				c = '·'
			}
			if n >= max {
				b.WriteString("…")
				return b.String()
			}
			b.WriteRune(c)
			n++
		}
		if n >= max {
			break
		}
	}
	return b.String()
}

// Has reports whether this owner has a copy for path on disk now.
func (r *Recovery) Has(path string) bool {
	_, err := os.Stat(r.file(path))
	return err == nil
}
