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

// maxMethods is the structure's limit on one hub (issue 26, issue 37): the
// methods of a type together with those of every type that reaches it back
// through its fields. A hub that grows past it holds more than one job, and
// the next feature would copy it.
const maxMethods = 40

// hubs reads every package this platform builds (the files `go list`
// names, tests excluded) and returns its hubs: each set of named types that
// reach each other through their fields (a strongly connected component of
// "T has a field whose type names U"), with the methods declared on them.
// A part that holds a pointer back to its owner is in its owner's hub, so
// moving methods onto it does not make the owner smaller; a part that is
// given callbacks (func fields) or values is a hub of its own. A type on
// its own is a hub of one.
func hubs(t *testing.T) (list []hub, packages, types int) {
	t.Helper()
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}}|{{.Dir}}|{{join .GoFiles \",\"}}", "./...")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		parts := strings.SplitN(line, "|", 3)
		if len(parts) != 3 || parts[2] == "" {
			continue
		}
		packages++
		g := typeGraph{methods: map[string]int{}, refs: map[string][]string{}}
		fset := token.NewFileSet()
		for _, name := range strings.Split(parts[2], ",") {
			f, err := parser.ParseFile(fset, filepath.Join(parts[1], name), nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			g.read(f)
		}
		types += len(g.methods)
		for _, c := range g.components() {
			h := hub{pkg: parts[0], types: c}
			for _, n := range c {
				h.methods += g.methods[n]
			}
			list = append(list, h)
		}
	}
	return list, packages, types
}

type hub struct {
	pkg     string
	types   []string
	methods int
}

func (h hub) String() string {
	return fmt.Sprintf("%s.{%s}", h.pkg, strings.Join(h.types, ", "))
}

// typeGraph is one package's named types: the methods declared on each and
// the package's types each one's fields name.
type typeGraph struct {
	methods map[string]int      // every named type of the package, with its method count
	refs    map[string][]string // type -> the local types its fields name (func types left out)
}

func (g *typeGraph) read(f *ast.File) {
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv != nil {
				if n := receiverName(d.Recv.List[0].Type); n != "" {
					g.methods[n]++
				}
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				ts, ok := s.(*ast.TypeSpec)
				if !ok {
					continue
				}
				if _, ok := g.methods[ts.Name.Name]; !ok {
					g.methods[ts.Name.Name] = 0
				}
				st, ok := ts.Type.(*ast.StructType)
				if !ok {
					continue
				}
				for _, field := range st.Fields.List {
					g.refs[ts.Name.Name] = append(g.refs[ts.Name.Name], namedIn(field.Type)...)
				}
			}
		}
	}
}

// namedIn lists the unqualified type names a field's type mentions: T, *T,
// []T, map[K]V, [N]T, chan T, generic arguments, anonymous structs' fields.
// A func type is a callback, not a pointer back: it is not followed. A
// qualified name (another package's type) is not one of this package's.
func namedIn(e ast.Expr) []string {
	var names []string
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncType, *ast.SelectorExpr:
			return false
		case *ast.Ident:
			names = append(names, n.Name)
		}
		return true
	})
	return names
}

// components are the graph's strongly connected components (Tarjan), each
// sorted, over the types declared in the package.
func (g *typeGraph) components() [][]string {
	var (
		index   = map[string]int{}
		low     = map[string]int{}
		onStack = map[string]bool{}
		stack   []string
		out     [][]string
		next    int
		visit   func(v string)
	)
	visit = func(v string) {
		index[v], low[v] = next, next
		next++
		stack = append(stack, v)
		onStack[v] = true
		for _, w := range g.refs[v] {
			if _, declared := g.methods[w]; !declared {
				continue // a predeclared or type-parameter name
			}
			if _, seen := index[w]; !seen {
				visit(w)
				low[v] = min(low[v], low[w])
			} else if onStack[w] {
				low[v] = min(low[v], index[w])
			}
		}
		if low[v] == index[v] {
			var c []string
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[w] = false
				c = append(c, w)
				if w == v {
					break
				}
			}
			sort.Strings(c)
			out = append(out, c)
		}
	}
	names := make([]string, 0, len(g.methods))
	for n := range g.methods {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if _, seen := index[n]; !seen {
			visit(n)
		}
	}
	return out
}

// TestNoHubHasMoreThanFortyMethods fails for each hub over the limit,
// largest first: a type and every type that points back to it through
// its fields count as one.
func TestNoHubHasMoreThanFortyMethods(t *testing.T) {
	list, packages, types := hubs(t)
	if packages < 20 || types < 300 {
		t.Fatalf("read %d packages and %d types: the listing went wrong", packages, types)
	}
	sort.Slice(list, func(i, j int) bool { return list[i].methods > list[j].methods })
	for _, h := range list {
		if h.methods > maxMethods {
			t.Errorf("%4d methods in %s: these types reach each other through their fields; give the parts callbacks or a small interface instead of a pointer back", h.methods, h)
		}
	}
}

// TestHubsAreFound: the graph sees a pointer back through a field of any
// shape, and a callback is not one.
func TestHubsAreFound(t *testing.T) {
	for _, c := range []struct {
		rule string
		src  string
		want []string // the hubs of more than one type, as "A,B"
	}{
		{"a part with a pointer back is in its owner's hub", `type owner struct{ p part }; type part struct{ o *owner }`, []string{"owner,part"}},
		{"a pointer back in a slice, a map or a generic argument counts", `type owner struct{ p []part }; type part struct{ o map[string]*owner }`, []string{"owner,part"}},
		{"a pointer back through a third type counts", `type owner struct{ a a }; type a struct{ b *b }; type b struct{ o *owner }`, []string{"a,b,owner"}},
		{"a part given callbacks is a hub of its own", `type owner struct{ p part }; type part struct{ done func(*owner) }`, nil},
		{"a part holding what it needs, not its owner, is a hub of its own", `type owner struct{ p part; s *state }; type part struct{ s *state }; type state struct{ n int }`, nil},
	} {
		f, err := parser.ParseFile(token.NewFileSet(), "x.go", "package x\n"+c.src, 0)
		if err != nil {
			t.Fatal(err)
		}
		g := typeGraph{methods: map[string]int{}, refs: map[string][]string{}}
		g.read(f)
		var got []string
		for _, comp := range g.components() {
			if len(comp) > 1 {
				got = append(got, strings.Join(comp, ","))
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: hubs %v, want %v", c.rule, got, c.want)
		}
	}
}

// receiverName is the type name of a receiver: T, *T, T[P] or *T[P]; ""
// for anything else.
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
