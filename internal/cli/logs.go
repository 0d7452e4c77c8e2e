//go:build !js

package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"slices"
	"strconv"
	"strings"

	"github.com/robots-studio/robots-studio/tester/accesslog"
	"github.com/robots-studio/robots-studio/tester/botauth"
	"github.com/robots-studio/robots-studio/tester/crawlers/sources"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

const logsUsage = "[--robots ROBOTS_FILE | --site SITE [--as-of-now]] [--draft ROBOTS_FILE] [--format F] [--ip-ranges FILE]... [--verify-dns] [--allow-private] [--json] [--violations] [--partial] [--jobs N] LOG... | --merge [--json] SUMMARY..."

var (
	msgLogsPartialAlone   = msg.Def("logs.err.partial_alone", "--partial writes a summary; it cannot be combined with --json or --violations")
	msgLogsStdinOnce      = msg.Def("logs.err.stdin_once", "only one of LOG, --robots and --draft can read standard input")
	msgLogsViolationsJSON = msg.Def("logs.err.violations_json", "--violations and --json cannot be combined")
	msgLogsSiteAlone      = msg.Def("logs.err.site_alone", "--site judges by the site's kept versions: it cannot be combined with --robots or --partial")
	msgLogsAsOfNowSite    = msg.Def("logs.err.as_of_now_site", "--as-of-now goes with --site")
)

func init() {
	Register(Command{
		Name:    "logs",
		Usage:   logsUsage,
		Summary: msg.Def("cli.logs.summary", "read access logs: what each crawler fetched, whether it obeyed robots.txt, and what a draft would change"),
		Run:     runLogs,
	})
}

var (
	msgLogsFiles       = msg.Def("logs.files", "lines: {{.Lines}}, files: {{.Files}} ({{.Formats}}); crawler hits: {{.Crawler}}, other hits: {{.Other}}, malformed lines: {{.Malformed}}")
	msgLogsMalformedAt = msg.Def("logs.malformed_at", "malformed: {{.Where}}")
	msgLogsNoUA        = msg.Def("logs.no_user_agent", "the log format records no User-Agent: a client that fetched robots.txt is listed by its host from that request on, tested as any robot (the * group)")
	msgLogsNoCrawlers  = msg.Def("logs.no_crawlers", "no crawler hits")
	msgLogsCrawler     = msg.Def("logs.crawler", "{{.Name}} ({{.Verified}}): hits: {{.Hits}}, distinct paths: {{.Paths}}, seen {{.First}} – {{.Last}}; tested as {{.Token}} with the {{.Engine}} engine")
	msgLogsFetch       = msg.Def("logs.fetch", "robots.txt {{.Status}} ×{{.Count}}: {{.Why}}")
	msgLogsFetchOthers = msg.Def("logs.fetch_others", "other readings conclude otherwise: {{.List}}")
	msgLogsNoFetch     = msg.Def("logs.no_fetch", "never fetched robots.txt")
	msgLogsDisallowed  = msg.Def("logs.disallowed", "hits on disallowed URLs: {{.Count}}")
	msgLogsDisPath     = msg.Def("logs.disallowed_path", "{{.Path}}  ×{{.Hits}}  {{.Rule}}  (log lines {{.Lines}})")
	msgLogsDraft       = msg.Def("logs.draft", "the draft would change hits: newly blocked {{.Blocked}}, newly allowed {{.Allowed}}")
	msgLogsDraftBlocks = msg.Def("logs.draft_blocks", "draft {{.Rule}}: would newly block {{.Count}}")
	msgLogsDraftAllows = msg.Def("logs.draft_allows", "draft {{.Rule}}: would newly allow {{.Count}}")
	msgLogsDraftDrops  = msg.Def("logs.draft_drops", "robots.txt {{.Rule}} no longer applies: {{.Count}} newly allowed")
	msgLogsNoRule      = msg.Def("logs.no_rule", "no rule")
	msgLogsTopPaths    = msg.Def("logs.top_paths", "Paths crawlers fetched most:")
	msgLogsNeverRobots = msg.Def("logs.never_robots", "Crawlers that never fetched robots.txt: {{.Names}}")
	msgLogsFlagPrivate = msg.Def("logs.flag_allow_private", "let the key directories of signed requests be fetched from loopback or private addresses")
	msgLogsSigned      = msg.Def("logs.signed", "signed requests: {{.Signed}}; signatures verified: {{.Verified}}, invalid: {{.Invalid}}, unverified: {{.Unverified}}")
	msgLogsSignedMore  = msg.Def("logs.signed_more", "… and {{.Count}} more signed lines, counted above")
	msgLogsSignedOver  = msg.Def("logs.signed_unchecked", "… and {{.Count}} more signed lines from standard input, counted above but not checked: at most {{.Lines}} signed lines ({{.MiB}} MiB) of it are kept")
	msgLogsFlagJSON    = msg.Def("logs.flag_json", "one JSON object per crawler, then {\"type\": \"signatures\", …} when a line is signed")
	msgLogsBroken      = msg.Def("logs.read_broken", "reading stopped: {{.Error}}; the report covers the lines read before that: {{.Lines}}")
)

