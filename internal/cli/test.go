package cli

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/robots-studio/robots-studio/tester/aiaccess"
	"github.com/robots-studio/robots-studio/tester/aipref"
	"github.com/robots-studio/robots-studio/tester/batch"
	"github.com/robots-studio/robots-studio/tester/crawlers"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/report"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

const testUsage = "[--engine ID|own|all] --agent NAME [--agent NAME]... [--json] [--urls FILE] [--count] [--timeout D] [--jobs N] ROBOTS_FILE [URL...]\n       robots-studio test --suite FILENAME.tests.json [--engine ID|own|all] [--timeout D] ROBOTS_FILE\n       robots-studio test --saved [--engine ID|own|all] [--timeout D] ROBOTS_FILE"

// ExitTimeout: at least one query took longer than --timeout; its result
// says so and the others are printed as usual.
const ExitTimeout = 3

// DefaultTimeout is the time limit of one query.
const DefaultTimeout = 10 * time.Second

var (
	msgMissingArg        = msg.Def("cli.missing_arg", "missing {{.Arg}}")
	msgTestUnknownEngine = msg.Def("cli.test.unknown_engine", "unknown engine {{.Name}}; valid: {{.Valid}}, all")
	msgTestSuiteOnly     = msg.Def("cli.test.suite_only", "the crawlers and URLs come from the test set; give only --engine, --timeout and ROBOTS_FILE")
	msgTestNoAgent       = msg.Def("cli.test.no_agent", "give at least one --agent NAME")
	msgTestNoURL         = msg.Def("cli.test.no_url", "give at least one URL or path (or --urls FILE)")
	msgTestStdinTwice    = msg.Def("cli.test.stdin_twice", "--urls - and ROBOTS_FILE - cannot both read standard input")
)

func init() {
	Register(Command{
		Name:    "test",
		Usage:   testUsage,
		Summary: msg.Def("cli.test.summary", "say for each crawler and URL whether the file allows it, which group and rule decided, and why"),
		Run:     runTest,
	})
}

// OwnReading is the --engine value for each crawler's own reading: the
// engine its operator documents, as the window's "each crawler's own"
// (engine.ForCrawler of the token the crawler obeys).
const OwnReading = "own"

// ownAndNamed splits --engine values into "own" and the engines named.
func ownAndNamed(ids []string) (own bool, named []string) {
	for _, id := range ids {
		if id == OwnReading {
			own = true
		} else {
			named = append(named, id)
		}
	}
	return own, named
}

// enginesFor gives each agent the engines named and, with own, its own
// reading (once, when it is one of those named).
func enginesFor(engs []engine.Engine, own bool) func(agent string) []engine.Engine {
	return func(agent string) []engine.Engine {
		if !own {
			return engs
		}
		mine := engine.ForCrawler(crawlers.Resolve(agent).Token)
		for _, e := range engs {
			if e.Info().ID == mine.Info().ID {
				return engs
			}
		}
		return append(slices.Clip(engs), mine)
	}
}

// ResolveEngines turns an --engine value ("google", "all") into engines, or
// an error listing the valid ids.
func ResolveEngines(ids []string) ([]engine.Engine, error) {
	if len(ids) == 0 {
		ids = []string{engine.Default}
	}
	var out []engine.Engine
	for _, id := range ids {
		if id == "all" {
			return engine.All(), nil
		}
		e, ok := engine.Get(id)
		if !ok {
			return nil, msg.Error(msgTestUnknownEngine, "Name", strconv.Quote(id), "Valid", strings.Join(engine.IDs(), ", "))
		}
		out = append(out, e)
	}
	return out, nil
}

