// Package textfile loads and saves robots.txt files the way the user expects:
// loading refuses directories, binaries and huge files with a plain reason,
// saving is atomic (temporary file in the same folder, fsync, rename) so a
// crash or a full disk never leaves a half-written file behind.
package textfile

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

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

// Is lets errors.Is(err, fs.ErrNotExist) see a missing file.
func (e *Error) Is(target error) bool { return target == fs.ErrNotExist && e.Err == ErrMissing }

// Kinds of failure, as Is-able sentinel errors.
var (
	ErrIsDir   = errors.New("is a directory")
	ErrTooBig  = errors.New("file too large")
	ErrBinary  = errors.New("binary file")
	ErrMissing = errors.New("file not found")
	// ErrNotRegular: a named pipe, device or socket (reading may never end).
	ErrNotRegular = errors.New("not a regular file")
	// ErrEncoding: text in an encoding robots.txt readers do not accept.
	ErrEncoding = errors.New("not UTF-8")
	// ErrReadOnly: the file's permissions say it must not be written.
	ErrReadOnly = errors.New("read-only file")
)

var (
	msgIsDir    = msg.Def("file.is_dir", "this is a folder, not a file")
	msgBytes    = msg.Def("live.banner.bytes", "{{.Count}} bytes")
	msgTooBig   = msg.Def("file.too_big", "the file is {{.Size}}; Robots Studio opens files up to 10 MB (Google reads only the first 500 KiB of a robots.txt)")
	msgBinary   = msg.Def("file.binary", "this looks like a binary file ({{.What}}), not a robots.txt text")
	msgMissing  = msg.Def("file.missing", "the file does not exist (it may have been moved or deleted)")
	msgDenied   = msg.Def("file.denied", "permission denied")
	msgReadErr  = msg.Def("file.read_error", "the file could not be read")
	msgWriteErr = msg.Def("file.write_error", "the file could not be saved; the original is unchanged")
	msgDiskFull = msg.Def("file.disk_full", "the disk is full; the original file is unchanged")

	msgTooBigStream = msg.Def("file.too_big_stream", "the input is more than 10 MB; Robots Studio reads up to 10 MB (Google reads only the first 500 KiB of a robots.txt)")
	msgNotRegular   = msg.Def("file.not_regular", "this is {{.What}}, not a regular file; save the text to a file (or pipe it to standard input with -)")
	msgEncoding     = msg.Def("file.encoding", "this text is encoded as {{.What}}; robots.txt files must be UTF-8 (RFC 9309 §2.3) — save it as UTF-8")
	msgReadOnly     = msg.Def("file.read_only", "the file is read-only; nothing was written (use Save As, or make the file writable first)")
	msgInPlace      = msg.Def("file.in_place_failed", "the file could not be rewritten in place; your new text is kept in {{.Copy}}")
	msgInPlaceKept  = msg.Def("file.in_place_kept", "the file could not be rewritten in place; it holds its old text again, and your new text is kept in {{.Copy}}")
	kindFIFO        = msg.Def("file.kind.fifo", "a named pipe")
	kindDevice      = msg.Def("file.kind.device", "a device")
	kindSocket      = msg.Def("file.kind.socket", "a socket")
	kindSpecial     = msg.Def("file.kind.special", "a special file")
)

// notRegular names what a non-regular file is (a msg key).
func notRegular(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return kindFIFO
	case m&fs.ModeDevice != 0:
		return kindDevice
	case m&fs.ModeSocket != 0:
		return kindSocket
	}
	return kindSpecial
}

func fail(path string, t msg.Text, err error) error { return &Error{Path: path, Text: t, Err: err} }

// Load reads path, or standard input when path is "-" and stdin is given.
func Load(path string, stdin io.Reader) ([]byte, error) {
	if path == "-" && stdin != nil {
		data, err := io.ReadAll(io.LimitReader(stdin, MaxSize+1))
		if err != nil {
			return nil, fail("-", msg.New(msgReadErr), err)
		}
		if len(data) > MaxSize {
			// The rest of the stream was never read: its size is unknown.
			return nil, fail("-", msg.New(msgTooBigStream), ErrTooBig)
		}
		return data, Check("-", data)
	}
	f, err := open(path, true)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxSize+1))
	if err != nil {
		return nil, fail(path, msg.New(msgReadErr), err)
	}
	return data, Check(path, data)
}

