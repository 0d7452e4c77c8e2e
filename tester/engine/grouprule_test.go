package engine

import (
	"slices"
	"testing"

	"github.com/robots-studio/robots-studio/internal/corpus"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// TestTemotoGroupRuleIsTheEmulations: temoto's emulation reads the
// library's token pairs on its own, so its GroupRule must say the same: on
// every corpus file, each key's rules are the rule lines of the GroupRule's
// groups that hold the key's User-agent lines. (The other engines compile
// their groups with doc.Groups(GroupRule()) itself.)
func TestTemotoGroupRuleIsTheEmulations(t *testing.T) {
	files := corpus.Files(t)
	for _, name := range corpus.Names(files) {
		doc := syntax.Parse(files[name])
		c := temoto{}.Compile(doc).(*temotoCompiled)
		gr := doc.Groups(temoto{}.GroupRule())
		for key, g := range c.groups {
			var want []int
			held := map[int]bool{}
			for _, n := range g.group.Lines {
				gi := gr.Of(n)
				if gi < 0 || held[gi] {
					continue
				}
				held[gi] = true
				for _, f := range gr.Groups[gi].Fields {
					if temotoKind(doc, int(f)-1).IsRule() {
						want = append(want, int(f))
					}
				}
			}
			var got []int
			for _, r := range g.rules {
				got = append(got, r.Line)
			}
			// A key named twice in one run gets the run's rules twice; as a set
			// they are the same rules.
			slices.Sort(want)
			slices.Sort(got)
			got = slices.Compact(got)
			if !slices.Equal(got, want) {
				t.Errorf("%s: key %q: the emulation's rules are at lines %v, the GroupRule's groups hold %v", name, key, got, want)
			}
		}
	}
}
