package textfile

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/internal/testenv"
	"github.com/robots-studio/robots-studio/internal/textfiletest"
)

// loadWithin fails the test instead of hanging when Load blocks.
func loadWithin(t *testing.T, path string) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { _, err := Load(path, nil); done <- err }()
	select {
	case err := <-done:
		return err
	case <-time.After(5 * time.Second):
		t.Fatalf("Load(%s) still blocked after 5 s", path)
		return nil
	}
}

func TestLoadRefusesNonRegularFilesWithoutBlocking(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe")
	testenv.Mkfifo(t, fifo)
	for _, p := range []string{fifo, "/dev/zero", "/dev/urandom"} {
		if _, err := os.Stat(p); err != nil {
			continue
		}
		err := loadWithin(t, p)
		if !errors.Is(err, ErrNotRegular) {
			t.Fatalf("%s: err = %v, want ErrNotRegular", p, err)
		}
		var fe *Error
		if !errors.As(err, &fe) || fe.Text.String() == "" {
			t.Fatalf("%s: no reason in plain words: %v", p, err)
		}
	}
}

func TestLoadNamesUTF16AndUTF32(t *testing.T) {
	for _, c := range []struct {
		bom  string
		want string
	}{
		{"\xFF\xFE", "UTF-16"},
		{"\xFE\xFF", "UTF-16"},
		{"\xFF\xFE\x00\x00", "UTF-32"},
		{"\x00\x00\xFE\xFF", "UTF-32"},
	} {
		err := Check("f", []byte(c.bom+"U\x00s\x00e\x00r\x00-\x00a\x00g\x00e\x00n\x00t\x00"))
		var fe *Error
		if !errors.Is(err, ErrEncoding) || !errors.As(err, &fe) || !strings.Contains(fe.Text.String(), c.want) {
			t.Errorf("BOM %q: %v, want an %s encoding error", c.bom, err, c.want)
		}
	}
}

func TestStdinOverTheLimitIsNotGivenAMadeUpSize(t *testing.T) {
	_, err := Load("-", bytes.NewReader(make([]byte, MaxSize+5000)))
	var fe *Error
	if !errors.Is(err, ErrTooBig) || !errors.As(err, &fe) {
		t.Fatalf("err = %v", err)
	}
	if strings.Contains(fe.Text.String(), "10000001") || !strings.Contains(fe.Text.String(), "more than") {
		t.Fatalf("reason = %q", fe.Text.String())
	}
}

func TestMissingFileIsNotExist(t *testing.T) {
	_, err := Load(filepath.Join(t.TempDir(), "gone"), nil)
	if !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("err = %v, want one that Is fs.ErrNotExist", err)
	}
}

func TestWriteAtomicRefusesAReadOnlyFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "robots.txt")
	os.WriteFile(p, []byte("old"), 0o444)
	err := WriteAtomic(p, []byte("new"))
	if !errors.Is(err, ErrReadOnly) {
		t.Fatalf("err = %v, want ErrReadOnly", err)
	}
	if got, _ := os.ReadFile(p); string(got) != "old" {
		t.Fatalf("read-only file replaced: %q", got)
	}
}

// TestWriteAtomicRefusesAnotherUsersFileForAnUnprivilegedUser: nobody may
// create files in the folder, but the file itself is root's and 0644, so
// renaming over it would replace a file nobody cannot write.
func TestWriteAtomicRefusesAnotherUsersFileForAnUnprivilegedUser(t *testing.T) {
	dir := textfiletest.SharedDir(t)
	p := filepath.Join(dir, "robots.txt")
	os.WriteFile(p, []byte("root's"), 0o644)
	textfiletest.AsNobody(t, func() {
		if err := WriteAtomic(p, []byte("nobody's")); !errors.Is(err, ErrReadOnly) {
			t.Errorf("err = %v, want ErrReadOnly", err)
		}
	})
	if got, _ := os.ReadFile(p); string(got) != "root's" {
		t.Fatalf("file replaced: %q", got)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("temporary file left: %v", entries)
	}
}

// TestWriteAtomicKeepsOwnerForAnUnprivilegedUser: a group-writable file of
// root's, saved by a member of its group, stays root's (an atomic rename
// would hand it to the saving user).
func TestWriteAtomicKeepsOwnerForAnUnprivilegedUser(t *testing.T) {
	dir := textfiletest.SharedDir(t)
	p := filepath.Join(dir, "robots.txt")
	os.WriteFile(p, []byte("old"), 0o664)
	os.Chown(p, 0, textfiletest.Nobody)
	os.Chmod(p, 0o664)
	textfiletest.AsNobody(t, func() {
		if err := WriteAtomic(p, []byte("new text")); err != nil {
			t.Errorf("save: %v", err)
		}
	})
	st, _ := os.Stat(p)
	sys := st.Sys().(*syscall.Stat_t)
	if got, _ := os.ReadFile(p); string(got) != "new text" {
		t.Fatalf("content %q", got)
	}
	if sys.Uid != 0 || sys.Gid != textfiletest.Nobody || st.Mode().Perm() != 0o664 {
		t.Fatalf("owner %d:%d mode %v, want 0:%d 0664", sys.Uid, sys.Gid, st.Mode().Perm(), textfiletest.Nobody)
	}
}

func TestWriteAtomicByRootKeepsOwnerAndGroup(t *testing.T) {
	if os.Geteuid() != 0 {
		testenv.Need(t, "needs root to give the file to another user")
	}
	p := filepath.Join(t.TempDir(), "robots.txt")
	os.WriteFile(p, []byte("old"), 0o640)
	if err := os.Chown(p, textfiletest.Nobody, textfiletest.Nobody); err != nil {
		t.Fatal(err)
	}
	if err := WriteAtomic(p, []byte("new")); err != nil {
		t.Fatal(err)
	}
	st, _ := os.Stat(p)
	sys := st.Sys().(*syscall.Stat_t)
	if sys.Uid != textfiletest.Nobody || sys.Gid != textfiletest.Nobody || st.Mode().Perm() != 0o640 {
		t.Fatalf("owner %d:%d mode %v, want %d:%d 0640", sys.Uid, sys.Gid, st.Mode().Perm(), textfiletest.Nobody, textfiletest.Nobody)
	}
}

func TestWriteAtomicUpdatesEveryHardLink(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "robots.txt"), filepath.Join(dir, "deployed.txt")
	os.WriteFile(a, []byte("old old old"), 0o644)
	if err := os.Link(a, b); err != nil {
		testenv.Need(t, fmt.Sprintf("no hard links here: %v", err))
	}
	if err := WriteAtomic(a, []byte("new")); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{a, b} {
		if got, _ := os.ReadFile(p); string(got) != "new" {
			t.Fatalf("%s = %q, want the new text at every link", filepath.Base(p), got)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Fatalf("temporary file left: %v", entries)
	}
}
