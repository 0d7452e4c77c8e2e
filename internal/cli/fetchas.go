package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/robots-studio/robots-studio/tester/fetch"
	"github.com/robots-studio/robots-studio/tester/msg"
)

const fetchAsUsage = "[--as NAME]... [--timeout DUR] [--json] URL"

func init() {
	Register(Command{
		Name:    "fetch-as",
		Usage:   fetchAsUsage,
		Summary: msg.Def("cli.fetch-as.summary", "fetch a site's robots.txt as several crawlers (their real User-Agents) and a browser, and say which version each got: a CDN's managed block, a plugin's rewrite, a file served differently by User-Agent; exit 1 when they differ"),
		Run:     runFetchAs,
	})
}

var (
	msgFAOneURL      = msg.Def("cli.fetch-as.one_url", "give one URL")
	msgFANoCrawler   = msg.Def("cli.fetch-as.no_crawler", "the catalogue has no crawler {{.Name}} (see robots-studio crawlers)")
	msgFAFlagAs      = msg.Def("cli.fetch-as.flag_as", "fetch as the catalogue crawler NAME, or as a browser with `browser` (repeatable; default Googlebot, Bingbot, GPTBot, ClaudeBot and a browser)")
	msgFAFlagTimeout = msg.Def("cli.fetch-as.flag_timeout", "give up on each fetch after this long")
	msgFAFlagJSON    = msg.Def("cli.fetch-as.flag_json", "one JSON document")
	msgFASame        = msg.Def("cli.fetch-as.same", "every User-Agent got the same robots.txt (HTTP {{.Status}}, {{.Bytes}} bytes): {{.Agents}}")
	msgFAVersion     = msg.Def("cli.fetch-as.version", "version {{.N}} (HTTP {{.Status}}, {{.Bytes}} bytes): {{.Agents}}")
	msgFAOnly        = msg.Def("cli.fetch-as.only", "only in this version:")
	msgFAMissing     = msg.Def("cli.fetch-as.missing", "missing from this version:")
)

// JSONFetchAs is the --json form.
type JSONFetchAs struct {
	URL      string               `json:"url"`
	Same     bool                 `json:"same"`
	Versions []JSONFetchAsVersion `json:"versions"`
}

// JSONFetchAsVersion is one distinct answer.
type JSONFetchAsVersion struct {
	Agents  []string `json:"agents"`
	Status  int      `json:"status"`
	Bytes   int      `json:"bytes"`
	Only    []string `json:"only"`
	Missing []string `json:"missing"`
	Notes   []string `json:"notes"`
}

func runFetchAs(env *Env, args []string) int {
	fs := NewFlags(env, "fetch-as", fetchAsUsage)
	var as StringList
	fs.Var(&as, "as", msgFAFlagAs)
	timeout := fs.Duration("timeout", fetch.DefaultTimeout, msgFAFlagTimeout)
	asJSON := fs.Bool("json", false, msgFAFlagJSON)
	pos, code := ParseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if len(pos) != 1 {
		return Failf(env, "fetch-as: %s\nusage: robots-studio fetch-as %s", msg.New(msgFAOneURL), fetchAsUsage)
	}
	if *timeout <= 0 {
		return Failf(env, "fetch-as: %s", msg.New(msgTimeoutPositive))
	}
	if len(as) == 0 {
		as = fetch.DefaultAgents
	}
	var agents []fetch.Agent
	for _, name := range as {
		a, ok := fetch.AgentNamed(name)
		if !ok {
			return Failf(env, "fetch-as: %s", msg.New(msgFANoCrawler, "Name", strconv.Quote(name)))
		}
		agents = append(agents, a)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(len(agents)+1)**timeout)
	defer cancel()
	c, err := fetch.AsAgents(ctx, pos[0], agents, fetch.Options{Timeout: *timeout})
	if err != nil {
		return Failf(env, "fetch-as: %v", err)
	}
	out := bufio.NewWriter(env.Stdout)
	defer out.Flush()
	if *asJSON {
		j := JSONFetchAs{URL: c.Versions[0].Result.Target.RobotsURL, Same: c.Same, Versions: []JSONFetchAsVersion{}}
		for _, v := range c.Versions {
			jv := JSONFetchAsVersion{Agents: v.Agents, Status: v.Result.Status, Bytes: len(v.Result.Body),
				Only: append([]string{}, v.Only...), Missing: append([]string{}, v.Missing...), Notes: []string{}}
			for _, n := range v.Notes {
				jv.Notes = append(jv.Notes, n.String())
			}
			j.Versions = append(j.Versions, jv)
		}
		enc := json.NewEncoder(out)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		enc.Encode(j)
	} else {
		text := terminalSafe{out}
		if c.Same {
			r := c.Versions[0].Result
			fmt.Fprintln(text, msg.New(msgFASame, "Status", r.Status, "Bytes", len(r.Body), "Agents", strings.Join(c.Versions[0].Agents, ", ")))
		}
		for i, v := range c.Versions {
			if c.Same {
				break
			}
			fmt.Fprintln(text, msg.New(msgFAVersion, "N", i+1, "Status", v.Result.Status, "Bytes", len(v.Result.Body), "Agents", strings.Join(v.Agents, ", ")))
			for _, n := range v.Notes {
				fmt.Fprintf(text, "  note: %s\n", n)
			}
			for _, part := range []struct {
				title msg.Text
				lines []string
				mark  string
			}{{msg.New(msgFAOnly), v.Only, "+ "}, {msg.New(msgFAMissing), v.Missing, "- "}} {
				if len(part.lines) == 0 {
					continue
				}
				fmt.Fprintf(text, "  %s\n", part.title)
				for _, l := range part.lines {
					fmt.Fprintf(text, "    %s%s\n", part.mark, l)
				}
			}
		}
	}
	if !c.Same {
		return ExitFailure
	}
	return ExitOK
}
