//go:build !js

package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/robots-studio/robots-studio/tester/hostname"
	"github.com/robots-studio/robots-studio/tester/mirror"
	"github.com/robots-studio/robots-studio/tester/msg"
)

const hostUsage = "[--json] [--as input|classic|yandex2017] NAME... | --main NAME [--mirror NAME]... [--server nginx|apache|apache-ssi] [--robots FILE] [--encoding-dir DIR]... [--all-groups]"

func init() {
	Register(Command{
		Name:    "host",
		Usage:   hostUsage,
		Summary: msg.Def("cli.host.summary", "validate host names for Host and mirrors (exit 1 if one is invalid), or with --main print the Host line, the robots.txt change and the server configs for the mirrors"),
		Run:     runHost,
	})
}

var (
	msgHostBadAs        = msg.Def("cli.host.bad_as", "--as {{.Value}}: use input, classic or yandex2017")
	msgHostBadServer    = msg.Def("cli.host.bad_server", "--server {{.Value}}: use nginx, apache or apache-ssi")
	msgHostFlagJSON     = msg.Def("cli.host.flag_json", "print the validation as JSON")
	msgHostFlagAs       = msg.Def("cli.host.flag_as", "rules: input (a name for the wizard), classic (a Host value as Yandex's help of the 2000s defined it) or yandex2017 (also https://)")
	msgHostFlagMain     = msg.Def("cli.host.flag_main", "the main mirror: the name to be indexed")
	msgHostFlagMirror   = msg.Def("cli.host.flag_mirror", "another name of the site (repeatable)")
	msgHostFlagServer   = msg.Def("cli.host.flag_server", "web server configs to print: nginx, apache, apache-ssi (default: nginx and apache)")
	msgHostFlagRobots   = msg.Def("cli.host.flag_robots", "robots.txt to change (- for standard input); prints the diff")
	msgHostFlagEncDir   = msg.Def("cli.host.flag_encoding_dir", "directory of a non-main encoding (Russian Apache: /dos, /mac, /koi…), repeatable")
	msgHostFlagAll      = msg.Def("cli.host.flag_all_groups", "put Host into every group, not only * and the Yandex groups")
	msgHostValid        = msg.Def("cli.host.valid", "{{.Input}}: valid: {{.Origin}}, Host: {{.Value}}")
	msgHostInvalid      = msg.Def("cli.host.invalid", "{{.Input}}: invalid: {{.Reason}}")
	msgHostNote         = msg.Def("cli.host.note", "note")
	msgHostNeedNames    = msg.Def("cli.host.need_names", "host: give host names to validate, or --main NAME")
	msgHostSecHostLine  = msg.Def("cli.host.section_host_line", "Lines for robots.txt: inside the group, right after the Disallow lines")
	msgHostSecAnalysis  = msg.Def("cli.host.section_analysis", "The document today")
	msgHostSecDiff      = msg.Def("cli.host.section_diff", "The change to {{.File}}")
	msgHostSecRemoved   = msg.Def("cli.host.removed", "line {{.Line}} (Host: {{.Value}}) removed: {{.Reason}}")
	msgHostSecNoChange  = msg.Def("cli.host.no_change", "no change needed: the Host line is already in place")
	msgHostSecPerHost   = msg.Def("cli.host.section_per_host", "Per-host robots.txt: what every other name serves")
	msgHostSecRedirect  = msg.Def("cli.host.section_redirect", "The modern answer: 301 redirects and the canonical link")
	msgHostSecReaders   = msg.Def("cli.host.section_readers", "Who honours what today")
	msgHostColHost      = msg.Def("mirror.col.host", "Host directive")
	msgHostColRedirect  = msg.Def("mirror.col.redirect", "301 redirect")
	msgHostColCanonical = msg.Def("mirror.col.canonical", "canonical link")
	msgHostColPerHost   = msg.Def("mirror.col.per_host", "per-host robots.txt")
)