// JSONLogCrawler is one crawler's object in `logs --json`.
type JSONLogCrawler struct {
	Crawler       string           `json:"crawler"`
	Token         string           `json:"token"`
	Verified      string           `json:"verified"`
	Engine        string           `json:"engine"`
	Hits          int64            `json:"hits"`
	DistinctPaths int64            `json:"distinct_paths"`
	FirstSeen     string           `json:"first_seen"`
	LastSeen      string           `json:"last_seen"`
	RobotsFetches map[string]int64 `json:"robots_fetches"`
	// DistinctError is one standard error of an estimated DistinctPaths
	// (absent when it is exact).
	DistinctError  int64            `json:"distinct_paths_error,omitempty"`
	DisallowedHits int64            `json:"disallowed_hits"`
	TopDisallowed  []JSONDisallowed `json:"top_disallowed"`
	// TopDisallowedLost: a hits count in TopDisallowed may be low by up to
	// this (absent when they are exact).
	TopDisallowedLost int64              `json:"top_disallowed_lost,omitempty"`
	NewlyBlocked      *int64             `json:"newly_blocked,omitempty"`
	NewlyAllowed      *int64             `json:"newly_allowed,omitempty"`
	FetchOutcomes     map[string]string  `json:"robots_fetch_outcomes"`
	DraftRules        []JSONDraftRule    `json:"draft_rules,omitempty"`
	Timeline          []accesslog.Bucket `json:"-"`
}

// JSONDisallowed is one entry of top_disallowed.
type JSONDisallowed struct {
	Path string        `json:"path"`
	Hits int64         `json:"hits"`
	Rule *JSONRuleLine `json:"rule"`
}

// JSONDraftRule is a rule with the hits whose verdict the draft changes
// through it; file says whose line it is ("draft", or "robots" for a rule
// the draft drops).
type JSONDraftRule struct {
	File    string        `json:"file"`
	Rule    *JSONRuleLine `json:"rule"`
	Blocked int64         `json:"newly_blocked"`
	Allowed int64         `json:"newly_allowed"`
}

const topDisallowedJSON = 10

func ruleJSON(r *engine.Rule) *JSONRuleLine {
	if r == nil {
		return nil
	}
	return &JSONRuleLine{Line: r.Line, Text: r.Text}
}

// LogsJSON converts one crawler's statistics to its --json object.
func LogsJSON(rep *accesslog.Report, c *accesslog.CrawlerStats) JSONLogCrawler {
	j := JSONLogCrawler{Crawler: c.Name, Token: c.Token, Verified: c.Verified.String(), Engine: c.Engine, Hits: c.Hits,
		DistinctPaths: c.DistinctPaths, FirstSeen: c.First.String(), LastSeen: c.Last.String(),
		RobotsFetches: map[string]int64{}, FetchOutcomes: map[string]string{}, DisallowedHits: c.Disallowed,
		TopDisallowed: []JSONDisallowed{}, TopDisallowedLost: c.TopDisallowedLost}
	if !c.Exact {
		j.DistinctError = c.DistinctError()
	}
	for _, f := range c.FetchConclusions() {
		j.RobotsFetches[strconv.Itoa(f.Status)] = f.Fetches
		j.FetchOutcomes[strconv.Itoa(f.Status)] = string(f.Decision.Outcome)
	}
	for i, d := range c.TopDisallowed {
		if i == topDisallowedJSON {
			break
		}
		j.TopDisallowed = append(j.TopDisallowed, JSONDisallowed{Path: d.Path, Hits: d.Hits, Rule: ruleJSON(d.Rule)})
	}
	if rep.HasDraft {
		b, a := c.NewlyBlocked, c.NewlyAllowed
		j.NewlyBlocked, j.NewlyAllowed = &b, &a
		for _, r := range c.DraftRules {
			file := "draft"
			if r.InRobots {
				file = "robots"
			}
			j.DraftRules = append(j.DraftRules, JSONDraftRule{File: file, Rule: ruleJSON(r.Rule), Blocked: r.Blocked, Allowed: r.Allowed})
		}
	}
	return j
}

