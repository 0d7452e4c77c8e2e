package accesslog

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"hash"
	"hash/crc64"
	"io"
	"sync/atomic"

	"github.com/robots-studio/robots-studio/tester/textfile"
)

// Sizes of the reading buffers: a chunk is whole lines, about chunkSize
// bytes; a line longer than maxLine is counted as malformed and skipped, so
// memory stays bounded whatever the input: a buffer holds a chunk and the
// start of a line cut at its end (less than maxLine).
// A chunk is what one worker reads and counts on its own (see Analyze):
// big enough that the chunks' reports have much less to merge than their
// lines. A Reader (and Options) may set smaller sizes, so a test or a fuzz
// target reaches chunk boundaries and overlong lines with small inputs.
var chunkSize = 4 << 20

const maxLine = 1 << 20

// Chunk is a run of whole lines from one file.
type Chunk struct {
	File      int     // index into the reader's names
	FirstLine int     // line number of the first line in Data (1-based)
	Data      []byte  // whole lines; the last one may lack its "\n" at the end of a file
	Overlong  bool    // Data is empty: line FirstLine was longer than the limit and was skipped
	Format    *Format // nil only on an Overlong chunk that comes before the file's format is known
	buf       *[]byte
	seq       int // Analyze's count of the chunks before this one
}

// chunkPool holds the read buffers. Unlike a sync.Pool it survives garbage
// collections, so a long run reuses the same few buffers instead of making
// new ones after every collection: memory stays flat however big the log.
type bufferPool chan *[]byte

var chunkPool = make(bufferPool, 64)

// Get returns a free buffer of at least size bytes, or a new one.
func (p bufferPool) Get(size int) *[]byte {
	select {
	case b := <-p:
		if cap(*b) >= size {
			return b
		}
		// Made for smaller chunks (a test's): drop it.
	default:
	}
	b := make([]byte, 0, size)
	return &b
}

// Put keeps b for reuse, unless enough are kept already.
func (p bufferPool) Put(b *[]byte) {
	select {
	case p <- b:
	default:
	}
}

// Release gives the chunk's buffer back for reuse; Data must not be used
// after it.
func (c *Chunk) Release() {
	if c.buf != nil {
		chunkPool.Put(c.buf)
		c.buf = nil
		c.Data = nil
	}
}

// Reader reads many log files ("-" is standard input; gzip is recognised
// by its content) as chunks of whole lines with their line numbers. A UTF-8
// BOM at the start of a file is dropped. The format is detected per file
// from its first lines unless one was given.
type Reader struct {
	Names  []string
	Format *Format // nil: detect per file
	Stdin  io.Reader
	// ChunkSize and MaxLine, when not 0, replace the chunk size and the
	// line limit (tests shrink them).
	ChunkSize, MaxLine int

	file    int
	line    int
	in      io.Reader
	closer  io.Closer
	carry   []byte
	format  *Format
	skip    bool         // inside an overlong line: drop bytes up to the next "\n"
	long    bool         // the file had an overlong line (which may come before its format is known)
	err     error        // the read error to return once the lines before it are returned
	started bool         // the file's first bytes were looked at (for a BOM)
	total   atomic.Int64 // bytes read from every file so far
	content hash.Hash64  // CRC-64 of samples of those bytes, in order (see ContentSum)
}

// ErrNoFormat means no known log format fits the first lines of a file.
var ErrNoFormat = errors.New("no known log format fits its first lines")

// BytesRead is how many bytes were read so far (compressed size for gzip
// files), for progress.
func (r *Reader) BytesRead() int64 { return r.total.Load() }

// ContentSum identifies the bytes read so far from every file, in order,
// as text: a summary carries it so Merge can refuse the same shard twice.
// It is the CRC-64 of the first sampleBytes of every sampleEvery bytes
// (a sixteenth of the log, so reading stays as fast: the whole would cost
// a third of the time) and the length: two shards of a log differ in
// those bytes, their lines' times if nothing else. Call it after the
// reading is done.
func (r *Reader) ContentSum() string {
	var sum uint64
	if r.content != nil {
		sum = r.content.Sum64()
	}
	return fmt.Sprintf("%016x-%d", sum, r.total.Load())
}

