package lint

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/corpus"
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

func format(file string, d Diagnostic) string {
	return fmt.Sprintf("%s:%d:%d: %s: %s [%s] %v", file, d.Line, d.Col, d.Severity, d.Message, d.Code, d.Engines)
}

// TestCorpusSummary logs what the linter says about each real file (run
// with -v to read it).
func TestCorpusSummary(t *testing.T) {
	for _, f := range loadCorpus(t) {
		diags := Run(syntax.Parse(f.src), Options{})
		count := map[string]int{}
		for _, d := range diags {
			count[d.Code+" "+d.Severity.String()]++
			if os.Getenv("LINT_CORPUS_ALL") != "" {
				t.Log(format(f.name, d))
			}
		}
		var parts []string
		for k, v := range count {
			parts = append(parts, fmt.Sprintf("%s×%d", k, v))
		}
		sort.Strings(parts)
		t.Logf("%s: %d diagnostics: %s", f.name, len(diags), strings.Join(parts, ", "))
	}
}
