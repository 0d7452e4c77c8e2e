package engine

import (
	"strconv"
	"strings"
	"sync"

	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/uri"
)

var (
	msgNoteNoBlank  = msg.Def("engine.note.no_blank_line", "line {{.Line}} starts a new record with no blank line before it ({{.Engine}} expects one between records); it is read as a new record")
	msgNoteSeveral  = msg.Def("engine.note.several_records", "the records at lines {{.Lines}} all name {{.Agent}}; {{.Engine}} does not say which one a robot obeys, so this reading takes the first")
	msgNoteNoAllow  = msg.Def("engine.note.no_allow", "{{.Engine}} has no Allow field: line {{.Line}} `{{.Rule}}` matches {{.Path}} but is ignored like any unknown line")
	msgNoteOrphan   = msg.Def("engine.note.orphan_rules", "line {{.Line}} `{{.Rule}}` comes before any User-agent line, so it belongs to no record and {{.Engine}} ignores it")
	msgRecordsFetch = msg.Def("fetch.undefined_classic", "{{.Engine}} does not say what status {{.Status}} means; this reading assumes a polite robot crawls nothing until it can read the file")
)

// classicRecords is the record reading shared by the 1994 standard, the 1996
// draft and the Lycos grammar: records are separated by blank lines; a
// record is User-agent lines followed by rule lines; a line holding only a
// comment is invisible (it does not end a record). A User-agent line after
// rule lines without a blank line in between is malformed in all three
// texts; like every robot of the time, the reading starts a new record there
// and says so.
type classicRecords struct {
	allow      bool // Allow lines are rules (1996 draft); otherwise they are unknown lines kept for a note
	extensions bool // other fields are rule lines too, so they end the User-agent run (1996 draft)
}

// isRule reports whether the reading takes a line of kind k as a rule.
func (cr classicRecords) isRule(k syntax.Kind) bool {
	return k == syntax.Disallow || cr.allow && k == syntax.Allow
}

// groupRule is the old texts' rule: field names spelt exactly, a blank line
// ends a record, and the rules (with the 1996 draft, any other field) end
// the run of User-agent lines.
func (cr classicRecords) groupRule() syntax.GroupRule {
	return syntax.GroupRule{
		Kind: func(d *syntax.Document, i int) syntax.Kind {
			if l := &d.Lines[i]; l.Standard() {
				return l.Kind
			}
			return syntax.Unknown // the old texts know no leniency
		},
		BlankEnds: true,
		EndsAgents: func(k syntax.Kind) bool {
			return cr.isRule(k) || cr.extensions && k != syntax.UserAgent
		},
	}
}

// record is one record: its User-agent lines and its rules in file order.
type record struct {
	agents  []recordAgent
	rules   []recordRule
	ignored []int // Allow lines of engines without Allow
	// boundary is the User-agent line where a record began without a blank
	// line before it: this record's, or the next one's (0 = none).
	boundary int
}

type recordAgent struct {
	line  int
	value string // as written (one agent_id for Lycos)
}

type recordRule struct {
	line  int
	allow bool
	value string
}

// split reads doc into records (Document.Groups with the old texts' rule:
// field names spelt exactly, a blank line ends a record), and the rule lines
// that came before any User-agent line.
func (cr classicRecords) split(doc *syntax.Document) (recs []*record, orphans []int) {
	isRule := cr.isRule
	gr := doc.Groups(cr.groupRule())
	for _, n := range gr.Before {
		if l := &doc.Lines[n-1]; l.Standard() && isRule(l.Kind) {
			orphans = append(orphans, int(n))
		}
	}
	recs = make([]*record, len(gr.Groups))
	for gi := range gr.Groups {
		g := &gr.Groups[gi]
		rec := &record{}
		recs[gi] = rec
		if g.NoBlankBefore {
			rec.boundary = g.First()
			recs[gi-1].boundary = g.First()
		}
		for _, n := range g.Agents {
			rec.agents = append(rec.agents, recordAgent{line: int(n), value: doc.Value(int(n))})
		}
		for _, n := range g.Fields {
			l := &doc.Lines[n-1]
			if !l.Standard() {
				continue
			}
			switch {
			case isRule(l.Kind):
				rec.rules = append(rec.rules, recordRule{line: int(n), allow: l.Kind == syntax.Allow, value: doc.Value(int(n))})
			case l.Kind == syntax.Allow:
				rec.ignored = append(rec.ignored, int(n))
			}
		}
	}
	return recs, orphans
}