const (
	sampleEvery = 1 << 20
	sampleBytes = 64 << 10
)

var crcTable = crc64.MakeTable(crc64.ECMA)

type countingReader struct {
	r io.Reader
	n *atomic.Int64
	h hash.Hash64
}

func (c countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	at := c.n.Add(int64(n)) - int64(n) // where p starts in the stream
	// Hash the parts of p[:n] that fall in a sample window.
	for i := 0; i < n; {
		off := int((at + int64(i)) % sampleEvery)
		if off >= sampleBytes {
			i += sampleEvery - off // to the next window
			continue
		}
		end := min(n, i+sampleBytes-off)
		c.h.Write(p[i:end])
		i = end
	}
	return n, err
}

// sizes returns the chunk size and the line limit in force.
func (r *Reader) sizes() (chunk, limit int) {
	chunk, limit = chunkSize, maxLine
	if r.ChunkSize > 0 {
		chunk = r.ChunkSize
	}
	if r.MaxLine > 0 {
		limit = r.MaxLine
	}
	return chunk, limit
}

// open starts file r.file.
func (r *Reader) open() error {
	name := r.Names[r.file]
	var src io.Reader
	if name == "-" {
		if r.Stdin == nil {
			return fmt.Errorf("%s: no standard input", name)
		}
		src = r.Stdin
	} else {
		f, err := textfile.OpenStream(name)
		if err != nil {
			return err
		}
		if st, err := f.Stat(); err == nil && st.IsDir() {
			f.Close()
			return fmt.Errorf("%s: is a folder, not a log file", name)
		}
		src, r.closer = f, f
	}
	if r.content == nil {
		r.content = crc64.New(crcTable)
	}
	br := bufio.NewReaderSize(countingReader{src, &r.total, r.content}, 64<<10)
	magic, _ := br.Peek(2)
	r.in = br
	if len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			r.close()
			return fmt.Errorf("%s: %w", name, err)
		}
		r.in = zr
	}
	r.line = 1
	r.carry = r.carry[:0]
	r.skip = false
	r.long = false
	r.err = nil
	r.started = false
	r.format = r.Format
	return nil
}

func (r *Reader) close() {
	if r.closer != nil {
		r.closer.Close()
		r.closer = nil
	}
	r.in = nil
}

