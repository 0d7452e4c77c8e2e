package sitemap

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/internal/corpus"
	"github.com/robots-studio/robots-studio/internal/loggen"
	"github.com/robots-studio/robots-studio/internal/testenv"
)

// generateSitemap is loggen.WriteSitemap in memory: n entries of about
// 100 bytes each on https://www.linkedin.com.
func generateSitemap(n int) []byte {
	var b bytes.Buffer
	loggen.WriteSitemap(&b, n)
	return b.Bytes()
}

// linkedin returns linkedin.robots.txt from the corpus (skipping with one
// line when ../shared is not beside the checkout).
func linkedin(tb testing.TB) []byte {
	tb.Helper()
	return corpus.File(tb, "linkedin.robots.txt")
}

// BenchmarkCheckLinkedin: a 50,000-URL (≈5 MB) sitemap read, validated and
// every URL tested for Googlebot, bingbot and YandexBot against
// linkedin.robots.txt, each under its own engine.
func BenchmarkCheckLinkedin(b *testing.B) {
	robotsData := linkedin(b)
	data := generateSitemap(MaxURLs)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	blocked := 0
	cpu0, _ := testenv.ProcessCPU()
	for b.Loop() {
		robots, err := NewRobots("linkedin.robots.txt", robotsData, nil, "", nil)
		if err != nil {
			b.Fatal(err)
		}
		job := &Job{Robots: robots}
		_, reps, err := job.Run([]Source{{Name: "sitemap.xml", Open: openBytes(data)}})
		if err != nil {
			b.Fatal(err)
		}
		blocked = reps[0].Blocked
	}
	b.ReportMetric(float64(blocked), "blocked")
	reportCPU(b, cpu0, len(data))
}

// BenchmarkRead: reading and validating alone, no robots.txt.
func BenchmarkRead(b *testing.B) {
	data := generateSitemap(MaxURLs)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	cpu0, _ := testenv.ProcessCPU()
	for b.Loop() {
		if _, err := Read(bytes.NewReader(data), Options{}); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, cpu0, len(data))
}

// reportCPU adds the process's CPU time per run (user + system, every
// goroutine and the collector) and the MB/s that CPU time gives: on a
// shared machine they vary less than the wall time MB/s.
func reportCPU(b *testing.B, cpu0 time.Duration, size int) {
	cpu1, _ := testenv.ProcessCPU()
	cpu := cpu1 - cpu0
	if cpu <= 0 || b.N == 0 {
		return
	}
	per := cpu.Seconds() / float64(b.N)
	b.ReportMetric(per*1e3, "cpu-ms/op")
	b.ReportMetric(float64(size)/1e6/per, "cpu-MB/s")
}

// TestWriteBenchFiles writes the benchmark's sitemaps for the whole-process
// comparison (testdata/bench/run.sh) when SITEMAP_BENCH_DIR is set:
// 50,000 URLs (≈5 MB) and 500,000 URLs (≈50 MB).
func TestWriteBenchFiles(t *testing.T) {
	dir := os.Getenv("SITEMAP_BENCH_DIR")
	if dir == "" {
		t.Skip("set SITEMAP_BENCH_DIR to write the benchmark sitemaps")
	}
	for _, n := range []int{MaxURLs, 10 * MaxURLs} {
		p := filepath.Join(dir, "sitemap-"+strconv.Itoa(n)+".xml")
		if err := os.WriteFile(p, generateSitemap(n), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// openBytes opens data as a file opens: seekable, so Read takes its fast
// XML reader as it does for the files the command line names.
func openBytes(data []byte) func() (io.ReadCloser, error) {
	return func() (io.ReadCloser, error) { return bytesFile{bytes.NewReader(data)}, nil }
}

type bytesFile struct{ *bytes.Reader }

func (bytesFile) Close() error { return nil }

// TestMemoryStaysFlat streams 500,000 URLs (≈61 MB, generated on the fly,
// never held whole) through Read while testing each URL against a
// robots.txt, and measures the live heap (after a collection) every 50,000
// URLs: it must not grow with the file.
func TestMemoryStaysFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("streams 61 MB")
	}
	robots, err := NewRobots("robots.txt", []byte("User-agent: *\nDisallow: /groups/\nDisallow: /*/item-1\n"), nil, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	pr, pw := io.Pipe()
	go func() {
		pw.Write([]byte(head + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n"))
		var line []byte
		for i := 0; i < 10*MaxURLs; i++ {
			line = fmt.Appendf(line[:0], "<url><loc>https://www.example.com/%s/item-%d</loc><lastmod>2024-01-02</lastmod></url>\n", loggen.SitemapSections[i%len(loggen.SitemapSections)], i)
			pw.Write(line)
		}
		pw.Write([]byte("</urlset>\n"))
		pw.Close()
	}()
	var live []uint64
	var ms runtime.MemStats
	n := 0
	res, err := Read(pr, Options{File: "big.xml", OnEntry: func(e Entry) {
		if n++; n%MaxURLs == 0 {
			runtime.GC()
			runtime.ReadMemStats(&ms)
			live = append(live, ms.HeapAlloc)
		}
		robots.Test("big.xml", e)
	}})
	if err != nil {
		t.Fatal(err)
	}
	if res.URLs != 10*MaxURLs || len(live) != 10 {
		t.Fatalf("%d URLs, %d samples", res.URLs, len(live))
	}
	t.Logf("live heap every 50,000 URLs (bytes): %v", live)
	if most := slices.Max(live[1:]); most > live[0]+2<<20 {
		t.Errorf("the live heap grew with the file: %d bytes after 50,000 URLs, %d later", live[0], most)
	}
}