func runTest(env *Env, args []string) int {
	fs := NewFlags(env, "test", testUsage)
	var agents, engines StringList
	fs.Var(&engines, "engine", msg.Def("cli.test.flag_engine", "engine id (google, rfc9309, …), own (each crawler under the reading its operator documents, as the window's default) or all; repeat for several; default google"))
	fs.Var(&agents, "agent", msg.Def("cli.test.flag_agent", "crawler name; repeat for several (\"\" matches only the * group)"))
	asJSON := fs.Bool("json", false, msg.Def("cli.test.flag_json", "one JSON object per result"))
	urlsFile := fs.String("urls", "", msg.Def("cli.test.flag_urls", "read URLs or paths from FILE, one per line (- = stdin)"))
	count := fs.Bool("count", false, msg.Def("cli.test.flag_count", "print only the totals"))
	suite := fs.String("suite", "", msg.Def("cli.test.flag_suite", "run the expectations of a FILENAME.tests.json test set"))
	saved := fs.Bool("saved", false, msg.Def("cli.test.flag_saved", "run the expectations the window keeps for ROBOTS_FILE (beside it or in the window's own folder)"))
	timeout := fs.Duration("timeout", DefaultTimeout, msg.Def("cli.test.flag_timeout", "time limit of one query (exit 3 when one is reached; 0 = none)"))
	jobs := JobsFlag(fs)
	pos, code := ParseFlags(fs, args)
	if code >= 0 {
		return code
	}
	defer LimitCores(*jobs)()
	if len(pos) == 0 {
		return Failf(env, "test: %s\nusage: robots-studio test %s", msg.New(msgMissingArg, "Arg", "ROBOTS_FILE"), testUsage)
	}
	// "own": each crawler under its own reading, as the window's default
	// ("each crawler's own"), beside any engines named.
	own, named := ownAndNamed(engines)
	var engs []engine.Engine
	if !own || len(named) > 0 {
		var err error
		if engs, err = ResolveEngines(named); err != nil {
			return Failf(env, "test: %v", err)
		}
	}
	if *suite != "" || *saved {
		if len(pos) > 1 || len(agents) > 0 || *urlsFile != "" || *asJSON || *count || *suite != "" && *saved {
			return Failf(env, "test --suite/--saved: %s", msg.New(msgTestSuiteOnly))
		}
		if *saved {
			return runSaved(env, pos[0], engines, *timeout)
		}
		return runSuite(env, *suite, pos[0], engines, *timeout)
	}
	if len(agents) == 0 {
		return Failf(env, "test: %s", msg.New(msgTestNoAgent))
	}
	if *count && *urlsFile != "" {
		return runCountURLs(env, enginesFor(engs, own), agents, pos, *urlsFile, *timeout, Workers(*jobs))
	}
	urls := pos[1:]
	if len(urls) == 0 && *urlsFile == "" {
		return Failf(env, "test: %s", msg.New(msgTestNoURL))
	}
	if *urlsFile == "-" && pos[0] == "-" {
		return Failf(env, "test: %s", msg.New(msgTestStdinTwice))
	}
	data, code := LoadRobots(env, pos[0])
	if code >= 0 {
		return code
	}
	doc := syntax.Parse(data)
	prefs := aipref.Read(doc)
	out := bufio.NewWriter(env.Stdout)
	defer out.Flush()
	// A full User-Agent is asked with the token its crawler obeys, and says so.
	resolved := make([]crawlers.Resolution, len(agents))
	for i, agent := range agents {
		resolved[i] = crawlers.Resolve(agent)
		if resolved[i].Matched && !*count && !*asJSON {
			fmt.Fprintf(out, "note: %s\n", printable(aiaccess.ResolvedNote(resolved[i]).String()))
		}
	}
	// Each agent's engines, each compiled once.
	byID := map[string]engine.Compiled{}
	compiledFor := make([][]engine.Compiled, len(agents))
	withEngine := false
	for i, agent := range agents {
		for _, e := range enginesFor(engs, own)(agent) {
			id := e.Info().ID
			c, ok := byID[id]
			if !ok {
				c = engine.WithTimeout(env.Compile(e, doc), *timeout)
				byID[id] = c
			}
			compiledFor[i] = append(compiledFor[i], c)
		}
		withEngine = withEngine || own || len(compiledFor[i]) > 1
	}
	// answer asks one agent about one URL under every engine and writes the
	// results to w; it touches nothing shared, so the URLs of --urls are
	// answered on every core.
	answer := func(w io.Writer, agent int, url string) (t tally) {
		res := resolved[agent]
		var lines *report.JSONLines
		if *asJSON {
			lines = report.NewJSONLines(w)
		}
		for _, c := range compiledFor[agent] {
			v := aiaccess.QueryResolved(c, res, url)
			aiaccess.AddUsage(&v, prefs, res)
			t.add(&v)
			switch {
			case *count:
			case *asJSON:
				lines.Write(&v)
			default:
				writeTextVerdict(w, &v, withEngine)
			}
		}
		return t
	}
	var total tally
	for i := range agents {
		for _, url := range urls {
			total.plus(answer(out, i, url))
		}
	}
	if *urlsFile != "" {
		// Streamed: the URLs are answered as they are read (every agent for
		// one URL, then the next), on batch.Run's workers, and printed in
		// the order of the file, so a list of any length runs in constant
		// memory.
		next, wait := lineBlocks(env, *urlsFile, 256)
		type answered struct {
			text []byte
			t    tally
		}
		work := func(_ int, urls []string) answered {
			var b bytes.Buffer
			var t tally
			for _, url := range urls {
				for i := range agents {
					t.plus(answer(&b, i, url))
				}
			}
			return answered{b.Bytes(), t}
		}
		err := batch.Run(context.Background(), Workers(*jobs), next, work, func(a answered) error {
			total.plus(a.t)
			_, err := out.Write(a.text)
			return err
		})
		if rerr := wait(); err == nil {
			err = rerr
		}
		if err != nil {
			out.Flush()
			return Failf(env, "test: --urls %v", err)
		}
	}
	allowed, blocked, timedOut := total.allowed, total.blocked, total.timedOut
	if *count {
		if timedOut > 0 {
			fmt.Fprintf(out, "%d allowed, %d blocked, %d timed out\n", allowed, blocked, timedOut)
		} else {
			fmt.Fprintf(out, "%d allowed, %d blocked\n", allowed, blocked)
		}
	}
	if timedOut > 0 {
		return ExitTimeout
	}
	return ExitOK
}

