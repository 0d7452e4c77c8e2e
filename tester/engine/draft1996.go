package engine

import (
	"strings"
	"sync"

	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/uri"
)

var (
	msgDraftName       = msg.Def("engine.draft1996.name", "1996 draft")
	msgDraftShort      = msg.Def("engine.draft1996.short", "1996")
	msgDraftDesc       = msg.Def("engine.draft1996.desc", "Koster's 1996 Internet-Draft \"A Method for Web Robots Control\" (draft-koster-robots-00): the first record containing the robot's name, the first matching Allow or Disallow wins, %-escapes decoded, /robots.txt always allowed")
	msgGroupContains   = msg.Def("engine.group.contains", "the group at line {{.Line}}, whose User-agent value contains the robot's name {{.Token}}")
	msgFetchRestricted = msg.Def("fetch.restricted_draft", "{{.Status}}: access to the server is restricted, so the 1996 draft says to regard the whole site as off limits")
	msgFetchDeferDraft = msg.Def("fetch.defer_draft", "{{.Status}}: a temporary failure; the 1996 draft says to defer visits until the file can be fetched")
	msgFetchRedirDraft = msg.Def("fetch.redirect_draft", "a redirect: the 1996 draft says to follow redirects until the file is found")
	msgFetchMissDraft  = msg.Def("fetch.missing_draft", "{{.Status}}: there is no robots.txt, so the 1996 draft assumes no restrictions")
)

// HowContains: the group's User-agent value contains the robot's name token
// (the 1996 draft's direction; the 1994 text and Lycos look the other way).
const HowContains How = "contains"

// draft1996 is draft-koster-robots-00 (1996): the robot obeys the first
// record with a User-agent value containing its name token, else the first
// `*` record; Allow and Disallow are tried in file order and the first match
// decides; %xx escapes are decoded on both sides except %2F; an empty path
// matches everything and allows; /robots.txt is always allowed.
type draft1996 struct{}

func init() { Register(draft1996{}) }

func (draft1996) Info() Info {
	// Year: draft-koster-robots-00, 1996.
	return Info{ID: "draft1996", EntryMatch: catalogue.MatchSubstring, Order: 50, Year: 1996, Kind: KindStandard, Name: msgDraftName, Short: msgDraftShort, Description: msgDraftDesc,
		Traits: classicTraits(Traits{Allow: true, BlankEndsGroup: true, FieldsEndAgents: true}), ReadsFullUserAgent: true}
}

// FetchPolicy follows section 3.1 of the draft: 401/403 mean the site is
// off limits, a missing file means no restrictions, redirects are followed,
// temporary failures defer the visit.
func (draft1996) FetchPolicy(f Fetch) FetchDecision {
	switch {
	case f.Unreachable:
		return FetchDecision{FetchDisallowAll, msg.New(msgFetchDeferDraft, "Status", msg.New(msgUnreachable))}
	case f.Status >= 200 && f.Status < 300:
		return FetchDecision{FetchUseFile, msg.New(msgFetchOK)}
	case f.Status >= 300 && f.Status < 400:
		return FetchDecision{FetchFollow, msg.New(msgFetchRedirDraft)}
	case f.Status == 401 || f.Status == 403:
		return FetchDecision{FetchDisallowAll, msg.New(msgFetchRestricted, "Status", f.Status)}
	case f.Status >= 400 && f.Status < 500:
		return FetchDecision{FetchAllowAll, msg.New(msgFetchMissDraft, "Status", f.Status)}
	}
	return FetchDecision{FetchDisallowAll, msg.New(msgFetchDeferDraft, "Status", f.Status)}
}

type draftCompiled struct {
	recs   []classicRecord
	chosen sync.Map // agent → choice
}

// draftRecords is the 1996 draft's records: Allow is a rule, and any other
// field ends the User-agent lines of a record.
var draftRecords = classicRecords{allow: true, extensions: true}

// GroupRule is the draft's records.
func (draft1996) GroupRule() syntax.GroupRule { return draftRecords.groupRule() }

func (draft1996) Compile(doc *syntax.Document) Compiled {
	recs, _ := draftRecords.read(doc, draftAgent, draftRuleOf)
	return &draftCompiled{recs: recs}
}

// draftAgent: the whole value, which the robot's name must occur in.
func draftAgent(value string) (values []string, global bool) {
	if value == "*" {
		return nil, true
	}
	return []string{strings.ToLower(value)}, false
}

// draftRuleOf: every line is a rule; an empty path (the only one that decodes
// to "") matches everything, and allows.
func draftRuleOf(doc *syntax.Document, r recordRule) []Rule {
	rule := pathRule(doc, r.line, draftDecode(r.value))
	rule.Allow = r.allow || r.value == ""
	return []Rule{rule}
}

func (c *draftCompiled) Engine() Engine { return draft1996{} }

// choose: the first record with a User-agent value containing the robot's
// name token, else the first `*` record.
func (c *draftCompiled) choose(agent string) (*classicRecord, string, How) {
	name := strings.ToLower(productName(agent))
	if name != "" {
		for i := range c.recs {
			for _, v := range c.recs[i].names {
				if strings.Contains(v, name) {
					return &c.recs[i], name, HowContains
				}
			}
		}
	}
	for i := range c.recs {
		if c.recs[i].global {
			return &c.recs[i], "*", HowGlobal
		}
	}
	return nil, "", HowNone
}

func (c *draftCompiled) Query(agent, url string) Verdict { return withURLNote(c.query(agent, url)) }

func (c *draftCompiled) query(agent, url string) Verdict {
	v := Verdict{Engine: "draft1996", Agent: agent, URL: url, Path: draftDecode(uri.PathOf(url))}
	var ch choice
	if cached, ok := c.chosen.Load(agent); ok {
		ch = cached.(choice)
	} else {
		ch.rec, ch.token, ch.how = c.choose(agent)
		c.chosen.Store(agent, ch)
	}
	rec := ch.rec
	if rec == nil {
		v.Allowed, v.Reason = true, ReasonNoGroup
		return v
	}
	v.Group = rec.reached(ch.token, ch.how)
	v.Notes = rec.rec.notes(v.Engine)
	if isRobotsTxt(v.Path) {
		v.Allowed, v.Reason = true, ReasonRobotsTxt
		return v
	}
	if len(rec.rules) == 0 {
		v.Allowed, v.Reason = true, ReasonEmptyGroup
		return v
	}
	var win *Rule
	others := false
	for i := range rec.rules {
		r := &rec.rules[i]
		if !strings.HasPrefix(v.Path, r.Pattern) {
			continue
		}
		if win == nil {
			win = r
			continue
		}
		others = true
		if r.Allow != win.Allow {
			v.Runner = r
			break
		}
	}
	if win == nil {
		v.Allowed, v.Reason = true, ReasonNoRule
		return v
	}
	v.Reason, v.Rule, v.Allowed = ReasonRule, win, win.Allow
	switch {
	case win.Pattern == "":
		v.Why = WhyEmpty
	case others:
		v.Why = WhyFirst
	default:
		v.Why = WhyOnly
	}
	return v
}

// draftDecode decodes %xx escapes except %2F (a "/" that is data, not a
// separator), which stays, upper-cased, so it matches %2f too.
func draftDecode(s string) string { return uri.DecodeExcept(s, '/') }
