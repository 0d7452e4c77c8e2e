package mirror

import (
	"strings"

	"github.com/robots-studio/robots-studio/tester/hostname"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// Plan is everything the wizard's Result step shows for one main mirror and
// its other names.
type Plan struct {
	Main     hostname.Name
	Mirrors  []hostname.Name // the other names: valid, distinct, none equal to Main
	Options  Options
	Analysis *Analysis
	Change   Change
	Before   []byte // the document as it was
	After    []byte // the document with Change applied
}

// PlanError is a reason no plan can be made, as a sentence for the user.
type PlanError struct{ Text msg.Text }

func (e *PlanError) Error() string { return e.Text.String() }

var (
	msgMainEmpty     = msg.Def("mirror.plan.main_empty", "write the site's main name first: the one every other name should lead to")
	msgMainInvalid   = msg.Def("mirror.plan.main_invalid", "the main mirror {{.Name}} is not valid: {{.Reason}}")
	msgMirrorInvalid = msg.Def("mirror.plan.mirror_invalid", "the mirror {{.Name}} is not valid: {{.Reason}}")
	msgMirrorIsMain  = msg.Def("mirror.plan.mirror_is_main", "{{.Name}} is the main mirror itself")
	msgMirrorTwice   = msg.Def("mirror.plan.mirror_twice", "{{.Name}} is listed twice")
	msgBadEncDir     = msg.Def("mirror.plan.bad_encoding_dir", "{{.Dir}} is not a directory path: it must start with /")
)

// NewPlan checks the names and computes the robots.txt change for robots (the
// open document, possibly empty).
func NewPlan(robots []byte, main hostname.Name, mirrors []hostname.Name, opt Options) (*Plan, error) {
	if strings.TrimSpace(main.Input) == "" {
		return nil, &PlanError{msg.New(msgMainEmpty)}
	}
	if !main.Valid() {
		return nil, &PlanError{msg.New(msgMainInvalid, "Name", main.Input, "Reason", main.Problems[0].Message)}
	}
	seen := map[string]bool{main.Origin(): true}
	var others []hostname.Name
	for _, m := range mirrors {
		switch {
		case !m.Valid():
			return nil, &PlanError{msg.New(msgMirrorInvalid, "Name", m.Input, "Reason", m.Problems[0].Message)}
		case m.SameMirror(main):
			return nil, &PlanError{msg.New(msgMirrorIsMain, "Name", m.Display())}
		case seen[m.Origin()]:
			return nil, &PlanError{msg.New(msgMirrorTwice, "Name", m.Display())}
		}
		seen[m.Origin()] = true
		others = append(others, m)
	}
	for _, d := range opt.EncodingDirs {
		if !strings.HasPrefix(d, "/") || strings.ContainsAny(d, " \t\r\n#") {
			return nil, &PlanError{msg.New(msgBadEncDir, "Dir", d)}
		}
	}
	doc := syntax.Parse(robots)
	ch := PlanHost(doc, main, opt)
	after, err := Apply(robots, ch.Edits)
	if err != nil {
		return nil, err // the planner produced overlapping edits: a bug, not user input
	}
	return &Plan{Main: main, Mirrors: others, Options: opt, Analysis: Analyse(doc), Change: ch, Before: robots, After: after}, nil
}

// Diff is the change as a unified diff of robots.txt.
func (p *Plan) Diff() string {
	return Diff("robots.txt", "robots.txt (Host: "+p.Change.Value+")", p.Before, p.Change.Edits)
}

// HostLines are the lines the change adds to a group, for the command line
// and the copy button: the encoding-directory Disallows, then Host.
func (p *Plan) HostLines() string {
	var b strings.Builder
	for _, d := range p.Options.EncodingDirs {
		b.WriteString("Disallow: " + d + "\n")
	}
	b.WriteString("Host: " + p.Change.Value + "\n")
	return b.String()
}

// MirrorRobots is the robots.txt every other name serves: nothing may be
// crawled there, so only the main name gets indexed.
func (p *Plan) MirrorRobots() []byte {
	return []byte(mirrorRobots(p.Main, "\n"))
}

func mirrorRobots(main hostname.Name, eol string) string {
	return "# This host mirrors " + main.Origin() + "; only the main name is indexed." + eol +
		"User-agent: *" + eol +
		"Disallow: /" + eol
}

// eol is the terminator of the planned document.
func (p *Plan) eol() string {
	if p.Analysis == nil {
		return "\n"
	}
	return string(p.Analysis.EOL.Bytes())
}
