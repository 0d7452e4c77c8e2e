package textfile

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/robots-studio/robots-studio/tester/msg"
)

// Stamp is what a file was when it was read or written: its size, its
// modification time and a hash of its bytes. Comparing it with the file now
// tells whether another program changed the file since.
type Stamp struct {
	Exists  bool
	Size    int64
	ModTime time.Time
	Sum     [sha256.Size]byte
}

// StampOf is the stamp of path now, with data the bytes it holds (as just
// read or written).
func StampOf(path string, data []byte) Stamp {
	st, err := os.Stat(path)
	if err != nil {
		return Stamp{}
	}
	return Stamp{Exists: true, Size: st.Size(), ModTime: st.ModTime(), Sum: sha256.Sum256(data)}
}

// SameStat reports whether the file's size and modification time are those
// of the stamp (cheap: no read).
func (s Stamp) SameStat(path string) bool {
	st, err := os.Stat(path)
	if err != nil {
		return !s.Exists
	}
	return s.Exists && st.Size() == s.Size && st.ModTime().Equal(s.ModTime)
}

// Changed reports whether path differs from the stamp: gone, or another
// size, or other bytes. A file only touched (new time, same bytes) is not
// changed; read is true when the bytes had to be read to know.
func (s Stamp) Changed(path string) (changed bool, now []byte, err error) {
	if s.SameStat(path) {
		return false, nil, nil
	}
	st, statErr := os.Stat(path)
	if statErr != nil {
		return s.Exists, nil, nil
	}
	if !s.Exists || st.Size() != s.Size {
		data, err := Load(path, nil)
		return true, data, err
	}
	data, err := Load(path, nil)
	if err != nil {
		return true, nil, err
	}
	return sha256.Sum256(data) != s.Sum, data, nil
}

// LoadStamped is Load with the stamp of what was read; a file that grew or
// shrank while it was read is read again (up to three times).
func LoadStamped(path string) ([]byte, Stamp, error) {
	for try := 0; ; try++ {
		data, err := Load(path, nil)
		if err != nil {
			return nil, Stamp{}, err
		}
		s := StampOf(path, data)
		if s.Size == int64(len(data)) || try == 2 {
			return data, s, nil
		}
	}
}

// ErrChangedOnDisk: the file changed after it was read, so writing over it
// would lose what the other program wrote. Nothing was written.
var ErrChangedOnDisk = errors.New("changed on disk since it was read")

var msgChanged = msg.Def("file.changed_on_disk", "another program changed the file after it was read; nothing was written, so its changes are kept — run again on the new text")

// WriteAtomicIf is WriteAtomic for a file read with stamp want: just before
// the new text replaces it, the file's bytes are hashed again and compared
// with the stamp's hash (not its size and time, which an edit of the same
// size with the old time put back would pass), and if another program
// changed it meanwhile the save is refused with ErrChangedOnDisk (the
// temporary file removed).
func WriteAtomicIf(path string, data []byte, want Stamp) error {
	return writeAtomic(path, data, func(real string) error {
		if !want.sameBytes(real) {
			return fail(path, msg.New(msgChanged), ErrChangedOnDisk)
		}
		return nil
	})
}

// sameBytes reports whether path holds the bytes the stamp was taken of
// (or is still missing, for a stamp of no file): its content hashed, at
// most MaxSize bytes read.
func (s Stamp) sameBytes(path string) bool {
	f, err := os.OpenFile(path, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return !s.Exists && errors.Is(err, fs.ErrNotExist)
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !s.Exists || !st.Mode().IsRegular() || st.Size() > MaxSize {
		return false
	}
	h := sha256.New()
	if _, err := io.Copy(h, io.LimitReader(f, MaxSize+1)); err != nil {
		return false
	}
	return bytes.Equal(h.Sum(nil), s.Sum[:])
}

// beforeReplace runs in tests between the last check and the rename.
var beforeReplace func()

// Leftover is a temporary file of WriteAtomic's name pattern (".NAME.*.tmp")
// beside a file: a save that was killed before its rename left it.
type Leftover struct {
	Path    string
	ModTime time.Time
	Size    int64
	// Newer: it was written after the file's last change and holds other
	// bytes, so it may be text the user meant to save (Text holds them).
	Newer bool
	Text  []byte
}

// LeftoverGrace is how old a temporary file must be to count as left over:
// a younger one may belong to a save still running in another window.
const LeftoverGrace = 30 * time.Second

// SweepLeftovers removes the temporary files a killed save left beside path
// and returns them; those that hold text newer than the file come back with
// their text, for the caller to offer before it is gone.
func SweepLeftovers(path string) []Leftover {
	if target, err := filepath.EvalSymlinks(path); err == nil {
		path = target
	}
	dir, base := filepath.Dir(path), filepath.Base(path)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	fileTime := time.Time{}
	var disk []byte
	if st, err := os.Stat(path); err == nil {
		fileTime = st.ModTime()
		disk, _ = os.ReadFile(path)
	}
	prefix := "." + base + "."
	var out []Leftover
	for _, e := range entries {
		name := e.Name()
		if !strings.HasPrefix(name, prefix) || !strings.HasSuffix(name, ".tmp") || !isTempMiddle(name[len(prefix):len(name)-len(".tmp")]) {
			continue
		}
		full := filepath.Join(dir, name)
		st, err := os.Lstat(full)
		if err != nil || !st.Mode().IsRegular() || time.Since(st.ModTime()) < LeftoverGrace {
			continue
		}
		l := Leftover{Path: full, ModTime: st.ModTime(), Size: st.Size()}
		if st.ModTime().After(fileTime) && st.Size() <= MaxSize {
			if f, err := os.Open(full); err == nil {
				text, _ := io.ReadAll(io.LimitReader(f, MaxSize+1))
				f.Close()
				if !bytes.Equal(text, disk) && Check(full, text) == nil {
					l.Newer, l.Text = true, text
				}
			}
		}
		if err := os.Remove(full); err != nil && !errors.Is(err, fs.ErrNotExist) {
			continue
		}
		out = append(out, l)
	}
	return out
}

// isTempMiddle: the random part os.CreateTemp puts in place of "*" (digits).
func isTempMiddle(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
