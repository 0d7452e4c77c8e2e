package engine

import (
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/corpus"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/temoto/robotstxt"
)

// benchPaths derives paths from the file's own rules (so many of them
// match, as real traffic does) plus paths no rule mentions.
func benchPaths(doc *syntax.Document, n int) []string {
	var paths []string
	for i := range doc.Lines {
		l := &doc.Lines[i]
		if !l.Kind.IsRule() || l.Value.Empty() {
			continue
		}
		p := strings.TrimSuffix(strings.ReplaceAll(doc.Text(l.Value), "*", "x"), "$")
		paths = append(paths, p, p+"/deeper?q=1")
		if len(paths) >= n-n/4 {
			break
		}
	}
	for i := 0; len(paths) < n; i++ {
		paths = append(paths, "/nothing/"+strings.Repeat("z", i%17)+"/page.html")
	}
	return paths
}

// BenchmarkQuery answers one (crawler, path) with the deciding line, after
// compiling once, side by side with temoto's TestAgent on the same queries.
func BenchmarkQuery(b *testing.B) {
	inputs := []struct {
		name string
		data []byte
	}{
		{"linkedin", corpus.File(b, "linkedin.robots.txt")},
		{"generated-500KiB", corpus.Generated(500 * 1024)},
	}
	for _, in := range inputs {
		doc := syntax.Parse(in.data)
		paths := benchPaths(doc, 256)
		lib, err := robotstxt.FromBytes(in.data)
		if err != nil {
			b.Fatal(err)
		}
		for _, id := range []string{"google", "rfc9309"} {
			e, _ := Get(id)
			c := e.Compile(doc)
			b.Run(in.name+"/"+id+"-vs-temoto", func(b *testing.B) {
				i, j := 0, 0
				corpus.SideBySide(b, 0,
					func() { c.Query("Googlebot", paths[i%len(paths)]); i++ },
					func() { lib.TestAgent(paths[j%len(paths)], "Googlebot"); j++ })
			})
		}
	}
}

// BenchmarkCompile is the per-edit cost of turning a Document into a matcher.
func BenchmarkCompile(b *testing.B) {
	for _, in := range []struct {
		name string
		data []byte
	}{
		{"linkedin", corpus.File(b, "linkedin.robots.txt")},
		{"generated-500KiB", corpus.Generated(500 * 1024)},
	} {
		doc := syntax.Parse(in.data)
		for _, id := range []string{"google", "rfc9309"} {
			e, _ := Get(id)
			b.Run(in.name+"/"+id, func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					e.Compile(doc)
				}
			})
		}
	}
}
