package syntax

import (
	"testing"

	"github.com/robots-studio/robots-studio/internal/corpus"
	"github.com/temoto/robotstxt"
)

// BenchmarkParse parses the same input with this parser and with
// temoto/robotstxt on the same iterations; x-temoto is how many times
// faster this parser is.
func BenchmarkParse(b *testing.B) {
	for _, in := range []struct {
		name string
		data []byte
	}{
		{"linkedin", corpus.File(b, "linkedin.robots.txt")},
		{"generated-500KiB", corpus.Generated(500 * 1024)},
	} {
		b.Run(in.name, func(b *testing.B) {
			corpus.SideBySide(b, len(in.data),
				func() { Parse(in.data) },
				func() { robotstxt.FromBytes(in.data) })
		})
		b.Run(in.name+"/studio-only", func(b *testing.B) {
			b.SetBytes(int64(len(in.data)))
			for i := 0; i < b.N; i++ {
				Parse(in.data)
			}
		})
	}
}
