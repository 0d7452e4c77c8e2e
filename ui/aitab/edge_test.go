package aitab

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/tester/aiaccess"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// TestEdgeCheckListsContradictions: a pasted nginx config that refuses
// GPTBot, which robots.txt lets in, is listed with the words of
// aiaccess.CompareEdge (the edge-check command's code); a config that
// agrees says so; the server kind changes how the text is read.
func TestEdgeCheckListsContradictions(t *testing.T) {
	src := "User-agent: *\nAllow: /\n"
	tab, _ := newTestTab(t, src)
	config := "server {\n  if ($http_user_agent ~* \"gptbot\") {\n    return 403;\n  }\n}\n"
	tab.edge.config.SetText(config)
	test.Tap(tab.edge.check)
	want := aiaccess.CompareEdge(syntax.Parse([]byte(src)), aiaccess.Nginx, []byte(config))
	if len(want.Conflicts) == 0 {
		t.Fatal("the config contradicts robots.txt for no crawler: nothing to test")
	}
	got := labels(tab.edge.results)
	for _, c := range want.Conflicts {
		if !strings.Contains(got, "⚠ "+c.Text.String()) {
			t.Errorf("missing %q in\n%s", c.Text.String(), got)
		}
	}
	if !strings.Contains(got, "GPTBot") || !strings.Contains(got, "read from the configuration: 1.") {
		t.Errorf("results:\n%s", got)
	}
	// Read as a Cloudflare expression, the nginx text refuses nothing.
	tab.edge.server.SetSelectedIndex(len(aiaccess.Servers) - 1)
	if got := labels(tab.edge.results); strings.Contains(got, "⚠ ") && strings.Contains(got, "GPTBot") {
		t.Errorf("as Cloudflare:\n%s", got)
	}
	// robots.txt now refuses GPTBot too: they agree.
	tab.edge.server.SetSelectedIndex(0)
	tab2, _ := newTestTab(t, "User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n")
	tab2.edge.config.SetText(config)
	test.Tap(tab2.edge.check)
	if got := labels(tab2.edge.results); strings.Contains(got, "GPTBot") {
		t.Errorf("agreeing files still listed GPTBot:\n%s", got)
	}
	// A pasted config survives a rebuild in another language.
	again, _ := newTestTab(t, src)
	again.Restore(tab.State())
	if again.edge.config.Text != config || !strings.Contains(labels(again.edge.results), "GPTBot") {
		t.Errorf("restored: %q\n%s", again.edge.config.Text, labels(again.edge.results))
	}
}

// TestEdgeCheckOpensAFile: a config read from a file is checked as a
// pasted one; a file that cannot be read says why and keeps the field.
func TestEdgeCheckOpensAFile(t *testing.T) {
	tab, _ := newTestTab(t, "User-agent: *\nAllow: /\n")
	dir := t.TempDir()
	conf := filepath.Join(dir, "site.conf")
	os.WriteFile(conf, []byte("if ($http_user_agent ~* gptbot) { return 403; }\n"), 0o644)
	tab.edge.load(conf)
	if !strings.Contains(tab.edge.config.Text, "gptbot") || !strings.Contains(labels(tab.edge.results), "GPTBot") {
		t.Errorf("field %q, results\n%s", tab.edge.config.Text, labels(tab.edge.results))
	}
	tab.edge.load(filepath.Join(dir, "none.conf"))
	if !strings.Contains(tab.edge.config.Text, "gptbot") || !strings.Contains(labels(tab.edge.results), "none.conf") {
		t.Errorf("missing file: field %q, results\n%s", tab.edge.config.Text, labels(tab.edge.results))
	}
}
