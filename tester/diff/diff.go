// Package diff tells what a change of robots.txt changes: for every crawler,
// URL and engine, whether the verdict flips between two versions of the file,
// which lines decided before and after, and how the groups' rules changed.
// Without a list of URLs it probes paths made from the rules of both versions,
// so a change some URL would see is found without one.
package diff

import (
	"context"
	"io"
	"sort"
	"strings"

	"github.com/robots-studio/robots-studio/tester/batch"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/uri"
)

// Input is what to compare.
type Input struct {
	Old, New *syntax.Document
	Engines  []engine.Engine // nil = every engine
	Agents   []string        // crawler names as the tester takes them
	// URLs to check; nil = Probes(Old, New). Duplicates of a path are
	// answered once.
	URLs []string
	// Workers is how many goroutines query; 0 = GOMAXPROCS.
	Workers int
	// OldFor and NewFor, when set, give the document one engine obeys
	// (a fetched version means a different file to each engine when the
	// server did not answer 2xx); nil means Old and New for every engine.
	OldFor, NewFor func(engineID string) *syntax.Document
	// Exhaustive queries every URL for every (engine, agent) even where the
	// change cannot reach it (for tests of the shortcut).
	Exhaustive bool
	// EngineFor, when set, names the one engine (of Engines) each agent is
	// read by, as the tester's "each crawler's own" reading does; nil
	// reads every agent by every engine.
	EngineFor func(agent string) string
}

// Change is one (engine, crawler, URL) whose verdict flips.
type Change struct {
	Engine string
	Agent  string
	URL    string
	Old    *engine.Verdict
	New    *engine.Verdict
}

// NewlyBlocked reports whether the URL was allowed and is now blocked.
func (c *Change) NewlyBlocked() bool { return c.Old.Allowed && !c.New.Allowed }

// Decider is the rule that explains the change: the new version's deciding
// rule, or, when none decides any more, the old one (which was removed or
// stopped applying). fromOld tells which.
func (c *Change) Decider() (r *engine.Rule, fromOld bool) {
	if c.New.Rule != nil {
		return c.New.Rule, false
	}
	return c.Old.Rule, c.Old.Rule != nil
}

// RuleCount is how many changes one rule line explains.
type RuleCount struct {
	Line    int
	Text    string
	FromOld bool // the line is in the old version (removed or no longer applying)
	Count   int
}

// Summary is the changes of one crawler under one engine.
type Summary struct {
	Agent, Engine    string
	Blocked, Allowed int         // newly blocked, newly allowed
	BlockedBy        []RuleCount // most changes first
	AllowedBy        []RuleCount
	Changes          []int // indices into Report.Changes
}

// Report is the outcome of Compare.
type Report struct {
	Changes   []Change  // by agent, engine, then URL in input order
	Summaries []Summary // every (agent, engine) with at least one change, in that order
	Groups    []GroupChange
	Probed    bool // the URLs were derived from the rules
	URLs      int  // how many URLs were checked
	Queries   int  // how many verdicts were computed (both versions)
}

