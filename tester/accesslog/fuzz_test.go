package accesslog

import (
	"bytes"
	"io"
	"os"
	"testing"
)

// FuzzLineReader feeds arbitrary bytes through the reader: it never
// panics, it fails only on broken gzip data, it numbers the lines consecutively, and together they are the
// input (less a leading BOM and the line ends). Each line also goes through
// every built-in format's parser, whose fields must lie inside the line.
func FuzzLineReader(f *testing.F) {
	for _, name := range []string{"combined.log", "vhost.log", "common.log", "nginx-iso.log"} {
		data, err := os.ReadFile(testdata(name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("\xef\xbb\xbf\n\r\n\"\\"))
	f.Add([]byte(`1.2.3.4 - - [03/Feb/2025:08:00:01 +0000] "GET /s?q=\"x HTTP/1.1" 200 1 "-" "UA\`))
	formats := make([]*Format, 0, len(builtin))
	for _, b := range builtin {
		ft, _ := Builtin(b.name)
		formats = append(formats, ft)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &Reader{Names: []string{"-"}, Stdin: bytes.NewReader(data), Format: formats[0]}
		var got [][]byte
		next := 1
		for {
			c, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				if bytes.HasPrefix(data, []byte{0x1f, 0x8b}) {
					return // gzip by its magic bytes, and not a valid stream: an I/O error is the answer
				}
				t.Fatal(err)
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
			if !bytes.Equal(lines[i], got[i]) {
				t.Fatalf("line %d: %q, want %q", i+1, got[i], lines[i])
			}
		}
	})
}
