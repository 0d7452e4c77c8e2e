package accesslog

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
)

// FuzzLineReader feeds arbitrary bytes through the reader and the analysis
// as a user runs them, with no format given: neither panics, and the only
// errors are broken gzip data and "no known log format". Read with a format
// (the detected one, else the first built-in), the reader numbers the lines
// consecutively, and together they are the input (less a leading BOM and
// the line ends). Each line also goes through every built-in format's
// parser, whose fields must lie inside the line. The reader's chunks and
// line limit are shrunk to fuzzChunk and fuzzLine bytes, so inputs of a
// few kilobytes cross chunk boundaries and hold overlong lines.
func FuzzLineReader(f *testing.F) {
	const fuzzChunk, fuzzLine = 512, 256
	for _, name := range []string{"combined.log", "vhost.log", "common.log", "nginx-iso.log"} {
		data, err := os.ReadFile(testdata(name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("\xef\xbb\xbf\n\r\n\"\\"))
	f.Add([]byte(`1.2.3.4 - - [03/Feb/2025:08:00:01 +0000] "GET /s?q=\"x HTTP/1.1" 200 1 "-" "UA\`))
	good := "1.2.3.4 - - [03/Feb/2025:08:00:01 +0000] \"GET / HTTP/1.1\" 200 1 \"-\" \"Googlebot/2.1\"\n"
	// A first line too long to keep, before any format is known.
	f.Add(append(bytes.Repeat([]byte("x"), fuzzLine), good...))
	f.Add(make([]byte, fuzzLine+1))
	// A line past the limit that starts in one chunk and ends chunks later
	// (the reader once panicked on it), and one that ends in the next.
	f.Add(append([]byte(good), make([]byte, 3*fuzzChunk)...))
	f.Add([]byte(good + strings.Repeat(good, 4) + strings.Repeat("q", fuzzLine+50) + "\n" + good))
	formats := make([]*Format, 0, len(builtin))
	for _, b := range builtin {
		ft, _ := Builtin(b.name)
		formats = append(formats, ft)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		gz := bytes.HasPrefix(data, []byte{0x1f, 0x8b})
		_, err := Analyze(context.Background(), Options{Names: []string{"-"}, Stdin: bytes.NewReader(data), Workers: 2,
			chunkSize: fuzzChunk, maxLine: fuzzLine})
		if err != nil && !errors.Is(err, ErrNoFormat) && !gz {
			t.Fatal(err)
		}
		format := formats[0]
		detect := &Reader{Names: []string{"-"}, Stdin: bytes.NewReader(data), ChunkSize: fuzzChunk, MaxLine: fuzzLine}
		for {
			c, err := detect.Next()
			if err != nil {
				if err != io.EOF && !errors.Is(err, ErrNoFormat) && !gz {
					t.Fatal(err)
				}
				break
			}
			if c.Format != nil {
				format = c.Format
				c.Release()
				break
			}
			if !c.Overlong {
				t.Fatalf("lines %d… without a format", c.FirstLine)
			}
		}
		r := &Reader{Names: []string{"-"}, Stdin: bytes.NewReader(data), Format: format, ChunkSize: fuzzChunk, MaxLine: fuzzLine}
		var got [][]byte
		overlong := map[int]bool{} // lines skipped as too long, by index
		next := 1
		for {
			c, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				if gz {
					return // gzip by its magic bytes, and not a valid stream: an I/O error is the answer
				}
				t.Fatal(err)
			}
			if c.Overlong {
				if c.FirstLine != next {
					t.Fatalf("overlong line %d after %d", c.FirstLine, next-1)
				}
				overlong[len(got)] = true
				got = append(got, nil)
				next++
				continue
			}
			c.Lines(func(n int, line []byte) {
				if n != next {
					t.Fatalf("line %d after %d", n, next-1)
				}
				next++
				got = append(got, append([]byte(nil), line...))
				for _, ft := range formats {
					var h Hit
					if ft.Parse(line, &h) {
						for _, fld := range [][]byte{h.Host, h.VHost, h.Method, h.Target, h.UA} {
							if len(fld) > 0 && !bytes.Contains(line, fld) {
								t.Fatalf("%s: field %q is not in the line %q", ft.Name, fld, line)
							}
						}
					}
				}
			})
			c.Release()
		}
		want := bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
		var lines [][]byte
		if len(want) > 0 {
			lines = bytes.Split(bytes.TrimSuffix(want, []byte("\n")), []byte("\n"))
		}
		for i := range lines {
			lines[i] = bytes.TrimSuffix(lines[i], []byte("\r"))
		}
		if len(lines) != len(got) {
			t.Fatalf("%d lines read, %d in the input", len(got), len(lines))
		}
		for i := range lines {
			if overlong[i] {
				if len(lines[i]) < fuzzLine-3 { // less the BOM
					t.Fatalf("line %d of %d bytes skipped as too long", i+1, len(lines[i]))
				}
				continue
			}
			if !bytes.Equal(lines[i], got[i]) {
				t.Fatalf("line %d: %q, want %q", i+1, got[i], lines[i])
			}
		}
	})
}
