package lint

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/corpus"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

type corpusFile struct {
	name string
	src  []byte
}

func loadCorpus(t testing.TB) []corpusFile {
	t.Helper()
	files := corpus.Files(t)
	var out []corpusFile
	for _, name := range corpus.Names(files) {
		out = append(out, corpusFile{name, files[name]})
	}
	return out
}

func format(file string, doc *syntax.Document, d Diagnostic) string {
	at := doc.Position(d.Span.Start)
	return fmt.Sprintf("%s:%d:%d: %s: %s [%s] %v", file, at.Line, at.Col, d.Severity, d.Message, d.Code, d.Engines)
}

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestCorpusSummary pins what the linter finds in each file (the codes and
// severities, counted) against testdata/corpus-summary.*.txt, so a change of
// a rule that moves its findings on real files is seen and reviewed
// (-update rewrites them). It lints as the window and `check` do by
// default: the default readings, repeats grouped for the listed count. LINT_CORPUS_ALL=1 logs every finding.
func TestCorpusSummary(t *testing.T) {
	for _, set := range []struct {
		name  string
		files map[string][]byte
	}{{"own", corpus.Own(t)}, {"real", corpus.Real(t)}} {
		if set.files == nil {
			continue
		}
		var b strings.Builder
		for _, name := range corpus.Names(set.files) {
			doc := syntax.Parse(set.files[name])
			diags := Run(doc, Options{})
			count := map[string]int{}
			for _, d := range diags {
				count[d.Code+" "+d.Severity.String()]++
				if os.Getenv("LINT_CORPUS_ALL") != "" {
					t.Log(format(name, doc, d))
				}
			}
			var parts []string
			for k, v := range count {
				parts = append(parts, fmt.Sprintf("%s×%d", k, v))
			}
			sort.Strings(parts)
			fmt.Fprintf(&b, "%s: %d diagnostics, %d as listed (repeats grouped): %s\n", name, len(diags), len(Group(doc, diags)), strings.Join(parts, ", "))
		}
		corpus.Golden(t, filepath.Join("testdata", "corpus-summary."+set.name+".txt"), b.String(), *update)
	}
}
