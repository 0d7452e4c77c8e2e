package diff

import (
	"sort"
	"strings"

	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// LineRef is one line of one version.
type LineRef struct {
	Line int
	Text string // as a rule is quoted: "Disallow: /p"
}

// GroupChange is how one group's lines changed: the group is known by its
// User-agent names (lower case, sorted); groups that name the same crawlers
// are merged, as RFC 9309 §2.2.1 merges them. Agents is empty for lines
// before the first User-agent line.
type GroupChange struct {
	Agents  []string
	Added   []LineRef // lines of the new version
	Removed []LineRef // lines of the old version
}

// Name is the group's names joined for display ("googlebot, bingbot").
func (g GroupChange) Name() string { return strings.Join(g.Agents, ", ") }

// RuleChanges lists, group by group, the field lines (rules, Crawl-delay,
// Host…) one version has and the other has not. Groups are the default
// engine's (displayGroups), so the section names the crawlers whose verdicts
// the change can move.
func RuleChanges(a, b *syntax.Document) []GroupChange {
	rule := displayGroups()
	ga, order := groupLines(a, rule, nil)
	gb, order := groupLines(b, rule, order)
	var out []GroupChange
	for _, key := range order {
		removed, added := multisetDiff(ga[key], gb[key])
		if len(removed) == 0 && len(added) == 0 {
			continue
		}
		var agents []string
		if key != "" {
			agents = strings.Split(key, "\x00")
		}
		out = append(out, GroupChange{Agents: agents, Added: added, Removed: removed})
	}
	return out
}

// displayGroups is how the rule section and the probes group lines: the
// default engine's GroupRule over the whole file, since a change past its
// read limit is still a change to show in its group.
var displayGroups = engine.WholeFileGroups

// groupLines maps each group key (its User-agent names, lower case, sorted,
// joined by NUL; "" outside every group) to the group's other field and
// invalid lines, and appends new keys to order. Groups naming the same
// crawlers share a key.
func groupLines(d *syntax.Document, rule syntax.GroupRule, order []string) (map[string][]LineRef, []string) {
	gr := d.Groups(rule)
	keys := make([]string, len(gr.Groups))
	agent := make([]bool, len(d.Lines)+1)
	for gi, g := range gr.Groups {
		names := make([]string, len(g.Agents))
		for i, n := range g.Agents {
			agent[n] = true
			names[i] = strings.ToLower(strings.TrimSpace(d.Value(int(n))))
		}
		sort.Strings(names)
		keys[gi] = strings.Join(names, "\x00")
	}
	groups := map[string][]LineRef{}
	known := map[string]bool{}
	for _, k := range order {
		known[k] = true
	}
	for i := range d.Lines {
		n := i + 1
		if k := d.Lines[i].Kind; agent[n] || !k.IsField() && k != syntax.Invalid {
			continue
		}
		key := ""
		if gi := gr.Of(n); gi >= 0 {
			key = keys[gi]
		}
		if !known[key] {
			known[key] = true
			order = append(order, key)
		}
		groups[key] = append(groups[key], LineRef{Line: n, Text: d.RuleText(n)})
	}
	return groups, order
}

// multisetDiff returns the lines of a whose text b lacks and vice versa,
// counting repeats.
func multisetDiff(a, b []LineRef) (onlyA, onlyB []LineRef) {
	text := func(r LineRef) (string, bool) { return r.Text, true }
	return missingFrom(a, b, text), missingFrom(b, a, text)
}

// missingFrom is the items of a whose key b has fewer times than a (the
// later repeats), in a's order; items whose key is not ok are in neither
// count nor result.
func missingFrom[T any](a, b []T, key func(T) (string, bool)) []T {
	count := map[string]int{}
	for _, x := range b {
		if k, ok := key(x); ok {
			count[k]++
		}
	}
	var out []T
	for _, x := range a {
		k, ok := key(x)
		if !ok {
			continue
		}
		if count[k] > 0 {
			count[k]--
			continue
		}
		out = append(out, x)
	}
	return out
}