// classicRecord is a record as an engine reads it. The classic engines
// differ in what they take from a User-agent value and from a rule line, not
// in how a record holds together, so one type serves them all.
type classicRecord struct {
	rec    *record
	group  Group
	names  []string // lower-case robot names, as the engine cuts them; `*` is global instead
	global bool
	rules  []Rule // in file order
	empty  int    // the first Disallow line the engine read no rule from (0 = none)
}

// reached is the record's group as one query reached it; the compiled record
// is left alone, so queries may run concurrently.
func (r *classicRecord) reached(token string, how How) *Group {
	g := r.group
	g.Token, g.How = token, how
	return &g
}

// read splits doc and reads each record with the engine's hooks: agent gives
// the names in one User-agent value and whether it stands for every robot;
// rule gives the rules of one rule line, none when the engine's text makes an
// empty Disallow no rule at all.
func (cr classicRecords) read(doc *syntax.Document, agent func(value string) (names []string, global bool),
	rule func(doc *syntax.Document, r recordRule) []Rule) (recs []classicRecord, orphans []int) {
	split, orphans := cr.split(doc)
	recs = make([]classicRecord, 0, len(split))
	for _, r := range split {
		rec := classicRecord{rec: r, group: Group{Lines: r.lines()}}
		for _, a := range r.agents {
			names, global := agent(a.value)
			rec.names = append(rec.names, names...)
			rec.global = rec.global || global
		}
		for _, rr := range r.rules {
			rules := rule(doc, rr)
			if len(rules) == 0 && rec.empty == 0 {
				rec.empty = rr.line
			}
			rec.rules = append(rec.rules, rules...)
		}
		recs = append(recs, rec)
	}
	return recs, orphans
}

// pathRule is a rule whose pattern is a literal path prefix.
func pathRule(doc *syntax.Document, line int, path string) Rule {
	return Rule{Line: line, Text: doc.RuleText(line), Pattern: path, Score: len(path)}
}

// anyDisallowFamily is what the 1994 standard and the Lycos grammar share
// once their records are read: the robot obeys the first record with a name
// occurring in its User-Agent, else the first `*` record; any matching
// Disallow prefix blocks; Allow is an unknown line. The hooks say how each
// text reads a User-agent value and a Disallow line.
type anyDisallowFamily struct {
	info  Info
	agent func(value string) (names []string, global bool)
	rule  func(doc *syntax.Document, r recordRule) []Rule
}

func (f *anyDisallowFamily) FetchPolicy(x Fetch) FetchDecision { return classicFetch(f.info.ID, x) }

// GroupRule is the records of the 1994 text and the Lycos grammar.
func (f *anyDisallowFamily) GroupRule() syntax.GroupRule { return classicRecords{}.groupRule() }

func (f *anyDisallowFamily) Compile(doc *syntax.Document) Compiled {
	recs, orphans := classicRecords{}.read(doc, f.agent, f.rule)
	return &anyDisallow{family: f, recs: recs, orphans: orphans, doc: doc}
}

type anyDisallow struct {
	family  *anyDisallowFamily
	recs    []classicRecord
	orphans []int
	doc     *syntax.Document
	chosen  sync.Map // agent → choice: a tester asks about few crawlers, many paths
}

// choice is what choose found for one agent.
type choice struct {
	rec     *classicRecord
	token   string
	how     How
	matched []int
}

func (c *anyDisallow) Engine() Engine { return c.family }