func runHost(env *Env, args []string) int {
	fs := NewFlags(env, "host", hostUsage)
	asJSON := fs.Bool("json", false, msgHostFlagJSON)
	as := fs.String("as", "input", msgHostFlagAs)
	mainName := fs.String("main", "", msgHostFlagMain)
	var mirrors, encDirs StringList
	fs.Var(&mirrors, "mirror", msgHostFlagMirror)
	server := fs.String("server", "", msgHostFlagServer)
	robotsFile := fs.String("robots", "", msgHostFlagRobots)
	fs.Var(&encDirs, "encoding-dir", msgHostFlagEncDir)
	allGroups := fs.Bool("all-groups", false, msgHostFlagAll)
	rest, code := ParseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if *mainName == "" {
		if len(rest) == 0 {
			return Failf(env, "%s", msg.New(msgHostNeedNames))
		}
		mode, ok := map[string]hostname.Mode{"input": hostname.ModeInput, "classic": hostname.ModeHostClassic, "yandex2017": hostname.ModeHostYandex2017}[*as]
		if !ok {
			return Failf(env, "host: %s", msg.New(msgHostBadAs, "Value", strconv.Quote(*as)))
		}
		return validateHosts(env, rest, mode, *asJSON)
	}
	mirrors = append(mirrors, rest...)
	var servers []mirror.Server
	switch *server {
	case "":
		servers = []mirror.Server{mirror.Nginx, mirror.Apache}
	case string(mirror.Nginx), string(mirror.Apache), string(mirror.ApacheSSI):
		servers = []mirror.Server{mirror.Server(*server)}
	default:
		return Failf(env, "host: %s", msg.New(msgHostBadServer, "Value", strconv.Quote(*server)))
	}
	var robots []byte
	if *robotsFile != "" {
		data, code := LoadRobots(env, *robotsFile)
		if code >= 0 {
			return code
		}
		robots = data
	}
	names := make([]hostname.Name, len(mirrors))
	for i, m := range mirrors {
		names[i] = hostname.ParseName(m, hostname.ModeInput)
	}
	opt := mirror.Options{AllGroups: *allGroups, EncodingDirs: encDirs}
	plan, err := mirror.NewPlan(robots, hostname.ParseName(*mainName, hostname.ModeInput), names, opt)
	if err != nil {
		fmt.Fprintf(env.Stderr, "robots-studio: host: %v\n", err)
		return ExitFailure
	}
	printPlan(terminalSafe{env.Stdout}, plan, *robotsFile, servers)
	return ExitOK
}

// hostJSON is one name in --json output.
type hostJSON struct {
	Input     string        `json:"input"`
	Valid     bool          `json:"valid"`
	Scheme    string        `json:"scheme,omitempty"`
	ASCII     string        `json:"ascii,omitempty"`
	Unicode   string        `json:"unicode,omitempty"`
	Port      int           `json:"port,omitempty"`
	Origin    string        `json:"origin,omitempty"`
	HostValue string        `json:"host_value,omitempty"`
	Problems  []problemJSON `json:"problems,omitempty"`
	Notes     []string      `json:"notes,omitempty"`
}

type problemJSON struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