func runLogs(env *Env, args []string) int {
	fs := NewFlags(env, "logs", logsUsage)
	robotsFile := fs.String("robots", "", msg.Def("logs.flag.robots", "the robots.txt in force (- = stdin)"))
	draftFile := fs.String("draft", "", msg.Def("logs.flag.draft", "a draft robots.txt to compare with it"))
	format := fs.String("format", "", msg.Def("logs.flag.format", "log format: combined, common, vhost_combined, combined_vhost, vhost_common, or a LogFormat / log_format string (default: detected per file)"))
	var ranges StringList
	fs.Var(&ranges, "ip-ranges", msg.Def("logs.flag.ip_ranges", "IP ranges of crawlers (JSON or text); repeat for several files"))
	verifyDNS := fs.Bool("verify-dns", false, msg.Def("logs.flag.verify_dns", "check claimed identities by reverse DNS and a forward lookup"))
	asJSON := fs.Bool("json", false, msgLogsFlagJSON)
	violations := fs.Bool("violations", false, msg.Def("logs.flag.violations", "print one line per hit on a disallowed URL"))
	partial := fs.Bool("partial", false, msgLogsFlagPartial)
	merge := fs.Bool("merge", false, msgLogsFlagMerge)
	site := fs.String("site", "", msgLogsFlagSite)
	asOfNow := fs.Bool("as-of-now", false, msgLogsFlagAsOfNow)
	allowPrivate := fs.Bool("allow-private", false, msgLogsFlagPrivate)
	jobs := JobsFlag(fs)
	pos, code := ParseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if *merge {
		return runLogsMerge(env, fs, pos, *asJSON)
	}
	if *partial && (*asJSON || *violations) {
		return Failf(env, "logs: %s", msg.New(msgLogsPartialAlone))
	}
	if len(pos) == 0 {
		return Failf(env, "logs: %s\nusage: robots-studio logs %s", msg.New(msgMissingArg, "Arg", "LOG"), logsUsage)
	}
	stdinUsers := 0
	for _, p := range append(append([]string{}, pos...), *robotsFile, *draftFile) {
		if p == "-" {
			stdinUsers++
		}
	}
	if stdinUsers > 1 {
		return Failf(env, "logs: %s", msg.New(msgLogsStdinOnce))
	}
	if *violations && *asJSON {
		return Failf(env, "logs: %s", msg.New(msgLogsViolationsJSON))
	}
	if *site != "" && (*robotsFile != "" || *partial) {
		return Failf(env, "logs: %s", msg.New(msgLogsSiteAlone))
	}
	if *asOfNow && *site == "" {
		return Failf(env, "logs: %s", msg.New(msgLogsAsOfNowSite))
	}
	defer LimitCores(*jobs)()
	opts := accesslog.Options{Names: pos, Stdin: env.Stdin, Workers: *jobs}
	if *format != "" {
		f, err := accesslog.ParseFormat(*format)
		if err != nil {
			return Failf(env, "logs: --format: %v", err)
		}
		opts.Format = f
	}
	for _, p := range []struct {
		name string
		dst  **syntax.Document
	}{{*robotsFile, &opts.Robots}, {*draftFile, &opts.Draft}} {
		if p.name == "" {
			continue
		}
		data, code := LoadRobots(env, p.name)
		if code >= 0 {
			return code
		}
		*p.dst = syntax.Parse(data)
	}
	var hist *accesslog.History
	if *site != "" {
		var name string
		if hist, name, code = loadHistory(env, *site, *asOfNow); code >= 0 {
			return code
		}
		opts.History = hist
		*site = name
	}
	rangesNote := ""
	if len(ranges) == 0 { // no --ip-ranges: the ranges the catalogue's updates read
		opts.Verifier, rangesNote = sources.RangeVerifier()
	}
	if len(ranges) > 0 || *verifyDNS && opts.Verifier == nil {
		opts.Verifier = &accesslog.Verifier{}
		for _, r := range ranges {
			if err := opts.Verifier.LoadRanges(r); err != nil {
				return Failf(env, "logs: --ip-ranges: %v", err)
			}
		}
	}
	if *verifyDNS {
		opts.Verifier.Resolver = net.DefaultResolver
	}
	// Standard input is read once, by Analyze: it keeps the signed lines
	// there for the signature check.
	var kept *accesslog.SignedLines
	if !*partial && !*violations && slices.Contains(pos, "-") {
		kept = &accesslog.SignedLines{}
		opts.Signed = kept
	}
	out := bufio.NewWriterSize(env.Stdout, 64<<10)
	defer out.Flush()
	disallowed := false
	if *violations {
		opts.OnViolation = func(v accesslog.Violation) {
			disallowed = true
			fmt.Fprintf(out, "%s:%d %s %s %s%s\n", printable(pos[v.At.File]), v.At.Line, printable(v.Crawler), printable(v.Path), printable(ruleText(v.Rule)), violationVersion(v))
		}
	}
	rep, err := accesslog.Analyze(context.Background(), opts)
	// A file that broke while it was read (a truncated gzip log) still
	// gets the report of the lines before the break, then the error.
	var broken *accesslog.ReadError
	if err != nil && !errors.As(err, &broken) {
		out.Flush()
		return Failf(env, "logs: %s", printable(err.Error()))
	}
	if *partial {
		return writePartial(env, out, rep, opts, broken)
	}
	for _, c := range rep.Crawlers {
		if c.Disallowed > 0 {
			disallowed = true
		}
	}
	if rangesNote != "" && (*violations || *asJSON) {
		fmt.Fprintln(env.Stderr, printable(rangesNote)) // the text report prints it itself
	}
	var sigs *accesslog.SignatureReport
	if !*violations {
		sigs = verifyLogSignatures(pos, kept, *allowPrivate)
	}
	switch {
	case *violations:
	case *asJSON:
		enc := json.NewEncoder(out)
		enc.SetEscapeHTML(false)
		for _, c := range rep.Crawlers {
			enc.Encode(LogsJSON(rep, c))
		}
		if sigs.Signed > 0 {
			enc.Encode(LogsSignaturesJSON(pos, sigs))
		}
		if rep.Malformed > 0 {
			fmt.Fprintln(env.Stderr, msg.New(msgLogsMalformedAt, "Where", malformedList(rep)))
		}
	default:
		if rangesNote != "" {
			fmt.Fprintln(out, printable(rangesNote))
		}
		if hist != nil {
			for _, l := range historyNote(hist, *site, rep) {
				fmt.Fprintln(out, printable(l))
			}
		}
		WriteLogsReport(terminalSafe{out}, rep)
		writeSignedLines(terminalSafe{out}, pos, sigs)
	}
	if broken != nil {
		out.Flush()
		fmt.Fprintln(env.Stderr, "robots-studio: logs: "+msg.New(msgLogsBroken, "Error", printable(broken.Error()), "Lines", rep.Lines).String())
		return ExitFailure
	}
	if disallowed {
		return ExitFailure
	}
	return ExitOK
}

