package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/robots-studio/robots-studio/tester/batch"
	"github.com/robots-studio/robots-studio/tester/diff"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/fetch"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

const diffUsage = "[--engine ID|all] [--agent NAME]... [--urls FILE] [--json] [--fail-on any|blocked|allowed] [--jobs N] OLD NEW"

var (
	msgDiffFlagAgent  = msg.Def("live.diff.flag_agent", "crawler name; repeat for several (default: Googlebot, bingbot, YandexBot and every name either version uses)")
	msgDiffFlagURLs   = msg.Def("live.diff.flag_urls", "check the URLs or paths in FILE, one per line (- = stdin); default: paths derived from the rules")
	msgDiffFlagJSON   = msg.Def("live.diff.flag_json", "one JSON object per change")
	msgDiffTwo        = msg.Def("live.diff.two", "give OLD and NEW (a file, - or an http(s) URL)")
	msgDiffBadFailOn  = msg.Def("live.diff.bad_fail_on", "--fail-on must be any, blocked or allowed, not {{.Value}}")
	msgDiffStdinTwice = msg.Def("live.diff.stdin_twice", "OLD and NEW cannot both read standard input")
	msgDiffHeader     = msg.Def("live.diff.header", "{{.Agent}} ({{.Engine}}): {{.Blocked}} newly blocked, {{.Allowed}} newly allowed")
	msgChanges        = msg.Def("live.n.changes", "{{.Count}} changes")
	msgURLs           = msg.Def("live.n.urls", "{{.Count}} URLs")
	msgPaths          = msg.Def("live.n.paths", "{{.Count}} paths")
	msgDiffTotal      = msg.Def("live.diff.total", "{{.Changes}} ({{.Blocked}} newly blocked, {{.Allowed}} newly allowed) over {{.URLs}}")
	msgDiffProbed     = msg.Def("live.diff.probed", "no URL list: paths derived from the rules of both versions ({{.URLs}})")
	msgDiffNone       = msg.Def("live.diff.none", "no verdict changes")
	msgDiffGroup      = msg.Def("live.diff.group", "group {{.Name}}:")
	msgDiffNoGroup    = msg.Def("live.diff.no_group", "before the first User-agent line:")
	msgDiffLine       = msg.Def("live.diff.line", "line {{.Line}}: {{.Rule}}")
	msgDiffWasLine    = msg.Def("live.diff.was_line", "was line {{.Line}}: {{.Rule}}")
	msgDiffNoRule     = msg.Def("live.diff.no_rule", "no matching rule")
	msgDiffOldLine    = msg.Def("live.diff.old_line", "old line {{.Line}}")
	msgDiffNewLine    = msg.Def("live.diff.new_line", "new line {{.Line}}")
)

func init() {
	Register(Command{
		Name:    "diff",
		Usage:   diffUsage,
		Summary: msg.Def("live.cli.diff_summary", "list every crawler and URL whose verdict changes between two versions of a robots.txt, with the deciding lines; exit 1 when a change of the --fail-on kind exists"),
		Run:     runDiff,
	})
}

// JSONChange is the --json form of one change.
type JSONChange struct {
	Engine string      `json:"engine"`
	Agent  string      `json:"agent"`
	URL    string      `json:"url"`
	Old    JSONVersion `json:"old"`
	New    JSONVersion `json:"new"`
}

// JSONVersion is one side of a change.
type JSONVersion struct {
	Allowed bool          `json:"allowed"`
	Rule    *JSONRuleLine `json:"rule"`
}

// JSONRuleLine is the deciding line of one side.
type JSONRuleLine struct {
	Line int    `json:"line"`
	Text string `json:"text"`
}

func versionJSON(v *engine.Verdict) JSONVersion {
	j := JSONVersion{Allowed: v.Allowed}
	if v.Rule != nil {
		j.Rule = &JSONRuleLine{Line: v.Rule.Line, Text: v.Rule.Text}
	}
	return j
}

// version is OLD or NEW: its document and, for a URL, the fetch.
type version struct {
	doc *syntax.Document
	res *fetch.Result
}

