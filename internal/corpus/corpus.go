// Package corpus gives tests and benchmarks their inputs: the repository's
// own robots.txt files (testdata), the real ones in ../shared/corpus/real
// beside the repository when it is there (never copied into it), and a
// generated large file.
package corpus

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"
)

// Dir finds shared/corpus/real by walking up from this source file; "" when
// it is not there (a clone on its own has no ../shared beside it).
func Dir() string { return sharedDir("real") }

// sharedDir finds shared/corpus/sub beside the repository, or "".
func sharedDir(sub string) string {
	_, file, _, _ := runtime.Caller(0)
	dir := filepath.Dir(file)
	for i := 0; i < 8; i++ {
		cand := filepath.Join(dir, "..", "shared", "corpus", sub)
		if st, err := os.Stat(cand); err == nil && st.IsDir() {
			return filepath.Clean(cand)
		}
		dir = filepath.Dir(dir)
	}
	return ""
}

// LogsDir is ../shared/corpus/logs (the real access logs), or "" after one
// logged line saying the test ran on its package's own samples only.
func LogsDir(tb testing.TB) string {
	tb.Helper()
	dir := sharedDir("logs")
	if dir == "" {
		tb.Log("../shared/corpus/logs is not beside the repository: ran on the package's own samples only")
	}
	return dir
}

// OwnDir is the repository's own robots.txt files (internal/corpus/testdata):
// written for this project to cover every behaviour the corpus tests prove,
// so a clone without ../shared tests the same things.
func OwnDir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "testdata")
}

// Absent is the one line a test prints when it runs without ../shared.
const Absent = "../shared/corpus/real is not beside the repository: ran on the repository's own testdata only"

// Own returns the repository's own robots.txt files by base name.
func Own(tb testing.TB) map[string][]byte {
	tb.Helper()
	return readDir(tb, OwnDir())
}

// Real returns the real files in ../shared/corpus/real by base name, or nil
// (after logging Absent) when the folder is not there.
func Real(tb testing.TB) map[string][]byte {
	tb.Helper()
	dir := Dir()
	if dir == "" {
		tb.Log(Absent)
		return nil
	}
	return readDir(tb, dir)
}

// Files returns the repository's own files and, when ../shared is beside
// the repository, the real ones too, by base name (the two sets use
// different names).
func Files(tb testing.TB) map[string][]byte {
	tb.Helper()
	out := Own(tb)
	for name, data := range Real(tb) {
		if _, dup := out[name]; dup {
			tb.Fatalf("corpus: %s is both in testdata and in ../shared", name)
		}
		out[name] = data
	}
	return out
}

func readDir(tb testing.TB, dir string) map[string][]byte {
	tb.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*.robots.txt"))
	if err != nil || len(paths) == 0 {
		tb.Fatalf("no robots.txt files in %s: %v", dir, err)
	}
	out := map[string][]byte{}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		out[filepath.Base(p)] = data
	}
	return out
}

// Names returns the keys of Files sorted.
func Names(files map[string][]byte) []string {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Path returns where the file name is: the repository's testdata first,
// then ../shared/corpus/real. A real file that is absent skips the test
// with Absent: tests that name one also cover the behaviour on own files.
func Path(tb testing.TB, name string) string {
	tb.Helper()
	own := filepath.Join(OwnDir(), name)
	if _, err := os.Stat(own); err == nil {
		return own
	}
	dir := Dir()
	if dir == "" {
		tb.Skip(Absent)
	}
	return filepath.Join(dir, name)
}

// File returns one file by name (see Path).
func File(tb testing.TB, name string) []byte {
	tb.Helper()
	data, err := os.ReadFile(Path(tb, name))
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// Generated returns a deterministic robots.txt of at least size bytes that
// looks like a large real one: many named groups, a `*` group, wildcards,
// `$` anchors, comments, sitemaps and blank lines (about 25 bytes a line, so
// 500 KiB is about 20,000 lines).
func Generated(size int) []byte {
	var b strings.Builder
	b.Grow(size + 1024)
	bots := []string{"Googlebot", "Bingbot", "YandexBot", "Slurp", "DuckDuckBot", "Baiduspider", "Applebot", "GPTBot"}
	words := []string{"admin", "cart", "search", "tmp", "private", "api", "user", "img", "cgi-bin", "login", "feed", "tag"}
	group := 0
	for b.Len() < size {
		if group%10 == 0 {
			fmt.Fprintf(&b, "# section %d\nUser-agent: *\n", group)
		} else {
			fmt.Fprintf(&b, "User-agent: %s\n", bots[group%len(bots)])
		}
		for r := 0; r < 40 && b.Len() < size; r++ {
			w := words[(group*7+r)%len(words)]
			switch r % 5 {
			case 0:
				fmt.Fprintf(&b, "Disallow: /%s/%d/\n", w, r)
			case 1:
				fmt.Fprintf(&b, "Allow: /%s/%d/public\n", w, r)
			case 2:
				fmt.Fprintf(&b, "Disallow: /*%s=%d\n", w, r)
			case 3:
				fmt.Fprintf(&b, "Disallow: /%s*.php$\n", w)
			default:
				fmt.Fprintf(&b, "Disallow: /%s?id=%d # old\n", w, group)
			}
		}
		if group%25 == 0 {
			fmt.Fprintf(&b, "Sitemap: https://example.com/sitemap-%d.xml\n", group)
		}
		b.WriteString("\n")
		group++
	}
	return []byte(b.String())
}

// SideBySide times studio and temoto on the same iterations and reports
// both costs and the ratio (how many times faster studio is). size > 0 also
// reports MB/s of input.
func SideBySide(b *testing.B, size int, studio, temoto func()) {
	b.Helper()
	var ts, tt time.Duration
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		studio()
		t1 := time.Now()
		temoto()
		ts += t1.Sub(t0)
		tt += time.Since(t1)
	}
	n := float64(b.N)
	b.ReportMetric(float64(ts.Nanoseconds())/n, "studio-ns/op")
	b.ReportMetric(float64(tt.Nanoseconds())/n, "temoto-ns/op")
	if size > 0 {
		b.ReportMetric(float64(size)*n/ts.Seconds()/1e6, "studio-MB/s")
		b.ReportMetric(float64(size)*n/tt.Seconds()/1e6, "temoto-MB/s")
	}
	if ts > 0 {
		b.ReportMetric(float64(tt)/float64(ts), "x-temoto")
	}
}

// Golden compares got with the file at path, or rewrites the file when
// update is set (each test package's -update flag).
func Golden(tb testing.TB, path, got string, update bool) {
	tb.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			tb.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		tb.Fatalf("%v (run the test with -update to create it)", err)
	}
	if got != string(want) {
		tb.Errorf("output differs from %s (-update rewrites it):\n--- got\n%s--- want\n%s", path, got, want)
	}
}
