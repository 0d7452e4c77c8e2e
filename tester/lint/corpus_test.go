package lint

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/syntax"
)

// corpusDir holds the real robots.txt files shared by the project; they are
// read in place, never copied into the repository.
const corpusDir = "../../../shared/corpus/real"

type corpusFile struct {
	name string
	src  []byte
}

func loadCorpus(t testing.TB) []corpusFile {
	t.Helper()
	paths, _ := filepath.Glob(filepath.Join(corpusDir, "*.robots.txt"))
	if len(paths) == 0 {
		t.Skipf("no corpus at %s", corpusDir)
	}
	sort.Strings(paths)
	var out []corpusFile
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, corpusFile{filepath.Base(p), src})
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
