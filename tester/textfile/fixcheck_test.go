package textfile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/robots-studio/robots-studio/internal/testenv"
)

// Rule: check --fix compares the content hash it stored before its
// rename, not size and time: an edit of the same size made while it
// works, with the old modification time put back, is not overwritten.
func TestFixSeesAnEditOfTheSameSizeWithItsOldTime(t *testing.T) {
	p := filepath.Join(t.TempDir(), "robots.txt")
	os.WriteFile(p, []byte("Disallow: /a\n"), 0o644)
	data, st, err := LoadStamped(p)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(p, []byte("Disallow: /b\n"), 0o644)
	if err := os.Chtimes(p, st.ModTime, st.ModTime); err != nil {
		t.Fatal(err)
	}
	err = WriteAtomicIf(p, append(data, "fixed\n"...), st)
	if !errors.Is(err, ErrChangedOnDisk) {
		t.Fatalf("want ErrChangedOnDisk, got %v", err)
	}
	if got, _ := os.ReadFile(p); string(got) != "Disallow: /b\n" {
		t.Fatalf("the other program's edit was overwritten: %q", got)
	}
	// Touched only (same bytes, new time): not a change.
	os.WriteFile(p, data, 0o644)
	if err := WriteAtomicIf(p, []byte("fixed\n"), st); err != nil {
		t.Fatalf("a file with the read bytes: %v", err)
	}
}

// Rule: a hard-linked file whose rewrite in place fails part way (a full
// disk) holds its old bytes again in every link, not a cut text; the new
// text is kept in the copy the error names.
func TestInPlaceFailureKeepsTheOldBytes(t *testing.T) {
	dir := t.TempDir()
	p, link := filepath.Join(dir, "robots.txt"), filepath.Join(dir, "link.txt")
	old := strings.Repeat("Disallow: /old\n", 300)
	os.WriteFile(p, []byte(old), 0o644)
	if err := os.Link(p, link); err != nil {
		testenv.Need(t, fmt.Sprintf("no hard links here: %v", err))
	}
	inPlaceFault = func(f *os.File) error {
		f.Truncate(4096) // as a full disk leaves it: cut at a block
		return syscall.ENOSPC
	}
	t.Cleanup(func() { inPlaceFault = nil })
	newText := strings.Repeat("Disallow: /new\n", 400)
	err := WriteAtomic(p, []byte(newText))
	if !errors.Is(err, syscall.ENOSPC) || !strings.Contains(err.Error(), "holds its old text again") {
		t.Fatalf("err = %v", err)
	}
	for _, f := range []string{p, link} {
		if got, _ := os.ReadFile(f); string(got) != old {
			t.Errorf("%s: %d bytes, not the old %d", f, len(got), len(old))
		}
	}
	var fe *Error
	if !errors.As(err, &fe) {
		t.Fatal(err)
	}
	copies, _ := filepath.Glob(filepath.Join(dir, ".robots.txt.*.tmp"))
	if len(copies) != 1 || !strings.Contains(err.Error(), copies[0]) {
		t.Fatalf("copies %v, error %v", copies, err)
	}
	if got, _ := os.ReadFile(copies[0]); string(got) != newText {
		t.Error("the copy does not hold the new text")
	}
}