// choose returns the record for agent; matched lists every record naming the
// robot, since the texts do not say which of them it obeys.
func (c *anyDisallow) choose(agent string) (rec *classicRecord, token string, how How, matched []int) {
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

func (c *anyDisallow) Query(agent, url string) Verdict { return withURLNote(c.query(agent, url)) }

func (c *anyDisallow) query(agent, url string) Verdict {
	v := Verdict{Engine: c.family.info.ID, Agent: agent, URL: url, Path: uri.PathOf(url)}
	v.Notes = orphanNotes(c.doc, c.orphans, &v)
	var ch choice
	if v, ok := c.chosen.Load(agent); ok {
		ch = v.(choice)
	} else {
		ch.rec, ch.token, ch.how, ch.matched = c.choose(agent)
		c.chosen.Store(agent, ch)
	}
	rec, token, how, matched := ch.rec, ch.token, ch.how, ch.matched
	if rec == nil {
		v.Allowed, v.Reason = true, ReasonNoGroup
		return v
	}
	v.Group = rec.reached(token, how)
	v.Notes = append(v.Notes, rec.rec.notes(v.Engine)...)
	if len(matched) > 1 {
		v.Notes = append(v.Notes, msg.New(msgNoteSeveral, "Lines", joinLines(matched), "Agent", v.agentText(), "Engine", NameOf(v.Engine)))
	}
	v.Notes = append(v.Notes, ignoredAllowNotes(c.doc, rec.rec, &v)...)
	for i := range rec.rules {
		if r := &rec.rules[i]; strings.HasPrefix(v.Path, r.Pattern) {
			v.Allowed, v.Reason, v.Why, v.Rule = false, ReasonRule, WhyAnyDisallow, r
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
	return v
}

// ignoredAllowNotes tells, for an engine without Allow, about the first
// Allow line of the record that would have matched the path.
func ignoredAllowNotes(doc *syntax.Document, r *record, v *Verdict) []msg.Text {
	for _, n := range r.ignored {
		if p := doc.Bytes(doc.Line(n).Value); hasPrefixBytes(v.Path, p) {
			return []msg.Text{msg.New(msgNoteNoAllow, "Engine", NameOf(v.Engine), "Line", n, "Rule", doc.RuleText(n), "Path", v.Path)}
		}
	}
	return nil
}

// orphanNotes tells about the first rule line outside any record that would
// match the path: the user may think it applies.
func orphanNotes(doc *syntax.Document, orphans []int, v *Verdict) []msg.Text {
	for _, n := range orphans {
		if p := doc.Bytes(doc.Line(n).Value); hasPrefixBytes(v.Path, p) {
			return []msg.Text{msg.New(msgNoteOrphan, "Line", n, "Rule", doc.RuleText(n), "Engine", NameOf(v.Engine))}
		}
	}
	return nil
}

// hasPrefixBytes is strings.HasPrefix for a non-empty prefix held as bytes,
// without converting (and so copying) them.
func hasPrefixBytes(s string, p []byte) bool {
	return len(p) > 0 && len(p) <= len(s) && s[:len(p)] == string(p)
}

func (r *record) lines() []int {
	out := make([]int, len(r.agents))
	for i, a := range r.agents {
		out[i] = a.line
	}
	return out
}

// notes are the remarks every verdict using r carries.
func (r *record) notes(engine string) []msg.Text {
	if r == nil || r.boundary == 0 {
		return nil
	}
	return []msg.Text{msg.New(msgNoteNoBlank, "Line", r.boundary, "Engine", NameOf(engine))}
}

// engineNameOf is an engine's translated short name, for sentences.

// joinLines writes line numbers as "3, 7, 9".
func joinLines(lines []int) string {
	parts := make([]string, len(lines))
	for i, n := range lines {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ", ")
}

// productName is the robot's name as an HTTP product: the agent up to the
// first `/`, blank, `;` or `(` ("Lycos_Spider_(Rex)/1.0" → "Lycos_Spider_").
func productName(agent string) string {
	if i := strings.IndexAny(agent, "/ \t;("); i >= 0 {
		return agent[:i]
	}
	return agent
}

// classicFetch is the fetch policy of the texts that say little: a missing
// file (404, 410) means no restrictions and redirects are followed; any
// other answer is not defined, and this reading assumes a polite robot waits.
func classicFetch(engine string, f Fetch) FetchDecision {
	switch {
	case f.Status >= 200 && f.Status < 300 && !f.Unreachable:
		return FetchDecision{FetchUseFile, msg.New(msgFetchOK)}
	case f.Status >= 300 && f.Status < 400 && !f.Unreachable && f.Redirects < 5:
		return FetchDecision{FetchFollow, msg.New(msgFetchRedirect, "Max", 5)}
	case (f.Status == 404 || f.Status == 410) && !f.Unreachable:
		return FetchDecision{FetchAllowAll, msg.New(msgFetch4xxAllow, "Status", f.Status)}
	}
	status := any(f.Status)
	if f.Unreachable {
		status = msg.New(msgUnreachable)
	}
	return FetchDecision{FetchDisallowAll, msg.New(msgRecordsFetch, "Engine", NameOf(engine), "Status", status)}
}

var msgUnreachable = msg.Def("fetch.word.unreachable", "“server unreachable”")
