package doccheck

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

const root = "../.."

// TestArchitectureNamesEveryPackage: every package of `go list ./...` is
// named in docs/ARCHITECTURE.md (by its folder, main by main.go), and every
// folder or file path it names exists, so the page can neither miss a new
// package nor keep describing a moved one.
func TestArchitectureNamesEveryPackage(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(root, "docs/ARCHITECTURE.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	cmd := exec.Command("go", "list", "-f", "{{.Dir}}", "./...")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	named := regexp.MustCompile(`(^|[\s(` + "`" + `])(` + pathPattern + `)`)
	mentions := map[string]bool{}
	for _, m := range named.FindAllStringSubmatch(text, -1) {
		mentions[strings.TrimRight(m[2], "/.,:;")] = true
	}
	packages := 0
	for _, dir := range strings.Fields(string(out)) {
		rel, err := filepath.Rel(abs, dir)
		if err != nil {
			t.Fatal(err)
		}
		packages++
		rel = filepath.ToSlash(rel)
		if rel == "." {
			rel = "main.go"
		}
		if !mentions[rel] {
			t.Errorf("docs/ARCHITECTURE.md does not name the package %s", rel)
		}
	}
	if packages < 40 {
		t.Fatalf("go list found only %d packages", packages)
	}
	for p := range mentions {
		if strings.ContainsAny(p, "*<>…") || strings.Contains(p, "NAME") {
			continue // a pattern, not a path
		}
		if _, err := os.Stat(filepath.Join(root, p)); err != nil {
			t.Errorf("docs/ARCHITECTURE.md names %s, which does not exist", p)
		}
	}
}

// pathPattern is a path inside the module as the page writes one.
const pathPattern = `(?:tester|internal|editor|ui|assets|build|release|docs|web)(?:/[A-Za-z0-9_.*<>…-]+)*|main(?:_[a-z_]+)?\.go`

var link = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// TestDocLinks: every relative link in README.md and docs/*.md leads to a
// file that exists, and a #fragment to a heading of that file (GitHub's
// anchors: lower case, spaces to dashes, punctuation dropped).
func TestDocLinks(t *testing.T) {
	pages, _ := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	pages = append(pages, filepath.Join(root, "README.md"))
	checked := 0
	for _, page := range pages {
		b, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllStringSubmatch(string(b), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, frag, _ := strings.Cut(target, "#")
			dest := page
			if file != "" {
				dest = filepath.Join(filepath.Dir(page), file)
			}
			checked++
			if _, err := os.Stat(dest); err != nil {
				t.Errorf("%s: the link %s leads nowhere", rel(page), target)
				continue
			}
			if frag != "" && strings.HasSuffix(dest, ".md") && !anchors(t, dest)[frag] {
				t.Errorf("%s: the link %s names no heading of %s", rel(page), target, rel(dest))
			}
		}
	}
	if checked < 50 {
		t.Errorf("only %d links checked", checked)
	}
}

func rel(p string) string {
	r, err := filepath.Rel(root, p)
	if err != nil {
		return p
	}
	return filepath.ToSlash(r)
}

// anchors lists the fragments GitHub gives the headings of a Markdown file.
func anchors(t *testing.T, path string) map[string]bool {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	fence := false
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "```") {
			fence = !fence
		}
		if fence || !strings.HasPrefix(line, "#") {
			continue
		}
		title := strings.TrimSpace(strings.TrimLeft(line, "#"))
		var a strings.Builder
		for _, r := range strings.ToLower(title) {
			switch {
			case r == ' ':
				a.WriteRune('-')
			case r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r > 127 && r != '—' && r != '–' && r != '▸' && r != '…':
				a.WriteRune(r)
			}
		}
		out[a.String()] = true
	}
	return out
}
