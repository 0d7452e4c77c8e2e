package diff

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/corpus"
	"github.com/robots-studio/robots-studio/tester/aiaccess"
	"github.com/robots-studio/robots-studio/tester/aipref"
	"github.com/robots-studio/robots-studio/tester/crawlers"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// TestOneGroupingOnTheCorpus: on every corpus file, each engine, diff's
// rule section, aipref and the AI-access builder see the groups
// Document.Groups makes with that engine's GroupRule (lint's own check is
// in tester/lint). Each consumer is checked through what it answers.
func TestOneGroupingOnTheCorpus(t *testing.T) {
	files := corpus.Files(t)
	def, _ := engine.Get(engine.Default)
	for _, name := range corpus.Names(files) {
		doc := syntax.Parse(files[name])
		agents, paths := corpusQueries(doc)
		prefs := aipref.Read(doc)
		for _, e := range engine.All() {
			gr := doc.Groups(e.GroupRule())
			c := e.Compile(doc)
			for _, agent := range agents {
				for _, p := range paths {
					v := c.Query(agent, p)
					if err := verdictInGroups(gr, &v); err != "" {
						t.Errorf("%s: %s, %q %q: %s", name, e.Info().ID, agent, p, err)
					}
					if err := prefsInGroups(doc, gr, prefs, &v); err != "" {
						t.Errorf("%s: aipref under %s, %q %q: %s", name, e.Info().ID, agent, p, err)
					}
				}
			}
		}
		// diff's rule section: every line it lists under a group's names is
		// in a group (the default engine's, whole file) with those names.
		rule := def.GroupRule()
		rule.Limit = 0
		gr := doc.Groups(rule)
		for _, g := range RuleChanges(syntax.Parse(nil), doc) {
			for _, l := range g.Added {
				want := ""
				if gi := gr.Of(l.Line); gi >= 0 {
					want = namesOf(doc, &gr.Groups[gi])
				}
				if got := strings.Join(g.Agents, "\x00"); got != want {
					t.Errorf("%s: diff lists line %d under %q, the engine's group names %q", name, l.Line, g.Name(), strings.ReplaceAll(want, "\x00", ", "))
				}
			}
		}
		// aipref's own groups are the default engine's.
		grDef := doc.Groups(def.GroupRule())
		for _, l := range prefs.Lines {
			if gi := grDef.Of(l.N); l.Group != gi {
				t.Errorf("%s: aipref puts line %d in group %d, the engine in %d", name, l.N, l.Group, gi)
			}
		}
		// the builder's preference lines land in the `*` group as Google
		// groups the result, and every crawler it refuses is refused.
		plan := aiaccess.Build(doc, aiaccess.Policy{Stance: aiaccess.NoAI})
		out, err := syntax.ApplyEdits(doc.Src, plan.Edits)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		built := syntax.Parse(out)
		bgr := built.Groups(def.GroupRule())
		signals := 0
		for i := range built.Lines {
			if k := built.Lines[i].Kind; k != syntax.ContentSignal || built.Value(i+1) != noAISignal {
				continue
			}
			signals++
			if gi := bgr.Of(i + 1); gi < 0 || !hasStar(built, &bgr.Groups[gi]) {
				t.Errorf("%s: the builder's Content-Signal at line %d is not in a `*` group", name, i+1)
			}
		}
		if signals == 0 {
			t.Errorf("%s: the builder wrote no Content-Signal: %s", name, noAISignal)
		}
		for _, cr := range plan.Blocked {
			if !crawlers.IsProductToken(cr.Tokens[0]) && !warns(plan, cr.Tokens[0]) {
				// AI2Bot: its own reading matches the name whole, Google's
				// and RFC 9309's do not; the builder must say so
				t.Errorf("%s: the builder refuses %s without saying how Google and RFC 9309 read its name", name, cr.Tokens[0])
			}
			// Each refused crawler under its own reading (Google's crawlers:
			// Google's parser, with their documented fallback tokens).
			if v := engine.ForCrawler(cr.Tokens[0]).Compile(built).Query(cr.Tokens[0], "/"); v.Allowed {
				t.Errorf("%s: the builder refuses %s, its own reading still allows it: %s", name, cr.Tokens[0], v.ExplainAll())
			}
		}
	}
}

// warns reports whether one of the plan's warnings names name.
func warns(plan aiaccess.Plan, name string) bool {
	for _, w := range plan.Warnings {
		if strings.Contains(w.String(), name) {
			return true
		}
	}
	return false
}

// noAISignal is the Content-Signal the builder writes for aiaccess.NoAI.
const noAISignal = "search=yes, ai-input=no, ai-train=no"

// corpusQueries is the file's crawler tokens (and one it does not name)
// and its rule values as paths, a bounded number of each.
func corpusQueries(doc *syntax.Document) (agents, paths []string) {
	agents = []string{"unnamed-bot"}
	paths = []string{"/"}
	for i := range doc.Lines {
		switch k := doc.Lines[i].Kind; {
		case k == syntax.UserAgent && len(agents) < 12:
			if tok := engine.Token(doc.Value(i + 1)); tok != "" && !slices.Contains(agents, tok) {
				agents = append(agents, tok)
			}
		case k.IsRule() && len(paths) < 24:
			if v := strings.NewReplacer("*", "x", "$", "").Replace(doc.Value(i + 1)); strings.HasPrefix(v, "/") {
				paths = append(paths, v)
			}
		}
	}
	return agents, paths
}

// verdictInGroups checks a verdict against the grouping: its User-agent
// lines are agents of groups, and its deciding rule is a line of one of
// the groups holding them.
func verdictInGroups(gr *syntax.Grouping, v *engine.Verdict) string {
	if v.Group == nil {
		return ""
	}
	held := map[int]bool{}
	for _, n := range v.Group.Lines {
		gi := gr.Of(n)
		if gi < 0 || !slices.Contains(gr.Groups[gi].Agents, int32(n)) {
			return fmt.Sprintf("User-agent line %d is in no group's User-agent lines", n)
		}
		held[gi] = true
	}
	if v.Rule != nil && v.Rule.Line > 0 && !held[gr.Of(v.Rule.Line)] {
		return fmt.Sprintf("the deciding line %d is outside the groups of lines %v", v.Rule.Line, v.Group.Lines)
	}
	return ""
}

// prefsInGroups checks that the preferences in force for v come from lines
// in the groups of v's User-agent lines.
func prefsInGroups(doc *syntax.Document, gr *syntax.Grouping, f *aipref.File, v *engine.Verdict) string {
	if v.Group == nil {
		return ""
	}
	held := map[int]bool{}
	for _, n := range v.Group.Lines {
		held[gr.Of(n)] = true
	}
	for _, a := range f.InForce(v) {
		if gi := gr.Of(a.Line); gi < 0 || !held[gi] {
			return fmt.Sprintf("line %d (%s) is in force, but it is outside the groups of lines %v", a.Line, doc.RuleText(a.Line), v.Group.Lines)
		}
	}
	return ""
}

// namesOf is a group's key as diff writes it.
func namesOf(doc *syntax.Document, g *syntax.Group) string {
	names := make([]string, len(g.Agents))
	for i, n := range g.Agents {
		names[i] = strings.ToLower(strings.TrimSpace(doc.Value(int(n))))
	}
	sort.Strings(names)
	return strings.Join(names, "\x00")
}

func hasStar(doc *syntax.Document, g *syntax.Group) bool {
	for _, n := range g.Agents {
		if strings.HasPrefix(doc.Value(int(n)), "*") {
			return true
		}
	}
	return false
}
