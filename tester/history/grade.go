package history

import (
	"sort"
	"strconv"
	"strings"

	"github.com/robots-studio/robots-studio/tester/crawlers"
	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/diff"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/fetch"
	"github.com/robots-studio/robots-studio/tester/hostname"
	"github.com/robots-studio/robots-studio/tester/mirror"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

var (
	msgGradeFirst         = msg.Def("history.grade.first", "first version kept: nothing to compare with yet")
	msgGradeRedirects     = msg.Def("history.grade.redirects", "the server still answers {{.Now}}, by other redirects; every reading does as before")
	msgGradeAnswer        = msg.Def("history.grade.answer", "the server now answers {{.Now}} (was {{.Was}}): {{.Outcomes}}")
	msgGradeGone          = msg.Def("history.grade.gone", "the server no longer answers (was {{.Was}}): {{.Outcomes}}")
	msgGradeStarRoot      = msg.Def("history.grade.star_root", "the `*` group now disallows `/` (was: {{.Rules}})")
	msgGradeStarOpen      = msg.Def("history.grade.star_open", "the `*` group no longer disallows `/`")
	msgGradeMajorRoot     = msg.Def("history.grade.major_root", "{{.Agent}} may no longer fetch `/`")
	msgGradeMajorOpen     = msg.Def("history.grade.major_open", "{{.Agent}} may fetch `/` again")
	msgGradeAIOpen        = msg.Def("history.grade.ai_open", "{{.Agent}} newly allowed (an AI crawler: {{.Purpose}})")
	msgGradeAIClosed      = msg.Def("history.grade.ai_closed", "{{.Agent}} newly disallowed `/` (an AI crawler: {{.Purpose}})")
	msgGradeSitemapGo     = msg.Def("history.grade.sitemap_removed", "sitemap line removed: {{.URL}}")
	msgGradeSitemapIn     = msg.Def("history.grade.sitemap_added", "sitemap line added: {{.URL}}")
	msgGradeHost          = msg.Def("history.grade.host", "Host changed: {{.Was}} → {{.Now}}")
	msgGradeSaved         = msg.Def("history.grade.saved", "{{.Count}} of your {{.Total}} saved URLs flip for {{.Agent}} ({{.Blocked}} newly blocked, {{.Allowed}} newly allowed)")
	msgGradeProbed        = msg.Def("history.grade.probed", "{{.Count}} paths derived from the rules flip for {{.Agent}} ({{.Blocked}} newly blocked, {{.Allowed}} newly allowed)")
	msgGradeHarmless      = msg.Def("history.grade.harmless", "harmless: no reading answers a path derived from the rules differently, nor gives another Crawl-delay (comments, order, spacing, case or repeated lines changed)")
	msgGradeHarmlessNames = msg.Def("history.grade.harmless_names", "harmless: no reading answers differently for the {{.Names}} of {{.AllNames}} crawler names and the {{.Checked}} of {{.Total}} paths derived from the rules that were checked, nor gives another Crawl-delay (comments, order, spacing, case or repeated lines changed)")
	msgGradeHarmlessSome  = msg.Def("history.grade.harmless_some", "harmless: no reading answers differently on the {{.Checked}} of {{.Total}} paths derived from the rules that were checked, nor gives another Crawl-delay (comments, order, spacing, case or repeated lines changed)")
	msgGradeReadings      = msg.Def("history.grade.readings", "not harmless for {{.Readings}}: they read the new version differently; for example {{.Example}}")
	msgGradeExVerdict     = msg.Def("history.grade.example_verdict", "{{.Reading}}, {{.Agent}}, {{.Path}}: {{.Was}} → {{.Now}}")
	msgGradeExDelay       = msg.Def("history.grade.example_delay", "{{.Reading}}, Crawl-delay for {{.Agent}}: {{.Was}} → {{.Now}}")
	msgGradeAllowed       = msg.Def("history.grade.allowed", "allowed")
	msgGradeBlocked       = msg.Def("history.grade.blocked", "blocked")
	msgGradeNoDelay       = msg.Def("history.grade.no_delay", "none")
	msgGradeUnnamed       = msg.Def("history.grade.unnamed_agent", "a crawler no group names")
	msgGradeFields        = msg.Def("history.grade.fields", "lines changed {{.Group}}: {{.Lines}}; no reading here answers a path differently for them, but a crawler that reads these fields may act on them")
	msgGradeInGroup       = msg.Def("history.grade.in_group", "in the group of `{{.Agents}}`")
	msgGradeBefore        = msg.Def("history.grade.before_groups", "before the first User-agent line")
	msgGradeNRules        = msg.Def("history.n.rules", "{{.Count}} rules")
	_                     = msg.One("history.n.rules", "{{.Count}} rule")
	msgGradeNoAnswer      = msg.Def("history.grade.no_answer", "no answer")
)

// Finding is one thing a change does, with how much it matters.
type Finding struct {
	Code     string // stable: first, answer, star-root, major-root, ai-open, sitemap-removed, host, saved, probed, readings, fields, harmless…
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
		if was, now, changed := hostChange(oldDoc, newDoc); changed {
			add("host", diag.Warning, msg.New(msgGradeHost, "Was", was, "Now", now))
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

	// Nothing above: is the change read alike by every reading?
	if len(out) == 0 && bothFiles {
		f, differs, checked, total, names, allNames := readingsFinding(oldDoc, newDoc, oldRes, newRes, opts.Agents)
		if differs {
			out = append(out, f)
		}
		out = append(out, otherFields(oldDoc, newDoc)...)
		if len(out) == 0 {
			if names < allNames {
				add("harmless", diag.Info, msg.New(msgGradeHarmlessNames, "Names", names, "AllNames", allNames, "Checked", checked, "Total", total))
			} else if checked < total {
				add("harmless", diag.Info, msg.New(msgGradeHarmlessSome, "Checked", checked, "Total", total))
			} else {
				add("harmless", diag.Info, msg.New(msgGradeHarmless))
			}
			return out
		}
	}
	if len(out) == 0 {
		// a new version with the same status and no file to compare
		// (a 404 that now redirects elsewhere): still said
		add("answer", diag.Info, msg.New(msgGradeRedirects, "Now", answerWord(c.New)))
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
		worst = diag.Info // the status changed, every reading does as before
	}
	for _, k := range order {
		parts = append(parts, strings.Join(byOutcome[k], ", ")+": "+string(k))
	}
	text := msg.New(msgGradeAnswer, "Now", answerWord(c.New), "Was", answerWord(c.Old), "Outcomes", strings.Join(parts, "; "))
	if c.New.Unreachable {
		text = msg.New(msgGradeGone, "Was", answerWord(c.Old), "Outcomes", strings.Join(parts, "; "))
	}
	return Finding{Code: "answer", Severity: worst, Text: text}, true
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

// unnamedBot is a crawler no group names: the one the `*` group is for.
const unnamedBot = "RobotsStudioUnnamedBot"

// readingsFinding asks every reading of the engine registry (diff.Compare
// given no engine list, as the Changes view compares) about every crawler
// either version names, the crawlers checked and one no group names, on the
// paths derived from both versions' rules, and asks each reading the
// Crawl-delay it gives each of them. The readings that answer anything
// differently are named, in the engines' order, with the first one's first
// difference as an example; differs is false when every reading answers
// alike. checked of total derived paths were asked (see maxReadingPairs).
// Order matters here only where a reading makes it matter: the first
// matching rule or group of the 1990s texts and of some libraries, a line
// that ends a group for one reading and not for another.
func readingsFinding(oldDoc, newDoc *syntax.Document, oldRes, newRes *fetch.Result, extra []string) (f Finding, differs bool, checked, total, names, allNames int) {
	// The crawlers asked: one no group names, the user's, then the names
	// the versions give, spread over the list past maxReadingAgents (a
	// file of 20,000 names would otherwise ask every reading about each).
	agents := []string{unnamedBot}
	seen := map[string]bool{strings.ToLower(unnamedBot): true}
	for _, a := range extra {
		if k := strings.ToLower(a); !seen[k] && !syntax.IsStar(a) {
			seen[k] = true
			agents = append(agents, a)
		}
	}
	var named []string
	for _, a := range diff.Agents(oldDoc, newDoc) {
		if k := strings.ToLower(a); !seen[k] {
			seen[k] = true
			named = append(named, a)
		}
	}
	allNames = len(agents) + len(named)
	agents = append(agents, spread(named, max(maxReadingAgents-len(agents), 2))...)
	names = len(agents)
	oldFor := func(id string) *syntax.Document { return oldRes.DocFor(id, oldDoc) }
	newFor := func(id string) *syntax.Document { return newRes.DocFor(id, newDoc) }
	all := diff.Probes(oldDoc, newDoc)
	paths := spread(all, max(maxReadingPairs/len(agents), 2))
	rep := diff.Compare(diff.Input{Old: oldDoc, New: newDoc, Agents: agents, URLs: paths, Workers: 1, OldFor: oldFor, NewFor: newFor})
	examples := map[string]msg.Text{}
	for _, ch := range rep.Changes {
		if _, ok := examples[ch.Engine]; !ok {
			examples[ch.Engine] = msg.New(msgGradeExVerdict, "Reading", engine.NameOf(ch.Engine), "Path", ch.URL, "Agent", agentWord(ch.Agent),
				"Was", verdictWord(ch.Old.Allowed), "Now", verdictWord(ch.New.Allowed))
		}
	}
	var ids, readings []string
	for _, e := range engine.All() {
		id := e.Info().ID
		if _, ok := examples[id]; !ok {
			co, cn := e.Compile(oldFor(id)), e.Compile(newFor(id))
			for _, a := range agents {
				was, now := co.Query(a, "/").Delay, cn.Query(a, "/").Delay
				if (was == nil) != (now == nil) || was != nil && was.Seconds != now.Seconds {
					examples[id] = msg.New(msgGradeExDelay, "Reading", engine.NameOf(id), "Agent", agentWord(a), "Was", delayWord(was), "Now", delayWord(now))
					break
				}
			}
		}
		if _, ok := examples[id]; ok {
			ids = append(ids, id)
			readings = append(readings, engine.NameOf(id).String())
		}
	}
	if len(ids) == 0 {
		return Finding{}, false, len(paths), len(all), names, allNames
	}
	f = Finding{Code: "readings", Severity: diag.Info, Text: msg.New(msgGradeReadings, "Readings", engine.JoinNames(readings), "Example", examples[ids[0]])}
	return f, true, len(paths), len(all), names, allNames
}

// maxReadingPairs bounds the (crawler, path) pairs every reading is asked
// about when a change is graded: the library readings take up to 0.2 ms a
// query on a long file, and a file of 70 KB derives some 30,000 paths.
const maxReadingPairs = 2048

// maxReadingAgents bounds the crawler names asked about (see
// readingsFinding); with maxReadingPairs each is asked about at least 32
// paths.
const maxReadingAgents = 64

// spread is at most n of paths, evenly spread over the list, the first two
// ("/" and "/robots.txt") always among them.
func spread(paths []string, n int) []string {
	if len(paths) <= n {
		return paths
	}
	out := make([]string, 0, n)
	out = append(out, paths[:2]...)
	rest := paths[2:]
	for i := range n - 2 {
		out = append(out, rest[i*len(rest)/(n-2)])
	}
	return out
}

func agentWord(a string) any {
	if a == unnamedBot {
		return msg.New(msgGradeUnnamed)
	}
	return a
}

func verdictWord(allowed bool) msg.Text {
	if allowed {
		return msg.New(msgGradeAllowed)
	}
	return msg.New(msgGradeBlocked)
}

func delayWord(d *engine.Delay) any {
	if d == nil {
		return msg.New(msgGradeNoDelay)
	}
	return strconv.FormatFloat(d.Seconds, 'f', -1, 64)
}

// otherKinds are the fields whose change no verdict and no Crawl-delay
// shows, nor a finding above (Sitemap and Host have theirs): Clean-param,
// the AI preference lines, fields no reading here knows. A crawler that
// reads one may act on its change.
var otherKinds = map[syntax.Kind]bool{syntax.CleanParam: true, syntax.RequestRate: true, syntax.VisitTime: true,
	syntax.Noindex: true, syntax.ContentSignal: true, syntax.ContentUsage: true, syntax.Unknown: true}

// otherFields says, group by group, which lines of otherKinds one version
// has and the other has not: each compared by its field (any case) and its
// value, so that a line repeated or moved within its group is no change.
// Groups are known by their User-agent names, as diff.RuleChanges knows
// them.
func otherFields(oldDoc, newDoc *syntax.Document) []Finding {
	oldSet, order := fieldSet(oldDoc, nil)
	newSet, order := fieldSet(newDoc, order)
	var out []Finding
	for _, key := range order {
		var lines []string
		for _, l := range oldSet[key].lines {
			if !newSet[key].has[l.key] {
				lines = append(lines, "− "+l.text)
			}
		}
		for _, l := range newSet[key].lines {
			if !oldSet[key].has[l.key] {
				lines = append(lines, "+ "+l.text)
			}
		}
		if len(lines) > 0 {
			out = append(out, Finding{Code: "fields", Severity: diag.Info, Text: msg.New(msgGradeFields, "Group", groupWord(key), "Lines", strings.Join(lines, "; "))})
		}
	}
	return out
}

// groupWord names a group by its User-agent names, or says that the lines
// come before the first User-agent line.
func groupWord(key string) msg.Text {
	if key == "" {
		return msg.New(msgGradeBefore)
	}
	return msg.New(msgGradeInGroup, "Agents", strings.ReplaceAll(key, "\x00", ", "))
}

type fieldLine struct{ key, text string }

type fieldLines struct {
	has   map[string]bool
	lines []fieldLine // first of each key, in file order
}

// fieldSet is d's lines of otherKinds by group key (User-agent names in
// lower case, sorted, NUL-joined; "" before the first User-agent line),
// new keys appended to order.
func fieldSet(d *syntax.Document, order []string) (map[string]*fieldLines, []string) {
	gr := d.Groups(engine.WholeFileGroups())
	out := map[string]*fieldLines{}
	for _, k := range order {
		out[k] = &fieldLines{has: map[string]bool{}}
	}
	for i := range d.Lines {
		n := i + 1
		kind := d.Lines[i].Kind
		if !otherKinds[kind] {
			continue
		}
		key := ""
		if gi := gr.Of(n); gi >= 0 {
			var names []string
			for _, a := range gr.Groups[gi].Agents {
				names = append(names, strings.ToLower(strings.TrimSpace(d.Value(int(a)))))
			}
			sort.Strings(names)
			key = strings.Join(names, "\x00")
		}
		set, ok := out[key]
		if !ok {
			set = &fieldLines{has: map[string]bool{}}
			out[key] = set
			order = append(order, key)
		}
		field := kind.String()
		if kind == syntax.Unknown {
			field = strings.ToLower(d.Key(n))
		}
		k := field + ":" + strings.TrimSpace(d.Value(n))
		if !set.has[k] {
			set.has[k] = true
			set.lines = append(set.lines, fieldLine{k, d.RuleText(n)})
		}
	}
	for _, k := range order {
		if out[k] == nil {
			out[k] = &fieldLines{has: map[string]bool{}}
		}
	}
	return out, order
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

// hostChange compares the main mirror each version names as its readers
// take it (mirror.Analyse: the first valid Host line, wherever it stands),
// not the Host lines as text: a Host line repeated, moved or following an
// ignored one, or a name spelled in another case, is no change. was and now
// are the names shown, "-" for none.
func hostChange(oldDoc, newDoc *syntax.Document) (was, now string, changed bool) {
	effective := func(d *syntax.Document) (hostname.Name, bool) {
		a := mirror.Analyse(d)
		if a.Effective < 0 {
			return hostname.Name{}, false
		}
		return a.Hosts[a.Effective].Name(), true
	}
	o, oldOK := effective(oldDoc)
	n, newOK := effective(newDoc)
	if oldOK == newOK && (!oldOK || o.SameMirror(n)) {
		return "", "", false
	}
	was, now = "-", "-"
	if oldOK {
		was = o.Display()
	}
	if newOK {
		now = n.Display()
	}
	return was, now, true
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
