package engine

import (
	"testing"

	"github.com/robots-studio/robots-studio/tester/syntax"
)

// TestTraitsMatchVerdicts holds each engine's published traits (which lint
// reads instead of describing the engines itself) to what the engine does.
func TestTraitsMatchVerdicts(t *testing.T) {
	probes := []struct {
		trait         string
		has           func(Traits) bool
		robots, agent string
		path          string
		allowedIfHas  bool
	}{
		{"Wildcards: * matches any run", func(t Traits) bool { return t.Wildcards },
			"User-agent: *\nDisallow: /a*b\n", "x", "/a-b", false},
		{"Allow: an Allow line is read", func(t Traits) bool { return t.Allow },
			"User-agent: *\nAllow: /a\nDisallow: /\n", "x", "/a", true},
		{"BlankEndsGroup: rules after a blank line belong to no record", func(t Traits) bool { return t.BlankEndsGroup },
			"User-agent: *\n\nDisallow: /\n", "x", "/x", true},
		{"LongestMatch: the longer Allow wins over an earlier Disallow", func(t Traits) bool { return t.LongestMatch },
			"User-agent: *\nDisallow: /a\nAllow: /ab\n", "x", "/abc", true},
		{"AllowWinsTie: Allow wins a tie", func(t Traits) bool { return t.AllowWinsTie },
			"User-agent: *\nDisallow: /a\nAllow: /a\n", "x", "/a", true},
		{"MergesGroups: two groups for one crawler are read as one", func(t Traits) bool { return t.MergesGroups },
			"User-agent: a\nDisallow: /x\n\nUser-agent: a\nDisallow: /y\n", "a", "/y", false},
	}
	for _, e := range All() {
		info := e.Info()
		for _, p := range probes {
			v := e.Compile(syntax.Parse([]byte(p.robots))).Query(p.agent, p.path)
			has := p.has(info.Traits)
			if want := has == p.allowedIfHas; v.Allowed != want {
				t.Errorf("%s publishes %s = %v, but answers allowed=%v on %q for %s %s: %s",
					info.ID, p.trait, has, v.Allowed, p.robots, p.agent, p.path, v.Explain())
			}
		}
	}
}
