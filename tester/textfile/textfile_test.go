package textfile

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/robots-studio/robots-studio/internal/testenv"
)

func TestLoadRefusesWhatIsNotARobotsTxt(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	huge := filepath.Join(dir, "huge.txt")
	f, _ := os.Create(huge)
	f.Truncate(MaxSize + 1)
	f.Close()
	cases := []struct {
		name string
		path string
		want error
	}{
		{"a folder", dir, ErrIsDir},
		{"a missing file", filepath.Join(dir, "gone.txt"), ErrMissing},
		{"over 10 MB", huge, ErrTooBig},
		{"a PNG", write("a.png", []byte("\x89PNG\r\n\x1a\nxxxx")), ErrBinary},
		{"a gzip", write("a.gz", []byte{0x1f, 0x8b, 8, 0, 0, 0}), ErrBinary},
		{"mostly control bytes", write("a.bin", bytes.Repeat([]byte{1, 2, 3, 'a'}, 100)), ErrBinary},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Load(c.path, nil)
			if !errors.Is(err, c.want) {
				t.Fatalf("err = %v, want %v", err, c.want)
			}
			var fe *Error
			if !errors.As(err, &fe) || fe.Text.String() == "" {
				t.Fatalf("no plain-words reason in %v", err)
			}
		})
	}
}

func TestLoadKeepsOddTextExactly(t *testing.T) {
	for name, data := range map[string][]byte{
		"NUL bytes":          []byte("User-agent: *\nDisallow: /a\x00b\n"),
		"invalid UTF-8":      []byte("Disallow: /\xff\xfe\n"),
		"CR-only lines":      []byte("User-agent: *\rDisallow: /\r"),
		"BOM and CRLF":       []byte("\xEF\xBB\xBFUser-agent: *\r\n"),
		"a 100 KB line":      []byte("Disallow: /" + strings.Repeat("a", 100_000)),
		"empty":              {},
		"damaged BOM (text)": []byte("\xC3\xAF\xC2\xBB\xC2\xBFUser-agent: *\r\n"),
	} {
		t.Run(name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "robots.txt")
			os.WriteFile(p, data, 0o644)
			got, err := Load(p, nil)
			if err != nil || !bytes.Equal(got, data) {
				t.Fatalf("err %v, bytes equal %v", err, bytes.Equal(got, data))
			}
		})
	}
	got, err := Load("-", strings.NewReader("User-agent: *\n"))
	if err != nil || string(got) != "User-agent: *\n" {
		t.Fatalf("stdin: %q %v", got, err)
	}
}

func TestWriteAtomicReplacesAndKeepsMode(t *testing.T) {
	p := filepath.Join(t.TempDir(), "robots.txt")
	os.WriteFile(p, []byte("old"), 0o640)
	if err := WriteAtomic(p, []byte("new\r\n")); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(p)
	st, _ := os.Stat(p)
	if string(got) != "new\r\n" || st.Mode().Perm() != 0o640 {
		t.Fatalf("got %q mode %v", got, st.Mode().Perm())
	}
	entries, _ := os.ReadDir(filepath.Dir(p))
	if len(entries) != 1 {
		t.Fatalf("temporary files left behind: %v", entries)
	}
}

func TestWriteAtomicFollowsASymlink(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "deployed.txt")
	link := filepath.Join(dir, "robots.txt")
	os.WriteFile(real, []byte("old"), 0o644)
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	if err := WriteAtomic(link, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(real); string(got) != "new" {
		t.Fatalf("the link's target was not updated: %q", got)
	}
	if st, _ := os.Lstat(link); st.Mode()&os.ModeSymlink == 0 {
		t.Fatal("the link was replaced by a plain file")
	}
}

func TestWriteAtomicFailureLeavesTheOriginal(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-such-folder", "robots.txt")
	if err := WriteAtomic(missing, []byte("x")); err == nil {
		t.Fatal("writing into a missing folder must fail")
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "robots.txt")
	os.WriteFile(p, []byte("original"), 0o644)
	if err := WriteAtomic(dir, []byte("x")); !errors.Is(err, ErrIsDir) {
		t.Fatalf("saving over a folder: %v", err)
	}
	if got, _ := os.ReadFile(p); string(got) != "original" {
		t.Fatal("original changed")
	}
}

// TestWriteAtomicOnAFullDisk mounts a 64 KiB tmpfs (root only) and saves a
// file that does not fit: the save must fail with "disk is full", and the
// original must be intact with no temporary file left.
func TestWriteAtomicOnAFullDisk(t *testing.T) {
	if os.Geteuid() != 0 {
		testenv.Need(t, "needs root to mount a small tmpfs")
	}
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", dir).CombinedOutput(); err != nil {
		testenv.Need(t, fmt.Sprintf("cannot mount tmpfs here: %v %s", err, out))
	}
	defer exec.Command("umount", dir).Run()
	p := filepath.Join(dir, "robots.txt")
	if err := WriteAtomic(p, []byte("User-agent: *\nDisallow: /\n")); err != nil {
		t.Fatal(err)
	}
	err := WriteAtomic(p, bytes.Repeat([]byte("Disallow: /x\n"), 20_000))
	if !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("err = %v, want ENOSPC", err)
	}
	var fe *Error
	if !errors.As(err, &fe) || !strings.Contains(fe.Text.String(), "full") {
		t.Fatalf("reason = %v", err)
	}
	if got, _ := os.ReadFile(p); string(got) != "User-agent: *\nDisallow: /\n" {
		t.Fatalf("original damaged: %q", got)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("temporary file left: %v", entries)
	}
}

// TestFixRefusesWhenTheFileMovedUnderIt: a writer appends after the file
// was read; the stamped write refuses and the appended text stays; a
// change between the last check and the rename is the only window left.
func TestFixRefusesWhenTheFileMovedUnderIt(t *testing.T) {
	p := filepath.Join(t.TempDir(), "robots.txt")
	os.WriteFile(p, []byte("line 1\n"), 0o644)
	data, st, err := LoadStamped(p)
	if err != nil {
		t.Fatal(err)
	}
	f, _ := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("line 2 appended by a logger\n")
	f.Close()
	err = WriteAtomicIf(p, append(data, "fixed\n"...), st)
	if !errors.Is(err, ErrChangedOnDisk) {
		t.Fatalf("want ErrChangedOnDisk, got %v", err)
	}
	if got, _ := os.ReadFile(p); string(got) != "line 1\nline 2 appended by a logger\n" {
		t.Fatalf("the appended line was lost: %q", got)
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(p), ".*.tmp")); len(left) != 0 {
		t.Fatalf("temp left: %v", left)
	}
	_, st, _ = LoadStamped(p)
	if err := WriteAtomicIf(p, []byte("fixed\n"), st); err != nil {
		t.Fatalf("unchanged file: %v", err)
	}
}
