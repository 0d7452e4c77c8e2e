package sources

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/robots-studio/robots-studio/tester/msg"
)

// The store's files are read and written by these few functions only:
// every read is bounded, no link inside the store is followed, and a file
// is replaced by a new one written completely under a name no other
// writer can have picked (os.CreateTemp opens with O_EXCL), then renamed.

var (
	msgStoreLink      = msg.Def("catalogue.store.link", "{{.Path}} is a link: the catalogue's store follows no links (remove it and run the command again)")
	msgStoreNotFolder = msg.Def("catalogue.store.not_folder", "{{.Path}} is not a folder")
	msgStoreNotFile   = msg.Def("catalogue.store.not_file", "{{.Path}} is not a regular file")
	msgStoreTooBig    = msg.Def("catalogue.store.too_big", "{{.Path}} is larger than {{.Max}} bytes: not read")
)

// storeError is a store file that is not what the store writes.
type storeError struct {
	text msg.Text
}

func (e *storeError) Error() string { return e.text.String() }

// readStoreFile reads a regular file of the store, at most max bytes;
// fs.ErrNotExist when there is none.
func readStoreFile(path string, max int64) ([]byte, error) {
	f, err := openStoreFile(path, max)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, &storeError{msg.New(msgStoreTooBig, "Path", path, "Max", max)}
	}
	return data, nil
}

// openStoreFile opens a regular file of the store of at most max bytes,
// never through a link.
func openStoreFile(path string, max int64) (*os.File, error) {
	st, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	switch {
	case st.Mode()&fs.ModeSymlink != 0:
		return nil, &storeError{msg.New(msgStoreLink, "Path", path)}
	case !st.Mode().IsRegular():
		return nil, &storeError{msg.New(msgStoreNotFile, "Path", path)}
	case st.Size() > max:
		return nil, &storeError{msg.New(msgStoreTooBig, "Path", path, "Max", max)}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	// The name could have been swapped for a link between Lstat and Open:
	// what was opened must be the file Lstat saw.
	if opened, err := f.Stat(); err != nil || !os.SameFile(opened, st) {
		f.Close()
		return nil, &storeError{msg.New(msgStoreLink, "Path", path)}
	}
	return f, nil
}

// ensureDir makes the folder path if it is missing; a link or a file there
// is an error.
func ensureDir(path string) error {
	err := os.Mkdir(path, 0o755)
	if err == nil || !errors.Is(err, fs.ErrExist) {
		return err
	}
	st, err := os.Lstat(path)
	switch {
	case err != nil:
		return err
	case st.Mode()&fs.ModeSymlink != 0:
		return &storeError{msg.New(msgStoreLink, "Path", path)}
	case !st.IsDir():
		return &storeError{msg.New(msgStoreNotFolder, "Path", path)}
	}
	return nil
}

// tempPattern names the temporary files writeFile makes beside path.
func tempPattern(path string) string { return "." + filepath.Base(path) + ".*.tmp" }

// isTemp: a name writeFile gives a temporary file.
func isTemp(name string) bool { return strings.HasPrefix(name, ".") && strings.HasSuffix(name, ".tmp") }

// writeFile replaces path with data: a new file (created with O_EXCL, so
// never through a planted link), synced, renamed over path; on any failure
// the new file is removed and path is as it was. A link at path is
// replaced, not followed.
func writeFile(path string, data []byte) (err error) {
	if beforeWrite != nil {
		if err := beforeWrite(path); err != nil {
			return err
		}
	}
	f, err := os.CreateTemp(filepath.Dir(path), tempPattern(path))
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if _, err = f.Write(data); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// beforeWrite, when set by a test, runs before each file is written; an
// error from it fails that write as a full disk or a kill would.
var beforeWrite func(path string) error

// syncDir makes a rename in dir durable.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// storeLocks serialise the stores of one process (goroutines of the
// window); lockFile then serialises processes (the window and the command
// line).
var storeLocks sync.Map // clean Dir → *sync.Mutex

// lock holds the store for a read-modify-write until the returned func is
// called.
func (s Store) lock() (func(), error) {
	key := filepath.Clean(s.Dir)
	if abs, err := filepath.Abs(key); err == nil {
		key = abs
	}
	mu, _ := storeLocks.LoadOrStore(key, new(sync.Mutex))
	mu.(*sync.Mutex).Lock()
	if err := os.MkdirAll(filepath.Dir(s.Dir), 0o755); err != nil {
		mu.(*sync.Mutex).Unlock()
		return nil, err
	}
	if err := ensureDir(s.Dir); err != nil {
		mu.(*sync.Mutex).Unlock()
		return nil, err
	}
	p := filepath.Join(s.Dir, "lock")
	if st, err := os.Lstat(p); err == nil && st.Mode()&fs.ModeSymlink != 0 {
		mu.(*sync.Mutex).Unlock()
		return nil, &storeError{msg.New(msgStoreLink, "Path", p)}
	}
	unlock, err := lockFile(p)
	if err != nil {
		mu.(*sync.Mutex).Unlock()
		return nil, err
	}
	return func() { unlock(); mu.(*sync.Mutex).Unlock() }, nil
}