func loadVersion(env *Env, arg string) (version, int) {
	if fetch.IsURL(arg) {
		data, r, code := loadRemote(env, arg)
		if code >= 0 {
			return version{}, code
		}
		return version{doc: syntax.Parse(data), res: r.res}, -1
	}
	data, code := LoadRobots(env, arg)
	if code >= 0 {
		return version{}, code
	}
	return version{doc: syntax.Parse(data)}, -1
}

func runDiff(env *Env, args []string) int {
	fs := NewFlags(env, "diff", diffUsage)
	var agents StringList
	engineID := fs.String("engine", "", msg.Def("live.diff.flag_engine", "engine id or all; default: each crawler's own (its catalogue engine: Googlebot → google, Yandex robots → yandex, bingbot → bing; any other crawler → rfc9309)"))
	fs.Var(&agents, "agent", msgDiffFlagAgent)
	urlsFile := fs.String("urls", "", msgDiffFlagURLs)
	asJSON := fs.Bool("json", false, msgDiffFlagJSON)
	failOn := fs.String("fail-on", "any", msg.Def("live.diff.flag_fail_on", "exit 1 when a change of this kind exists: any, blocked (newly blocked) or allowed (newly allowed)"))
	jobs := JobsFlag(fs)
	pos, code := ParseFlags(fs, args)
	if code >= 0 {
		return code
	}
	defer LimitCores(*jobs)()
	if len(pos) != 2 {
		return Failf(env, "diff: %s\nusage: robots-studio diff %s", msg.New(msgDiffTwo), diffUsage)
	}
	if *failOn != "any" && *failOn != "blocked" && *failOn != "allowed" {
		return Failf(env, "diff: %s", msg.New(msgDiffBadFailOn, "Value", strconv.Quote(*failOn)))
	}
	if pos[0] == "-" && pos[1] == "-" {
		return Failf(env, "diff: %s", msg.New(msgDiffStdinTwice))
	}
	var engines []engine.Engine
	if *engineID != "" {
		var err error
		if engines, err = ResolveEngines([]string{*engineID}); err != nil {
			return Failf(env, "diff: %v", err)
		}
	}
	// --json with --urls streams: the changes of each block of URLs are
	// written as soon as it is answered, so a list of any length (standard
	// input from another program's pipe) runs in constant memory.
	stream := *asJSON && *urlsFile != ""
	if stream && *urlsFile == "-" && (pos[0] == "-" || pos[1] == "-") {
		return Failf(env, "diff: %s", msg.New(msgTestStdinTwice))
	}
	var urls []string
	if *urlsFile != "" && !stream {
		var err error
		urls, err = readLines(env, *urlsFile, pos[0] == "-" || pos[1] == "-")
		if err != nil {
			return Failf(env, "diff: %v", err)
		}
		if urls == nil {
			urls = []string{}
		}
	}
	oldV, code := loadVersion(env, pos[0])
	if code >= 0 {
		return code
	}
	newV, code := loadVersion(env, pos[1])
	if code >= 0 {
		return code
	}
	if len(agents) == 0 {
		agents = diff.Agents(oldV.doc, newV.doc)
	}
	w := bufio.NewWriter(env.Stdout)
	defer w.Flush()
	if stream {
		return streamDiff(env, w, oldV, newV, engines, agents, *urlsFile, Workers(*jobs), *failOn)
	}
	rep := compareVersions(oldV, newV, engines, agents, urls, Workers(*jobs))
	if *asJSON {
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		for i := range rep.Changes {
			c := &rep.Changes[i]
			enc.Encode(JSONChange{Engine: c.Engine, Agent: c.Agent, URL: c.URL, Old: versionJSON(c.Old), New: versionJSON(c.New)})
		}
	} else {
		writeDiff(terminalSafe{w}, rep)
	}
	for _, s := range rep.Summaries {
		if *failOn == "any" || *failOn == "blocked" && s.Blocked > 0 || *failOn == "allowed" && s.Allowed > 0 {
			return ExitFailure
		}
	}
	return ExitOK
}

