package engine

import (
	"strings"

	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

var (
	msgOrigName  = msg.Def("engine.original1994.name", "1994 standard")
	msgOrigShort = msg.Def("engine.original1994.short", "1994")
	msgOrigDesc  = msg.Def("engine.original1994.desc", "Koster's 1994 \"A Standard for Robot Exclusion\" (robotstxt.org/orig.html): blank lines end records, a record's name is a substring of the robot's name, any matching Disallow prefix blocks, no Allow, no wildcards")
)

// The 1994 reading, Koster's text: a record applies when its User-agent
// value (without a version) occurs in the robot's name, case-insensitively;
// `*` is for robots no other record names; one path per Disallow line,
// compared as a literal prefix; any match blocks; an empty Disallow allows.
func init() {
	Register(&anyDisallowFamily{
		// Year: the standard of June 1994 (robotstxt.org/orig.html).
		info: Info{ID: "original1994", EntryMatch: catalogue.MatchSubstring, Order: 70, Year: 1994, Kind: KindStandard, Name: msgOrigName, Short: msgOrigShort, Description: msgOrigDesc,
			Traits: Traits{BlankEndsGroup: true}, ReadsFullUserAgent: true},
		agent: origName,
		rule:  origPath,
	})
}

// origName: the whole value is one name, compared without its version
// ("Googlebot/2.1" → "googlebot"); only a value of exactly `*` is global, so
// "*/1.0" is the name "*". A value that is only a version gives "", which
// never matches.
func origName(value string) (names []string, global bool) {
	if value == "*" {
		return nil, true
	}
	name := strings.ToLower(value)
	if i := strings.IndexByte(name, '/'); i >= 0 {
		name = name[:i]
	}
	return []string{strings.TrimSpace(name)}, false
}

// origPath: one literal path per line, spaces and all; an empty one is no
// rule.
func origPath(doc *syntax.Document, r recordRule) []Rule {
	if r.value == "" {
		return nil
	}
	return []Rule{pathRule(doc, r.line, r.value)}
}
