// Package textfile loads and saves robots.txt files the way the user expects:
// loading refuses directories, binaries and huge files with a plain reason,
// saving is atomic (temporary file in the same folder, fsync, rename) so a
// crash or a full disk never leaves a half-written file behind.
package textfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/robots-studio/robots-studio/tester/msg"
)

// MaxSize is the largest file the editor and the command line accept (10 MB).
const MaxSize = 10 * 1000 * 1000

// Error is a load or save failure with a sentence for the user.
type Error struct {
	Path string
	Text msg.Text // the reason in plain words
	Err  error    // the underlying error, if any
}

func (e *Error) Error() string {
	if e.Err != nil {
		return e.Path + ": " + e.Text.String() + " (" + e.Err.Error() + ")"
	}
	return e.Path + ": " + e.Text.String()
}

func (e *Error) Unwrap() error { return e.Err }

// Kinds of failure, as Is-able sentinel errors.
var (
	ErrIsDir   = errors.New("is a directory")
	ErrTooBig  = errors.New("file too large")
	ErrBinary  = errors.New("binary file")
	ErrMissing = errors.New("file not found")
)

var (
	msgIsDir    = msg.Def("file.is_dir", "this is a folder, not a file")
	msgTooBig   = msg.Def("file.too_big", "the file is {{.Size}} bytes; Robots Studio opens files up to 10 MB (Google reads only the first 500 KiB of a robots.txt)")
	msgBinary   = msg.Def("file.binary", "this looks like a binary file ({{.What}}), not a robots.txt text")
	msgMissing  = msg.Def("file.missing", "the file does not exist (it may have been moved or deleted)")
	msgDenied   = msg.Def("file.denied", "permission denied")
	msgReadErr  = msg.Def("file.read_error", "the file could not be read")
	msgWriteErr = msg.Def("file.write_error", "the file could not be saved; the original is unchanged")
	msgDiskFull = msg.Def("file.disk_full", "the disk is full; the original file is unchanged")
)

func fail(path string, t msg.Text, err error) error { return &Error{Path: path, Text: t, Err: err} }

// Load reads path, or standard input when path is "-" and stdin is given.
func Load(path string, stdin io.Reader) ([]byte, error) {
	if path == "-" && stdin != nil {
		data, err := io.ReadAll(io.LimitReader(stdin, MaxSize+1))
		if err != nil {
			return nil, fail("-", msg.New(msgReadErr), err)
		}
		return data, Check("-", data)
	}
	st, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fail(path, msg.New(msgMissing), ErrMissing)
	case errors.Is(err, fs.ErrPermission):
		return nil, fail(path, msg.New(msgDenied), err)
	case err != nil:
		return nil, fail(path, msg.New(msgReadErr), err)
	case st.IsDir():
		return nil, fail(path, msg.New(msgIsDir), ErrIsDir)
	case st.Size() > MaxSize:
		return nil, fail(path, msg.New(msgTooBig, "Size", st.Size()), ErrTooBig)
	}
	f, err := os.Open(path)
	if err != nil {
		if errors.Is(err, fs.ErrPermission) {
			return nil, fail(path, msg.New(msgDenied), err)
		}
		return nil, fail(path, msg.New(msgReadErr), err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxSize+1))
	if err != nil {
		return nil, fail(path, msg.New(msgReadErr), err)
	}
	return data, Check(path, data)
}

// Check refuses data that is too large or binary. A few NUL bytes or invalid
// UTF-8 inside text are not binary: the editor shows and keeps them.
func Check(path string, data []byte) error {
	if len(data) > MaxSize {
		return fail(path, msg.New(msgTooBig, "Size", len(data)), ErrTooBig)
	}
	if what := binaryKind(data); what != "" {
		return fail(path, msg.New(msgBinary, "What", msg.New(what)), ErrBinary)
	}
	return nil
}

var magics = []struct {
	prefix []byte
	what   string // msg key
}{
	{[]byte("\x89PNG\r\n\x1a\n"), msg.Def("file.kind.png", "a PNG image")},
	{[]byte("GIF8"), msg.Def("file.kind.gif", "a GIF image")},
	{[]byte("\xFF\xD8\xFF"), msg.Def("file.kind.jpeg", "a JPEG image")},
	{[]byte("%PDF-"), msg.Def("file.kind.pdf", "a PDF document")},
	{[]byte("PK\x03\x04"), msg.Def("file.kind.zip", "a ZIP archive")},
	{[]byte("\x1F\x8B"), msg.Def("file.kind.gzip", "a gzip archive")},
	{[]byte("\x7FELF"), msg.Def("file.kind.elf", "a program")},
	{[]byte("BZh"), msg.Def("file.kind.bzip2", "a bzip2 archive")},
	{[]byte("\xFD7zXZ\x00"), msg.Def("file.kind.xz", "an xz archive")},
	{[]byte("\x00\x00\x01\x00"), msg.Def("file.kind.icon", "an icon")},
}

var msgKindControl = msg.Def("file.kind.control", "mostly control bytes")

// binaryKind names (as a msg key) what data looks like when it is not text,
// or returns "".
func binaryKind(data []byte) string {
	for _, m := range magics {
		if bytes.HasPrefix(data, m.prefix) {
			return m.what
		}
	}
	head := data
	if len(head) > 8192 {
		head = head[:8192]
	}
	if len(head) == 0 {
		return ""
	}
	control := 0
	for _, c := range head {
		if c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\f' && c != '\v' {
			control++
		}
	}
	// Text with a stray NUL stays text; a tenth of control bytes is not text.
	if control*10 > len(head) {
		return msgKindControl
	}
	return ""
}

// WriteAtomic replaces path with data: it writes a temporary file in the same
// folder, syncs it, keeps the old file's permissions, renames it over path
// and syncs the folder. On any failure the original file is untouched and
// the temporary file removed. A symbolic link is followed: its target is
// replaced and the link stays a link.
func WriteAtomic(path string, data []byte) (err error) {
	if target, linkErr := filepath.EvalSymlinks(path); linkErr == nil {
		path = target
	}
	dir := filepath.Dir(path)
	mode := fs.FileMode(0o644)
	if st, statErr := os.Stat(path); statErr == nil {
		if st.IsDir() {
			return fail(path, msg.New(msgIsDir), ErrIsDir)
		}
		mode = st.Mode().Perm()
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return writeFailure(path, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return writeFailure(path, err)
	}
	if err = tmp.Sync(); err != nil {
		return writeFailure(path, err)
	}
	if err = tmp.Chmod(mode); err != nil {
		return writeFailure(path, err)
	}
	if err = tmp.Close(); err != nil {
		return writeFailure(path, err)
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return writeFailure(path, err)
	}
	if d, dirErr := os.Open(dir); dirErr == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

func writeFailure(path string, err error) error {
	switch {
	case errors.Is(err, fs.ErrPermission):
		return fail(path, msg.New(msgDenied), err)
	case isDiskFull(err):
		return fail(path, msg.New(msgDiskFull), err)
	}
	return fail(path, msg.New(msgWriteErr), fmt.Errorf("write: %w", err))
}
