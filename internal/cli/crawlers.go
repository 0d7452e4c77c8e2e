package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/robots-studio/robots-studio/assets/catalogue"
	"github.com/robots-studio/robots-studio/tester/msg"
)

const crawlersUsage = "[--purpose P] [--json]"

func init() {
	Register(Command{
		Name:    "crawlers",
		Usage:   crawlersUsage,
		Summary: msg.Def("cli.crawlers.summary", "list the crawler catalogue: tokens, User-Agent patterns, operator, purpose, engine, robots.txt behaviour and sources"),
		Run:     runCrawlers,
	})
}

// JSONCrawler is the --json form of a catalogue entry: exactly these fields.
type JSONCrawler struct {
	Name       string             `json:"name"`
	Tokens     []string           `json:"tokens"`
	UAPatterns []string           `json:"ua_patterns"`
	Operator   string             `json:"operator"`
	Purpose    string             `json:"purpose"`
	Engine     string             `json:"engine"`
	RobotsTxt  string             `json:"robots_txt"`
	Sources    []catalogue.Source `json:"sources"`
}

func purposeList() string {
	names := make([]string, len(catalogue.Purposes))
	for i, p := range catalogue.Purposes {
		names[i] = string(p)
	}
	return strings.Join(names, ", ")
}

// parsePurpose checks a --purpose value.
func parsePurpose(s string) (catalogue.Purpose, error) {
	for _, p := range catalogue.Purposes {
		if strings.EqualFold(s, string(p)) {
			return p, nil
		}
	}
	return "", fmt.Errorf("unknown purpose %q; valid: %s", s, purposeList())
}

func runCrawlers(env *Env, args []string) int {
	fs := NewFlags(env, "crawlers", crawlersUsage)
	purpose := fs.String("purpose", "", "only crawlers with this purpose ("+purposeList()+")")
	asJSON := fs.Bool("json", false, "one JSON object per crawler")
	pos, code := ParseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if len(pos) > 0 {
		return Failf(env, "crawlers: takes no arguments besides --purpose and --json")
	}
	list := catalogue.All()
	if *purpose != "" {
		p, err := parsePurpose(*purpose)
		if err != nil {
			return Failf(env, "crawlers: %v", err)
		}
		list = catalogue.ByPurpose(p)
	}
	out := bufio.NewWriter(env.Stdout)
	defer out.Flush()
	if *asJSON {
		enc := json.NewEncoder(out)
		enc.SetEscapeHTML(false)
		for _, c := range list {
			enc.Encode(JSONCrawler{Name: c.Name, Tokens: c.Tokens, UAPatterns: nonNil(c.UAPatterns), Operator: c.Operator,
				Purpose: string(c.Purpose), Engine: c.Engine, RobotsTxt: string(c.RobotsTxt), Sources: c.Sources})
		}
		return ExitOK
	}
	tw := tabwriter.NewWriter(out, 2, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tTOKENS\tPURPOSE\tENGINE\tROBOTS.TXT\tOPERATOR")
	for _, c := range list {
		behaviour := string(c.RobotsTxt)
		if c.Unverified {
			behaviour += " (unverified)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", c.Name, strings.Join(c.Tokens, " "), c.Purpose, c.Engine, behaviour, c.Operator)
	}
	tw.Flush()
	return ExitOK
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
