package engine

import (
	"strings"

	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

var (
	msgLycosName  = msg.Def("engine.lycos1996.name", "Lycos 1996")
	msgLycosShort = msg.Def("engine.lycos1996.short", "Lycos")
	msgLycosDesc  = msg.Def("engine.lycos1996.desc", "\"Robot Exclusion Standard Revisited\" (Kollar, Leavitt and Mauldin, Lycos, 1996) as its text writes it: several robot names and several paths per line, a name is a substring of the robot's User-Agent, any matching path blocks, no Allow")
)

// The Lycos reading: the grammar of Kollar, Leavitt and Mauldin's "Revisited"
// (1996) as its text gives it: a User-Agent line carries one or more
// whitespace-separated agent_ids, a Disallow line zero or more path_roots.
// An agent_id applies when it occurs in the robot's User-Agent string
// (case-insensitively); a record naming the robot beats a `*` record (the
// sample file); when several records name it the text lets the robot choose,
// and this reading takes the first and says so.
func init() {
	Register(&anyDisallowFamily{
		// Year: Lycos's text of 1996.
		info: Info{ID: "lycos1996", EntryMatch: catalogue.MatchSubstring, Order: 60, Year: 1996, Kind: KindStandard, Name: msgLycosName, Short: msgLycosShort, Description: msgLycosDesc,
			Traits: Traits{BlankEndsGroup: true, ListsPerLine: true}, ReadsFullUserAgent: true},
		agent: lycosAgentIDs,
		rule:  lycosPathRoots,
	})
}

// lycosAgentIDs: one or more agent_ids per line, any of which may be `*`.
func lycosAgentIDs(value string) (ids []string, global bool) {
	for _, id := range strings.Fields(value) {
		if id == "*" {
			global = true
		} else {
			ids = append(ids, strings.ToLower(id))
		}
	}
	return ids, global
}

// lycosPathRoots: zero or more path_roots per line, each a prefix of its own.
func lycosPathRoots(doc *syntax.Document, r recordRule) []Rule {
	var roots []Rule
	for _, root := range strings.Fields(r.value) {
		roots = append(roots, pathRule(doc, r.line, root))
	}
	return roots
}
