package aiaccess

import (
	"strings"

	"github.com/robots-studio/robots-studio/tester/aipref"
	"github.com/robots-studio/robots-studio/tester/crawlers"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/msg"
)

var (
	msgResolved     = msg.Def("crawlers.resolved", "the User-Agent is the catalogue's {{.Name}} ({{.Operator}}), which obeys the robots.txt token {{.Token}}: tested as {{.Token}}")
	msgResolvedAnon = msg.Def("crawlers.resolved_no_operator", "the User-Agent is the catalogue's {{.Name}}, which obeys the robots.txt token {{.Token}}: tested as {{.Token}}")
)

// ResolvedNote says which catalogue crawler a full User-Agent string was
// read as, and the token it was tested with.
func ResolvedNote(r crawlers.Resolution) msg.Text {
	if r.Entry.Operator == "" { // an entry of ai.robots.txt's list whose operator is unknown
		return msg.New(msgResolvedAnon, "Name", r.Entry.Name, "Token", r.Token)
	}
	return msg.New(msgResolved, "Name", r.Entry.Name, "Operator", r.Entry.Operator, "Token", r.Token)
}

// asksTyped reports whether an engine is asked with the agent as typed:
// anything that names no catalogue crawler, and, under the readings that
// look for a record's name inside the robot's name (Info.ReadsFullUserAgent:
// the 1990s texts), a User-Agent that
// holds one of its crawler's tokens ("Lycos_Spider_(Rex)/1.0" holds Lycos).
// A User-Agent that holds none ("Open Text Site Crawler V1.0" of OpenText)
// is asked with the token, as under every other reading.
func asksTyped(info engine.Info, r crawlers.Resolution) bool {
	if !r.Matched {
		return true
	}
	if !info.ReadsFullUserAgent {
		return false
	}
	ua := strings.ToLower(r.Agent)
	for _, t := range r.Entry.Tokens {
		if strings.Contains(ua, strings.ToLower(t)) {
			return true
		}
	}
	return false
}

// QueryResolved asks c about url for the agent the user typed: a full
// User-Agent that names a catalogue crawler is asked with that crawler's
// token (the verdict keeps the agent as typed and says what it did), except
// under the 1990s readings when it holds the token (asksTyped).
func QueryResolved(c engine.Compiled, r crawlers.Resolution, url string) engine.Verdict {
	if asksTyped(c.Engine().Info(), r) {
		return c.Query(r.Agent, url)
	}
	v := c.Query(r.Token, url)
	v.Agent = r.Agent
	v.Notes = append([]msg.Text{ResolvedNote(r)}, v.Notes...)
	return v
}

// AddUsage notes the usage preferences in force (Content-Signal,
// Content-Usage) that matter to the crawler's purpose, when the crawler is in
// the catalogue and may fetch the URL: preferences apply only to what may be
// crawled.
func AddUsage(v *engine.Verdict, prefs *aipref.File, r crawlers.Resolution) {
	if prefs == nil || !v.Allowed || v.Group == nil || len(prefs.Lines) == 0 {
		return
	}
	entry, ok := r.Entry, r.Matched
	if !ok {
		entry, ok = crawlers.ByToken(r.Agent)
	}
	if !ok {
		return
	}
	v.Notes = append(v.Notes, aipref.Asks(entry.Purpose, prefs.InForce(v))...)
}
