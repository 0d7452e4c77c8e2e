package lint

import (
	"strconv"
	"strings"

	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

var (
	msgGrouped = msg.Def("lint.grouped", "the same on {{.Count}} lines ({{.Lines}}). Line {{.Line}}: {{.First}}")
	_          = msg.One("lint.grouped", "the same on {{.Count}} line ({{.Lines}}). Line {{.Line}}: {{.First}}")
	msgFixAll  = msg.Def("lint.fix.all", "Fix all {{.Count}}")
	_          = msg.One("lint.fix.all", "Fix this one")
	msgMore    = msg.Def("lint.grouped.more", "{{.List}} and {{.Count}} more")
	_          = msg.One("lint.grouped.more", "{{.List}} and {{.Count}} more")
)

// listedLines is how many line numbers a grouped message spells out; the
// Lines field has them all.
const listedLines = 12

// Group folds repeated findings of one rule into one diagnostic: findings
// with the same code, severity and kind of message (the same sentence about
// other lines, names or values) become the first of them, whose message
// counts them and lists their lines (as doc numbers them) and whose
// Members holds them all as they were (the first too, with its own fix). Findings that occur once are returned
// unchanged. When every folded finding has a fix and their edits do not
// overlap, the group gets one fix that applies them all (safe when each is).
// The order is the order of each group's first finding. Run's output is per
// line (the editor marks every line); Group is for lists people read.
func Group(doc *syntax.Document, diags []Diagnostic) []Diagnostic {
	type key struct {
		code string
		sev  diag.Severity
		text string
	}
	index := map[key]int{}
	var out []Diagnostic
	var members [][]Diagnostic
	for _, d := range diags {
		k := key{d.Code, d.Severity, d.Message.Key}
		if i, ok := index[k]; ok {
			members[i] = append(members[i], d)
			continue
		}
		index[k] = len(out)
		out = append(out, d)
		members = append(members, []Diagnostic{d})
	}
	for i := range out {
		if len(members[i]) > 1 {
			out[i] = folded(doc, members[i])
		}
	}
	return out
}

// folded is one diagnostic for all, the findings of one rule.
func folded(doc *syntax.Document, all []Diagnostic) Diagnostic {
	first := all[0]
	g := first
	g.Members = all
	lines := g.Lines(doc)
	var engines []string
	for _, d := range all {
		for _, e := range d.Engines {
			if indexOf(engines, e) < 0 {
				engines = append(engines, e)
			}
		}
	}
	g.Engines = orderedEngines(engines)
	g.Message = msg.New(msgGrouped, "Count", len(all), "Lines", lineList(lines), "Line", lines[0], "First", first.Message)
	g.Fix = fixAll(all)
	return g
}

// fixAll is one fix made of the fixes of all, or nil when one of them has
// none or two of them overlap.
func fixAll(all []Diagnostic) *Fix {
	fixes := make([]Fix, 0, len(all))
	safe := true
	var engines []string
	for _, d := range all {
		if d.Fix == nil {
			return nil
		}
		fixes = append(fixes, *d.Fix)
		safe = safe && d.Fix.Safe
		for _, e := range d.Fix.Engines {
			if indexOf(engines, e) < 0 {
				engines = append(engines, e)
			}
		}
	}
	if _, skipped := Disjoint(fixes); len(skipped) > 0 {
		return nil
	}
	f := &Fix{Title: msg.New(msgFixAll, "Count", len(all)), Safe: safe, Engines: orderedEngines(engines)}
	for _, x := range fixes {
		f.Edits = append(f.Edits, x.Edits...)
	}
	return f
}

// orderedEngines puts engine ids in the engines' order.
func orderedEngines(list []string) []string {
	if len(list) == 0 {
		return nil
	}
	all := ids()
	return setOf(all, list).names(all)
}

// lineList is "3, 17, 40" for a message, the first listedLines of lines
// and how many more.
func lineList(lines []int) any {
	n := min(len(lines), listedLines)
	parts := make([]string, n)
	for i := range parts {
		parts[i] = strconv.Itoa(lines[i])
	}
	list := strings.Join(parts, ", ")
	if len(lines) > n {
		return msg.New(msgMore, "List", list, "Count", len(lines)-n)
	}
	return list
}

// Lines lists the lines of a diagnostic as p numbers them: every line of
// its Members, in order, for a group, else the line it starts on.
func (d *Diagnostic) Lines(p diag.Positioner) []int {
	if len(d.Members) == 0 {
		return []int{p.Position(d.Span.Start).Line}
	}
	out := make([]int, 0, len(d.Members))
	for i := range d.Members {
		if n := p.Position(d.Members[i].Span.Start).Line; len(out) == 0 || out[len(out)-1] != n {
			out = append(out, n)
		}
	}
	return out
}