// open opens a file to read with Load's checks: it exists, is a regular
// file (a named pipe with no writer would block for ever, a device may never
// end) and is at most MaxSize bytes.
func open(path string, sizeLimit bool) (*os.File, error) {
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
	case !st.Mode().IsRegular():
		return nil, fail(path, msg.New(msgNotRegular, "What", msg.New(notRegular(st.Mode()))), ErrNotRegular)
	case sizeLimit && st.Size() > MaxSize:
		return nil, fail(path, msg.New(msgTooBig, "Size", msg.New(msgBytes, "Count", st.Size())), ErrTooBig)
	}
	return openRegular(path)
}

// OpenStream opens a file to read as a stream, of any size (access logs,
// sitemaps, URL lists), with Load's other checks: it exists and is a regular
// file, so a named pipe with no writer is refused instead of waited on.
func OpenStream(path string) (*os.File, error) { return open(path, false) }

// openRegular opens a file for reading and makes sure it is a regular file.
func openRegular(path string) (*os.File, error) {
	// Non-blocking: if the path was swapped for a pipe after the Stat, the
	// open still returns at once and the check below refuses it.
	f, err := os.OpenFile(path, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		if errors.Is(err, fs.ErrPermission) {
			return nil, fail(path, msg.New(msgDenied), err)
		}
		return nil, fail(path, msg.New(msgReadErr), err)
	}
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		f.Close()
		return nil, fail(path, msg.New(msgNotRegular, "What", msg.New(kindSpecial)), ErrNotRegular)
	}
	return f, nil
}

// MaxLine is the longest line Lines accepts (1 MiB).
const MaxLine = 1 << 20

var msgLineTooLong = msg.Def("file.line_too_long", "line {{.Line}} is longer than 1 MiB")

// LineTooLong is the error for line n of path being over MaxLine, for
// readers of their own (tester/batch) that keep Lines' limit.
func LineTooLong(path string, n int) error {
	return fail(path, msg.New(msgLineTooLong, "Line", n), bufio.ErrTooLong)
}

// Lines calls fn with each line of path (standard input for "-"), without
// its line ending, as it is read: memory stays constant however long the
// input is. A path must be a regular file; a line over MaxLine is an error.
func Lines(path string, stdin io.Reader, fn func(line string) error) error {
	r := stdin
	if r == nil {
		r = strings.NewReader("")
	}
	if path != "-" {
		f, err := open(path, false)
		if err != nil {
			return err
		}
		defer f.Close()
		r = f
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), MaxLine)
	n := 0
	for sc.Scan() {
		n++
		if err := fn(strings.TrimSuffix(sc.Text(), "\r")); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return fail(path, msg.New(msgLineTooLong, "Line", n+1), err)
		}
		return fail(path, msg.New(msgReadErr), err)
	}
	return nil
}

// Check refuses data that is too large or binary. A few NUL bytes or invalid
// UTF-8 inside text are not binary: the editor shows and keeps them.
func Check(path string, data []byte) error {
	if len(data) > MaxSize {
		return fail(path, msg.New(msgTooBig, "Size", msg.New(msgBytes, "Count", len(data))), ErrTooBig)
	}
	if enc := unicodeByBOM(data); enc != "" {
		return fail(path, msg.New(msgEncoding, "What", enc), ErrEncoding)
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

// unicodeByBOM names a UTF-16 or UTF-32 encoding announced by a byte order
// mark (UTF-32 first: its little-endian mark begins like UTF-16's).
func unicodeByBOM(data []byte) string {
	switch {
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE, 0, 0}):
		return "UTF-32 (little-endian)"
	case bytes.HasPrefix(data, []byte{0, 0, 0xFE, 0xFF}):
		return "UTF-32 (big-endian)"
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE}):
		return "UTF-16 (little-endian)"
	case bytes.HasPrefix(data, []byte{0xFE, 0xFF}):
		return "UTF-16 (big-endian)"
	}
	return ""
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

// WriteAtomic replaces path with data the way careful editors do.
//
//   - A read-only file (no write permission bit, or one this user may not
//     write) is refused with ErrReadOnly, even for root.
//   - Normally it writes a temporary file in the same folder, syncs it, gives
//     it the old file's mode, owner and group, renames it over path and syncs
//     the folder: a crash or a full disk leaves either the old or the new
//     file, never a mix, and the temporary file is removed on failure.
//   - A file with several hard links, or one whose owner this user cannot
//     give to a new file, is rewritten in place, so every link sees the new
//     text and the owner stays: the new text is first written and synced to
//     a temporary copy, which is removed once the file holds it (and named in
//     the error if not).
//   - A symbolic link is followed: its target is replaced and the link stays
//     a link.
func WriteAtomic(path string, data []byte) error { return writeAtomic(path, data, nil) }

