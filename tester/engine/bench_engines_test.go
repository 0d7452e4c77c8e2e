package engine

import (
	"testing"

	"github.com/robots-studio/robots-studio/internal/corpus"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/temoto/robotstxt"
)

// BenchmarkEngineQuery is every engine's per-query cost on linkedin's
// robots.txt (107 KB, many groups), each side by side with temoto's
// TestAgent on the same (crawler, path) sequence. The temoto engine's own
// cost includes the library call it wraps plus the emulation that names the
// deciding line.
func BenchmarkEngineQuery(b *testing.B) {
	data := corpus.File(b, "linkedin.robots.txt")
	doc := syntax.Parse(data)
	paths := benchPaths(doc, 256)
	lib, err := robotstxt.FromBytes(data)
	if err != nil {
		b.Fatal(err)
	}
	for _, e := range All() {
		c := e.Compile(doc)
		for _, agent := range []string{"Googlebot", "bingbot"} {
			b.Run(e.Info().ID+"/"+agent+"-vs-temoto", func(b *testing.B) {
				i, j := 0, 0
				corpus.SideBySide(b, 0,
					func() { c.Query(agent, paths[i%len(paths)]); i++ },
					func() { lib.TestAgent(paths[j%len(paths)], agent); j++ })
			})
		}
	}
}

// BenchmarkEngineCompile is each engine's per-edit cost on linkedin's file.
func BenchmarkEngineCompile(b *testing.B) {
	doc := syntax.Parse(corpus.File(b, "linkedin.robots.txt"))
	for _, e := range All() {
		b.Run(e.Info().ID, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				e.Compile(doc)
			}
		})
	}
}