// compareVersions runs the diff engine by engine: a fetched version may
// mean a different file to each engine (a 403 is "allow all" for Google and
// "stay out" for the 1996 draft). engines nil: each crawler's own engine.
func compareVersions(oldV, newV version, engines []engine.Engine, agents, urls []string, workers int) *diff.Report {
	type job struct {
		e      engine.Engine
		agents []string
	}
	var jobs []job
	if engines == nil {
		byID := map[string]int{}
		for _, a := range agents {
			e := engine.ForCrawler(a)
			k, ok := byID[e.Info().ID]
			if !ok {
				k = len(jobs)
				byID[e.Info().ID] = k
				jobs = append(jobs, job{e: e})
			}
			jobs[k].agents = append(jobs[k].agents, a)
		}
	} else {
		for _, e := range engines {
			jobs = append(jobs, job{e, agents})
		}
	}
	probed := urls == nil
	if probed {
		urls = diff.Probes(oldV.doc, newV.doc)
	}
	merged := &diff.Report{Groups: diff.RuleChanges(oldV.doc, newV.doc), URLs: len(urls), Probed: probed}
	agentOrder := map[string]int{}
	for i, a := range agents {
		if _, ok := agentOrder[a]; !ok {
			agentOrder[a] = i
		}
	}
	var sums []diff.Summary
	var changes [][]diff.Change
	for _, j := range jobs {
		r := diff.Compare(diff.Input{Old: oldV.doc, New: newV.doc,
			OldFor:  func(id string) *syntax.Document { return oldV.res.DocFor(id, oldV.doc) },
			NewFor:  func(id string) *syntax.Document { return newV.res.DocFor(id, newV.doc) },
			Engines: []engine.Engine{j.e}, Agents: j.agents, URLs: urls, Workers: workers})
		merged.Queries += r.Queries
		for _, s := range r.Summaries {
			var cs []diff.Change
			for _, k := range s.Changes {
				cs = append(cs, r.Changes[k])
			}
			sums = append(sums, s)
			changes = append(changes, cs)
		}
	}
	order := make([]int, len(sums))
	for i := range order {
		order[i] = i
	}
	engineOrder := func(id string) int {
		e, _ := engine.Get(id)
		return e.Info().Order
	}
	sort.SliceStable(order, func(a, b int) bool {
		sa, sb := sums[order[a]], sums[order[b]]
		if agentOrder[sa.Agent] != agentOrder[sb.Agent] {
			return agentOrder[sa.Agent] < agentOrder[sb.Agent]
		}
		return engineOrder(sa.Engine) < engineOrder(sb.Engine)
	})
	for _, i := range order {
		s := sums[i]
		s.Changes = s.Changes[:0]
		for _, c := range changes[i] {
			// A version the server did not serve has no lines: its
			// verdicts come from the fetch outcome, not from a rule.
			c.Old = withoutSyntheticRule(c.Old, oldV.res)
			c.New = withoutSyntheticRule(c.New, newV.res)
			s.Changes = append(s.Changes, len(merged.Changes))
			merged.Changes = append(merged.Changes, c)
		}
		merged.Summaries = append(merged.Summaries, s)
	}
	return merged
}

// streamDiff is `diff --json --urls FILE`: the URLs are read in blocks as
// they come, each block compared on one of workers goroutines, and its
// changes written one JSON object per line in the order of the list (for
// one URL, by crawler and engine as the text report orders them), the
// same bytes for any number of workers.
func streamDiff(env *Env, w *bufio.Writer, oldV, newV version, engines []engine.Engine, agents []string, urlsFile string, workers int, failOn string) int {
	next, wait := lineBlocks(env, urlsFile, 4096)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	blocked, allowed := 0, 0
	work := func(_ int, urls []string) []diff.Change {
		rep := compareVersions(oldV, newV, engines, agents, urls, 1)
		// Compare lists by crawler and engine, then URL: the k-th change of
		// a (crawler, engine) for a URL is that URL's k-th place in the
		// block, and a stable sort by place gives the order of the list.
		places := make(map[string][]int, len(urls))
		for i, u := range urls {
			places[u] = append(places[u], i)
		}
		at := make([]int, len(rep.Changes))
		for _, s := range rep.Summaries {
			seen := map[string]int{}
			for _, k := range s.Changes {
				u := rep.Changes[k].URL
				at[k] = places[u][seen[u]]
				seen[u]++
			}
		}
		order := make([]int, len(rep.Changes))
		for i := range order {
			order[i] = i
		}
		sort.SliceStable(order, func(a, b int) bool { return at[order[a]] < at[order[b]] })
		out := make([]diff.Change, len(order))
		for i, k := range order {
			out[i] = rep.Changes[k]
		}
		return out
	}
	err := batch.Run(context.Background(), workers, next, work, func(cs []diff.Change) error {
		for i := range cs {
			c := &cs[i]
			if c.NewlyBlocked() {
				blocked++
			} else {
				allowed++
			}
			if err := enc.Encode(JSONChange{Engine: c.Engine, Agent: c.Agent, URL: c.URL, Old: versionJSON(c.Old), New: versionJSON(c.New)}); err != nil {
				return err
			}
		}
		return nil
	})
	if rerr := wait(); err == nil {
		err = rerr
	}
	if err != nil {
		w.Flush()
		return Failf(env, "diff: --urls %v", err)
	}
	if failOn == "any" && blocked+allowed > 0 || failOn == "blocked" && blocked > 0 || failOn == "allowed" && allowed > 0 {
		return ExitFailure
	}
	return ExitOK
}

