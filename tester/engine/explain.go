package engine

import (
	"strings"

	"github.com/robots-studio/robots-studio/tester/msg"
)

var (
	msgAllowed   = msg.Def("engine.word.allowed", "allowed")
	msgBlocked   = msg.Def("engine.word.blocked", "blocked")
	msgNoName    = msg.Def("engine.word.empty_agent", "a crawler with an empty name")
	msgNoGroup   = msg.Def("engine.explain.no_group", "allowed: no group applies to {{.Agent}} (none names it and there is no `User-agent: *` group), so nothing is restricted")
	msgRobotsTxt = msg.Def("engine.explain.robots_txt", "allowed: {{.Path}} is the robots.txt file itself, which is always allowed")
	msgEmptyGrp  = msg.Def("engine.explain.empty_group", "allowed: the group has no rules, so nothing is restricted; group: {{.Group}}")
	msgNoRule    = msg.Def("engine.explain.no_rule", "allowed: no rule of the group matches {{.Path}}; group: {{.Group}}")
	msgOnly      = msg.Def("engine.explain.only", "{{.Word}} by line {{.Line}} `{{.Rule}}`, the only rule of the group that matches {{.Path}}; group: {{.Group}}")
	msgLongest   = msg.Def("engine.explain.longest", "{{.Word}} by line {{.Line}} `{{.Rule}}`: the longest matching rule wins ({{.Score}} characters against {{.RunnerScore}} for line {{.RunnerLine}} `{{.Runner}}`); group: {{.Group}}")
	msgLongest1  = msg.Def("engine.explain.longest_same", "{{.Word}} by line {{.Line}} `{{.Rule}}`: the longest of the matching rules ({{.Score}} characters); group: {{.Group}}")
	msgTieAllow  = msg.Def("engine.explain.tie_allow", "allowed by line {{.Line}} `{{.Rule}}`: it is as long as line {{.RunnerLine}} `{{.Runner}}` ({{.Score}} characters), and on a tie Allow wins; group: {{.Group}}")
	msgFirst     = msg.Def("engine.explain.first", "{{.Word}} by line {{.Line}} `{{.Rule}}`: {{.Engine}} takes the first matching rule; line {{.RunnerLine}} `{{.Runner}}` comes later; group: {{.Group}}")
	msgFirst1    = msg.Def("engine.explain.first_only", "{{.Word}} by line {{.Line}} `{{.Rule}}`: the first matching rule of the group; group: {{.Group}}")
	msgLastSort  = msg.Def("engine.explain.last_after_sort", "{{.Word}} by line {{.Line}} `{{.Rule}}`: {{.Engine}} sorts the rules by length and the last match wins; line {{.RunnerLine}} `{{.Runner}}` ({{.RunnerScore}} characters) sorts before it; group: {{.Group}}")
	msgLastSort1 = msg.Def("engine.explain.last_after_sort_only", "{{.Word}} by line {{.Line}} `{{.Rule}}`: the longest matching rule once {{.Engine}} sorts the rules by length; group: {{.Group}}")
	msgFirstEq   = msg.Def("engine.explain.first_of_equal", "{{.Word}} by line {{.Line}} `{{.Rule}}`: the longest match, and among rules as long {{.Engine}} takes the first in the file (line {{.RunnerLine}} `{{.Runner}}` comes later); group: {{.Group}}")
	msgEmptyRule = msg.Def("engine.explain.empty_rule", "allowed: line {{.Line}} `{{.Rule}}` has an empty path, which restricts nothing; group: {{.Group}}")
	msgAny       = msg.Def("engine.explain.any", "blocked by line {{.Line}} `{{.Rule}}`: {{.Pattern}} is a prefix of {{.Path}}, and any matching Disallow keeps the robot out; group: {{.Group}}")

	msgNotToken    = msg.Def("engine.note.not_token", "{{.Agent}} is not a product token (letters, '-' and '_' only), so no group can name it; try {{.Token}}")
	msgGroupExact  = msg.Def("engine.group.exact", "the group for {{.Token}} at line {{.Line}}")
	msgGroupGlobal = msg.Def("engine.group.global", "the `*` group at line {{.Line}}, because no group names {{.Agent}}")
	msgGroupSub    = msg.Def("engine.group.substring", "the group at line {{.Line}}, whose name {{.Token}} occurs in {{.Agent}}")
	msgGroupPrefix = msg.Def("engine.group.prefix", "the group at line {{.Line}}, whose name {{.Token}} begins {{.Agent}}")
)

