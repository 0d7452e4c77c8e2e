package engine

import (
	"strconv"
	"strings"

	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

var (
	msgNoteNoBlank  = msg.Def("engine.note.no_blank_line", "line {{.Line}} starts a new record without the blank line {{.Engine}} puts between records; it is read as a new record")
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

// record is one record: its User-agent lines and its rules in file order.
type record struct {
	agents  []recordAgent
	rules   []recordRule
	ignored []int // Allow lines of engines without Allow
	// boundary is the User-agent line where a record began without a blank
	// line before it: this record's, or the next one's (0 = none).
	boundary int
	sawRule  bool
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

// isField reports whether l is field k spelt exactly (no typo, no missing
// colon, no longer key): the old texts know no leniency.
func isField(l *syntax.Line, k syntax.Kind) bool {
	return l.Kind == k && l.Flags&(syntax.FlagTypo|syntax.FlagKeyPrefix|syntax.FlagMissingColon) == 0
}

// split reads doc into records, and the rule lines that came before any
// User-agent line.
func (cr classicRecords) split(doc *syntax.Document) (recs []*record, orphans []int) {
	var cur *record
	for i := range doc.Lines {
		l := &doc.Lines[i]
		n := i + 1
		switch {
		case l.Kind == syntax.Blank:
			cur = nil
		case l.Kind == syntax.Comment:
		case isField(l, syntax.UserAgent):
			if cur == nil || cur.sawRule {
				next := &record{}
				if cur != nil {
					cur.boundary, next.boundary = n, n
				}
				cur = next
				recs = append(recs, cur)
			}
			cur.agents = append(cur.agents, recordAgent{line: n, value: doc.Value(n)})
		case isField(l, syntax.Disallow) || cr.allow && isField(l, syntax.Allow):
			if cur == nil {
				orphans = append(orphans, n)
				continue
			}
			cur.sawRule = true
			cur.rules = append(cur.rules, recordRule{line: n, allow: l.Kind == syntax.Allow, value: doc.Value(n)})
		case isField(l, syntax.Allow):
			if cur != nil {
				cur.ignored = append(cur.ignored, n)
			}
		case cr.extensions && l.Kind.IsField() && cur != nil:
			cur.sawRule = true
		}
	}
	return recs, orphans
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
	return []msg.Text{msg.New(msgNoteNoBlank, "Line", r.boundary, "Engine", engineNameOf(engine))}
}

// engineNameOf is an engine's translated short name, for sentences.
func engineNameOf(id string) any {
	if e, ok := Get(id); ok {
		return msg.New(e.Info().Name)
	}
	return id
}

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
	return FetchDecision{FetchDisallowAll, msg.New(msgRecordsFetch, "Engine", engineNameOf(engine), "Status", status)}
}

var msgUnreachable = msg.Def("fetch.word.unreachable", "“server unreachable”")