func ruleText(r *engine.Rule) string {
	if r == nil {
		return msg.New(msgLogsNoRule).String()
	}
	return fmt.Sprintf("line %d: %s", r.Line, r.Text)
}

func malformedList(rep *accesslog.Report) string {
	var parts []string
	for _, m := range rep.MalformedAt {
		parts = append(parts, fmt.Sprintf("%s:%d", rep.Files[m.File], m.Line))
	}
	s := strings.Join(parts, ", ")
	if rep.Malformed > int64(len(rep.MalformedAt)) {
		s += ", …"
	}
	return s
}

// topPathsText is how many of the most fetched paths the text report lists.
const topPathsText = 10

// WriteLogsReport prints the text report of `robots-studio logs`.
func WriteLogsReport(w io.Writer, rep *accesslog.Report) {
	fmt.Fprintln(w, msg.New(msgLogsFiles, "Lines", rep.Lines, "Files", len(rep.Files), "Formats", strings.Join(uniq(rep.Formats), ", "),
		"Crawler", rep.CrawlerHits, "Other", rep.OtherHits, "Malformed", rep.Malformed))
	if rep.Malformed > 0 {
		fmt.Fprintln(w, msg.New(msgLogsMalformedAt, "Where", malformedList(rep)))
	}
	if rep.NoUserAgent {
		fmt.Fprintln(w, msg.New(msgLogsNoUA))
	}
	if len(rep.Crawlers) == 0 {
		fmt.Fprintln(w, msg.New(msgLogsNoCrawlers))
		return
	}
	var never []string
	for _, c := range rep.Crawlers {
		fmt.Fprintln(w)
		paths := any(c.DistinctPaths)
		if !c.Exact {
			paths = msg.New(msgLogsEstimatedBound, "Count", c.DistinctPaths, "Error", c.DistinctError()).String()
		}
		fmt.Fprintln(w, msg.New(msgLogsCrawler, "Name", c.Name, "Verified", c.Verified.Text(), "Hits", c.Hits, "Paths", paths,
			"First", c.First.String(), "Last", c.Last.String(), "Token", quoteEmpty(c.Token), "Engine", c.Engine))
		if c.NeverFetchedRobots() {
			fmt.Fprintln(w, "  "+msg.New(msgLogsNoFetch).String())
			name := c.Name
			if c.Verified != accesslog.Unverified {
				name += " (" + c.Verified.Text().String() + ")"
			}
			never = append(never, name)
		}
		for _, f := range c.FetchConclusions() {
			fmt.Fprintln(w, "  "+msg.New(msgLogsFetch, "Status", f.Status, "Count", f.Fetches, "Why", f.Decision.Why.String()).String())
			if len(f.Others) > 0 {
				var list []string
				for _, o := range f.Others {
					list = append(list, o.Engine+" "+string(o.Outcome))
				}
				fmt.Fprintln(w, "    "+msg.New(msgLogsFetchOthers, "List", strings.Join(list, ", ")).String())
			}
		}
		if c.Disallowed > 0 {
			fmt.Fprintln(w, "  "+msg.New(msgLogsDisallowed, "Count", c.Disallowed).String())
			if c.TopDisallowedLost > 0 {
				fmt.Fprintln(w, "    "+msg.New(msgLogsTopLost, "Count", c.TopDisallowedLost).String())
			}
			for i, d := range c.TopDisallowed {
				if i == topDisallowedJSON {
					break
				}
				var lines []string
				for _, l := range d.Lines {
					lines = append(lines, fmt.Sprintf("%s:%d", rep.Files[l.File], l.Line))
				}
				if d.Hits > int64(len(d.Lines)) {
					lines = append(lines, "…")
				}
				fmt.Fprintln(w, "    "+msg.New(msgLogsDisPath, "Path", d.Path, "Hits", d.Hits, "Rule", ruleText(d.Rule), "Lines", strings.Join(lines, ", ")).String())
			}
		}
		if rep.HasDraft && (c.NewlyBlocked > 0 || c.NewlyAllowed > 0) {
			fmt.Fprintln(w, "  "+msg.New(msgLogsDraft, "Blocked", c.NewlyBlocked, "Allowed", c.NewlyAllowed).String())
			for _, r := range c.DraftRules {
				key, n := msgLogsDraftBlocks, r.Blocked
				switch {
				case r.InRobots:
					key, n = msgLogsDraftDrops, r.Allowed
				case r.Allowed > 0:
					key, n = msgLogsDraftAllows, r.Allowed
				}
				fmt.Fprintln(w, "    "+msg.New(key, "Rule", ruleText(r.Rule), "Count", n).String())
			}
		}
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, msg.New(msgLogsTopPaths))
	if rep.TopPathsLost > 0 {
		fmt.Fprintln(w, "  "+msg.New(msgLogsTopLost, "Count", rep.TopPathsLost).String())
	}
	for i, p := range rep.TopPaths {
		if i == topPathsText {
			break
		}
		fmt.Fprintf(w, "  %8d  %s\n", p.Hits, p.Path)
	}
	if len(never) > 0 {
		fmt.Fprintln(w)
		fmt.Fprintln(w, msg.New(msgLogsNeverRobots, "Names", strings.Join(uniq(never), ", ")))
	}
}

