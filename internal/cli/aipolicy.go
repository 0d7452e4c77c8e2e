package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/robots-studio/robots-studio/tester/aiaccess"
	"github.com/robots-studio/robots-studio/tester/aipref"
	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/crawlers/sources"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

const aiPolicyUsage = "[--stance allow-all|search-no-training|no-ai|custom] [--block PURPOSE]... [--refuse NAME]... [--let NAME]... " +
	"[--refuse-operator OPERATOR]... [--let-operator OPERATOR]... [--use immediate|reference|full] [--refuse-at-server] " +
	"[--only robots|signal|usage|bing|nginx|apache|caddy|haproxy|cloudflare] [--json] ROBOTS_FILE"

func init() {
	Register(Command{
		Name:    "ai-policy",
		Usage:   aiPolicyUsage,
		Summary: msg.Def("cli.ai-policy.summary", "compile one AI policy to every signal: the robots.txt groups, Content-Signal, Content-Usage, Bing's noarchive/nocache tag and X-Robots-Tag, and nginx, Apache, Caddy, HAProxy and Cloudflare rules refusing the crawlers robots.txt cannot stop (by User-Agent, and by the IP ranges `crawlers update` read)"),
		Run:     runAIPolicy,
	})
}

var (
	msgGiveOne        = msg.Def("cli.give_one", "give one {{.Arg}}")
	msgAPBadStance    = msg.Def("cli.ai-policy.bad_stance", "unknown stance {{.Value}}; valid: allow-all, search-no-training, no-ai, custom")
	msgAPNeedCustom   = msg.Def("cli.ai-policy.need_custom", "--block, --refuse, --let and the operator flags need --stance custom (or no --stance)")
	msgAPBadUse       = msg.Def("cli.ai-policy.bad_use", "--use {{.Value}}; valid: immediate, reference, full")
	msgAPBadPurpose   = msg.Def("cli.ai-policy.bad_purpose", "unknown purpose {{.Value}}")
	msgAPNoOperator   = msg.Def("cli.ai-policy.no_operator", "the catalogue has no operator {{.Name}} (see robots-studio crawlers)")
	msgAPBadOnly      = msg.Def("cli.ai-policy.bad_only", "--only {{.Value}}; valid: robots, signal, usage, bing, nginx, apache, caddy, haproxy, cloudflare")
	msgAPFlagStance   = msg.Def("cli.ai-policy.flag_stance", "the stance: allow-all, search-no-training, no-ai or custom (--block, --refuse, --let and the operator flags make it custom)")
	msgAPFlagBlock    = msg.Def("cli.ai-policy.flag_block", "refuse every crawler of PURPOSE (repeatable): search, ai-training, ai-search, ai-assistant, ai-data, ads, seo, archive, monitor, preview, copier, other")
	msgAPFlagRefuse   = msg.Def("cli.ai-policy.flag_refuse", "refuse the catalogue crawler NAME whatever its purpose (repeatable)")
	msgAPFlagLet      = msg.Def("cli.ai-policy.flag_let", "let the catalogue crawler NAME in whatever its purpose (repeatable)")
	msgAPFlagRefuseOp = msg.Def("cli.ai-policy.flag_refuse_operator", "refuse every crawler of OPERATOR (repeatable)")
	msgAPFlagLetOp    = msg.Def("cli.ai-policy.flag_let_operator", "let every crawler of OPERATOR in (repeatable)")
	msgAPFlagUse      = msg.Def("cli.ai-policy.flag_use", "add use= to Content-Signal, as Cloudflare's managed robots.txt writes it")
	msgAPFlagServer   = msg.Def("cli.ai-policy.flag_refuse_at_server", "put every refused crawler in the server rules, not only those robots.txt cannot stop")
	msgAPFlagOnly     = msg.Def("cli.ai-policy.flag_only", "print only this output, as it is (to write it to a file)")
	msgAPFlagJSON     = msg.Def("cli.ai-policy.flag_json", "one JSON document")
	msgAPRobots       = msg.Def("cli.ai-policy.robots", "robots.txt with the policy (one undo step in the window)")
	msgAPSignal       = msg.Def("cli.ai-policy.signal", "Content-Signal, in robots.txt (above) and as an HTTP response header ({{.Source}})")
	msgAPUsage        = msg.Def("cli.ai-policy.usage", "Content-Usage, in robots.txt (above) and as an HTTP response header ({{.Source}})")
	msgAPBing         = msg.Def("cli.ai-policy.bing", "Bing: robots meta tag in each page's head, or the X-Robots-Tag header")
	msgAPNoRules      = msg.Def("cli.ai-policy.no_rules", "No server rules: the policy refuses no crawler that robots.txt cannot stop.")
	msgAPRefused      = msg.Def("cli.ai-policy.refused", "refused at the server: {{.Names}}")
	msgAPWarnings     = msg.Def("cli.ai-policy.warnings", "Warnings:")
)

