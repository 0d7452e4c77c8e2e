package diff

import (
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/engine"
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

// TestShortcutReadsTheEnginesGroup: when a crawler's group changed in more
// than its rules, the shortcut compares the group's lines as the engine
// groups them. Under Google a's group runs past the Crawl-delay and b's
// User-agent line to b's rule, so the changed rule reaches a too.
func TestShortcutReadsTheEnginesGroup(t *testing.T) {
	old := parse("User-agent: a\nCrawl-delay: 1\nUser-agent: b\nDisallow: /y\n")
	new := parse("User-agent: A\nCrawl-delay: 1\nUser-agent: b\nDisallow: /x\n")
	google, _ := engine.Get("google")
	for _, exhaustive := range []bool{false, true} {
		rep := Compare(Input{Old: old, New: new, Engines: []engine.Engine{google}, Agents: []string{"a"}, URLs: []string{"/x", "/y"}, Exhaustive: exhaustive})
		if len(rep.Changes) != 2 {
			t.Errorf("exhaustive=%v: %d changes for a, want 2 (/x newly blocked, /y newly allowed)", exhaustive, len(rep.Changes))
		}
	}
}
