// Package aiaccess answers "which crawlers can read this site, and for
// what?" for one robots.txt: every catalogue crawler by purpose, whether it
// may fetch a few paths under the engine that reads robots.txt for it, the
// usage preferences in force, and the crawlers no robots.txt can stop. It
// also builds the groups and signal lines for a policy (builder.go).
package aiaccess

import (
	"github.com/robots-studio/robots-studio/tester/aipref"
	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// PathVerdict is one crawler's answer for one path.
type PathVerdict struct {
	Path    string
	Allowed bool
	Line    int        // the deciding rule's line; 0 when no rule decided
	Asks    []msg.Text // usage preferences in force that matter to the crawler's purpose
}

// Row is one crawler of the catalogue.
type Row struct {
	Crawler catalogue.Crawler
	Engine  string // the id of its own reading (engine.ForCrawler), which answered
	Group   int    // first User-agent line of the group it obeys; 0 when none applies
	Paths   []PathVerdict
}

// Section is the rows of one purpose.
type Section struct {
	Purpose catalogue.Purpose
	Rows    []Row
}

// PrefLine is one Content-Signal or Content-Usage line with its group.
type PrefLine struct {
	Line  int
	Text  string // "Content-Signal: search=yes, ai-train=no"
	Group int    // first User-agent line of its group; 0 outside any group
}

// Report is the AI access view of one file.
type Report struct {
	Sections    []Section
	Preferences []PrefLine
	// CannotStop are the crawlers documented to ignore robots.txt or to fetch
	// on a user's request, which a robots.txt does not reliably stop.
	CannotStop []catalogue.Crawler
}

// Analyse builds the report for doc and paths ("/" when none). The 1990s
// robots are left out: the question is about today's crawlers.
func Analyse(doc *syntax.Document, paths []string) Report {
	if len(paths) == 0 {
		paths = []string{"/"}
	}
	prefs := aipref.Read(doc)
	compiled := map[string]engine.Compiled{}
	var r Report
	for _, p := range aiFirst() {
		sec := Section{Purpose: p}
		for _, c := range catalogue.ByPurpose(p) {
			if c.Historical {
				continue
			}
			// Its own reading: its engine, with its tokens as it matches them.
			own := engine.ForCrawler(c.Tokens[0])
			comp, ok := compiled[own.Info().ID]
			if !ok {
				comp = own.Compile(doc)
				compiled[own.Info().ID] = comp
			}
			row := Row{Crawler: c, Engine: own.Info().ID}
			for _, path := range paths {
				v := comp.Query(c.Token, path)
				pv := PathVerdict{Path: path, Allowed: v.Allowed}
				if v.Rule != nil {
					pv.Line = v.Rule.Line
				}
				if v.Group != nil {
					row.Group = v.Group.Start()
					if v.Allowed {
						pv.Asks = aipref.Asks(c.Purpose, prefs.InForce(&v))
					}
				}
				row.Paths = append(row.Paths, pv)
			}
			sec.Rows = append(sec.Rows, row)
			if !c.RobotsTxt.Stoppable() && c.RobotsTxt != catalogue.Unknown {
				r.CannotStop = append(r.CannotStop, c)
			}
		}
		if len(sec.Rows) > 0 {
			r.Sections = append(r.Sections, sec)
		}
	}
	for _, l := range prefs.Lines {
		pl := PrefLine{Line: l.N, Text: doc.RuleText(l.N)}
		if l.Group >= 0 {
			pl.Group = prefs.Groups[l.Group][0]
		}
		r.Preferences = append(r.Preferences, pl)
	}
	return r
}

// aiFirst is the purposes with the AI ones first: the view is about them.
func aiFirst() []catalogue.Purpose {
	var ai, rest []catalogue.Purpose
	for _, p := range catalogue.Purposes {
		if p.IsAI() {
			ai = append(ai, p)
		} else {
			rest = append(rest, p)
		}
	}
	return append(ai, rest...)
}

var (
	msgStopUser    = msg.Def("aiaccess.stop.user", "fetches when a user asks and may ignore robots.txt: refuse its User-Agent ({{.Patterns}}) or the operator's published IP ranges at the server, or put the pages behind a login")
	msgStopIgnores = msg.Def("aiaccess.stop.ignores", "documented or reported to ignore robots.txt: refuse its User-Agent ({{.Patterns}}) at the server or firewall, and rate-limit what pretends to be a browser")
)

// Instead says what would stop a crawler that robots.txt cannot.
func Instead(c catalogue.Crawler) msg.Text {
	patterns := ""
	for i, p := range c.UAPatterns {
		if i > 0 {
			patterns += ", "
		}
		patterns += p
	}
	if c.RobotsTxt == catalogue.UserTriggered {
		return msg.New(msgStopUser, "Patterns", patterns)
	}
	return msg.New(msgStopIgnores, "Patterns", patterns)
}
