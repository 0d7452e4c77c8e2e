//go:build !js

package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/robots-studio/robots-studio/tester/aiaccess"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/textfile"
)

const edgeCheckUsage = "--server nginx|apache|caddy|haproxy|cloudflare [--json] ROBOTS_FILE CONFIG_FILE"

func init() {
	Register(Command{
		Name:    "edge-check",
		Usage:   edgeCheckUsage,
		Summary: msg.Def("cli.edge-check.summary", "set a server or edge config's User-Agent refusals against robots.txt: crawlers robots.txt lets in that the edge refuses, and crawlers that ignore robots.txt which it refuses but the edge lets through; exit 1 when they disagree"),
		Run:     runEdgeCheck,
	})
}

var (
	msgECGive       = msg.Def("cli.edge-check.give", "give --server (nginx, apache, caddy, haproxy, cloudflare), ROBOTS_FILE and CONFIG_FILE")
	msgECFlagServer = msg.Def("cli.edge-check.flag_server", "what CONFIG_FILE is written for: nginx, apache, caddy, haproxy, or cloudflare (a WAF rule expression)")
	msgECFlagJSON   = msg.Def("cli.edge-check.flag_json", "one JSON document")
	msgECRules      = msg.Def("cli.edge-check.rules", "User-Agent refusals read from the config: {{.Count}}")
	msgECAgree      = msg.Def("cli.edge-check.agree", "robots.txt and the edge agree for every catalogue crawler that sends requests.")
)

// JSONEdgeCheck is the --json form.
type JSONEdgeCheck struct {
	Rules     []JSONEdgeRule     `json:"rules"`
	Conflicts []JSONEdgeConflict `json:"conflicts"`
	Notes     []string           `json:"notes"`
}

// JSONEdgeRule is one refusal read from the config.
type JSONEdgeRule struct {
	Line    int    `json:"line"`
	Pattern string `json:"pattern"`
}

// JSONEdgeConflict is one crawler the two treat differently.
type JSONEdgeConflict struct {
	Crawler    string `json:"crawler"`
	Blocked    bool   `json:"blocked_at_edge"`
	RobotsLine int    `json:"robots_line"`
	EdgeLine   int    `json:"edge_line"`
	Text       string `json:"text"`
}

func runEdgeCheck(env *Env, args []string) int {
	fs := NewFlags(env, "edge-check", edgeCheckUsage)
	server := fs.String("server", "", msgECFlagServer)
	asJSON := fs.Bool("json", false, msgECFlagJSON)
	pos, code := ParseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if len(pos) != 2 || !slices.Contains(aiaccess.Servers, aiaccess.Server(*server)) {
		return Failf(env, "edge-check: %s\nusage: robots-studio edge-check %s", msg.New(msgECGive), edgeCheckUsage)
	}
	data, code := LoadRobots(env, pos[0])
	if code >= 0 {
		return code
	}
	config, err := textfile.Load(pos[1], env.Stdin)
	if err != nil {
		return Failf(env, "%v", err)
	}
	rep := aiaccess.CompareEdge(syntax.Parse(data), aiaccess.Server(*server), config)
	out := bufio.NewWriter(env.Stdout)
	defer out.Flush()
	if *asJSON {
		j := JSONEdgeCheck{Rules: []JSONEdgeRule{}, Conflicts: []JSONEdgeConflict{}, Notes: []string{}}
		for _, r := range rep.Rules {
			j.Rules = append(j.Rules, JSONEdgeRule{Line: r.Line, Pattern: r.Pattern})
		}
		for _, c := range rep.Conflicts {
			j.Conflicts = append(j.Conflicts, JSONEdgeConflict{Crawler: c.Crawler.Name, Blocked: c.Blocked, RobotsLine: c.RobotsLine, EdgeLine: c.EdgeLine, Text: c.Text.String()})
		}
		for _, n := range rep.Notes {
			j.Notes = append(j.Notes, n.String())
		}
		enc := json.NewEncoder(out)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		enc.Encode(j)
	} else {
		text := terminalSafe{out}
		fmt.Fprintln(text, msg.New(msgECRules, "Count", len(rep.Rules)))
		for _, n := range rep.Notes {
			fmt.Fprintf(text, "note: %s\n", n)
		}
		if len(rep.Conflicts) == 0 {
			fmt.Fprintln(text, msg.New(msgECAgree))
		}
		for _, c := range rep.Conflicts {
			fmt.Fprintf(text, "- %s\n", c.Text)
		}
	}
	if len(rep.Conflicts) > 0 {
		return ExitFailure
	}
	return ExitOK
}
