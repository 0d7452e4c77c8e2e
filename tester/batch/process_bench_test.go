//go:build unix

package batch_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/internal/corpus"
	"github.com/robots-studio/robots-studio/internal/loggen"
	"github.com/robots-studio/robots-studio/tester/batch"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// buildTool builds a command of this module into dir (go build), for the
// benchmarks that time whole processes.
func buildTool(b *testing.B, dir, out string, args ...string) string {
	b.Helper()
	bin := filepath.Join(dir, out)
	cmd := exec.Command("go", append([]string{"build", "-o", bin}, args...)...)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if msg, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("go build %v: %v\n%s", args, err, msg)
	}
	return bin
}

// moduleRoot is the repository's root (where go.mod is).
func moduleRoot(b *testing.B) string {
	b.Helper()
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		b.Fatal(err)
	}
	return filepath.Dir(strings.TrimSpace(string(out)))
}

// writeURLs writes loggen.WriteURLs's n URLs for doc's site (linkedin) to path.
func writeURLs(b *testing.B, path string, doc *syntax.Document, n int) {
	b.Helper()
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	if err := loggen.WriteURLs(f, doc, "https://www.linkedin.com", n); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkCountURLsProcess is `robots-studio test --count --urls` with
// 1,000,000 URLs on linkedin.robots.txt against the same job done with
// temoto/robotstxt (tester/batch/internal/temotocount), each as a whole
// process: start, read, answer, print. x-temoto is how many times faster
// robots-studio is.
func BenchmarkCountURLsProcess(b *testing.B) {
	robots := corpus.Path(b, "linkedin.robots.txt")
	data, err := os.ReadFile(robots)
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	urls := filepath.Join(dir, "urls.txt")
	writeURLs(b, urls, syntax.Parse(data), 1_000_000)
	root := moduleRoot(b)
	studio := buildTool(b, dir, "robots-studio", "-tags", "headless", root)
	temoto := buildTool(b, dir, "temotocount", filepath.Join(root, "tester/batch/internal/temotocount"))
	run := func(bin string, args ...string) string {
		out, err := exec.Command(bin, args...).Output()
		if err != nil {
			b.Fatalf("%s: %v", bin, err)
		}
		return string(out)
	}
	a := run(studio, "test", "--count", "--agent", "Googlebot", "--urls", urls, robots)
	t := run(temoto, "Googlebot", robots, urls)
	b.Logf("robots-studio: %s temoto: %s", strings.TrimSpace(a), strings.TrimSpace(t))
	b.ResetTimer()
	corpus.SideBySide(b, 0,
		func() { run(studio, "test", "--count", "--agent", "Googlebot", "--urls", urls, robots) },
		func() { run(temoto, "Googlebot", robots, urls) })
}

// BenchmarkCountURLs is the same count in process (no start-up, no build):
// the batch evaluator alone, on every core.
func BenchmarkCountURLs(b *testing.B) {
	data := corpus.File(b, "linkedin.robots.txt")
	doc := syntax.Parse(data)
	path := filepath.Join(b.TempDir(), "urls.txt")
	writeURLs(b, path, doc, 1_000_000)
	urls, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	e, _ := engine.Get("google")
	b.SetBytes(int64(len(urls)))
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		if _, err := batch.CountURLs(b.Context(), []engine.Engine{e}, doc, []string{"Googlebot"}, nil, bytes.NewReader(urls), nil, 0); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)*1e6/time.Since(start).Seconds(), "urls/s")
}

// maxRSS is a finished child's peak resident memory in KiB (Linux).
func maxRSS(ps *os.ProcessState) float64 {
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return float64(ru.Maxrss)
	}
	return 0
}

// BenchmarkLogsProcess is `robots-studio logs --robots --draft` on
// generated combined logs (internal/loggen replaying the sample logs
// with varied paths and agents), written to a temporary folder and removed
// after: MB/s of log and the process's peak memory (peak-RSS-KiB), which
// stays flat as the log grows. ROBOTS_STUDIO_BENCH_LOG_MB lists the sizes
// (default "100"; "100,1024" for the 1 GB run).
func BenchmarkLogsProcess(b *testing.B) {
	sizes := os.Getenv("ROBOTS_STUDIO_BENCH_LOG_MB")
	if sizes == "" {
		sizes = "100"
	}
	root := moduleRoot(b)
	dir := b.TempDir()
	studio := buildTool(b, dir, "robots-studio", "-tags", "headless", root)
	td := filepath.Join(root, "tester/accesslog/testdata")
	samples := logSamples(b, td)
	for _, s := range strings.Split(sizes, ",") {
		var mb int64
		if _, err := fmt.Sscan(s, &mb); err != nil || mb <= 0 {
			b.Fatalf("ROBOTS_STUDIO_BENCH_LOG_MB: %q", sizes)
		}
		b.Run(fmt.Sprintf("%dMB", mb), func(b *testing.B) {
			log := filepath.Join(dir, "big.log")
			f, err := os.Create(log)
			if err != nil {
				b.Fatal(err)
			}
			n, err := loggen.Write(f, mb<<20, samples...)
			f.Close()
			if err != nil {
				b.Fatal(err)
			}
			defer os.Remove(log)
			b.SetBytes(n)
			b.ResetTimer()
			var rss float64
			for i := 0; i < b.N; i++ {
				cmd := exec.Command(studio, "logs", "--robots", filepath.Join(td, "bench.robots.txt"), "--draft", filepath.Join(td, "bench.draft.txt"), log)
				cmd.Stdout = nil
				err := cmd.Run()
				if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != 1) {
					b.Fatal(err)
				}
				rss = max(rss, maxRSS(cmd.ProcessState))
			}
			b.ReportMetric(rss, "peak-RSS-KiB")
		})
	}
}

// logSamples are the logs the generator replays: the accesslog package's
// own samples, and the real logs of ../shared/corpus/logs when present.
func logSamples(b *testing.B, testdata string) [][]byte {
	b.Helper()
	files, _ := filepath.Glob(filepath.Join(testdata, "*.log"))
	if real := filepath.Join(filepath.Dir(corpus.Dir()), "logs"); corpus.Dir() != "" {
		more, _ := filepath.Glob(filepath.Join(real, "*.log"))
		files = append(more, files...)
	} else {
		b.Log(corpus.Absent)
	}
	var out [][]byte
	for _, f := range files {
		if strings.HasSuffix(f, "common.log") {
			continue // no User-Agent: nothing to replay
		}
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, data)
	}
	return out
}
