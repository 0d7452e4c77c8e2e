package doccheck

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// maxMethods is the structure's limit on one type (issue 26): a type that
// grows past it holds more than one job, and the next feature would copy it.
const maxMethods = 40

// TestNoTypeHasMoreThanFortyMethods counts the methods declared on every
// named type of every package this platform builds (the files `go list`
// names, tests excluded) and fails for each type over the limit, largest
// first. Methods promoted by embedding are not declared and not counted, so
// a type split by embedding its parts would pass while keeping one method
// set: the check below also fails on a struct that embeds one of the
// module's own types with methods.
func TestNoTypeHasMoreThanFortyMethods(t *testing.T) {
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}}|{{.Dir}}|{{join .GoFiles \",\"}}", "./...")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	counts := map[string]int{}
	embeds := map[string][]string{} // type -> embedded local type names
	packages := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		parts := strings.SplitN(line, "|", 3)
		if len(parts) != 3 || parts[2] == "" {
			continue
		}
		packages++
		fset := token.NewFileSet()
		for _, name := range strings.Split(parts[2], ",") {
			f, err := parser.ParseFile(fset, filepath.Join(parts[1], name), nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if d.Recv != nil {
						if n := receiverName(d.Recv.List[0].Type); n != "" {
							counts[parts[0]+"."+n]++
						}
					}
				case *ast.GenDecl:
					for _, s := range d.Specs {
						ts, ok := s.(*ast.TypeSpec)
						if !ok {
							continue
						}
						st, ok := ts.Type.(*ast.StructType)
						if !ok {
							continue
						}
						for _, field := range st.Fields.List {
							if len(field.Names) == 0 {
								if n := receiverName(field.Type); n != "" {
									embeds[parts[0]+"."+ts.Name.Name] = append(embeds[parts[0]+"."+ts.Name.Name], parts[0]+"."+n)
								}
							}
						}
					}
				}
			}
		}
	}
	if packages < 20 || len(counts) < 100 {
		t.Fatalf("read %d packages and %d types with methods: the listing went wrong", packages, len(counts))
	}
	var over []string
	for typ, n := range counts {
		total := n
		for _, e := range embeds[typ] {
			total += counts[e]
		}
		if total > maxMethods {
			over = append(over, fmt.Sprintf("%4d %s", total, typ))
		}
	}
	sort.Sort(sort.Reverse(sort.StringSlice(over)))
	for _, o := range over {
		t.Errorf("%s: more than %d methods (with those of the module's types it embeds): split it into types with one job each", o, maxMethods)
	}
}

// receiverName is the type name of a receiver or embedded field: T, *T,
// T[P] or *T[P]; "" for anything else (a qualified type from another
// package, whose methods are not counted here).
func receiverName(e ast.Expr) string {
	if s, ok := e.(*ast.StarExpr); ok {
		e = s.X
	}
	switch x := e.(type) {
	case *ast.IndexExpr:
		e = x.X
	case *ast.IndexListExpr:
		e = x.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}
