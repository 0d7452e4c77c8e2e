package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/crawlers/sources"
	"github.com/robots-studio/robots-studio/tester/msg"
)

const crawlersUsage = "[--purpose P] [--source builtin|user|all] [--json]\n       crawlers update [--from FILE|URL]... [--dry-run] [--json]\n       crawlers undo\n       crawlers add NAME [--token T]... [--ua PATTERN]... [--operator O] [--purpose P] [--engine E] [--robots-txt B] [--note TEXT]\n       crawlers remove NAME"

var (
	msgCrawlersBadPurpose = msg.Def("cli.crawlers.bad_purpose", "unknown purpose {{.Value}}; valid: {{.Valid}}")
	// The lists of the next three are known at run time: their help is
	// rendered when the flag is defined, in the language in use then.
	msgCrawlersFlagPurpose = msg.Def("cli.crawlers.flag_purpose", "only crawlers with this purpose ({{.List}})")
	msgCatFlagPurpose      = msg.Def("cli.crawlers.flag_add_purpose", "what it fetches for ({{.List}})")
	msgCatFlagEngine       = msg.Def("cli.crawlers.flag_engine", "how it reads robots.txt ({{.List}})")
	msgCrawlersFlagJSON    = msg.Def("cli.crawlers.flag_json", "one JSON object per crawler")
	msgCrawlersUnknownSub  = msg.Def("cli.crawlers.unknown_sub", "unknown subcommand {{.Name}}; the subcommands are update, undo, add and remove")
	msgCrawlersBadSource   = msg.Def("cli.crawlers.bad_source", "--source {{.Value}}: want builtin, user or all")
)

func init() {
	Register(Command{
		Name:    "crawlers",
		Usage:   crawlersUsage,
		Summary: msg.Def("cli.crawlers.summary", "list the crawler catalogue: tokens, User-Agent patterns, operator, purpose, engine, robots.txt behaviour and sources"),
		Run:     runCrawlers,
	})
}

// JSONCrawler is the --json form of a catalogue entry: exactly these fields
// (origin, quote and claims when the entry has them). It is also the form
// `crawlers update --from` reads, so a team can share a list.
type JSONCrawler struct {
	Name       string                 `json:"name"`
	Tokens     []string               `json:"tokens"`
	UAPatterns []string               `json:"ua_patterns"`
	Operator   string                 `json:"operator"`
	Purpose    string                 `json:"purpose"`
	Engine     string                 `json:"engine"`
	RobotsTxt  string                 `json:"robots_txt"`
	Sources    []catalogue.Source     `json:"sources"`
	Unverified bool                   `json:"unverified"`
	Verify     catalogue.Verification `json:"verify"` // how a visit can be verified: range files, reverse-DNS domains
	Note       catalogue.Localized    `json:"note,omitempty"`
	Origin     catalogue.Origin       `json:"origin,omitempty"`
	Quote      *catalogue.Quote       `json:"quote,omitempty"`
	Claims     []catalogue.Claim      `json:"claims,omitempty"`
}

// jsonCrawler is c in the --json form.
func jsonCrawler(c catalogue.Crawler) JSONCrawler {
	return JSONCrawler{Name: c.Name, Tokens: c.Tokens, UAPatterns: nonNil(c.UAPatterns), Operator: c.Operator,
		Purpose: string(c.Purpose), Engine: c.Engine, RobotsTxt: string(c.RobotsTxt), Sources: nonNilSources(c.Sources),
		Unverified: !c.Verified(), Verify: catalogue.HowToVerify(c), Note: c.Note, Origin: c.Origin, Quote: c.Quote, Claims: c.Claims}
}

func nonNilSources(s []catalogue.Source) []catalogue.Source {
	if s == nil {
		return []catalogue.Source{}
	}
	return s
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
	return "", msg.Error(msgCrawlersBadPurpose, "Value", strconv.Quote(s), "Valid", purposeList())
}

func runCrawlers(env *Env, args []string) int {
	if len(args) > 0 {
		switch args[0] {
		case "update":
			return runCrawlersUpdate(env, args[1:])
		case "undo":
			return runCrawlersUndo(env, args[1:])
		case "add":
			return runCrawlersAdd(env, args[1:])
		case "remove":
			return runCrawlersRemove(env, args[1:])
		}
	}
	fs := NewFlags(env, "crawlers", crawlersUsage)
	purpose := fs.String("purpose", "", msg.New(msgCrawlersFlagPurpose, "List", purposeList()).String())
	source := fs.String("source", "all", msg.Def("cli.crawlers.flag_source", "which layer: builtin (shipped), user (added by updates and by you) or all"))
	asJSON := fs.Bool("json", false, msgCrawlersFlagJSON)
	pos, code := ParseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if len(pos) > 0 {
		return Failf(env, "crawlers: %s", msg.New(msgCrawlersUnknownSub, "Name", strconv.Quote(pos[0])))
	}
	var list []catalogue.Crawler
	switch *source {
	case "all":
		list = catalogue.All()
	case "builtin":
		list = catalogue.Builtin()
	case "user":
		for _, c := range catalogue.All() {
			if c.Origin != catalogue.BuiltIn {
				list = append(list, c)
			}
		}
	default:
		return Failf(env, "crawlers: %s", msg.New(msgCrawlersBadSource, "Value", strconv.Quote(*source)))
	}
	if *purpose != "" {
		p, err := parsePurpose(*purpose)
		if err != nil {
			return Failf(env, "crawlers: %v", err)
		}
		var only []catalogue.Crawler
		for _, c := range list {
			if c.Purpose == p {
				only = append(only, c)
			}
		}
		list = only
	}
	out := bufio.NewWriter(env.Stdout)
	defer out.Flush()
	if *asJSON {
		enc := json.NewEncoder(out)
		enc.SetEscapeHTML(false)
		for _, c := range list {
			enc.Encode(jsonCrawler(c))
		}
		return ExitOK
	}
	// Names and operators come from updates and the user: each field is
	// escaped (a tab or an escape sequence in a name neither moves a
	// column nor reaches the terminal).
	tw := tabwriter.NewWriter(out, 2, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tTOKENS\tPURPOSE\tENGINE\tROBOTS.TXT\tOPERATOR")
	for _, c := range list {
		behaviour := string(c.RobotsTxt)
		if !c.Verified() {
			behaviour += " (unverified)"
		}
		name := c.Name
		if c.Origin != catalogue.BuiltIn {
			name += " [" + string(c.Origin) + "]"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", printable(name), printable(strings.Join(c.Tokens, " ")), printable(string(c.Purpose)),
			printable(c.Engine), printable(behaviour), printable(c.Operator))
	}
	tw.Flush()
	if *source == "all" && *purpose == "" {
		st := sources.State{}
		if s, err := catalogueStore(); err == nil {
			st, _ = s.Load()
		}
		printSummary(out, sources.Summarise(st))
	}
	return ExitOK
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
