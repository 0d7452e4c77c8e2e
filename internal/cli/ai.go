package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/robots-studio/robots-studio/tester/aiaccess"
	"github.com/robots-studio/robots-studio/tester/aipref"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

const aiUsage = "[--json] [--path PATH]... ROBOTS_FILE"

func init() {
	Register(Command{
		Name:    "ai",
		Usage:   aiUsage,
		Summary: msg.Def("cli.ai.summary", "for every catalogue crawler by purpose: may it fetch / (and --path PATHs) under its own engine, the usage signals in force, and the crawlers this file cannot stop"),
		Run:     runAI,
	})
}

// JSONAIReport is the --json form of the AI access report.
type JSONAIReport struct {
	Drafts      []string          `json:"drafts"`
	Crawlers    []JSONAICrawler   `json:"crawlers"`
	Preferences []JSONAIPref      `json:"preferences"`
	CannotStop  []JSONAICannotRow `json:"cannot_stop"`
}

// JSONAICrawler is one crawler's row.
type JSONAICrawler struct {
	Name      string       `json:"name"`
	Operator  string       `json:"operator"`
	Purpose   string       `json:"purpose"`
	Engine    string       `json:"engine"`
	RobotsTxt string       `json:"robots_txt"`
	Group     int          `json:"group"`
	Paths     []JSONAIPath `json:"paths"`
}

// JSONAIPath is one path's answer for a crawler.
type JSONAIPath struct {
	Path    string   `json:"path"`
	Allowed bool     `json:"allowed"`
	Line    int      `json:"line"`
	Asks    []string `json:"asks"`
}

// JSONAIPref is a Content-Signal or Content-Usage line.
type JSONAIPref struct {
	Line  int    `json:"line"`
	Text  string `json:"text"`
	Group int    `json:"group"`
}

// JSONAICannotRow is a crawler robots.txt cannot stop, and what would.
type JSONAICannotRow struct {
	Name      string `json:"name"`
	Operator  string `json:"operator"`
	RobotsTxt string `json:"robots_txt"`
	Instead   string `json:"instead"`
}

var (
	msgAIPrefs   = msg.Def("cli.ai.preferences", "Usage preferences in this file (vocabularies still drafts: {{.Drafts}}):")
	msgAINoPrefs = msg.Def("cli.ai.no_preferences", "No Content-Signal or Content-Usage line: the file states no usage preference.")
	msgAICannot  = msg.Def("cli.ai.cannot_stop", "Crawlers this file cannot stop:")
	msgAIGroup   = msg.Def("cli.ai.group", "group at line {{.Line}}")
	msgAINoGroup = msg.Def("cli.ai.no_group", "outside any group")
)

func runAI(env *Env, args []string) int {
	fs := NewFlags(env, "ai", aiUsage)
	asJSON := fs.Bool("json", false, msg.Def("cli.ai.flag_json", "one JSON document"))
	var paths StringList
	fs.Var(&paths, "path", msg.Def("cli.ai.flag_path", "also ask about PATH (repeatable); / is always asked"))
	pos, code := ParseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if len(pos) != 1 {
		return Failf(env, "ai: %s\nusage: robots-studio ai %s", msg.New(msgGiveOne, "Arg", "ROBOTS_FILE"), aiUsage)
	}
	data, code := LoadRobots(env, pos[0])
	if code >= 0 {
		return code
	}
	r := aiaccess.Analyse(syntax.Parse(data), append([]string{"/"}, paths...))
	out := bufio.NewWriter(env.Stdout)
	defer out.Flush()
	drafts := []string{aipref.SignalsPolicy, aipref.AttachDraft, aipref.VocabDraft}
	if *asJSON {
		j := JSONAIReport{Drafts: drafts, Crawlers: []JSONAICrawler{}, Preferences: []JSONAIPref{}, CannotStop: []JSONAICannotRow{}}
		for _, sec := range r.Sections {
			for _, row := range sec.Rows {
				c := row.Crawler
				jc := JSONAICrawler{Name: c.Name, Operator: c.Operator, Purpose: string(c.Purpose), Engine: row.Engine, RobotsTxt: string(c.RobotsTxt), Group: row.Group}
				for _, p := range row.Paths {
					asks := []string{}
					for _, a := range p.Asks {
						asks = append(asks, a.String())
					}
					jc.Paths = append(jc.Paths, JSONAIPath{Path: p.Path, Allowed: p.Allowed, Line: p.Line, Asks: asks})
				}
				j.Crawlers = append(j.Crawlers, jc)
			}
		}
		for _, p := range r.Preferences {
			j.Preferences = append(j.Preferences, JSONAIPref{Line: p.Line, Text: p.Text, Group: p.Group})
		}
		for _, c := range r.CannotStop {
			j.CannotStop = append(j.CannotStop, JSONAICannotRow{Name: c.Name, Operator: c.Operator, RobotsTxt: string(c.RobotsTxt), Instead: aiaccess.Instead(c).String()})
		}
		enc := json.NewEncoder(out)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		enc.Encode(j)
		return ExitOK
	}
	// Paths and rules come from the user and the file: nothing in them may
	// drive the terminal.
	text := terminalSafe{out}
	tw := tabwriter.NewWriter(text, 2, 8, 2, ' ', 0)
	for _, sec := range r.Sections {
		fmt.Fprintf(tw, "== %s\n", sec.Purpose)
		for _, row := range sec.Rows {
			c := row.Crawler
			var parts []string
			for _, p := range row.Paths {
				word := "blocked"
				if p.Allowed {
					word = "allowed"
				}
				s := p.Path + " " + word
				if p.Line > 0 {
					s += fmt.Sprintf(" (line %d)", p.Line)
				}
				for _, a := range p.Asks {
					s += ", " + a.String()
				}
				parts = append(parts, s)
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", aiaccess.NameAndOperator(c), c.RobotsTxt, row.Engine, strings.Join(parts, "; "))
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	if len(r.Preferences) == 0 {
		fmt.Fprintln(text, msg.New(msgAINoPrefs))
	} else {
		fmt.Fprintln(text, msg.New(msgAIPrefs, "Drafts", strings.Join(drafts, "; ")))
		for _, p := range r.Preferences {
			where := msg.New(msgAINoGroup)
			if p.Group > 0 {
				where = msg.New(msgAIGroup, "Line", p.Group)
			}
			fmt.Fprintf(text, "  line %d: %s  (%s)\n", p.Line, p.Text, where)
		}
	}
	fmt.Fprintln(text)
	fmt.Fprintln(text, msg.New(msgAICannot))
	for _, c := range r.CannotStop {
		fmt.Fprintf(text, "  %s, %s: %s\n", aiaccess.NameAndOperator(c), c.RobotsTxt, aiaccess.Instead(c))
	}
	return ExitOK
}