// writeDiff prints one block per (crawler, engine) with its totals and one
// line per change, then the total, then the rule changes per group.
func writeDiff(w io.Writer, rep *diff.Report) {
	blocked, allowed := 0, 0
	for _, s := range rep.Summaries {
		blocked += s.Blocked
		allowed += s.Allowed
		fmt.Fprintln(w, msg.New(msgDiffHeader, "Agent", quoteEmpty(s.Agent), "Engine", s.Engine, "Blocked", s.Blocked, "Allowed", s.Allowed))
		for _, k := range s.Changes {
			c := &rep.Changes[k]
			from, to := "allowed", "blocked"
			if !c.NewlyBlocked() {
				from, to = to, from
			}
			fmt.Fprintf(w, "  %s  %s  %s → %s  (%s)\n", printable(quoteEmpty(c.Agent)), printable(quoteEmpty(c.URL)), from, to, deciderText(c))
		}
	}
	if len(rep.Changes) == 0 {
		fmt.Fprintln(w, msg.New(msgDiffNone))
	} else {
		fmt.Fprintln(w, msg.New(msgDiffTotal, "Changes", msg.New(msgChanges, "Count", len(rep.Changes)), "Blocked", blocked, "Allowed", allowed, "URLs", msg.New(msgURLs, "Count", rep.URLs)))
	}
	if rep.Probed {
		fmt.Fprintln(w, msg.New(msgDiffProbed, "URLs", msg.New(msgPaths, "Count", rep.URLs)))
	}
	for _, g := range rep.Groups {
		if len(g.Agents) == 0 {
			fmt.Fprintln(w, msg.New(msgDiffNoGroup))
		} else {
			fmt.Fprintln(w, msg.New(msgDiffGroup, "Name", g.Name()))
		}
		for _, r := range g.Removed {
			fmt.Fprintf(w, "  - %s  (%s)\n", r.Text, msg.New(msgDiffOldLine, "Line", r.Line))
		}
		for _, r := range g.Added {
			fmt.Fprintf(w, "  + %s  (%s)\n", r.Text, msg.New(msgDiffNewLine, "Line", r.Line))
		}
	}
}

// deciderText is "line N: RULE" for the rule that explains a change.
func deciderText(c *diff.Change) string {
	r, fromOld := c.Decider()
	switch {
	case r == nil:
		return msg.New(msgDiffNoRule).String()
	case fromOld:
		return msg.New(msgDiffWasLine, "Line", r.Line, "Rule", r.Text).String()
	}
	return msg.New(msgDiffLine, "Line", r.Line, "Rule", r.Text).String()
}

func withoutSyntheticRule(v *engine.Verdict, res *fetch.Result) *engine.Verdict {
	if res == nil {
		return v
	}
	if o, _ := res.Outcome(v.Engine); o.Outcome == engine.FetchUseFile {
		return v
	}
	c := *v
	c.Rule, c.Group = nil, nil
	return &c
}

// readLines reads the non-empty lines of path ("-" = stdin, unless stdin
// already carries a robots.txt).
func readLines(env *Env, path string, stdinTaken bool) ([]string, error) {
	if path == "-" && stdinTaken {
		return nil, msg.Error(msgTestStdinTwice)
	}
	var lines []string
	err := urlLines(path, env.Stdin, func(line string) error {
		if strings.TrimSpace(line) != "" {
			lines = append(lines, line)
		}
		return nil
	})
	return lines, err
}