// Next returns the next chunk, or io.EOF after the last file. An error
// names the file; reading stops there.
func (r *Reader) Next() (*Chunk, error) {
	for {
		if r.in == nil {
			if r.file >= len(r.Names) {
				return nil, io.EOF
			}
			if err := r.open(); err != nil {
				return nil, err
			}
		}
		c, err := r.read()
		if err != nil {
			name := r.Names[r.file]
			r.close()
			if _, ok := err.(*ReadError); ok {
				return nil, err
			}
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if c != nil {
			return c, nil
		}
		r.close()
		r.file++
	}
}

// read returns the next chunk of the current file, or nil at its end. A
// read error comes after the whole lines read before it; an overlong line
// before the format is known is a chunk without a Format.
func (r *Reader) read() (*Chunk, error) {
	if r.err != nil {
		return r.end()
	}
	chunk, limit := r.sizes()
	if len(r.carry) >= limit {
		// The line the last chunk ended in is already too long: report
		// it, drop the rest of it. (Kept, it would leave no room in the
		// buffer for the next chunk.)
		r.carry = r.carry[:0]
		r.skip, r.long = true, true
		return &Chunk{File: r.file, FirstLine: r.line, Overlong: true, Format: r.format}, nil
	}
	bp := chunkPool.Get(chunk + limit)
	buf := append((*bp)[:0], r.carry...)
	r.carry = r.carry[:0]
	for {
		// buf holds less than limit bytes here (the carry, or a line
		// not yet ended), so a chunk more fits.
		n, err := fill(r.in, buf[len(buf):len(buf)+chunk])
		buf = buf[:len(buf)+n]
		eof := err == io.EOF
		if err != nil && !eof {
			// Return the whole lines read so far, then the error.
			r.err = &ReadError{Name: r.Names[r.file], Err: err}
		}
		last := err != nil
		if !r.started && (len(buf) >= 3 || last) {
			r.started = true
			if bytes.HasPrefix(buf, []byte("\xEF\xBB\xBF")) {
				buf = append(buf[:0], buf[3:]...)
			}
		}
		if r.skip {
			i := bytes.IndexByte(buf, '\n')
			if i < 0 {
				buf = buf[:0]
				if last {
					r.skip = false
					chunkPool.Put(bp)
					return r.end()
				}
				continue
			}
			r.skip = false
			buf = append(buf[:0], buf[i+1:]...)
			r.line++
		}
		cut := len(buf)
		if !eof {
			cut = bytes.LastIndexByte(buf, '\n') + 1
			if cut == 0 && !last {
				if len(buf) < limit {
					continue
				}
				// One line longer than the limit: report it, drop the rest of it.
				r.skip, r.long = true, true
				c := &Chunk{File: r.file, FirstLine: r.line, Overlong: true, Format: r.format}
				chunkPool.Put(bp)
				return c, nil
			}
		}
		if cut == 0 {
			chunkPool.Put(bp)
			return r.end()
		}
		r.carry = append(r.carry, buf[cut:]...)
		data := buf[:cut]
		if r.format == nil {
			f, err := Detect(data)
			if err != nil {
				chunkPool.Put(bp)
				r.err = nil
				return nil, err
			}
			r.format = f
		}
		c := &Chunk{File: r.file, FirstLine: r.line, Data: data, Format: r.format, buf: bp}
		*bp = buf
		r.line += bytes.Count(data, []byte{'\n'})
		return c, nil
	}
}

// end is what read returns when the current file has no more lines: the
// read error that stopped it, ErrNoFormat when its only lines were too long
// to detect a format from, or nil.
func (r *Reader) end() (*Chunk, error) {
	if err := r.err; err != nil {
		r.err = nil
		return nil, err
	}
	if r.format == nil && r.long {
		return nil, ErrNoFormat
	}
	return nil, nil
}

// fill reads until buf is full or the reader fails; unlike io.ReadFull it
// passes a reader's own io.ErrUnexpectedEOF on (a truncated gzip file says
// so that way) instead of taking it for the end of the data.
func fill(r io.Reader, buf []byte) (int, error) {
	n := 0
	for n < len(buf) {
		m, err := r.Read(buf[n:])
		n += m
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// Detect picks the built-in format that reads the most of the first
// hundred non-empty lines of data.
func Detect(data []byte) (*Format, error) {
	var lines [][]byte
	for len(data) > 0 && len(lines) < 100 {
		i := bytes.IndexByte(data, '\n')
		var l []byte
		if i < 0 {
			l, data = data, nil
		} else {
			l, data = data[:i], data[i+1:]
		}
		l = bytes.TrimRight(l, "\r")
		if len(bytes.TrimSpace(l)) > 0 {
			lines = append(lines, l)
		}
	}
	// A format that reads lines whole beats one that leaves extra fields
	// at their ends (common reads combined lines that way).
	var h Hit
	for _, strict := range []bool{true, false} {
		var best *Format
		bestN := 0
		for _, b := range builtin {
			f, _ := Builtin(b.name)
			probe := *f
			probe.strict = strict
			n := 0
			for _, l := range lines {
				if probe.Parse(l, &h) {
					n++
				}
			}
			if n > bestN {
				best, bestN = f, n
			}
		}
		if best != nil {
			return best, nil
		}
	}
	return nil, ErrNoFormat
}

// Lines calls fn for every line of the chunk with its number; the line has
// no line end ("\n" or "\r\n").
func (c *Chunk) Lines(fn func(n int, line []byte)) {
	data, n := c.Data, c.FirstLine
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		var l []byte
		if i < 0 {
			l, data = data, nil
		} else {
			l, data = data[:i], data[i+1:]
		}
		if len(l) > 0 && l[len(l)-1] == '\r' {
			l = l[:len(l)-1]
		}
		fn(n, l)
		n++
	}
}

// ReadError is a file that broke while it was read (a truncated gzip
// stream, a failing disk): the lines before it were read and counted.
type ReadError struct {
	Name string
	Err  error
}

func (e *ReadError) Error() string { return e.Name + ": " + e.Err.Error() }
func (e *ReadError) Unwrap() error { return e.Err }