// JSONAIPolicy is the --json form.
type JSONAIPolicy struct {
	Drafts        []string         `json:"drafts"`
	Robots        string           `json:"robots"`
	ContentSignal string           `json:"content_signal"`
	ContentUsage  string           `json:"content_usage"`
	BingMeta      string           `json:"bing_meta"`
	XRobotsTag    string           `json:"x_robots_tag"`
	Bing          string           `json:"bing"`
	Refused       []string         `json:"refused_at_server"`
	IPRanges      []string         `json:"ip_ranges"`   // the IP ranges the rules refuse, merged
	RangeFiles    []JSONRangeFile  `json:"range_files"` // where they come from
	Rules         []JSONServerRule `json:"server_rules"`
	Warnings      []string         `json:"warnings"`
}

// JSONServerRule is one server's rule.
type JSONServerRule struct {
	Server string   `json:"server"`
	Where  string   `json:"where"`
	Text   string   `json:"text"`
	Notes  []string `json:"notes"`
}

// JSONRangeFile is a range file a catalogue update read whose ranges the
// rules refuse.
type JSONRangeFile struct {
	Key    string `json:"key"`
	Source string `json:"source"`
	Read   string `json:"read"`
}

func runAIPolicy(env *Env, args []string) int {
	fs := NewFlags(env, "ai-policy", aiPolicyUsage)
	stance := fs.String("stance", "", msgAPFlagStance)
	var block, refuse, let, refuseOp, letOp StringList
	fs.Var(&block, "block", msgAPFlagBlock)
	fs.Var(&refuse, "refuse", msgAPFlagRefuse)
	fs.Var(&let, "let", msgAPFlagLet)
	fs.Var(&refuseOp, "refuse-operator", msgAPFlagRefuseOp)
	fs.Var(&letOp, "let-operator", msgAPFlagLetOp)
	use := fs.String("use", "", msgAPFlagUse)
	atServer := fs.Bool("refuse-at-server", false, msgAPFlagServer)
	only := fs.String("only", "", msgAPFlagOnly)
	asJSON := fs.Bool("json", false, msgAPFlagJSON)
	pos, code := ParseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if len(pos) != 1 {
		return Failf(env, "ai-policy: %s\nusage: robots-studio ai-policy %s", msg.New(msgGiveOne, "Arg", "ROBOTS_FILE"), aiPolicyUsage)
	}
	p := aiaccess.Policy{Stance: aiaccess.Stance(*stance), Use: strings.ToLower(*use), RefuseAtServer: *atServer, Ranges: sources.InUseRanges()}
	custom := len(block)+len(refuse)+len(let)+len(refuseOp)+len(letOp) > 0
	switch {
	case *stance == "" && custom:
		p.Stance = aiaccess.Custom
	case *stance == "":
		p.Stance = aiaccess.SearchNoTraining
	case !slices.Contains(aiaccess.Stances, p.Stance):
		return Failf(env, "ai-policy: %s", msg.New(msgAPBadStance, "Value", strconv.Quote(*stance)))
	case custom && p.Stance != aiaccess.Custom:
		return Failf(env, "ai-policy: %s", msg.New(msgAPNeedCustom))
	}
	if p.Use != "" && !slices.Contains(aipref.UseValues, p.Use) {
		return Failf(env, "ai-policy: %s", msg.New(msgAPBadUse, "Value", strconv.Quote(*use)))
	}
	p.Block = map[catalogue.Purpose]bool{}
	for _, b := range block {
		if !slices.Contains(catalogue.Purposes, catalogue.Purpose(b)) {
			return Failf(env, "ai-policy: %s", msg.New(msgAPBadPurpose, "Value", strconv.Quote(b)))
		}
		p.Block[catalogue.Purpose(b)] = true
	}
	p.Crawlers, p.Operators = map[string]bool{}, map[string]bool{}
	names, operators := map[string]string{}, map[string]string{}
	for _, c := range catalogue.All() {
		names[strings.ToLower(c.Name)] = c.Name
		if c.Operator != "" {
			operators[strings.ToLower(c.Operator)] = c.Operator
		}
	}
	for _, set := range []struct {
		list   []string
		into   map[string]bool
		known  map[string]string
		refuse bool
		what   string // the message for a name the catalogue lacks
	}{{refuse, p.Crawlers, names, true, msgFANoCrawler}, {let, p.Crawlers, names, false, msgFANoCrawler},
		{refuseOp, p.Operators, operators, true, msgAPNoOperator}, {letOp, p.Operators, operators, false, msgAPNoOperator}} {
		for _, n := range set.list {
			real, ok := set.known[strings.ToLower(n)]
			if !ok {
				return Failf(env, "ai-policy: %s", msg.New(set.what, "Name", strconv.Quote(n)))
			}
			set.into[real] = set.refuse
		}
	}
	data, code := LoadRobots(env, pos[0])
	if code >= 0 {
		return code
	}
	s := aiaccess.Compile(syntax.Parse(data), p)
	out := bufio.NewWriter(env.Stdout)
	defer out.Flush()
	drafts := []string{aipref.SignalsPolicy, aipref.AttachDraft, aipref.VocabDraft}

	if *only != "" {
		switch *only {
		case "robots":
			out.Write(s.Robots)
		case "signal":
			fmt.Fprintln(out, s.SignalHeader())
		case "usage":
			fmt.Fprintln(out, s.UsageHeader())
		case "bing":
			if s.BingMeta != "" {
				fmt.Fprintln(out, s.BingMeta)
				fmt.Fprintln(out, "X-Robots-Tag: "+s.XRobotsTag)
			}
		default:
			found := false
			for _, r := range s.Rules {
				if string(r.Server) == *only {
					out.WriteString(r.Text)
					found = true
				}
			}
			if !found && !slices.Contains(aiaccess.Servers, aiaccess.Server(*only)) {
				return Failf(env, "ai-policy: %s", msg.New(msgAPBadOnly, "Value", strconv.Quote(*only)))
			}
		}
		return ExitOK
	}
	var refusedNames []string
	for _, c := range s.Refused {
		refusedNames = append(refusedNames, c.Name)
	}
	if *asJSON {
		j := JSONAIPolicy{Drafts: drafts, Robots: string(s.Robots), ContentSignal: s.ContentSignal, ContentUsage: s.ContentUsage,
			BingMeta: s.BingMeta, XRobotsTag: s.XRobotsTag, Bing: s.BingWhy.String(), Refused: append([]string{}, refusedNames...),
			IPRanges: []string{}, RangeFiles: []JSONRangeFile{}, Rules: []JSONServerRule{}, Warnings: []string{}}
		for _, p := range s.Prefixes {
			j.IPRanges = append(j.IPRanges, p.String())
		}
		for _, f := range s.RangeFiles {
			j.RangeFiles = append(j.RangeFiles, JSONRangeFile{Key: f.Key, Source: f.Source, Read: f.Read})
		}
		for _, r := range s.Rules {
			jr := JSONServerRule{Server: string(r.Server), Where: r.Where.String(), Text: r.Text, Notes: []string{}}
			for _, n := range r.Notes {
				jr.Notes = append(jr.Notes, n.String())
			}
			j.Rules = append(j.Rules, jr)
		}
		for _, w := range s.Warnings {
			j.Warnings = append(j.Warnings, w.String())
		}
		enc := json.NewEncoder(out)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		enc.Encode(j)
		return ExitOK
	}
	text := terminalSafe{out}
	fmt.Fprintf(text, "== %s\n", msg.New(msgAPRobots))
	text.Write(s.Robots)
	if len(s.Robots) > 0 && s.Robots[len(s.Robots)-1] != '\n' {
		fmt.Fprintln(text)
	}
	fmt.Fprintf(text, "\n== %s\n%s\n", msg.New(msgAPSignal, "Source", aipref.SignalsPolicy), s.SignalHeader())
	fmt.Fprintf(text, "\n== %s\n%s\n", msg.New(msgAPUsage, "Source", aipref.AttachDraft+", "+aipref.VocabDraft), s.UsageHeader())
	fmt.Fprintf(text, "\n== %s\n", msg.New(msgAPBing))
	if s.BingMeta != "" {
		fmt.Fprintf(text, "%s\nX-Robots-Tag: %s\n", s.BingMeta, s.XRobotsTag)
	}
	fmt.Fprintf(text, "%s\n", s.BingWhy)
	if len(s.Rules) == 0 {
		fmt.Fprintf(text, "\n%s\n", msg.New(msgAPNoRules))
	} else {
		fmt.Fprintf(text, "\n%s\n", msg.New(msgAPRefused, "Names", strings.Join(refusedNames, ", ")))
		if !s.RangesNote.IsZero() {
			fmt.Fprintf(text, "%s\n", s.RangesNote)
		}
		for _, r := range s.Rules {
			fmt.Fprintf(text, "\n== %s (%s)\n%s", r.Server, r.Where, r.Text)
			for _, n := range r.Notes {
				fmt.Fprintf(text, "  ! %s\n", n)
			}
		}
	}
	if len(s.Warnings) > 0 {
		fmt.Fprintf(text, "\n%s\n", msg.New(msgAPWarnings))
		for _, w := range s.Warnings {
			fmt.Fprintf(text, "  - %s\n", w)
		}
	}
	return ExitOK
}
