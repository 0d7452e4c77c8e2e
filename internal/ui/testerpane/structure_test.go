package testerpane

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"
)

// maxMethods is the most methods one type of the pane may have (issue 26):
// past it a type does several jobs and each new feature lands on it.
const maxMethods = 40

// TestNoTypeHasMoreThanFortyMethods counts the methods declared on each
// receiver type in the package's own files (tests aside), exported or not.
// The pane's parts are named fields, not embedded, so their methods are
// theirs and not promoted to Pane.
func TestNoTypeHasMoreThanFortyMethods(t *testing.T) {
	files, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var parsed []*ast.File
	fset := token.NewFileSet()
	for _, f := range files {
		name := f.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		parsed = append(parsed, file)
	}
	counts := map[string]int{}
	for _, file := range parsed {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil {
				continue
			}
			typ := fd.Recv.List[0].Type
			if star, ok := typ.(*ast.StarExpr); ok {
				typ = star.X
			}
			if id, ok := typ.(*ast.Ident); ok {
				counts[id.Name]++
			}
		}
	}
	if counts["Pane"] == 0 {
		t.Fatal("found no methods of Pane: the count reads the wrong files")
	}
	for typ, n := range counts {
		if n > maxMethods {
			t.Errorf("%s has %d methods, more than %d: give a part of its job a type of its own", typ, n, maxMethods)
		}
	}
	// Embedding would promote a part's methods to Pane and hide them from
	// the count above.
	for _, file := range parsed {
		ast.Inspect(file, func(n ast.Node) bool {
			ts, ok := n.(*ast.TypeSpec)
			if !ok || ts.Name.Name != "Pane" {
				return true
			}
			for _, fl := range ts.Type.(*ast.StructType).Fields.List {
				if len(fl.Names) == 0 {
					t.Errorf("Pane embeds %s: hold it as a named field", typeName(fl.Type))
				}
			}
			return false
		})
	}
}

func typeName(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.StarExpr:
		return "*" + typeName(x.X)
	case *ast.SelectorExpr:
		return typeName(x.X) + "." + x.Sel.Name
	}
	return "a type"
}