func uniq(list []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range list {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// verifyLogSignatures checks the Web Bot Auth signatures the logs
// recorded (accesslog.VerifySignatures, as the window's Logs tab does):
// the files are read again, standard input's signed lines are the ones
// Analyze kept. Its answers are both the text's and --json's.
func verifyLogSignatures(names []string, kept *accesslog.SignedLines, allowPrivate bool) *accesslog.SignatureReport {
	v := &botauth.Verifier{Directories: &botauth.Directories{AllowPrivate: allowPrivate, Client: verifyClient}}
	sigs, _ := accesslog.VerifySignatures(context.Background(), names, kept, v) // a file's error was reported by Analyze
	return sigs
}

// writeSignedLines prints each signed line's answers; nothing when no
// line is signed.
func writeSignedLines(w io.Writer, names []string, sigs *accesslog.SignatureReport) {
	if sigs.Signed == 0 {
		return
	}
	fmt.Fprintln(w, "\n"+msg.New(msgLogsSigned, "Signed", sigs.Signed, "Verified", sigs.Verified, "Invalid", sigs.Invalid, "Unverified", sigs.Unverified).String())
	for _, h := range sigs.Hits {
		for _, r := range h.Results {
			answer := r.Why.String() // "verified: …" already
			if r.Outcome != botauth.Verified {
				answer = r.Outcome.Text().String() + ": " + answer
			}
			fmt.Fprintf(w, "  %s:%d %s %s: %s\n", names[h.At.File], h.At.Line, h.Path, r.Label, answer)
		}
	}
	if sigs.Dropped > 0 {
		fmt.Fprintln(w, "  "+msg.New(msgLogsSignedMore, "Count", sigs.Dropped).String())
	}
	if sigs.Unchecked > 0 {
		fmt.Fprintln(w, "  "+msg.New(msgLogsSignedOver, "Count", sigs.Unchecked, "Lines", accesslog.MaxKeptSigned, "MiB", accesslog.MaxKeptSignedBytes>>20).String())
	}
}

// JSONLogSignatures is the last object of `logs --json` when a line is
// signed: {"type": "signatures", "signatures": …}. The crawler objects
// before it have no "type"; a reader that takes every line for a crawler
// tells this one by it.
type JSONLogSignatures struct {
	Type       string             `json:"type"`
	Signatures JSONSignedRequests `json:"signatures"`
}

// JSONSignedRequests are the signed lines' counts and answers, as the text
// report gives them.
type JSONSignedRequests struct {
	Signed     int64 `json:"signed"`
	Verified   int64 `json:"verified"`
	Invalid    int64 `json:"invalid"`
	Unverified int64 `json:"unverified"`
	// NotListed lines were checked and counted, past the lines listed;
	// NotChecked lines of standard input were past what is kept of it,
	// counted in signed only.
	NotListed  int64            `json:"not_listed"`
	NotChecked int64            `json:"not_checked"`
	Lines      []JSONSignedLine `json:"lines"`
}

// JSONSignedLine is one signed line with each signature's answer.
type JSONSignedLine struct {
	File       string          `json:"file"`
	Line       int             `json:"line"`
	Address    string          `json:"address"`
	Path       string          `json:"path"`
	UserAgent  string          `json:"user_agent"`
	Signatures []JSONSignature `json:"signatures"`
}

// LogsSignaturesJSON converts the signature check to its --json object.
func LogsSignaturesJSON(names []string, sigs *accesslog.SignatureReport) JSONLogSignatures {
	j := JSONSignedRequests{Signed: sigs.Signed, Verified: sigs.Verified, Invalid: sigs.Invalid, Unverified: sigs.Unverified,
		NotListed: sigs.Dropped, NotChecked: sigs.Unchecked, Lines: []JSONSignedLine{}}
	for _, h := range sigs.Hits {
		l := JSONSignedLine{File: names[h.At.File], Line: h.At.Line, Address: h.Address, Path: h.Path, UserAgent: h.UA, Signatures: []JSONSignature{}}
		for _, r := range h.Results {
			l.Signatures = append(l.Signatures, signatureJSON(0, r))
		}
		j.Lines = append(j.Lines, l)
	}
	return JSONLogSignatures{Type: "signatures", Signatures: j}
}
