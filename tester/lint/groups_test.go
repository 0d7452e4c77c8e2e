package lint

import (
	"slices"
	"testing"

	"github.com/robots-studio/robots-studio/internal/corpus"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// TestLintGroupsAreTheEngines: on every corpus file lint's groups are the
// default engine's (Document.Groups with its GroupRule, every line read),
// but for a first line behind a damaged byte order mark, which lint reads
// as the field it names.
func TestLintGroupsAreTheEngines(t *testing.T) {
	e, _ := engine.Get(engine.Default)
	rule := e.GroupRule()
	rule.Limit = 0 // lint speaks of every line
	files := corpus.Files(t)
	for _, name := range corpus.Names(files) {
		doc := syntax.Parse(files[name])
		m := buildModel(doc)
		want := doc.Groups(rule)
		if m.damaged > 0 {
			if m.grouping.Of(1) != 0 {
				t.Errorf("%s: line 1 behind a damaged byte order mark opens no group", name)
			}
			continue
		}
		if !sameGrouping(m.grouping, want) {
			t.Errorf("%s: lint's groups differ from %s's", name, e.Info().ID)
		}
	}
}

func sameGrouping(a, b *syntax.Grouping) bool {
	if len(a.Groups) != len(b.Groups) || !slices.Equal(a.Before, b.Before) {
		return false
	}
	for i := range a.Groups {
		x, y := &a.Groups[i], &b.Groups[i]
		if !slices.Equal(x.Agents, y.Agents) || !slices.Equal(x.Fields, y.Fields) || x.End != y.End {
			return false
		}
	}
	return true
}
