package engine

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/corpus"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// TestLibraryGroupRulesAreTheEmulations: the library readings group lines
// on their own, so each GroupRule (which diff, aipref, aiaccess and lint ask)
// must say the same: for every name a library keys its groups by, its rule
// lines are those of the GroupRule's groups that hold the name's User-agent
// lines; for urllib, whose records are not merged, each record's rules are
// those of the group of its first User-agent line. On the corpus and on
// generated files; the few lines a GroupRule cannot express are left out
// (libGroupRuleLimits).
func TestLibraryGroupRulesAreTheEmulations(t *testing.T) {
	files := corpus.Files(t)
	var docs []string
	for _, name := range corpus.Names(files) {
		docs = append(docs, string(files[name]))
	}
	rng := rand.New(rand.NewSource(9309))
	for i := 0; i < 2000; i++ {
		docs = append(docs, libRobots(rng))
	}
	for _, id := range []string{"urllib", "protego", "robots-parser"} {
		e, _ := Get(id)
		checked, skipped := 0, 0
		for _, src := range docs {
			doc := syntax.Parse([]byte(src))
			if why := libGroupRuleLimits(id, doc); why != "" {
				skipped++
				continue
			}
			checked++
			gr := doc.Groups(e.GroupRule())
			rulesOf := func(agentLines []int) []int {
				var out []int
				held := map[int]bool{}
				for _, n := range agentLines {
					gi := gr.Of(n)
					if gi < 0 || held[gi] {
						continue
					}
					held[gi] = true
					for _, f := range gr.Groups[gi].Fields {
						if k := e.GroupRule().Kind(doc, int(f)-1); k.IsRule() && !libSkipsRule(id, doc, int(f)) {
							out = append(out, int(f))
						}
					}
				}
				return out
			}
			for key, got := range libGroups(e.Compile(doc)) {
				want := rulesOf(got.agents)
				slices.Sort(want)
				rules := slices.Compact(slices.Sorted(slices.Values(got.rules)))
				if !slices.Equal(rules, want) {
					t.Errorf("%s: %s: the library's rules are at lines %v, the GroupRule's groups hold %v\n%q", id, key, rules, want, src)
					break
				}
			}
		}
		t.Logf("%s: %d files checked, %d left out", id, checked, skipped)
		if checked < len(docs)/3 {
			t.Errorf("%s: only %d of %d files checked", id, checked, len(docs))
		}
	}
}

type libGroupLines struct {
	agents []int // User-agent lines
	rules  []int // rule lines (a rule a library reads twice, as protego's $ rules, once)
}

// libGroups is what each library reading made of a file: its groups by key.
func libGroups(c Compiled) map[string]libGroupLines {
	out := map[string]libGroupLines{}
	switch c := c.(type) {
	case *urllibCompiled:
		all := append(append([]*urllibEntry(nil), c.entries...), c.dropped...)
		if c.fallback != nil {
			all = append(all, c.fallback)
		}
		for i, e := range all {
			g := libGroupLines{agents: e.lines[:1]}
			for _, r := range e.rules {
				g.rules = append(g.rules, r.Line)
			}
			out[fmt.Sprintf("record %d (line %d)", i, e.lines[0])] = g
		}
	case *protegoCompiled:
		for _, rs := range c.sets {
			g := libGroupLines{agents: rs.lines}
			for _, r := range rs.rules {
				g.rules = append(g.rules, r.Line)
			}
			out[rs.agent] = g
		}
	case *rpCompiled:
		for key, rg := range c.groups {
			g := libGroupLines{agents: rg.lines}
			for _, r := range rg.rules {
				g.rules = append(g.rules, r.Line)
			}
			out[key] = g
		}
	}
	return out
}

// libSkipsRule: Protego and robots-parser keep no rule for an empty value,
// nor Protego for a value its quoting empties (`//a`, read as a host);
// urllib reads `Disallow:` as allowing everything.
func libSkipsRule(id string, doc *syntax.Document, n int) bool {
	l := &doc.Lines[n-1]
	text := string(doc.Src[l.Start:l.End])
	switch id {
	case "protego":
		_, v, _ := protegoSplit(pyStrip(cutComment(scrapyText(text))))
		if v == "" {
			return true
		}
		if !strings.HasPrefix(v, "/") {
			v = "/" + v
		}
		var rules []*protegoRule
		protegoRules(&rules, v, false, "", n)
		return len(rules) == 0
	case "robots-parser":
		_, v, _ := rpSplit(text)
		return v == ""
	}
	return false
}

// libGroupLimits says why a file is left out for a library: the lines its
// GroupRule cannot express. A GroupRule reads the editor's lines, and a blank
// line is blank for every reading; urllib ends a record only at an empty
// line, and Python's libraries split lines at VT, FF, NEL and the like too.
func libGroupRuleLimits(id string, doc *syntax.Document) string {
	if id == "robots-parser" {
		return ""
	}
	for i := range doc.Lines {
		l := &doc.Lines[i]
		text := string(doc.Src[l.Start:l.End])
		for j := 0; j < len(text); j++ {
			if pyLineBreak(text, j) > 0 {
				return "a line break only Python sees"
			}
		}
		if id == "urllib" && l.Kind == syntax.Blank && l.End > l.Start && strings.TrimSpace(text) == "" {
			return "a line of blanks, which does not end a urllib record"
		}
		if id == "protego" {
			if k, v, ok := protegoSplit(pyStrip(cutComment(scrapyText(text)))); ok && (k == "" || v == "" && protegoField(k) == syntax.UserAgent) {
				return "an empty User-agent line or an empty field name, after which Protego keeps the names before it in force"
			}
		}
	}
	return ""
}
