package session

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/robots-studio/robots-studio/tester/textfile"
)

// Recovery keeps a copy of an unsaved buffer in the app's storage so a crash
// or a kill loses nothing: the window writes it every few seconds while the
// buffer differs from disk and removes it once saved or discarded. On the
// next start the copy is offered back.
type Recovery struct {
	dir string // app storage folder for recovery files
}

// RecoveryRecord is one saved buffer.
type RecoveryRecord struct {
	Path  string    `json:"path"` // the file the buffer belongs to; "" for a new buffer
	Text  []byte    `json:"text"` // exact bytes (JSON base64)
	Saved time.Time `json:"saved"`
}

// AutosaveEvery is how often the window copies an unsaved buffer.
const AutosaveEvery = 3 * time.Second

// NewRecovery keeps its copies in dir/recovery.
func NewRecovery(dir string) *Recovery { return &Recovery{dir: filepath.Join(dir, "recovery")} }

func (r *Recovery) file(path string) string {
	sum := sha256.Sum256([]byte(path))
	return filepath.Join(r.dir, hex.EncodeToString(sum[:8])+".json")
}

// Save writes the buffer's copy atomically.
func (r *Recovery) Save(path string, text []byte) error {
	if err := os.MkdirAll(r.dir, 0o700); err != nil {
		return err
	}
	data, err := json.Marshal(RecoveryRecord{Path: path, Text: text, Saved: time.Now()})
	if err != nil {
		return err
	}
	return textfile.WriteAtomic(r.file(path), data)
}

// Drop removes the copy for path (after a save or a discard).
func (r *Recovery) Drop(path string) {
	if err := os.Remove(r.file(path)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return
	}
}

// Pending lists the copies left by a previous run, newest first.
func (r *Recovery) Pending() []RecoveryRecord {
	entries, err := os.ReadDir(r.dir)
	if err != nil {
		return nil
	}
	var out []RecoveryRecord
	for _, e := range entries {
		if filepath.Ext(e.Name()) != ".json" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(r.dir, e.Name()))
		if err != nil {
			continue
		}
		var rec RecoveryRecord
		if json.Unmarshal(data, &rec) == nil {
			out = append(out, rec)
		}
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].Saved.After(out[j-1].Saved); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}
