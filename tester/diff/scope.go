package diff

import (
	"fmt"
	"strings"

	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/uri"
)

// scope is what a change can reach. A crawler's group is unchanged when
// its User-agent lines are the same, each in a group (as its engine groups
// the lines) with the same User-agent lines that ends at the same line, and
// only Allow/Disallow lines (or comments) changed in it. Then its rules differ only by those lines, and
// a path none of them can match keeps every matching rule and so its
// verdict, under every engine's precedence (longest, first,
// last-after-sort, any). Only the paths a changed rule might match are asked
// again; a crawler whose group changed in any other way is asked every path.
type scope struct {
	a, b     *syntax.Document
	al       alignment
	usable   bool   // the shortcut applies at all
	removed  []bool // old lines that changed
	added    []bool // new lines that changed
	needles  []needle
	newToOld []int
	cache    map[string][]int // candidatesFor by needles
	// groupings are each engine's groups of a and b (Document.Groups with
	// the engine's GroupRule), by engine id, made on first use.
	groupings map[string][2]*syntax.Grouping
}

// needle is a literal every path a rule matches must contain (raw or with
// %-escapes decoded), under any engine's reading.
type needle struct {
	raw, dec string
	all      bool // the rule may match every path
}

func newScope(a, b *syntax.Document, al alignment) *scope {
	sc := &scope{a: a, b: b, al: al, usable: al.complete && a.BOM == b.BOM,
		removed: make([]bool, len(a.Lines)+2), added: make([]bool, len(b.Lines)+2), newToOld: make([]int, len(b.Lines)+2), cache: map[string][]int{},
		groupings: map[string][2]*syntax.Grouping{}}
	// A file past the smallest read limit shifts what Google and Yandex see.
	if len(a.Src) > syntax.GoogleMaxBytes || len(b.Src) > syntax.GoogleMaxBytes {
		sc.usable = false
	}
	for o, n := range al.oldToNew {
		if n > 0 {
			sc.newToOld[n] = o
		}
	}
	add := func(d *syntax.Document, lines []int, mark []bool) {
		for _, n := range lines {
			mark[n] = true
			if d.Line(n).Kind.IsRule() {
				sc.needles = append(sc.needles, needlesOf(d.Value(n))...)
			}
		}
	}
	add(a, al.removed, sc.removed)
	add(b, al.added, sc.added)
	return sc
}

// needlesOf is one needle per whitespace-separated word of a rule value
// (the 1996 readings take several paths per line; the others need the
// whole value, which contains every word).
func needlesOf(value string) []needle {
	words := strings.Fields(value)
	if len(words) == 0 || len(value) > syntax.MaxLineBytes/2 {
		return []needle{{all: true}}
	}
	out := make([]needle, 0, len(words))
	for _, w := range words {
		longest := ""
		for _, seg := range strings.FieldsFunc(w, func(r rune) bool { return r == '*' || r == '$' }) {
			if len(seg) > len(longest) {
				longest = seg
			}
		}
		// Google reads Allow: /d/index.html as allowing /d/ too.
		if i := strings.LastIndex(longest, "/index.htm"); i >= 0 {
			longest = longest[:i+1]
		}
		longest = strings.TrimPrefix(longest, "/") // temoto adds a missing leading slash
		if longest == "" {
			return []needle{{all: true}}
		}
		out = append(out, needle{raw: longest, dec: uri.Decode(longest)})
	}
	return out
}

// candidatesFor is the indices of paths that one of needles might match.
func (sc *scope) candidatesFor(needles []needle, paths []string) []int {
	var out []int
	if len(needles) == 0 {
		return out
	}
	var key strings.Builder
	for _, n := range needles {
		fmt.Fprintf(&key, "%v%q,", n.all, n.raw)
	}
	if c, ok := sc.cache[key.String()]; ok {
		return c
	}
	defer func() { sc.cache[key.String()] = out }()
	for k, p := range paths {
		if reaches(needles, p) {
			out = append(out, k)
		}
	}
	return out
}

// reaches reports whether a changed rule might match path.
func (sc *scope) reaches(path string) bool { return reaches(sc.needles, path) }

// reaches reports whether one of needles might match path.
func reaches(needles []needle, path string) bool {
	dec := ""
	for _, n := range needles {
		if n.all || strings.Contains(path, n.raw) {
			return true
		}
		if dec == "" {
			dec = uri.Decode(path)
		}
		if strings.Contains(dec, n.dec) {
			return true
		}
	}
	return false
}

// groupsOf is e's groups of both versions.
func (sc *scope) groupsOf(e engine.Engine) (ga, gb *syntax.Grouping) {
	id := e.Info().ID
	g, ok := sc.groupings[id]
	if !ok {
		rule := e.GroupRule()
		g = [2]*syntax.Grouping{sc.a.Groups(rule), sc.b.Groups(rule)}
		sc.groupings[id] = g
	}
	return g[0], g[1]
}

// sameGroup reports whether agent's group is unchanged in the sense of
// scope, and both files compiled.
func (sc *scope) sameGroup(a, b engine.Compiled, agent string) bool {
	if !sc.usable {
		return false
	}
	va, vb := a.Query(agent, "/"), b.Query(agent, "/")
	if va.Reason == engine.ReasonFileError || vb.Reason == engine.ReasonFileError {
		return false
	}
	if (va.Group == nil) != (vb.Group == nil) {
		return false
	}
	if va.Group == nil {
		return true
	}
	if len(va.Group.Lines) != len(vb.Group.Lines) || va.Group.How != vb.Group.How {
		return false
	}
	ga, gb := sc.groupsOf(a.Engine())
	for i, n := range va.Group.Lines {
		if n <= 0 || n >= len(sc.al.oldToNew) || sc.al.oldToNew[n] != vb.Group.Lines[i] || !sc.sameBlock(ga, gb, n, vb.Group.Lines[i]) {
			return false
		}
	}
	return true
}