func quoteEmpty(s string) string {
	if s == "" {
		return `""`
	}
	return s
}

// writeTextVerdict prints `allowed|blocked  AGENT  URL  line N: RULE  (group at line M)`,
// or `timeout  AGENT  URL  REASON` for a query over the time limit. Text
// from the command line or the file is escaped (see printable), so no value
// can start a line of its own.
func writeTextVerdict(w io.Writer, v *engine.Verdict, withEngine bool) {
	word := "blocked"
	if v.Allowed {
		word = "allowed"
	}
	rule := "no matching rule"
	switch {
	case v.Reason == engine.ReasonTimeout:
		word, rule = "timeout", v.Error.String()
	case v.Reason == engine.ReasonFileError:
		rule = "file error: " + v.Error.String()
	case v.Reason == engine.ReasonRobotsTxt:
		rule = "robots.txt is always allowed"
	case v.Rule != nil:
		rule = fmt.Sprintf("line %d: %s", v.Rule.Line, v.Rule.Text)
	}
	group := "(no group)"
	if v.Group != nil {
		group = fmt.Sprintf("(group at line %d)", v.Group.Start())
	}
	if withEngine {
		fmt.Fprintf(w, "%-12s ", v.Engine)
	}
	var asks []string
	for _, n := range v.Notes {
		if strings.HasPrefix(n.Key, "aipref.") {
			asks = append(asks, n.String())
		}
	}
	if len(asks) > 0 {
		group += "  " + strings.Join(asks, "; ")
	}
	note := ""
	if n, ok := engine.BadURLNote(v.URL); ok {
		note = "  [" + n.String() + "]"
	}
	fmt.Fprintf(w, "%s  %s  %s  %s  %s%s\n", word, printable(quoteEmpty(v.Agent)), printable(quoteEmpty(v.URL)), printable(rule), group, printable(note))
}

// tally counts the answers of test.
type tally struct{ allowed, blocked, timedOut int }

func (t *tally) add(v *engine.Verdict) {
	switch {
	case v.TimedOut():
		t.timedOut++
	case v.Allowed:
		t.allowed++
	default:
		t.blocked++
	}
}

func (t *tally) plus(o tally) {
	t.allowed += o.allowed
	t.blocked += o.blocked
	t.timedOut += o.timedOut
}
