package doccheck

import (
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const module = "github.com/robots-studio/robots-studio"

// TestLayersPointOneWay holds the import rules docs/ARCHITECTURE.md states:
// tester/, the library another program could use, depends (directly or
// through anything it imports) on nothing of internal/, ui/, editor/ or
// Fyne. Tests are left out: a library's tests may use the module's test
// inputs and helpers (internal/corpus, internal/testenv).
func TestLayersPointOneWay(t *testing.T) {
	pkgs := deps(t, "./tester/...")
	if len(pkgs) < 20 {
		t.Fatalf("go list found only %d packages under tester/", len(pkgs))
	}
	for pkg, ds := range pkgs {
		for _, d := range ds {
			if forbiddenInTester(d) {
				t.Errorf("%s depends on %s: tester/ must not reach internal/, ui/, editor/ or Fyne", strings.TrimPrefix(pkg, module+"/"), d)
			}
		}
	}
}

// TestTabsShareWithTheCommandLineThroughTester: no ui/ package, the
// window's wiring included, depends on internal/cli; what the window shares
// with the command line (the verdicts' CSV and JSON Lines, the objects
// `test --json` prints) lives in tester/. The subcommands are main's to
// route (main_cli.go), and the browser's page runs none.
func TestTabsShareWithTheCommandLineThroughTester(t *testing.T) {
	pkgs := deps(t, "./ui/...")
	for pkg, ds := range pkgs {
		for _, d := range ds {
			if d == module+"/internal/cli" || strings.HasPrefix(d, module+"/internal/cli/") {
				t.Errorf("%s depends on %s", strings.TrimPrefix(pkg, module+"/"), d)
			}
		}
	}
}

// TestAssetsAreData: assets/ ships data (translations, the sample, the
// crawler catalogue, the lessons, the icon) and no code of the domain, so
// its packages depend on nothing of the module outside assets/: the code
// that reads the catalogue is tester/catalogue's.
func TestAssetsAreData(t *testing.T) {
	for pkg, ds := range deps(t, "./assets/...") {
		for _, d := range ds {
			if strings.HasPrefix(d, module+"/") && !strings.HasPrefix(d, module+"/assets/") {
				t.Errorf("%s depends on %s", strings.TrimPrefix(pkg, module+"/"), d)
			}
		}
	}
}

// forbiddenInTester reports whether a tester/ package may not depend on
// the package path p. tester's own internal folders (tester/batch/internal)
// are tester's.
func forbiddenInTester(p string) bool {
	for _, prefix := range []string{module + "/internal/", module + "/ui/", module + "/editor/", "fyne.io/"} {
		if strings.HasPrefix(p+"/", prefix) {
			return true
		}
	}
	return false
}

// TestForbiddenInTester: the rule's own cases, so the check above cannot
// pass by matching nothing.
func TestForbiddenInTester(t *testing.T) {
	for p, want := range map[string]bool{
		module + "/internal/textfile":          true, // the module's internal/
		module + "/internal":                   true,
		module + "/ui":                         true,
		module + "/ui/testerpane":              true,
		module + "/editor":                     true,
		"fyne.io/fyne/v2":                      true,
		module + "/tester/batch/internal/temo": false, // tester's own internal folder
		module + "/tester/textfile":            false,
		module + "/assets/catalogue":           false,
		module + "/uix":                        false, // a prefix of a name is not the folder
		"net/url":                              false,
	} {
		if got := forbiddenInTester(p); got != want {
			t.Errorf("forbiddenInTester(%s) = %v, want %v", p, got, want)
		}
	}
}

// deps maps each package the pattern names to every package it depends on,
// its tests left out.
func deps(t *testing.T, pattern string) map[string][]string {
	t.Helper()
	m := map[string][]string{}
	for _, line := range goList(t, "{{.ImportPath}}|{{join .Deps \",\"}}", pattern) {
		pkg, list, _ := strings.Cut(line, "|")
		m[pkg] = strings.Split(list, ",")
	}
	return m
}

// TestNetURLSaysWhy: tester/uri is the one URL toolkit; a file of the
// product that imports net/url beside it says why on the import line (net/http
// takes a *url.URL, Fyne's hyperlinks do, a query is built…), so a reader
// sees that the other toolkit was chosen and a new caller does not slip in
// unnoticed. Tests are left out.
func TestNetURLSaysWhy(t *testing.T) {
	lines := goList(t, "{{.Dir}}|{{join .GoFiles \",\"}}", "./...")
	abs, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	files := 0
	for _, line := range lines {
		dir, list, _ := strings.Cut(line, "|")
		for _, name := range strings.Split(list, ",") {
			if name == "" {
				continue
			}
			path := filepath.Join(dir, name)
			f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly|parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			files++
			for _, imp := range f.Imports {
				if imp.Path.Value == `"net/url"` && (imp.Comment == nil || strings.TrimSpace(imp.Comment.Text()) == "") {
					r, _ := filepath.Rel(abs, path)
					t.Errorf("%s imports net/url without saying why on the line (tester/uri is the URL toolkit)", filepath.ToSlash(r))
				}
			}
		}
	}
	if files < 100 {
		t.Fatalf("only %d files read", files)
	}
}

// goList is `go list -f format pattern` in the module, one line a package.
func goList(t *testing.T, format, pattern string) []string {
	t.Helper()
	cmd := exec.Command("go", "list", "-f", format, pattern)
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list %s: %v", pattern, err)
	}
	return strings.Split(strings.TrimSpace(string(out)), "\n")
}