// groupDelta compares agent's group in both versions when it moved or
// changed in other ways than sameGroup allows: group by group of the
// engine's grouping, the lines of each. If, after taking out the rule lines
// one version has and the other has not, both are the same lines in the
// same order, an engine (which reads a group's rules from those lines
// alone) sees the same rules but for those; a path none of them can match
// keeps its verdict. It returns their needles (none: the crawler needs no
// query at all).
func (sc *scope) groupDelta(a, b engine.Compiled, agent string) ([]needle, bool) {
	if !sc.usable {
		return nil, false
	}
	va, vb := a.Query(agent, "/"), b.Query(agent, "/")
	if va.Reason == engine.ReasonFileError || vb.Reason == engine.ReasonFileError || va.Group == nil || vb.Group == nil {
		return nil, false
	}
	ga, gb := sc.groupsOf(a.Engine())
	ba, bb := groupBodies(sc.a, ga, va.Group.Lines), groupBodies(sc.b, gb, vb.Group.Lines)
	if ba == nil || bb == nil || len(ba) != len(bb) {
		return nil, false
	}
	var needles []needle
	for i := range ba {
		onlyA, onlyB := ruleDelta(ba[i], bb[i])
		if !sameWithout(ba[i], onlyA) || !sameWithout(bb[i], onlyB) || !equalLines(without(ba[i], onlyA), without(bb[i], onlyB)) {
			return nil, false
		}
		for _, l := range append(onlyA, onlyB...) {
			needles = append(needles, needlesOf(l.value)...)
		}
	}
	return needles, true
}

// bodyLine is one non-comment line of a group.
type bodyLine struct {
	text  string
	rule  bool
	value string
}

// groupBodies is, per group of gr holding one of the User-agent lines
// uaLines, its lines from its first User-agent line to its end (comments
// left out); nil when a line is in no group.
func groupBodies(d *syntax.Document, gr *syntax.Grouping, uaLines []int) [][]bodyLine {
	var out [][]bodyLine
	last := -1
	for _, n := range uaLines {
		gi := -1
		if n > 0 && n <= len(d.Lines) {
			gi = gr.Of(n)
		}
		if gi < 0 {
			return nil
		}
		if gi == last {
			continue
		}
		last = gi
		g := &gr.Groups[gi]
		var body []bodyLine
		for i := g.First(); i <= int(g.End); i++ {
			l := d.Line(i)
			if l.Kind == syntax.Comment {
				continue
			}
			body = append(body, bodyLine{text: d.Text(l.Content()), rule: l.Kind.IsRule(), value: d.Value(i)})
		}
		out = append(out, body)
	}
	return out
}

// ruleDelta is the rule lines one body has and the other has not (by text,
// counting repeats).
func ruleDelta(a, b []bodyLine) (onlyA, onlyB []bodyLine) {
	ruleText := func(l bodyLine) (string, bool) { return l.text, l.rule }
	return missingFrom(a, b, ruleText), missingFrom(b, a, ruleText)
}

// without drops the lines of drop (by text, as many times as listed).
func without(body, drop []bodyLine) []bodyLine {
	n := map[string]int{}
	for _, l := range drop {
		n[l.text]++
	}
	out := make([]bodyLine, 0, len(body))
	for _, l := range body {
		if l.rule && n[l.text] > 0 {
			n[l.text]--
			continue
		}
		out = append(out, l)
	}
	return out
}

func sameWithout(body, drop []bodyLine) bool { return len(without(body, drop)) == len(body)-len(drop) }

func equalLines(a, b []bodyLine) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].text != b[i].text {
			return false
		}
	}
	return true
}

// sameBlock compares the groups (of ga and gb) of User-agent line na (old)
// and nb (new): the same User-agent lines, ending at the same line (the one
// after each group is aligned, or both run to the end of the file), and
// only rule or comment lines changed in between.
func (sc *scope) sameBlock(ga, gb *syntax.Grouping, na, nb int) bool {
	ia, ib := ga.Of(na), gb.Of(nb)
	if ia < 0 || ib < 0 {
		return false
	}
	A, B := &ga.Groups[ia], &gb.Groups[ib]
	if len(A.Agents) != len(B.Agents) {
		return false
	}
	for i, n := range A.Agents {
		if sc.al.oldToNew[n] != int(B.Agents[i]) {
			return false
		}
	}
	ea, eb := int(A.End)+1, int(B.End)+1
	endA := ea == len(sc.a.Lines)+1
	endB := eb == len(sc.b.Lines)+1
	if endA != endB || !endA && sc.al.oldToNew[ea] != eb {
		return false
	}
	onlyRules := func(d *syntax.Document, from, to int, changed []bool) bool {
		for n := from; n < to; n++ {
			if k := d.Line(n).Kind; changed[n] && !k.IsRule() && k != syntax.Comment {
				return false
			}
		}
		return true
	}
	return onlyRules(sc.a, A.First(), ea, sc.removed) && onlyRules(sc.b, B.First(), eb, sc.added)
}
