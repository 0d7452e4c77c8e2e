package testset

import (
	"fmt"
	"slices"
	"time"

	"github.com/robots-studio/robots-studio/tester/aiaccess"
	"github.com/robots-studio/robots-studio/tester/crawlers"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// Result is one expectation checked against a file.
type Result struct {
	Expectation
	Verdict engine.Verdict // what the engine answered (zero when Err is set)
	Pass    bool           // Verdict.Allowed == Allowed
	Err     error          // the expectation names an engine that does not exist
}

// Evaluate checks the expectations of s against doc, in the order of s.Expect. When
// engineIDs is not empty only expectations for those engines are checked.
// Each engine compiles doc once.
func Evaluate(doc *syntax.Document, s *Set, engineIDs []string) []Result {
	return EvaluateFor(func(string) *syntax.Document { return doc }, s, engineIDs, 0)
}

// EvaluateFor is Evaluate with a document per engine (a robots.txt fetched
// from a site means another file to each engine when it was not served) and
// a time limit per query (0: none); a query over the limit fails its
// expectation with a timeout verdict.
func EvaluateFor(docFor func(engineID string) *syntax.Document, s *Set, engineIDs []string, limit time.Duration) []Result {
	compiled := map[string]engine.Compiled{}
	var out []Result
	for _, e := range s.Expect {
		if len(engineIDs) > 0 && !slices.Contains(engineIDs, e.Engine) {
			continue
		}
		r := Result{Expectation: e}
		c, ok := compiled[e.Engine]
		if !ok {
			eng, found := engine.Get(e.Engine)
			if !found {
				r.Err = fmt.Errorf("unknown engine %q", e.Engine)
				out = append(out, r)
				continue
			}
			c = engine.WithTimeout(eng.Compile(docFor(e.Engine)), limit)
			compiled[e.Engine] = c
		}
		// as the tester asks: a full User-Agent with its crawler's token
		r.Verdict = aiaccess.QueryResolved(c, crawlers.Resolve(e.Crawler), e.Path)
		r.Pass = r.Verdict.Allowed == e.Allowed && !r.Verdict.TimedOut()
		out = append(out, r)
	}
	return out
}

// Failed counts the results that did not pass (errors included).
func Failed(results []Result) int {
	n := 0
	for _, r := range results {
		if !r.Pass || r.Err != nil {
			n++
		}
	}
	return n
}
