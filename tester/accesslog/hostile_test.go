package accesslog

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOverlongFirstLineIsMalformedAndTheFormatComesFromTheNext: a first
// line of a mebibyte or more, before any format is known, is one malformed
// line; the format is detected from the lines after it, which are read.
func TestOverlongFirstLineIsMalformedAndTheFormatComesFromTheNext(t *testing.T) {
	good := `66.249.66.1 - - [03/Feb/2025:08:00:01 +0000] "GET /shop/cart HTTP/1.1" 200 1 "-" "Googlebot/2.1"` + "\n"
	for _, first := range []string{strings.Repeat("x", maxLine), strings.Repeat("y", 3*maxLine+5)} {
		data := first + "\n" + good + good
		rep, err := Analyze(context.Background(), Options{Names: []string{"-"}, Stdin: strings.NewReader(data), Workers: 2})
		if err != nil {
			t.Fatalf("first line of %d bytes: %v", len(first), err)
		}
		if rep.Lines != 3 || rep.Malformed != 1 || rep.MalformedAt[0].Line != 1 || len(rep.Crawlers) != 1 || rep.Crawlers[0].Hits != 2 {
			t.Errorf("first line of %d bytes: lines %d malformed %d at %v crawlers %d", len(first), rep.Lines, rep.Malformed, rep.MalformedAt, len(rep.Crawlers))
		}
		if len(rep.Formats) != 1 || rep.Formats[0] != "combined" {
			t.Errorf("formats %v", rep.Formats)
		}
	}
}

// TestOnlyOverlongLinesIsNoFormat: input that is nothing but one endless
// line (logs - </dev/zero, cut at some mebibytes) is a file no format fits,
// named as such, not a crash.
func TestOnlyOverlongLinesIsNoFormat(t *testing.T) {
	for _, data := range [][]byte{make([]byte, 3*maxLine), append(bytes.Repeat([]byte("z"), maxLine+1), "\n\n\n"...)} {
		_, err := Analyze(context.Background(), Options{Names: []string{"-"}, Stdin: bytes.NewReader(data)})
		if !errors.Is(err, ErrNoFormat) || !strings.Contains(err.Error(), "-: ") {
			t.Errorf("%d bytes of one line: %v", len(data), err)
		}
	}
}

// TestTruncatedGzipKeepsWhatWasRead: a gzip log cut short gives the report
// of every whole line before the cut, and a ReadError naming the file.
func TestTruncatedGzipKeepsWhatWasRead(t *testing.T) {
	plain, _ := os.ReadFile(testdata("combined.log"))
	whole := bytes.Repeat(plain, 2000)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(whole)
	zw.Close()
	p := filepath.Join(t.TempDir(), "cut.log.gz")
	os.WriteFile(p, gz.Bytes()[:gz.Len()*3/4], 0o644)
	rep, err := Analyze(context.Background(), Options{Names: []string{p}, Workers: 2})
	var re *ReadError
	if !errors.As(err, &re) || !strings.Contains(err.Error(), "cut.log.gz") {
		t.Fatalf("truncated gzip: %v", err)
	}
	// What gzip could still decompress: every whole line of it is counted.
	zr, _ := gzip.NewReader(bytes.NewReader(gz.Bytes()[:gz.Len()*3/4]))
	var got bytes.Buffer
	got.ReadFrom(zr)
	want := int64(bytes.Count(got.Bytes(), []byte{'\n'}))
	if rep == nil || rep.Lines != want || want == 0 {
		t.Errorf("read %d lines before the cut, want %d", rep.Lines, want)
	}
}

// TestLongLineAcrossAChunkBoundary: a line past the limit that starts in
// one chunk and ends in a later one (5 MB of NUL after one normal line; a
// 1.2 MiB line starting 2.9 MiB in) is one malformed line, the lines
// around it are read, and nothing panics: from standard input, from a
// file, gzip-compressed, and with the real chunk size and a small one.
// (The reader once kept the cut line's start, more than the room left in
// its buffer for the next chunk, and sliced past its end.)
func TestLongLineAcrossAChunkBoundary(t *testing.T) {
	good := `66.249.66.1 - - [03/Feb/2025:08:00:01 +0000] "GET /shop/cart HTTP/1.1" 200 1 "-" "Googlebot/2.1"` + "\n"
	filler := func(n int) string { return strings.Repeat(good, n/len(good)) }
	before := filler(29 << 20 / 10)
	cases := []struct {
		rule        string
		data        string
		lines, hits int64
	}{
		{"5 MB of NUL after one normal line", good + string(make([]byte, 5_000_000)), 2, 1},
		{"a 1.2 MiB line at 2.9 MiB, then more lines", before + strings.Repeat("q", 12<<20/10) + "\n" + good + good,
			int64(len(before)/len(good)) + 3, int64(len(before)/len(good)) + 2},
	}
	dir := t.TempDir()
	for _, c := range cases {
		var gz bytes.Buffer
		zw := gzip.NewWriter(&gz)
		zw.Write([]byte(c.data))
		zw.Close()
		file := filepath.Join(dir, "log")
		os.WriteFile(file, []byte(c.data), 0o644)
		for _, in := range []struct {
			name  string
			o     Options
			input []byte
		}{
			{"stdin", Options{Names: []string{"-"}}, []byte(c.data)},
			{"stdin gzip", Options{Names: []string{"-"}}, gz.Bytes()},
			{"file", Options{Names: []string{file}}, nil},
			{"small chunks", Options{Names: []string{"-"}, chunkSize: 64 << 10, maxLine: 16 << 10}, []byte(c.data)},
		} {
			o := in.o
			o.Workers = 2
			if in.input != nil {
				o.Stdin = bytes.NewReader(in.input)
			}
			rep, err := Analyze(context.Background(), o)
			if err != nil {
				t.Fatalf("%s, %s: %v", c.rule, in.name, err)
			}
			if rep.Lines != c.lines || rep.Malformed != 1 || len(rep.Crawlers) != 1 || rep.Crawlers[0].Hits != c.hits {
				t.Errorf("%s, %s: lines %d (want %d), malformed %d, crawler hits %d (want %d)", c.rule, in.name, rep.Lines, c.lines, rep.Malformed, rep.CrawlerHits, c.hits)
			}
		}
	}
}
