package accesslog

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sampleSummary is the summary of the sample logs read against the sample
// robots.txt and draft, as logs --partial writes it, decoded as JSON.
func sampleSummary(t *testing.T, names ...string) map[string]any {
	t.Helper()
	o := Options{Names: names, Robots: readDoc(t, "robots.txt"), Draft: readDoc(t, "draft.txt")}
	rep := analyze(t, o)
	var buf bytes.Buffer
	if err := WriteSummary(&buf, rep.Summary(o, nil)); err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(buf.Bytes(), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func encode(t *testing.T, m map[string]any) []byte {
	t.Helper()
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// firstRow is the summary's first row with hits on disallowed paths.
func firstRow(m map[string]any) map[string]any {
	for _, r := range m["rows"].([]any) {
		if row := r.(map[string]any); row["disallowed"].(float64) > 0 {
			return row
		}
	}
	return nil
}

// TestReadSummaryRefusesTamperedFigures: every figure no log can give is
// refused when the summary is read, naming the file; the summary as
// written reads back.
func TestReadSummaryRefusesTamperedFigures(t *testing.T) {
	cases := []struct {
		rule   string
		tamper func(m map[string]any)
	}{
		{"a count is not negative", func(m map[string]any) { firstRow(m)["hits"] = -560.0 }},
		{"the lines are the sum of their kinds", func(m map[string]any) { m["lines"] = m["lines"].(float64) + 1 }},
		{"the rows' hits are the crawler hits", func(m map[string]any) { firstRow(m)["hits"] = firstRow(m)["hits"].(float64) + 1 }},
		{"disallowed hits are at most the hits", func(m map[string]any) { firstRow(m)["disallowed"] = firstRow(m)["hits"].(float64) + 1 }},
		{"a row is listed once", func(m map[string]any) {
			rows := m["rows"].([]any)
			m["rows"] = append(rows, rows[0])
		}},
		{"a sketch register is at most 51", func(m map[string]any) {
			regs := make([]byte, 1<<hllBits)
			regs[7] = 200
			firstRow(m)["exact"] = nil
			firstRow(m)["hll"] = regs
		}},
		{"the exact hashes are each once", func(m map[string]any) {
			row := firstRow(m)
			ex, _ := base64.StdEncoding.DecodeString(row["exact"].(string)) // 8-byte hashes, in order
			row["exact"] = append(ex[:8:8], ex...)
		}},
		{"a top list names a path once", func(m map[string]any) {
			own := firstRow(m)["own"].(map[string]any)
			keys := own["keys"].([]any)
			keys[len(keys)-1] = keys[0]
		}},
		{"a bucket lies on the width", func(m map[string]any) {
			b := firstRow(m)["buckets"].([]any)[0].([]any)
			b[0] = b[0].(float64) + 1
		}},
		{"a bucket's disallowed hits are at most its hits", func(m map[string]any) {
			b := firstRow(m)["buckets"].([]any)[0].([]any)
			b[2] = b[1].(float64) + 1
		}},
		{"the engine is a known one", func(m map[string]any) { firstRow(m)["engine"] = "nonesuch" }},
		{"the kind is a robot's", func(m map[string]any) { firstRow(m)["k"] = 9.0 }},
		{"a file name is at most 4 KiB", func(m map[string]any) { m["files"].([]any)[0] = strings.Repeat("n", 16<<10) }},
		{"a line reference is to a line", func(m map[string]any) {
			for _, v := range firstRow(m)["dis_val"].([]any) {
				v.(map[string]any)["lines"] = []any{[]any{0.0, -3.0}}
			}
		}},
	}
	base := sampleSummary(t, testdata("combined.log"), testdata("vhost.log"))
	if _, err := ReadSummary(bytes.NewReader(encode(t, base)), "s.json"); err != nil {
		t.Fatalf("the summary as written: %v", err)
	}
	for _, c := range cases {
		m := sampleSummary(t, testdata("combined.log"), testdata("vhost.log"))
		c.tamper(m)
		_, err := ReadSummary(bytes.NewReader(encode(t, m)), "s.json")
		if err == nil || !strings.HasPrefix(err.Error(), "s.json: ") {
			t.Errorf("%s: read as %v", c.rule, err)
		}
	}
	// The refusal names the figure that is wrong: negative lines, not a
	// part "outside 0…-560".
	m := sampleSummary(t, testdata("combined.log"), testdata("vhost.log"))
	m["lines"] = -560.0
	if _, err := ReadSummary(bytes.NewReader(encode(t, m)), "s.json"); err == nil || !strings.Contains(err.Error(), "lines -560") {
		t.Errorf("negative lines read as %v", err)
	}
}

// TestReadSummaryIsBounded: a summary past the size limit once
// uncompressed (a small .gz holding an endless file name) is refused as it
// is read, before it is held whole.
func TestReadSummaryIsBounded(t *testing.T) {
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestSpeed)
	zw.Write([]byte(`{"kind":"` + SummaryKind + `","version":2,"files":["`))
	name := bytes.Repeat([]byte("n"), 1<<20)
	for i := 0; i <= maxSummaryBytes>>20; i++ {
		zw.Write(name)
	}
	zw.Write([]byte(`"]}`))
	zw.Close()
	_, err := ReadSummary(&gz, "big.json.gz")
	if err == nil || !strings.Contains(err.Error(), "big.json.gz") || !strings.Contains(err.Error(), "64") {
		t.Errorf("a summary of %d MiB: %v", maxSummaryBytes>>20, err)
	}
}

func readBack(t *testing.T, m map[string]any) *Summary {
	t.Helper()
	s, err := ReadSummary(bytes.NewReader(encode(t, m)), "s.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestMergeRefusesTheSameShardTwice: a summary given twice (the same file,
// or logs --partial run twice on the same log) is refused; so is a sum of
// lines past what can be counted.
func TestMergeRefusesTheSameShardTwice(t *testing.T) {
	a := readBack(t, sampleSummary(t, testdata("combined.log")))
	again := readBack(t, sampleSummary(t, testdata("combined.log")))
	b := readBack(t, sampleSummary(t, testdata("vhost.log")))
	if _, err := Merge([]*Summary{a, b}); err != nil {
		t.Fatalf("two shards: %v", err)
	}
	for _, sums := range [][]*Summary{{a, a}, {a, b, again}} {
		if _, err := Merge(sums); err == nil || !strings.Contains(err.Error(), "twice") {
			t.Errorf("the same shard twice: %v", err)
		}
	}
	huge := func(id string) *Summary {
		m := sampleSummary(t, testdata("combined.log"))
		m["id"] = id
		s := readBack(t, m)
		s.Lines += math.MaxInt64 / 2
		s.OtherHits += math.MaxInt64 / 2
		if err := s.check(); err != nil {
			t.Fatal(err)
		}
		return s
	}
	if _, err := Merge([]*Summary{huge("1"), huge("2")}); err == nil {
		t.Error("lines past the int64 range merged")
	}
}

// TestMergeComparesRangesByContent: shards verified against the same IP
// ranges merge, whatever files and formats held them; other ranges are
// refused.
func TestMergeComparesRangesByContent(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(text), 0o644)
		return p
	}
	same1 := write("a.txt", "Googlebot 66.249.64.0/19\nbingbot 157.55.39.0/24\n")
	same2 := write("b.txt", "# the same, in another order\nbingbot 157.55.39.0/24\nGooglebot 66.249.64.0/19\n")
	other := write("c.txt", "Googlebot 66.249.64.0/20\nbingbot 157.55.39.0/24\n")
	summary := func(ranges, log string) *Summary {
		v := &Verifier{}
		if err := v.LoadRanges(ranges); err != nil {
			t.Fatal(err)
		}
		o := Options{Names: []string{testdata(log)}, Verifier: v}
		return rep(t, o)
	}
	if _, err := Merge([]*Summary{summary(same1, "combined.log"), summary(same2, "vhost.log")}); err != nil {
		t.Errorf("the same ranges in two files: %v", err)
	}
	if _, err := Merge([]*Summary{summary(same1, "combined.log"), summary(other, "vhost.log")}); err == nil || !strings.Contains(err.Error(), "ranges") {
		t.Errorf("other ranges: %v", err)
	}
}

func rep(t *testing.T, o Options) *Summary {
	t.Helper()
	r, err := Analyze(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	return r.Summary(o, nil)
}

// TestMergedSketchStaysInRange: a summary whose sketch registers are all at
// their highest (valid, but no log makes them) merges into a distinct-path
// count no larger than the crawler's hits, never a negative number.
func TestMergedSketchStaysInRange(t *testing.T) {
	m := sampleSummary(t, testdata("combined.log"))
	row := firstRow(m)
	regs := make([]byte, 1<<hllBits)
	for i := range regs {
		regs[i] = maxRegister
	}
	row["exact"], row["hll"] = nil, regs
	rep, err := Merge([]*Summary{readBack(t, m)})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range rep.Crawlers {
		if c.DistinctPaths < 0 || c.DistinctPaths > c.Hits || c.DistinctError() < 0 {
			t.Errorf("%s: %d distinct paths (±%d) of %d hits", c.Name, c.DistinctPaths, c.DistinctError(), c.Hits)
		}
	}
}

// TestContentSumSamples: the identity of what a reader read is the same
// however the bytes arrive (one read or many small ones), and differs when
// a byte in a sampled window differs or the length does.
func TestContentSumSamples(t *testing.T) {
	data := bytes.Repeat([]byte("0123456789abcdef"), 3*sampleEvery/16+100)
	sum := func(d []byte, step int) string {
		r := &Reader{Names: []string{"-"}, Stdin: &stepReader{d, step}, Format: formatsForTest(t)}
		for {
			c, err := r.Next()
			if err != nil {
				break
			}
			c.Release()
		}
		return r.ContentSum()
	}
	whole := sum(data, len(data))
	if got := sum(data, 7777); got != whole {
		t.Errorf("read in pieces: %s, at once: %s", got, whole)
	}
	changed := bytes.Clone(data)
	changed[2*sampleEvery+5] = 'X' // in the third window
	if sum(changed, 4096) == whole {
		t.Error("a changed byte in a sampled window gives the same sum")
	}
	if sum(data[:len(data)-1], 4096) == whole {
		t.Error("a shorter input gives the same sum")
	}
}

type stepReader struct {
	data []byte
	step int
}

func (s *stepReader) Read(p []byte) (int, error) {
	if len(s.data) == 0 {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), s.step)], s.data)
	s.data = s.data[n:]
	return n, nil
}

func formatsForTest(t *testing.T) *Format {
	f, ok := Builtin("combined")
	if !ok {
		t.Fatal("no combined format")
	}
	return f
}