// Compare finds every (engine, agent, URL) whose verdict differs between
// in.Old and in.New. Each file is compiled once per engine; each distinct
// path is asked once per (engine, agent); work is spread over the cores.
func Compare(in Input) *Report {
	engines := in.Engines
	if engines == nil {
		engines = engine.All()
	}
	rep := &Report{Groups: RuleChanges(in.Old, in.New)}
	urls := in.URLs
	if urls == nil {
		urls = Probes(in.Old, in.New)
		rep.Probed = true
	}
	rep.URLs = len(urls)

	// Distinct paths, each asked with the first URL that has it.
	pathIndex := make(map[string]int, len(urls))
	var reps []string  // representative URL per path
	var paths []string // path per index
	urlPath := make([]int, len(urls))
	for i, u := range urls {
		p := uri.PathOf(u)
		k, ok := pathIndex[p]
		if !ok {
			k = len(reps)
			pathIndex[p] = k
			reps = append(reps, u)
			paths = append(paths, p)
		}
		urlPath[i] = k
	}

	al := align(in.Old, in.New)
	sc := newScope(in.Old, in.New, al)
	var candidates []int // path indices a rule-only change can reach
	if sc.usable && !in.Exhaustive {
		for k, p := range paths {
			if sc.reaches(p) {
				candidates = append(candidates, k)
			}
		}
	}
	all := make([]int, len(paths))
	for k := range all {
		all[k] = k
	}

	type compiledPair struct {
		old, new engine.Compiled
		own      bool // the engine reads other documents than Old and New
	}
	comp := make([]compiledPair, len(engines))
	for i, e := range engines {
		oldDoc, newDoc := in.Old, in.New
		if in.OldFor != nil {
			oldDoc = in.OldFor(e.Info().ID)
		}
		if in.NewFor != nil {
			newDoc = in.NewFor(e.Info().ID)
		}
		comp[i].own = oldDoc != in.Old || newDoc != in.New
	}
	parallel(len(engines)*2, in.Workers, func(i int) {
		e := engines[i/2]
		id := e.Info().ID
		if i%2 == 0 {
			doc := in.Old
			if in.OldFor != nil {
				doc = in.OldFor(id)
			}
			comp[i/2].old = e.Compile(doc)
		} else {
			doc := in.New
			if in.NewFor != nil {
				doc = in.NewFor(id)
			}
			comp[i/2].new = e.Compile(doc)
		}
	})

	// One task per (engine, agent, chunk of paths).
	type task struct {
		ei, ai int
		paths  []int
	}
	type found struct {
		ei, ai, path int
		old, new     *engine.Verdict
	}
	const chunk = 2048
	var tasks []task
	for ai, agent := range in.Agents {
		for ei := range engines {
			if in.EngineFor != nil && in.EngineFor(agent) != engines[ei].Info().ID {
				continue
			}
			todo := all
			switch {
			case in.Exhaustive || comp[ei].own:
			case sc.sameGroup(comp[ei].old, comp[ei].new, agent):
				todo = candidates
			default:
				if needles, ok := sc.groupDelta(comp[ei].old, comp[ei].new, agent); ok {
					todo = sc.candidatesFor(needles, paths)
				}
			}
			for s := 0; s < len(todo); s += chunk {
				tasks = append(tasks, task{ei, ai, todo[s:min(s+chunk, len(todo))]})
			}
		}
	}
	results := make([][]found, len(tasks))
	queries := make([]int, len(tasks))
	parallel(len(tasks), in.Workers, func(ti int) {
		t := tasks[ti]
		c := comp[t.ei]
		agent := in.Agents[t.ai]
		for _, k := range t.paths {
			vo := c.old.Query(agent, reps[k])
			vn := c.new.Query(agent, reps[k])
			if vo.Allowed != vn.Allowed {
				results[ti] = append(results[ti], found{t.ei, t.ai, k, &vo, &vn})
			}
		}
		queries[ti] = 2 * len(t.paths)
	})

	// Expand paths back to URLs, in agent, engine, URL order.
	byPair := map[[2]int]map[int][2]*engine.Verdict{}
	for ti, fs := range results {
		rep.Queries += queries[ti]
		for _, f := range fs {
			key := [2]int{f.ai, f.ei}
			if byPair[key] == nil {
				byPair[key] = map[int][2]*engine.Verdict{}
			}
			byPair[key][f.path] = [2]*engine.Verdict{f.old, f.new}
		}
	}
	for ai, agent := range in.Agents {
		for ei, e := range engines {
			flips := byPair[[2]int{ai, ei}]
			if len(flips) == 0 {
				continue
			}
			s := Summary{Agent: agent, Engine: e.Info().ID}
			for i, u := range urls {
				v, ok := flips[urlPath[i]]
				if !ok {
					continue
				}
				ch := Change{Engine: s.Engine, Agent: agent, URL: u, Old: v[0], New: v[1]}
				if ch.NewlyBlocked() {
					s.Blocked++
					s.BlockedBy = countRule(s.BlockedBy, &ch)
				} else {
					s.Allowed++
					s.AllowedBy = countRule(s.AllowedBy, &ch)
				}
				s.Changes = append(s.Changes, len(rep.Changes))
				rep.Changes = append(rep.Changes, ch)
			}
			sortCounts(s.BlockedBy)
			sortCounts(s.AllowedBy)
			rep.Summaries = append(rep.Summaries, s)
		}
	}
	return rep
}

func countRule(list []RuleCount, c *Change) []RuleCount {
	r, old := c.Decider()
	line, text := 0, ""
	if r != nil {
		line, text = r.Line, r.Text
	}
	for i := range list {
		if list[i].Line == line && list[i].FromOld == old {
			list[i].Count++
			return list
		}
	}
	return append(list, RuleCount{Line: line, Text: text, FromOld: old, Count: 1})
}

func sortCounts(list []RuleCount) {
	sort.SliceStable(list, func(i, j int) bool { return list[i].Count > list[j].Count })
}

// parallel runs f(0..n-1) on workers goroutines (0 = one per core), with
// the project's one worker pool (batch.Run).
func parallel(n, workers int, f func(i int)) {
	if workers <= 0 {
		workers = batch.Workers()
	}
	i := 0
	next := func() (int, error) {
		if i == n {
			return 0, io.EOF
		}
		i++
		return i - 1, nil
	}
	// f's results are written in place; nothing is emitted, nothing fails.
	_ = batch.Run(context.Background(), min(workers, max(n, 1)), next,
		func(_, job int) struct{} { f(job); return struct{}{} },
		func(struct{}) error { return nil })
}

// Agents is a default crawler list for a diff: the big three plus every
// product token either version names, in order of first appearance.
func Agents(docs ...*syntax.Document) []string {
	out := []string{"Googlebot", "bingbot", "YandexBot"}
	seen := map[string]bool{"googlebot": true, "bingbot": true, "yandexbot": true, "*": true, "": true}
	for _, d := range docs {
		for i := range d.Lines {
			if d.Lines[i].Kind != syntax.UserAgent {
				continue
			}
			for _, name := range strings.Fields(d.Value(i + 1)) {
				if l := strings.ToLower(name); !seen[l] {
					seen[l] = true
					out = append(out, name)
				}
			}
		}
	}
	return out
}
