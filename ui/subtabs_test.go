package ui

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEveryInnerTabStripTakesTheKeyboard: Fyne's tab strip takes no
// focus, so a tab container inside a tab could not be switched without
// the mouse. Every one the window's packages make is put in the Tab order
// through keys.NewTabs, as many as they make; the window's own tabs keep
// Ctrl+Page Up/Down (View ▸ Next Tab).
func TestEveryInnerTabStripTakesTheKeyboard(t *testing.T) {
	skip := map[string]string{
		"tabs.go": "the window's own tabs: Ctrl+Page Up/Down",
	}
	seen := 0
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		n := strings.Count(string(src), "container.NewAppTabs(") + strings.Count(string(src), "container.NewDocTabs(")
		seen += n
		if _, ok := skip[p]; ok || n == 0 {
			return nil
		}
		if k := strings.Count(string(src), "keys.NewTabs("); k != n {
			t.Errorf("%s makes %d tab containers and puts %d in the Tab order (keys.NewTabs)", p, n, k)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if seen < 5 {
		t.Fatalf("found %d tab containers; the scan is broken", seen)
	}
}
