package diff

import (
	"strings"
	"testing"
)

// TestRuleChangesGroupAsTheEngine: the rule section groups lines as the
// engine does (Document.Groups with its GroupRule). Google ends a run of
// User-agent lines only at Allow or Disallow, so a Crawl-delay between two
// User-agent lines leaves both in one group.
func TestRuleChangesGroupAsTheEngine(t *testing.T) {
	old := parse("User-agent: a\nCrawl-delay: 1\nUser-agent: b\nDisallow: /y\n")
	new := parse("User-agent: a\nCrawl-delay: 1\nUser-agent: b\nDisallow: /x\n")
	rep := Compare(Input{Old: old, New: new, Agents: []string{"a", "b"}, URLs: []string{"/x", "/y"}})
	var names []string
	for _, g := range rep.Groups {
		names = append(names, g.Name())
	}
	if got := strings.Join(names, "; "); got != "a, b" {
		t.Errorf("rule section groups = %q, want %q (one group naming a and b)", got, "a, b")
	}
	agents := map[string]bool{}
	for _, c := range rep.Changes {
		agents[c.Agent] = true
	}
	if !agents["a"] || !agents["b"] {
		t.Errorf("verdict changes for %v, want a and b", agents)
	}
}
