package engine

import (
	"strings"

	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

var (
	msgLycosName = msg.Def("engine.lycos1996.name", "Lycos 1996")
	msgLycosDesc = msg.Def("engine.lycos1996.desc", "\"Robot Exclusion Standard Revisited\" (Lycos, 1996) as the seed articles teach it: several robot names and several paths per line, a name is a substring of the robot's User-Agent, any matching path blocks, no Allow")
)

// lycos1996 is the grammar of Kollar, Leavitt and Mauldin's "Revisited"
// (1996) as the seed articles give it: a User-Agent line carries one or more
// whitespace-separated agent_ids, a Disallow line zero or more path_roots.
// An agent_id applies when it occurs in the robot's User-Agent string
// (case-insensitively); a record naming the robot beats a `*` record (seed
// example 1); when several records name it the text lets the robot choose,
// and this reading takes the first and says so.
type lycos1996 struct{}

func init() { Register(lycos1996{}) }

func (lycos1996) Info() Info {
	return Info{ID: "lycos1996", Order: 60, Name: msgLycosName, Description: msgLycosDesc}
}

func (lycos1996) FetchPolicy(f Fetch) FetchDecision { return classicFetch("lycos1996", f) }

type lycosRecord struct {
	rec    *record
	group  Group
	ids    []string // lower-case agent_ids other than `*`
	global bool
	roots  []Rule // one per path_root, in file order
	empty  int    // first Disallow line without a path_root (0 = none)
}

type lycosCompiled struct {
	recs    []lycosRecord
	orphans []int
	doc     *syntax.Document
}

func (lycos1996) Compile(doc *syntax.Document) Compiled {
	recs, orphans := classicRecords{}.split(doc)
	c := &lycosCompiled{orphans: orphans, doc: doc}
	for _, r := range recs {
		lr := lycosRecord{rec: r, group: Group{Lines: r.lines()}}
		for _, a := range r.agents {
			for _, id := range strings.Fields(a.value) {
				if id == "*" {
					lr.global = true
				} else {
					lr.ids = append(lr.ids, strings.ToLower(id))
				}
			}
		}
		for _, rule := range r.rules {
			roots := strings.Fields(rule.value)
			if len(roots) == 0 && lr.empty == 0 {
				lr.empty = rule.line
			}
			for _, root := range roots {
				lr.roots = append(lr.roots, Rule{Line: rule.line, Text: doc.RuleText(rule.line), Pattern: root, Score: len(root)})
			}
		}
		c.recs = append(c.recs, lr)
	}
	return c
}

func (c *lycosCompiled) Engine() Engine { return lycos1996{} }

// choose: the first record with an agent_id occurring in the User-Agent;
// else the first record listing `*`.
func (c *lycosCompiled) choose(agent string) (rec *lycosRecord, token string, how How, matched []int) {
	lower := strings.ToLower(agent)
	for i := range c.recs {
		for _, id := range c.recs[i].ids {
			if strings.Contains(lower, id) {
				if rec == nil {
					rec, token, how = &c.recs[i], id, HowSubstring
				}
				matched = append(matched, c.recs[i].group.Start())
				break
			}
		}
	}
	if rec != nil {
		return
	}
	for i := range c.recs {
		if c.recs[i].global {
			return &c.recs[i], "*", HowGlobal, nil
		}
	}
	return nil, "", HowNone, nil
}

func (c *lycosCompiled) Query(agent, url string) Verdict {
	v := Verdict{Engine: "lycos1996", Agent: agent, URL: url, Path: PathOf(url)}
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
	v.Notes = append(v.Notes, ignoredAllowNotes(c.doc, rec.rec, &v)...)
	for i := range rec.roots {
		if r := &rec.roots[i]; strings.HasPrefix(v.Path, r.Pattern) {
			v.Allowed, v.Reason, v.Why, v.Rule = false, ReasonRule, WhyAnyDisallow, r
			return v
		}
	}
	v.Allowed = true
	switch {
	case rec.empty != 0 && len(rec.roots) == 0:
		v.Reason, v.Why = ReasonRule, WhyEmpty
		v.Rule = &Rule{Line: rec.empty, Text: c.doc.RuleText(rec.empty)}
	case len(rec.rec.rules) == 0:
		v.Reason = ReasonEmptyGroup
	default:
		v.Reason = ReasonNoRule
	}
	return v
}
