package diff

import (
	"sort"
	"strings"

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
// Host…) one version has and the other has not. Groups are read the modern
// way: User-agent lines that follow a non-User-agent field open a new group,
// blank lines do not end one.
func RuleChanges(a, b *syntax.Document) []GroupChange {
	ga, order := groupLines(a, nil)
	gb, order := groupLines(b, order)
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

// groupLines maps each group key to its lines, and appends new keys to order.
func groupLines(d *syntax.Document, order []string) (map[string][]LineRef, []string) {
	groups := map[string][]LineRef{}
	known := map[string]bool{}
	for _, k := range order {
		known[k] = true
	}
	key := ""
	var names []string
	inAgents := false
	for i := range d.Lines {
		l := &d.Lines[i]
		n := i + 1
		switch {
		case l.Kind == syntax.UserAgent:
			if !inAgents {
				names = names[:0]
				inAgents = true
			}
			names = append(names, strings.ToLower(strings.TrimSpace(d.Value(n))))
			sorted := append([]string(nil), names...)
			sort.Strings(sorted)
			key = strings.Join(sorted, "\x00")
		case l.Kind.IsField() || l.Kind == syntax.Invalid:
			inAgents = false
			if !known[key] {
				known[key] = true
				order = append(order, key)
			}
			groups[key] = append(groups[key], LineRef{Line: n, Text: d.RuleText(n)})
		}
	}
	return groups, order
}

// multisetDiff returns the lines of a whose text b lacks and vice versa,
// counting repeats.
func multisetDiff(a, b []LineRef) (onlyA, onlyB []LineRef) {
	count := map[string]int{}
	for _, r := range b {
		count[r.Text]++
	}
	for _, r := range a {
		if count[r.Text] > 0 {
			count[r.Text]--
			continue
		}
		onlyA = append(onlyA, r)
	}
	count = map[string]int{}
	for _, r := range a {
		count[r.Text]++
	}
	for _, r := range b {
		if count[r.Text] > 0 {
			count[r.Text]--
			continue
		}
		onlyB = append(onlyB, r)
	}
	return onlyA, onlyB
}
