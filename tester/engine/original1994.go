package engine

import (
	"strings"

	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

var (
	msgOrigName = msg.Def("engine.original1994.name", "1994 standard")
	msgOrigDesc = msg.Def("engine.original1994.desc", "Koster's 1994 \"A Standard for Robot Exclusion\": blank lines end records, a record's name is a substring of the robot's name, any matching Disallow prefix blocks, no Allow, no wildcards")
)

// original1994 is Koster's 1994 text: a record applies when its User-agent
// value (without a version) occurs in the robot's name, case-insensitively;
// `*` is for robots no other record names; one path per Disallow line,
// compared as a literal prefix; any match blocks; an empty Disallow allows.
type original1994 struct{}

func init() { Register(original1994{}) }

func (original1994) Info() Info {
	return Info{ID: "original1994", Order: 70, Name: msgOrigName, Description: msgOrigDesc}
}

func (original1994) FetchPolicy(f Fetch) FetchDecision { return classicFetch("original1994", f) }

// origRecord is a record with its names and Disallow prefixes.
type origRecord struct {
	rec    *record
	group  Group
	names  []string // lower-case, version cut ("googlebot/2.1" → "googlebot"); "" never matches
	global bool
	rules  []Rule // the Disallow lines with a path, in file order
	empty  int    // the first Disallow line without a path (0 = none)
}

type origCompiled struct {
	recs    []origRecord
	global  int // index of the first `*` record, -1 when none
	orphans []int
	doc     *syntax.Document
}

func (original1994) Compile(doc *syntax.Document) Compiled {
	recs, orphans := classicRecords{}.split(doc)
	c := &origCompiled{global: -1, orphans: orphans, doc: doc}
	for _, r := range recs {
		or := origRecord{rec: r, group: Group{Lines: r.lines()}}
		for _, a := range r.agents {
			if a.value == "*" {
				or.global = true
				continue
			}
			name := strings.ToLower(a.value)
			if i := strings.IndexByte(name, '/'); i >= 0 {
				name = name[:i]
			}
			or.names = append(or.names, strings.TrimSpace(name))
		}
		for _, rule := range r.rules {
			switch {
			case rule.value != "":
				or.rules = append(or.rules, Rule{Line: rule.line, Text: doc.RuleText(rule.line), Pattern: rule.value, Score: len(rule.value)})
			case or.empty == 0:
				or.empty = rule.line
			}
		}
		if or.global && c.global < 0 {
			c.global = len(c.recs)
		}
		c.recs = append(c.recs, or)
	}
	return c
}

func (c *origCompiled) Engine() Engine { return original1994{} }

// choose returns the record for agent: the first whose name occurs in the
// robot's name; else the first `*` record. matched lists every record
// naming the robot.
func (c *origCompiled) choose(agent string) (rec *origRecord, token string, how How, matched []int) {
	lower := strings.ToLower(agent)
	for i := range c.recs {
		for _, n := range c.recs[i].names {
			if n != "" && strings.Contains(lower, n) {
				if rec == nil {
					rec, token, how = &c.recs[i], n, HowSubstring
				}
				matched = append(matched, c.recs[i].group.Start())
				break
			}
		}
	}
	if rec == nil && c.global >= 0 {
		rec, token, how = &c.recs[c.global], "*", HowGlobal
	}
	return
}

func (c *origCompiled) Query(agent, url string) Verdict {
	v := Verdict{Engine: "original1994", Agent: agent, URL: url, Path: PathOf(url)}
	v.Notes = orphanNotes(c.doc, c.orphans, &v)
	rec, token, how, matched := c.choose(agent)
	if rec == nil {
		v.Allowed, v.Reason = true, ReasonNoGroup
		return v
	}
	g := rec.group
	g.Token, g.How = token, how
	v.Group = &g
	v.Notes = append(v.Notes, rec.rec.notes(v.Engine)...)
	if len(matched) > 1 {
		v.Notes = append(v.Notes, msg.New(msgNoteSeveral, "Lines", joinLines(matched), "Agent", v.agentText(), "Engine", engineNameOf(v.Engine)))
	}
	for i := range rec.rules {
		if r := &rec.rules[i]; strings.HasPrefix(v.Path, r.Pattern) {
			v.Allowed, v.Reason, v.Why, v.Rule = false, ReasonRule, WhyAnyDisallow, r
			v.Notes = append(v.Notes, ignoredAllowNotes(c.doc, rec.rec, &v)...)
			return v
		}
	}
	v.Allowed = true
	switch {
	case rec.empty != 0 && len(rec.rules) == 0:
		v.Reason, v.Why = ReasonRule, WhyEmpty
		v.Rule = &Rule{Line: rec.empty, Text: c.doc.RuleText(rec.empty)}
	case len(rec.rec.rules) == 0:
		v.Reason = ReasonEmptyGroup
	default:
		v.Reason = ReasonNoRule
	}
	v.Notes = append(v.Notes, ignoredAllowNotes(c.doc, rec.rec, &v)...)
	return v
}

// ignoredAllowNotes tells, for an engine without Allow, about the first
// Allow line of the record that would have matched the path.
func ignoredAllowNotes(doc *syntax.Document, r *record, v *Verdict) []msg.Text {
	for _, n := range r.ignored {
		if p := doc.Value(n); p != "" && strings.HasPrefix(v.Path, p) {
			return []msg.Text{msg.New(msgNoteNoAllow, "Engine", engineNameOf(v.Engine), "Line", n, "Rule", doc.RuleText(n), "Path", v.Path)}
		}
	}
	return nil
}

// orphanNotes tells about the first rule line outside any record that would
// match the path: the user may think it applies.
func orphanNotes(doc *syntax.Document, orphans []int, v *Verdict) []msg.Text {
	for _, n := range orphans {
		if p := doc.Value(n); p != "" && strings.HasPrefix(v.Path, p) {
			return []msg.Text{msg.New(msgNoteOrphan, "Line", n, "Rule", doc.RuleText(n), "Engine", engineNameOf(v.Engine))}
		}
	}
	return nil
}
