package accesslog_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/robots-studio/robots-studio/internal/corpus"
	"github.com/robots-studio/robots-studio/internal/loggen"
	"github.com/robots-studio/robots-studio/tester/accesslog"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// BenchmarkAnalyze reads a generated 64 MiB combined log (held in memory)
// with a robots.txt and a draft, on every core: MB/s of log.
func BenchmarkAnalyze(b *testing.B) { benchAnalyze(b, false) }

// BenchmarkAnalyzeKeepSigned is BenchmarkAnalyze keeping the signed lines
// of standard input (Options.Signed), as `logs -` does: what looking for
// them costs a log that has none.
func BenchmarkAnalyzeKeepSigned(b *testing.B) { benchAnalyze(b, true) }

func benchAnalyze(b *testing.B, keepSigned bool) {
	var samples [][]byte
	files, _ := filepath.Glob(filepath.Join("testdata", "*.log"))
	if real := corpus.Dir(); real != "" {
		more, _ := filepath.Glob(filepath.Join(filepath.Dir(real), "logs", "*.log"))
		files = append(more, files...)
	} else {
		b.Log(corpus.Absent)
	}
	for _, f := range files {
		if filepath.Base(f) == "common.log" {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		samples = append(samples, data)
	}
	var log bytes.Buffer
	if _, err := loggen.Write(&log, 64<<20, samples...); err != nil {
		b.Fatal(err)
	}
	robots, draft := readBenchDoc(b, "bench.robots.txt"), readBenchDoc(b, "bench.draft.txt")
	b.SetBytes(int64(log.Len()))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		o := accesslog.Options{Names: []string{"-"}, Stdin: bytes.NewReader(log.Bytes()), Robots: robots, Draft: draft}
		if keepSigned {
			o.Signed = &accesslog.SignedLines{}
		}
		_, err := accesslog.Analyze(context.Background(), o)
		if err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseLine is one combined line through the parser.
func BenchmarkParseLine(b *testing.B) {
	f, _ := accesslog.Builtin("combined")
	line := []byte(`66.249.66.1 - - [03/Feb/2025:08:00:03 +0100] "GET /shop/cart?add=17 HTTP/1.1" 200 5120 "-" "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"`)
	var h accesslog.Hit
	b.SetBytes(int64(len(line)))
	for i := 0; i < b.N; i++ {
		if !f.Parse(line, &h) {
			b.Fatal("not parsed")
		}
	}
}

func readBenchDoc(b testing.TB, name string) *syntax.Document {
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		b.Fatal(err)
	}
	return syntax.Parse(data)
}