// agentText quotes the crawler's name for a sentence.
func (v *Verdict) agentText() any {
	if v.Agent == "" {
		return msg.New(msgNoName)
	}
	return v.Agent
}

// noteAgent explains why a crawler name with spaces or a version number
// found no group of its own.
func (v *Verdict) noteAgent() {
	if v.Agent == "" || ValidToken(v.Agent) {
		return
	}
	if tok := Token(v.Agent); tok != "" {
		v.Notes = append(v.Notes, msg.New(msgNotToken, "Agent", v.Agent, "Token", tok))
	}
}

// GroupText describes the group the verdict used.
func (v *Verdict) GroupText() msg.Text {
	g := v.Group
	if g == nil {
		return msg.Text{}
	}
	switch g.How {
	case HowGlobal:
		return msg.New(msgGroupGlobal, "Line", g.Start(), "Agent", v.agentText())
	case HowSubstring:
		return msg.New(msgGroupSub, "Line", g.Start(), "Token", g.Token, "Agent", v.agentText())
	case HowPrefix:
		return msg.New(msgGroupPrefix, "Line", g.Start(), "Token", g.Token, "Agent", v.agentText())
	case HowContains:
		return msg.New(msgGroupContains, "Line", g.Start(), "Token", g.Token)
	}
	return msg.New(msgGroupExact, "Line", g.Start(), "Token", g.Token)
}

// Word is "allowed" or "blocked", translated.
func (v *Verdict) Word() msg.Text {
	if v.Allowed {
		return msg.New(msgAllowed)
	}
	return msg.New(msgBlocked)
}

// Explain is the verdict in one sentence a student understands: the rule
// and line that decided, the one it beat, and the group it came from.
func (v *Verdict) Explain() msg.Text {
	switch v.Reason {
	case ReasonFileError, ReasonTimeout:
		return v.Error
	case ReasonNoGroup:
		return msg.New(msgNoGroup, "Agent", v.agentText())
	case ReasonRobotsTxt:
		return msg.New(msgRobotsTxt, "Path", v.Path)
	case ReasonEmptyGroup:
		return msg.New(msgEmptyGrp, "Group", v.GroupText())
	case ReasonNoRule:
		return msg.New(msgNoRule, "Group", v.GroupText(), "Path", v.Path)
	}
	r := v.Rule
	args := []any{"Word", v.Word(), "Line", r.Line, "Rule", r.Text, "Score", r.Score, "Group", v.GroupText(),
		"Path", v.Path, "Pattern", r.Pattern, "Engine", v.engineName()}
	if v.Runner != nil {
		args = append(args, "RunnerLine", v.Runner.Line, "Runner", v.Runner.Text, "RunnerScore", v.Runner.Score)
	}
	key := msgOnly
	switch v.Why {
	case WhyEmpty:
		key = msgEmptyRule
	case WhyTieAllow:
		key = msgTieAllow
	case WhyLongest:
		key = pick(v.Runner != nil, msgLongest, msgLongest1)
	case WhyFirst:
		key = pick(v.Runner != nil, msgFirst, msgFirst1)
	case WhyLastAfterSort:
		key = pick(v.Runner != nil, msgLastSort, msgLastSort1)
	case WhyFirstOfEqual:
		key = pick(v.Runner != nil, msgFirstEq, msgLongest1)
	case WhyAnyDisallow:
		key = msgAny
	}
	return msg.New(key, args...)
}

// ExplainAll is Explain followed by the verdict's notes.
func (v *Verdict) ExplainAll() string {
	s := v.Explain().String()
	if len(v.Notes) == 0 {
		return s
	}
	parts := []string{s}
	for _, n := range v.Notes {
		parts = append(parts, n.String())
	}
	return strings.Join(parts, "; ")
}

func (v *Verdict) engineName() any { return NameOf(v.Engine) }

func pick(cond bool, a, b string) string {
	if cond {
		return a
	}
	return b
}
