package history

import (
	"sort"
	"strings"

	"github.com/robots-studio/robots-studio/tester/crawlers"
	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/diff"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/fetch"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

var (
	msgGradeFirst     = msg.Def("history.grade.first", "first version kept: nothing to compare with yet")
	msgGradeAnswer    = msg.Def("history.grade.answer", "the server now answers {{.Now}} (was {{.Was}}): {{.Outcomes}}")
	msgGradeStarRoot  = msg.Def("history.grade.star_root", "the `*` group now disallows `/` (was: {{.Rules}})")
	msgGradeStarOpen  = msg.Def("history.grade.star_open", "the `*` group no longer disallows `/`")
	msgGradeMajorRoot = msg.Def("history.grade.major_root", "{{.Agent}} may no longer fetch `/`")
	msgGradeMajorOpen = msg.Def("history.grade.major_open", "{{.Agent}} may fetch `/` again")
	msgGradeAIOpen    = msg.Def("history.grade.ai_open", "{{.Agent}} newly allowed (an AI crawler: {{.Purpose}})")
	msgGradeAIClosed  = msg.Def("history.grade.ai_closed", "{{.Agent}} newly disallowed `/` (an AI crawler: {{.Purpose}})")
	msgGradeSitemapGo = msg.Def("history.grade.sitemap_removed", "sitemap line removed: {{.URL}}")
	msgGradeSitemapIn = msg.Def("history.grade.sitemap_added", "sitemap line added: {{.URL}}")
	msgGradeHost      = msg.Def("history.grade.host", "Host changed: {{.Was}} → {{.Now}}")
	msgGradeSaved     = msg.Def("history.grade.saved", "{{.Count}} of your {{.Total}} saved URLs flip for {{.Agent}} ({{.Blocked}} newly blocked, {{.Allowed}} newly allowed)")
	msgGradeProbed    = msg.Def("history.grade.probed", "{{.Count}} paths derived from the rules flip for {{.Agent}} ({{.Blocked}} newly blocked, {{.Allowed}} newly allowed)")
	msgGradeHarmless  = msg.Def("history.grade.harmless", "harmless: only comments, order, spacing or case changed; no crawler reads the file differently")
	msgGradeRules     = msg.Def("history.grade.rules", "rules changed in group {{.Group}}, with no verdict change on the paths checked")
	msgGradeNRules    = msg.Def("history.n.rules", "{{.Count}} rules")
	_                 = msg.One("history.n.rules", "{{.Count}} rule")
	msgGradeNoAnswer  = msg.Def("history.grade.no_answer", "no answer")
)

// Finding is one thing a change does, with how much it matters.
type Finding struct {
	Code     string // stable: first, answer, star-root, major-root, ai-open, sitemap-removed, host, saved, probed, harmless…
	Severity diag.Severity
	Text     msg.Text
}

// Change is two consecutive versions of a site with their bytes.
type Change struct {
	Old, New         *Version // Old nil: the first version
	OldBody, NewBody []byte
}

// GradeOptions say what matters to the user.
type GradeOptions struct {
	// Agents are the crawlers whose verdicts are checked besides the ones
	// either file names; nil = Googlebot, bingbot, YandexBot.
	Agents []string
	// URLs are the user's saved URLs: each flip is counted per crawler.
	URLs []string
}

// Major search crawlers: `/` closed to one of them is an error.
var majors = []string{"Googlebot", "bingbot", "YandexBot"}

// Grade says what a change does, not how its text differs: the answer's
// outcome per engine, `/` for `*` and the major crawlers, AI crawlers newly
// allowed, sitemaps and Host, the user's URLs that flip; a change that
// alters no reading is said to be harmless. Findings come worst first.
func Grade(c Change, opts GradeOptions) []Finding {
	if c.Old == nil {
		return []Finding{{Code: "first", Severity: diag.Info, Text: msg.New(msgGradeFirst)}}
	}
	oldRes, newRes := c.Old.Result(c.OldBody), c.New.Result(c.NewBody)
	oldDoc, newDoc := syntax.Parse(c.OldBody), syntax.Parse(c.NewBody)
	var out []Finding
	add := func(code string, sev diag.Severity, t msg.Text) {
		out = append(out, Finding{Code: code, Severity: sev, Text: t})
	}

	// The answer: each engine's outcome, when one changed.
	if f, ok := answerFinding(c, oldRes, newRes); ok {
		out = append(out, f)
	}
	bothFiles := c.Old.OK() && c.New.OK()

	// `/` for every crawler not named (the `*` group).
	rfc, _ := engine.Get("rfc9309")
	if rfc != nil {
		const nobody = "RobotsStudioUnnamedBot"
		was := rfc.Compile(oldRes.DocFor("rfc9309", oldDoc)).Query(nobody, "/").Allowed
		now := rfc.Compile(newRes.DocFor("rfc9309", newDoc)).Query(nobody, "/").Allowed
		switch {
		case was && !now && bothFiles:
			add("star-root", diag.Error, msg.New(msgGradeStarRoot, "Rules", msg.New(msgGradeNRules, "Count", starRules(oldDoc))))
		case !was && now && bothFiles:
			add("star-open", diag.Warning, msg.New(msgGradeStarOpen))
		}
	}

	// `/` for the major crawlers and every crawler a version names.
	agents := opts.Agents
	if agents == nil {
		agents = majors
	}
	agents = append(append([]string{}, agents...), namedAgents(oldDoc, newDoc)...)
	seen := map[string]bool{}
	for _, a := range agents {
		k := strings.ToLower(a)
		if seen[k] || a == "*" {
			continue
		}
		seen[k] = true
		e := engine.ForCrawler(a)
		id := e.Info().ID
		was := e.Compile(oldRes.DocFor(id, oldDoc)).Query(a, "/").Allowed
		now := e.Compile(newRes.DocFor(id, newDoc)).Query(a, "/").Allowed
		if was == now || !bothFiles {
			continue // an answer that is no file was said above
		}
		entry, known := crawlers.ByToken(a)
		switch {
		case isMajor(a) && !now:
			add("major-root", diag.Error, msg.New(msgGradeMajorRoot, "Agent", a))
		case isMajor(a):
			add("major-open", diag.Info, msg.New(msgGradeMajorOpen, "Agent", a))
		case known && entry.Purpose.IsAI() && now:
			add("ai-open", diag.Warning, msg.New(msgGradeAIOpen, "Agent", a, "Purpose", string(entry.Purpose)))
		case known && entry.Purpose.IsAI():
			add("ai-closed", diag.Info, msg.New(msgGradeAIClosed, "Agent", a, "Purpose", string(entry.Purpose)))
		}
	}

	// Sitemaps and Host.
	if bothFiles {
		oldMaps, newMaps := values(oldDoc, syntax.Sitemap), values(newDoc, syntax.Sitemap)
		for _, u := range missing(oldMaps, newMaps) {
			add("sitemap-removed", diag.Warning, msg.New(msgGradeSitemapGo, "URL", u))
		}
		for _, u := range missing(newMaps, oldMaps) {
			add("sitemap-added", diag.Info, msg.New(msgGradeSitemapIn, "URL", u))
		}
		oldHost, newHost := values(oldDoc, syntax.Host), values(newDoc, syntax.Host)
		if strings.Join(oldHost, " ") != strings.Join(newHost, " ") {
			add("host", diag.Warning, msg.New(msgGradeHost, "Was", orDash(oldHost), "Now", orDash(newHost)))
		}
	}

	// Verdict flips: the user's URLs, else paths derived from the rules.
	checkAgents := opts.Agents
	if checkAgents == nil {
		checkAgents = majors
	}
	urls, code, text := opts.URLs, "saved", msgGradeSaved
	if len(urls) == 0 {
		urls, code, text = diff.Probes(oldDoc, newDoc), "probed", msgGradeProbed
	}
	flips := 0
	for _, a := range checkAgents {
		e := engine.ForCrawler(a)
		rep := diff.Compare(diff.Input{Old: oldDoc, New: newDoc, Engines: []engine.Engine{e}, Agents: []string{a}, URLs: urls, Workers: 1,
			OldFor: func(id string) *syntax.Document { return oldRes.DocFor(id, oldDoc) },
			NewFor: func(id string) *syntax.Document { return newRes.DocFor(id, newDoc) }})
		for _, s := range rep.Summaries {
			flips += s.Blocked + s.Allowed
			sev := diag.Info
			if s.Blocked > 0 {
				sev = diag.Warning
				if code == "saved" {
					sev = diag.Error
				}
			}
			add(code, sev, msg.New(text, "Count", s.Blocked+s.Allowed, "Total", len(urls), "Agent", a, "Blocked", s.Blocked, "Allowed", s.Allowed))
		}
	}

	if len(out) == 0 && bothFiles {
		if normalized(oldDoc) == normalized(newDoc) {
			add("harmless", diag.Info, msg.New(msgGradeHarmless))
			return out
		}
		for _, g := range diff.RuleChanges(oldDoc, newDoc) {
			name := g.Name()
			if name == "" {
				name = "-"
			}
			add("rules", diag.Info, msg.New(msgGradeRules, "Group", name))
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Severity > out[j].Severity })
	return out
}

// answerFinding says how each engine's outcome changed with the answer.
func answerFinding(c Change, oldRes, newRes *fetch.Result) (Finding, bool) {
	if c.Old.Status == c.New.Status && c.Old.Unreachable == c.New.Unreachable && c.Old.TooMany == c.New.TooMany {
		return Finding{}, false
	}
	var parts []string
	worst := diag.Info
	// Engines with the same outcome are named together, in engine order.
	byOutcome := map[engine.FetchOutcome][]string{}
	var order []engine.FetchOutcome
	changed := false
	for _, o := range newRes.Outcomes {
		was, _ := oldRes.Outcome(o.Engine)
		if was.Outcome != o.Outcome {
			changed = true
		}
		if _, ok := byOutcome[o.Outcome]; !ok {
			order = append(order, o.Outcome)
		}
		byOutcome[o.Outcome] = append(byOutcome[o.Outcome], o.Engine)
		switch o.Outcome {
		case engine.FetchDisallowAll, engine.FetchFail, engine.FetchFollow:
			worst = diag.Error
		case engine.FetchAllowAll:
			worst = max(worst, diag.Warning)
		}
	}
	if !changed {
		return Finding{}, false
	}
	for _, k := range order {
		parts = append(parts, strings.Join(byOutcome[k], ", ")+": "+string(k))
	}
	return Finding{Code: "answer", Severity: worst, Text: msg.New(msgGradeAnswer, "Now", answerWord(c.New), "Was", answerWord(c.Old),
		"Outcomes", strings.Join(parts, "; "))}, true
}

func answerWord(v *Version) any {
	if v.Unreachable {
		return msg.New(msgGradeNoAnswer)
	}
	return v.Status
}

func isMajor(a string) bool {
	for _, m := range majors {
		if strings.EqualFold(m, a) {
			return true
		}
	}
	return false
}

// namedAgents are the User-agent values of both versions (not `*`).
func namedAgents(docs ...*syntax.Document) []string {
	var out []string
	for _, a := range diff.Agents(docs...) {
		if !syntax.IsStar(a) {
			out = append(out, a)
		}
	}
	return out
}

// starRules counts the rule lines of the groups `*` names.
func starRules(d *syntax.Document) int {
	gr := d.Groups(engine.WholeFileGroups())
	n := 0
	for _, g := range gr.Groups {
		star := false
		for _, a := range g.Agents {
			star = star || syntax.IsStar(d.Value(int(a)))
		}
		if !star {
			continue
		}
		for _, f := range g.Fields {
			if d.Line(int(f)).Kind.IsRule() {
				n++
			}
		}
	}
	return n
}

// normalized is what a reader takes from d, with comments, blank lines,
// the case of field names, spacing and the order of groups and of lines in
// a group set aside: equal for two files every crawler reads alike.
func normalized(d *syntax.Document) string {
	gr := d.Groups(engine.WholeFileGroups())
	line := func(n int32) string {
		l := d.Line(int(n))
		if l.Kind == syntax.Unknown {
			return strings.ToLower(d.Key(int(n))) + ":" + d.Value(int(n))
		}
		return l.Kind.String() + ":" + d.Value(int(n))
	}
	var groups []string
	for _, g := range gr.Groups {
		var agents, fields []string
		for _, a := range g.Agents {
			agents = append(agents, strings.ToLower(d.Value(int(a))))
		}
		for _, f := range g.Fields {
			fields = append(fields, line(f))
		}
		sort.Strings(agents)
		sort.Strings(fields)
		groups = append(groups, strings.Join(agents, "\x00")+"\x01"+strings.Join(fields, "\x00"))
	}
	sort.Strings(groups)
	var before []string
	for _, n := range gr.Before {
		before = append(before, line(n))
	}
	sort.Strings(before)
	return strings.Join(before, "\x00") + "\x02" + strings.Join(groups, "\x02")
}

// values are the values of every line of kind k, in order.
func values(d *syntax.Document, k syntax.Kind) []string {
	var out []string
	for i := range d.Lines {
		if d.Lines[i].Kind == k {
			out = append(out, d.Value(i+1))
		}
	}
	return out
}

// missing are the values of a not in b.
func missing(a, b []string) []string {
	in := map[string]bool{}
	for _, v := range b {
		in[v] = true
	}
	var out []string
	for _, v := range a {
		if !in[v] {
			out = append(out, v)
		}
	}
	return out
}

func orDash(v []string) string {
	if len(v) == 0 {
		return "-"
	}
	return strings.Join(v, " ")
}

// Worst is the highest severity of findings (ok false for none).
func Worst(fs []Finding) (diag.Severity, bool) {
	if len(fs) == 0 {
		return 0, false
	}
	w := fs[0].Severity
	for _, f := range fs {
		w = max(w, f.Severity)
	}
	return w, true
}