// writeAtomic is WriteAtomic with check run on the real path just before
// the rename (or the in-place rewrite): an error from it cancels the save.
func writeAtomic(path string, data []byte, check func(real string) error) (err error) {
	if target, linkErr := filepath.EvalSymlinks(path); linkErr == nil {
		path = target
	}
	dir := filepath.Dir(path)
	mode := fs.FileMode(0o644)
	st, statErr := os.Stat(path)
	exists := statErr == nil
	if exists {
		switch {
		case st.IsDir():
			return fail(path, msg.New(msgIsDir), ErrIsDir)
		case !st.Mode().IsRegular():
			return fail(path, msg.New(msgNotRegular, "What", msg.New(notRegular(st.Mode()))), ErrNotRegular)
		case readOnly(path, st):
			return fail(path, msg.New(msgReadOnly), ErrReadOnly)
		}
		mode = st.Mode().Perm()
		if links(path, st) > 1 {
			if check != nil {
				if err := check(path); err != nil {
					return err
				}
			}
			return writeInPlace(path, data)
		}
	}
	tmp, err := writeTemp(path, data)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			os.Remove(tmp)
		}
	}()
	if exists {
		if !keepOwner(tmp, st) {
			os.Remove(tmp)
			if check != nil {
				if err := check(path); err != nil {
					return err
				}
			}
			return writeInPlace(path, data)
		}
	}
	if err = os.Chmod(tmp, mode); err != nil {
		return writeFailure(path, err)
	}
	if check != nil {
		if err = check(path); err != nil {
			return err
		}
	}
	if beforeReplace != nil {
		beforeReplace()
	}
	if err = replace(tmp, path); err != nil {
		return writeFailure(path, err)
	}
	if d, dirErr := os.Open(dir); dirErr == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// writeTemp writes data to a new synced file beside path and returns its name.
func writeTemp(path string, data []byte) (string, error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return "", writeFailure(path, err)
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", writeFailure(path, err)
	}
	return f.Name(), nil
}

// readOnly: no write bit at all (editors refuse such a file even for root),
// or this user may not open it for writing.
func readOnly(path string, st fs.FileInfo) bool {
	if st.Mode().Perm()&0o222 == 0 {
		return true
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS)
	}
	f.Close()
	return false
}

// writeInPlace overwrites path's own bytes (same inode: hard links and
// owner kept), with a synced copy of the new text beside it until done.
// When the rewrite fails part way (a full disk), the old bytes are written
// back over the blocks they had, so the file is as it was, not cut; the
// new text stays in the copy, named in the error.
func writeInPlace(path string, data []byte) error {
	backup, err := writeTemp(path, data)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		os.Remove(backup)
		return writeFailure(path, err)
	}
	old, readErr := io.ReadAll(io.LimitReader(f, MaxSize+1))
	if readErr != nil || len(old) > MaxSize {
		old = nil // cannot be put back: only the copy is kept
	}
	_, err = f.WriteAt(data, 0)
	if err == nil && inPlaceFault != nil {
		err = inPlaceFault(f)
	}
	if err == nil {
		err = f.Truncate(int64(len(data)))
	}
	if err == nil {
		err = f.Sync()
	}
	if err != nil && old != nil {
		restored := false
		if _, werr := f.WriteAt(old, 0); werr == nil && f.Truncate(int64(len(old))) == nil && f.Sync() == nil {
			restored = true
		}
		f.Close()
		if restored {
			return fail(path, msg.New(msgInPlaceKept, "Copy", backup), err)
		}
		return fail(path, msg.New(msgInPlace, "Copy", backup), err)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fail(path, msg.New(msgInPlace, "Copy", backup), err)
	}
	os.Remove(backup)
	return nil
}

// inPlaceFault, set by tests, fails an in-place rewrite after its first
// write, as a full disk does part way.
var inPlaceFault func(*os.File) error

func writeFailure(path string, err error) error {
	switch {
	case inUse(err):
		return fail(path, msg.New(msgInUse), fmt.Errorf("%w: %w", ErrInUse, err))
	case errors.Is(err, fs.ErrPermission):
		return fail(path, msg.New(msgDenied), err)
	case isDiskFull(err):
		return fail(path, msg.New(msgDiskFull), err)
	}
	return fail(path, msg.New(msgWriteErr), fmt.Errorf("write: %w", err))
}
