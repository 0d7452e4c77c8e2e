package cli

import (
	"bufio"
	"fmt"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/robots-studio/robots-studio/internal/session"
	"github.com/robots-studio/robots-studio/tester/crawlers"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/testset"
)

var (
	msgSuiteNoneKept  = msg.Def("cli.test.saved_none", "no test set is kept for {{.File}} (looked in {{.Where}}); the window saves one with the file's tester rows")
	msgSuiteBadEngine = msg.Def("cli.test.suite_bad_engine", "{{.Err}} (valid: {{.Valid}})")
	msgSuiteNoneOwn   = msg.Def("cli.test.suite_none_own", "none of the test set's expectations ({{.Count}}) is pinned for a crawler's own reading: nothing would be checked (name their engines with --engine, or all)")
)

// runSuite checks the expectations of the test set at suitePath against the
// robots file: one line per expectation, a total, exit 1 when any fails. With
// engines (from --engine) only the expectations for those engines run.
func runSuite(env *Env, suitePath, robotsPath string, engines []string, timeout time.Duration) int {
	set, err := testset.Load(suitePath)
	if err != nil {
		return Failf(env, "test --suite: %v", err)
	}
	data, code := LoadRobots(env, robotsPath)
	if code >= 0 {
		return code
	}
	return runSet(env, set, suitePath, data, engines, timeout)
}

// runSaved runs the test set the window keeps for the robots file at
// robotsPath, found where the window keeps it (session.TestsFor: beside the
// file, or in the window's own folder), as runSuite does.
func runSaved(env *Env, robotsPath string, engines []string, timeout time.Duration) int {
	data, code := LoadRobots(env, robotsPath)
	if code >= 0 {
		return code
	}
	set, where, err := session.TestsFor(robotsPath, session.NewPlaces(session.AppStorage()))
	if err != nil {
		return Failf(env, "test --saved: %v", err)
	}
	if len(set.Crawlers) == 0 && len(set.Paths) == 0 {
		return Failf(env, "test --saved: %s", msg.New(msgSuiteNoneKept, "File", robotsPath, "Where", where))
	}
	return runSet(env, set, where, data, engines, timeout)
}

// runSet checks set's expectations (read from suitePath) against the robots
// file's bytes.
func runSet(env *Env, set *testset.Set, suitePath string, data []byte, engines []string, timeout time.Duration) int {
	var filter []string
	for _, id := range engines {
		if id == "all" {
			filter = nil
			break
		}
		filter = append(filter, id)
	}
	if own, named := ownAndNamed(filter); own {
		// each expectation pinned for its crawler's own reading, and those
		// of the engines named
		kept := *set
		kept.Expect = nil
		for _, e := range set.Expect {
			if slices.Contains(named, e.Engine) || e.Engine == engine.ForCrawler(crawlers.Resolve(e.Crawler).Token).Info().ID {
				kept.Expect = append(kept.Expect, e)
			}
		}
		if len(kept.Expect) == 0 && len(set.Expect) > 0 {
			return Failf(env, "test --suite: %s: %s", suitePath, msg.New(msgSuiteNoneOwn, "Count", len(set.Expect)))
		}
		set, filter = &kept, nil
	}
	doc := syntax.Parse(data)
	results := testset.EvaluateFor(func(id string) *syntax.Document { return env.docFor(id, doc) }, set, filter, timeout)
	for _, r := range results {
		if r.Err != nil {
			return Failf(env, "test --suite: %s: %s", suitePath, msg.New(msgSuiteBadEngine, "Err", r.Err.Error(), "Valid", strings.Join(engine.IDs(), ", ")))
		}
	}
	out := bufio.NewWriter(env.Stdout)
	defer out.Flush()
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	timedOut := 0
	for _, r := range results {
		status := "PASS"
		if !r.Pass {
			status = "FAIL"
		}
		if r.Verdict.TimedOut() {
			timedOut++
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\texpected %s, got %s\t%s\n", status, r.Engine, printable(quoteEmpty(r.Crawler)),
			printable(quoteEmpty(r.Path)), word(r.Allowed), got(&r.Verdict), printable(deciding(&r.Verdict)))
	}
	tw.Flush()
	failed := testset.Failed(results)
	noun := "expectations"
	if len(results) == 1 {
		noun = "expectation"
	}
	fmt.Fprintf(out, "%d %s: %d passed, %d failed\n", len(results), noun, len(results)-failed, failed)
	if timedOut > 0 {
		return ExitTimeout
	}
	if failed > 0 {
		return ExitFailure
	}
	return ExitOK
}

// got is the answer a verdict gave: allowed, blocked or timeout.
func got(v *engine.Verdict) string {
	if v.TimedOut() {
		return "timeout"
	}
	return word(v.Allowed)
}

func word(allowed bool) string {
	if allowed {
		return "allowed"
	}
	return "blocked"
}

// deciding names what decided a verdict: the rule's line, or why no rule did.
func deciding(v *engine.Verdict) string {
	switch {
	case v.Reason == engine.ReasonTimeout:
		return v.Error.String()
	case v.Reason == engine.ReasonFileError:
		return "file error: " + v.Error.String()
	case v.Reason == engine.ReasonRobotsTxt:
		return "robots.txt is always allowed"
	case v.Rule != nil:
		return fmt.Sprintf("line %d: %s", v.Rule.Line, v.Rule.Text)
	case v.Reason == engine.ReasonNoGroup:
		return "no group applies"
	case v.Reason == engine.ReasonEmptyGroup:
		return fmt.Sprintf("group at line %d has no rules", v.Group.Start())
	}
	return "no matching rule"
}