func validateHosts(env *Env, inputs []string, mode hostname.Mode, asJSON bool) int {
	exit := ExitOK
	var out []hostJSON
	for _, in := range inputs {
		n := hostname.ParseName(in, mode)
		if !n.Valid() {
			exit = ExitFailure
		}
		if asJSON {
			j := hostJSON{Input: in, Valid: n.Valid()}
			if n.Valid() {
				j.Scheme, j.ASCII, j.Unicode, j.Port = n.Scheme, n.ASCII, n.Unicode, n.Port
				j.Origin, j.HostValue = n.Origin(), n.HostValue()
			}
			for _, p := range n.Problems {
				j.Problems = append(j.Problems, problemJSON{p.Code, p.Message.String()})
			}
			for _, t := range n.Notes {
				j.Notes = append(j.Notes, t.String())
			}
			out = append(out, j)
			continue
		}
		if n.Valid() {
			fmt.Fprintln(terminalSafe{env.Stdout}, msg.New(msgHostValid, "Input", printable(in), "Origin", n.Origin(), "Value", n.HostValue()))
		} else {
			fmt.Fprintln(terminalSafe{env.Stdout}, msg.New(msgHostInvalid, "Input", printable(in), "Reason", n.Problems[0].Message))
			for _, p := range n.Problems[1:] {
				fmt.Fprintf(terminalSafe{env.Stdout}, "  - %s\n", p.Message)
			}
		}
		for _, t := range n.Notes {
			fmt.Fprintf(terminalSafe{env.Stdout}, "  %s: %s\n", msg.New(msgHostNote), t)
		}
	}
	if asJSON {
		enc := json.NewEncoder(env.Stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(out); err != nil {
			return Failf(env, "host: %v", err)
		}
	}
	return exit
}

func hostSection(w io.Writer, title msg.Text) {
	fmt.Fprintf(w, "\n## %s\n\n", title)
}

func hostSnippets(w io.Writer, snippets []mirror.Snippet) {
	for _, s := range snippets {
		fmt.Fprintf(w, "### %s (%s)\n%s\n", s.Title, s.Where, s.Text)
	}
}

func printPlan(w io.Writer, p *mirror.Plan, robotsFile string, servers []mirror.Server) {
	fmt.Fprintf(w, "## %s\n\n%s", msg.New(msgHostSecHostLine), p.HostLines())
	if robotsFile != "" {
		hostSection(w, msg.New(msgHostSecAnalysis))
		for _, t := range p.Analysis.Report() {
			fmt.Fprintf(w, "- %s\n", t)
		}
		hostSection(w, msg.New(msgHostSecDiff, "File", robotsFile))
		if d := p.Diff(); d != "" {
			fmt.Fprint(w, d)
		} else {
			fmt.Fprintln(w, msg.New(msgHostSecNoChange))
		}
		for _, r := range p.Change.Removed {
			fmt.Fprintf(w, "- %s\n", msg.New(msgHostSecRemoved, "Line", r.Line, "Value", r.Value, "Reason", r.Reason))
		}
	}
	hostSection(w, msg.New(msgHostSecPerHost))
	for _, s := range servers {
		hostSnippets(w, p.Serve(s))
	}
	hostSection(w, msg.New(msgHostSecRedirect))
	seen := map[mirror.Server]bool{}
	for _, s := range servers {
		if s == mirror.ApacheSSI {
			s = mirror.Apache
		}
		if !seen[s] {
			seen[s] = true
			hostSnippets(w, p.Redirect(s))
		}
	}
	hostSnippets(w, []mirror.Snippet{p.Canonical("/")})
	hostSection(w, msg.New(msgHostSecReaders))
	cols := []msg.Text{msg.New(msgHostColHost), msg.New(msgHostColRedirect), msg.New(msgHostColCanonical), msg.New(msgHostColPerHost)}
	for _, r := range mirror.Readers() {
		fmt.Fprintf(w, "%s\n", r.Name)
		for i, cell := range []msg.Text{r.Host, r.Redirect, r.Canonical, r.PerHost} {
			fmt.Fprintf(w, "  %s: %s\n", cols[i], cell)
		}
	}
	fmt.Fprintf(w, "\n%s\n", hostWrap(mirror.Advice().String(), 100))
}

// hostWrap breaks s into lines of at most width bytes at spaces.
func hostWrap(s string, width int) string {
	var b strings.Builder
	line := 0
	for i, word := range strings.Fields(s) {
		if i > 0 && line+1+len(word) > width {
			b.WriteByte('\n')
			line = 0
		} else if i > 0 {
			b.WriteByte(' ')
			line++
		}
		b.WriteString(word)
		line += len(word)
	}
	return b.String()
}
