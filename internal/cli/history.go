//go:build !js

package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/robots-studio/robots-studio/internal/session"
	"github.com/robots-studio/robots-studio/tester/diff"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/history"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

const historyUsage = "list [SITE] [--json]\n" +
	"       history show SITE [VERSION] [--body] [--json]\n" +
	"       history diff SITE [OLD [NEW]] [--engine ID|all] [--agent NAME]... [--urls FILE] [--json] [--fail-on any|blocked|allowed|none] [--jobs N]\n" +
	"       history import SITE --wayback [--endpoint URL] [--delay DUR] [--max N] [--from YEAR] [--to YEAR] [--json]\n" +
	"       history forget SITE\n" +
	"       history keep on|off"

var (
	msgHistGiveAction    = msg.Def("history.cli.give_action", "give list, show, diff, import, forget or keep")
	msgHistUnknownAction = msg.Def("history.cli.unknown_action", "unknown action {{.Name}}: give list, show, diff, import, forget or keep")
	msgHistBadFailOn     = msg.Def("history.cli.bad_fail_on", "--fail-on must be any, blocked, allowed or none, not {{.Value}}")
	msgHistOnOff         = msg.Def("history.cli.on_off", "give on or off")
	msgHistImportLimits  = msg.Def("history.cli.import_limits", "--delay and --max must be positive")
	msgHistSite          = msg.Def("history.cli.site", "{{.Site}}  {{.Versions}}, {{.First}} … {{.Last}}")
	msgHistNVers         = msg.Def("history.n.versions", "{{.Count}} versions")
	_                    = msg.One("history.n.versions", "{{.Count}} version")
	msgHistNone          = msg.Def("history.cli.none", "no site has a history yet: fetch one (robots-studio fetch SITE) or import its snapshots (history import SITE --wayback)")
	msgHistVersion       = msg.Def("history.cli.version", "#{{.N}}  {{.Time}}  {{.Source}}  {{.Answer}}{{if .Body}}  sha256:{{.Body}}{{end}}{{if .Seen}}  {{.Seen}}{{end}}")
	msgHistSeen          = msg.Def("history.cli.seen", "found {{.Count}} times, last {{.Last}}")
	msgHistStatus        = msg.Def("history.cli.status", "status {{.Status}}, {{.Bytes}}")
	msgHistNoAnswer      = msg.Def("history.cli.no_answer", "no answer ({{.Why}})")
	msgHistField         = msg.Def("history.cli.field", "{{.Name}}: {{.Value}}")
	msgHistCompare       = msg.Def("history.cli.compare", "{{.Site}}: #{{.Old}} ({{.OldTime}}) → #{{.New}} ({{.NewTime}})")
	msgHistSame          = msg.Def("history.cli.same", "the two versions are byte for byte the same")
	msgHistOnlyOne       = msg.Def("history.cli.only_one", "{{.Site}} has one version: there is nothing to compare it with yet")
	msgHistForgot        = msg.Def("history.cli.forgot", "forgot {{.Versions}} of {{.Site}}")
	msgHistKeepOn        = msg.Def("history.cli.keep_on", "fetches are kept as versions in {{.Dir}}")
	msgHistKeepOff       = msg.Def("history.cli.keep_off", "fetches are no longer kept; what is kept stays until history forget")
	msgHistBadRef        = msg.Def("history.cli.bad_ref", "{{.Ref}} is not a version of {{.Site}}: give a number from 1 to {{.Max}}, first, last, or a date (2024, 2024-05-01) for the version in force then")
	msgHistBefore        = msg.Def("history.cli.before_first", "{{.Site}} has no version as early as {{.Ref}}: the first is from {{.First}}")
	msgHistFromSrc       = msg.Def("history.cli.from", "snapshot {{.URL}}")
)

// Field names of history show.
var (
	msgFieldTime     = msg.Def("history.field.time", "first found")
	msgFieldLastSeen = msg.Def("history.field.last_seen", "last found")
	msgFieldSource   = msg.Def("history.field.source", "source")
	msgFieldAnswer   = msg.Def("history.field.answer", "answer")
	msgFieldType     = msg.Def("history.field.content_type", "Content-Type")
	msgFieldModified = msg.Def("history.field.last_modified", "Last-Modified")
	msgFieldETag     = msg.Def("history.field.etag", "ETag")
	msgFieldBody     = msg.Def("history.field.body", "bytes")
)

func init() {
	Register(Command{
		Name:    "history",
		Usage:   historyUsage,
		Summary: msg.Def("history.cli.summary", "a site's robots.txt over time: every fetch is kept as a version (exact bytes, status, headers, redirects); list, show and compare versions with the impact diff, import the Internet Archive's snapshots, forget a site"),
		Run:     runHistory,
	})
}

func runHistory(env *Env, args []string) int {
	if len(args) == 0 {
		return Failf(env, "history: %s\nusage: robots-studio history %s", msg.New(msgHistGiveAction), historyUsage)
	}
	if args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprintf(env.Stdout, "usage: robots-studio history %s\n", historyUsage)
		return ExitOK
	}
	st, ok := history.InUse()
	if !ok {
		return Failf(env, "history: %s", msg.New("history.err.no_storage", "Env", session.StorageEnv))
	}
	switch args[0] {
	case "list":
		return runHistoryList(env, st, args[1:])
	case "show":
		return runHistoryShow(env, st, args[1:])
	case "diff":
		return runHistoryDiff(env, st, args[1:])
	case "import":
		return runHistoryImport(env, st, args[1:])
	case "forget":
		return runHistoryForget(env, st, args[1:])
	case "keep":
		return runHistoryKeep(env, st, args[1:])
	}
	return Failf(env, "history: %s", msg.New(msgHistUnknownAction, "Name", strconv.Quote(args[0])))
}

// JSONHistoryVersion is a version in --json output.
type JSONHistoryVersion struct {
	N int `json:"n"`
	history.Version
}

// JSONHistorySite is a site in `history list --json`.
type JSONHistorySite struct {
	Site     string    `json:"site"`
	Versions int       `json:"versions"`
	First    time.Time `json:"first"`
	Last     time.Time `json:"last"`
}

func stamp(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05Z") }

func encodeJSON(w io.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
}

// siteArg turns SITE (a host, a page or a robots.txt URL) into its name.
func siteArg(env *Env, cmd, input string) (string, int) {
	site, err := history.SiteOf(input)
	if err != nil {
		return "", Failf(env, "history %s: %v", cmd, err)
	}
	return site, -1
}

func runHistoryList(env *Env, st history.Store, args []string) int {
	fs := NewFlags(env, "history list", "[SITE] [--json]")
	asJSON := fs.Bool("json", false, msg.Def("history.cli.flag_list_json", "print JSON: an array of sites, or of a site's versions"))
	pos, code := ParseFlags(fs, args)
	if code >= 0 {
		return code
	}
	w := bufio.NewWriter(env.Stdout)
	defer w.Flush()
	if len(pos) == 0 {
		sites, err := st.Sites()
		if err != nil {
			return Failf(env, "history list: %v", err)
		}
		if *asJSON {
			out := []JSONHistorySite{}
			for _, s := range sites {
				out = append(out, JSONHistorySite{s.URL, s.Versions, s.First, s.Last})
			}
			encodeJSON(w, out)
			return ExitOK
		}
		if len(sites) == 0 {
			fmt.Fprintln(w, msg.New(msgHistNone))
		}
		for _, s := range sites {
			fmt.Fprintln(terminalSafe{w}, msg.New(msgHistSite, "Site", s.URL, "Versions", msg.New(msgHistNVers, "Count", s.Versions), "First", stamp(s.First), "Last", stamp(s.Last)))
		}
		return ExitOK
	}
	if len(pos) != 1 {
		return UsageError(fs)
	}
	site, code := siteArg(env, "list", pos[0])
	if code >= 0 {
		return code
	}
	vs, err := st.Versions(site)
	if err != nil {
		return Failf(env, "history list: %v", err)
	}
	if *asJSON {
		out := []JSONHistoryVersion{}
		for i, v := range vs {
			out = append(out, JSONHistoryVersion{i + 1, v})
		}
		encodeJSON(w, out)
		return ExitOK
	}
	fmt.Fprintln(terminalSafe{w}, site)
	for i, v := range vs {
		fmt.Fprintln(terminalSafe{w}, "  "+versionLine(i+1, v))
	}
	return ExitOK
}

// versionLine is one version in a line.
func versionLine(n int, v history.Version) string {
	body := ""
	if v.Body != "" {
		body = v.Body[:12]
	}
	seen := ""
	if v.Seen > 1 {
		seen = msg.New(msgHistSeen, "Count", v.Seen, "Last", stamp(v.LastSeen)).String()
	}
	return msg.New(msgHistVersion, "N", n, "Time", stamp(v.Time), "Source", v.Source, "Answer", answerText(v), "Body", body, "Seen", seen).String()
}

func answerText(v history.Version) msg.Text {
	if v.Unreachable {
		return msg.New(msgHistNoAnswer, "Why", v.Failure)
	}
	return msg.New(msgHistStatus, "Status", v.Status, "Bytes", msg.New(msgBytes, "Count", v.Bytes))
}

// pickVersion reads VERSION: a number as listed, first, last, or a date
// or time (the version in force then).
func pickVersion(site string, vs []history.Version, ref string) (int, error) {
	switch ref {
	case "last", "latest":
		return len(vs) - 1, nil
	case "first":
		return 0, nil
	}
	// A number is a version as listed (#N too), except four digits: a year
	// (write #2016 for the version of that number).
	if n, err := strconv.Atoi(strings.TrimPrefix(ref, "#")); err == nil && (len(ref) != 4 || ref[0] == '#') {
		if n < 1 || n > len(vs) {
			return 0, msg.Error(msgHistBadRef, "Ref", ref, "Site", site, "Max", len(vs))
		}
		return n - 1, nil
	}
	for _, layout := range []string{time.RFC3339, "2006-01-02T15:04:05", "2006-01-02 15:04:05", "2006-01-02 15:04", "2006-01-02", "2006-01", "2006"} {
		t, err := time.Parse(layout, ref)
		if err != nil {
			continue
		}
		if layout == "2006-01-02" || layout == "2006-01" || layout == "2006" {
			// A day (month, year) means its end: the version in force that day.
			switch layout {
			case "2006-01-02":
				t = t.AddDate(0, 0, 1)
			case "2006-01":
				t = t.AddDate(0, 1, 0)
			default:
				t = t.AddDate(1, 0, 0)
			}
			t = t.Add(-time.Nanosecond)
		}
		for i := len(vs) - 1; i >= 0; i-- {
			if !vs[i].Time.After(t) {
				return i, nil
			}
		}
		return 0, msg.Error(msgHistBefore, "Site", site, "Ref", ref, "First", stamp(vs[0].Time))
	}
	return 0, msg.Error(msgHistBadRef, "Ref", ref, "Site", site, "Max", len(vs))
}

func runHistoryShow(env *Env, st history.Store, args []string) int {
	fs := NewFlags(env, "history show", "SITE [VERSION] [--body] [--json]")
	asJSON := fs.Bool("json", false, msg.Def("history.cli.flag_show_json", "print the version and each engine's outcome as one JSON object"))
	raw := fs.Bool("body", false, msg.Def("history.cli.flag_body", "print the version's bytes exactly, nothing else"))
	pos, code := ParseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if len(pos) < 1 || len(pos) > 2 {
		return UsageError(fs)
	}
	site, code := siteArg(env, "show", pos[0])
	if code >= 0 {
		return code
	}
	vs, err := st.Versions(site)
	if err != nil {
		return Failf(env, "history show: %v", err)
	}
	k := len(vs) - 1
	if len(pos) == 2 {
		if k, err = pickVersion(site, vs, pos[1]); err != nil {
			return Failf(env, "history show: %v", err)
		}
	}
	v := vs[k]
	body, err := st.Body(v)
	if err != nil {
		return Failf(env, "history show: %v", err)
	}
	if *raw {
		env.Stdout.Write(body)
		return ExitOK
	}
	w := bufio.NewWriter(env.Stdout)
	defer w.Flush()
	res := v.Result(body)
	if *asJSON {
		encodeJSON(w, struct {
			JSONHistoryVersion
			Outcomes JSONOutcome `json:"outcomes"`
		}{JSONHistoryVersion{k + 1, v}, res.Outcomes})
		return ExitOK
	}
	tw := terminalSafe{w}
	fmt.Fprintf(tw, "%s #%d\n", site, k+1)
	field := func(key, value string) {
		if value != "" {
			fmt.Fprintf(tw, "  %s\n", msg.New(msgHistField, "Name", msg.New(key), "Value", value))
		}
	}
	field(msgFieldTime, stamp(v.Time))
	if v.Seen > 1 {
		field(msgFieldLastSeen, stamp(v.LastSeen)+" ("+strconv.Itoa(v.Seen)+"×)")
	}
	src := v.Source
	if v.SourceURL != "" {
		src += ", " + msg.New(msgHistFromSrc, "URL", v.SourceURL).String()
	}
	field(msgFieldSource, src)
	field(msgFieldAnswer, answerText(v).String())
	field(msgFieldType, v.ContentType)
	field(msgFieldModified, v.LastModified)
	field(msgFieldETag, v.ETag)
	if v.Body != "" {
		field(msgFieldBody, "sha256:"+v.Body)
	}
	for i, h := range v.Hops {
		status := any(h.Status)
		if h.Status == 0 {
			status = msg.New(msgFetchNoReply)
		}
		fmt.Fprintf(tw, "  %s\n", msg.New(msgFetchHop, "N", i+1, "URL", h.URL, "Status", status, "Location", h.Location))
	}
	for _, o := range res.Outcomes {
		fmt.Fprintf(tw, "%-12s %-12s %s\n", o.Engine, o.Outcome, o.Why)
	}
	return ExitOK
}

func runHistoryDiff(env *Env, st history.Store, args []string) int {
	fs := NewFlags(env, "history diff", "SITE [OLD [NEW]] [--engine ID|all] [--agent NAME]... [--urls FILE] [--json] [--fail-on any|blocked|allowed|none] [--jobs N]")
	var agents StringList
	engineID := fs.String("engine", "", msg.Def("history.cli.flag_engine", "engine id or all; default: each crawler's own"))
	fs.Var(&agents, "agent", msgDiffFlagAgent)
	urlsFile := fs.String("urls", "", msgDiffFlagURLs)
	asJSON := fs.Bool("json", false, msgDiffFlagJSON)
	failOn := fs.String("fail-on", "none", msg.Def("history.cli.flag_fail_on", "exit 1 when a change of this kind exists: any, blocked, allowed, or none"))
	jobs := JobsFlag(fs)
	pos, code := ParseFlags(fs, args)
	if code >= 0 {
		return code
	}
	defer LimitCores(*jobs)()
	if len(pos) < 1 || len(pos) > 3 {
		return UsageError(fs)
	}
	switch *failOn {
	case "any", "blocked", "allowed", "none":
	default:
		return Failf(env, "history diff: %s", msg.New(msgHistBadFailOn, "Value", strconv.Quote(*failOn)))
	}
	site, code := siteArg(env, "diff", pos[0])
	if code >= 0 {
		return code
	}
	vs, err := st.Versions(site)
	if err != nil {
		return Failf(env, "history diff: %v", err)
	}
	if len(vs) < 2 && len(pos) < 3 {
		fmt.Fprintln(env.Stdout, msg.New(msgHistOnlyOne, "Site", site))
		return ExitOK
	}
	a, b := len(vs)-2, len(vs)-1
	if len(pos) >= 2 {
		if a, err = pickVersion(site, vs, pos[1]); err != nil {
			return Failf(env, "history diff: %v", err)
		}
		if len(pos) == 2 && a == b {
			a = max(0, b-1)
		}
	}
	if len(pos) == 3 {
		if b, err = pickVersion(site, vs, pos[2]); err != nil {
			return Failf(env, "history diff: %v", err)
		}
	}
	var engines []engine.Engine
	if *engineID != "" {
		if engines, err = ResolveEngines([]string{*engineID}); err != nil {
			return Failf(env, "history diff: %v", err)
		}
	}
	var urls []string
	if *urlsFile != "" {
		if urls, err = readLines(env, *urlsFile, false); err != nil {
			return Failf(env, "history diff: %v", err)
		}
		if urls == nil {
			urls = []string{}
		}
	}
	oldV, err := storedVersion(st, vs[a])
	if err != nil {
		return Failf(env, "history diff: %v", err)
	}
	newV, err := storedVersion(st, vs[b])
	if err != nil {
		return Failf(env, "history diff: %v", err)
	}
	if len(agents) == 0 {
		agents = diff.Agents(oldV.doc, newV.doc)
	}
	rep := compareVersions(oldV, newV, engines, agents, urls, Workers(*jobs))
	w := bufio.NewWriter(env.Stdout)
	defer w.Flush()
	if *asJSON {
		for i := range rep.Changes {
			c := &rep.Changes[i]
			encodeJSON(w, JSONChange{Engine: c.Engine, Agent: c.Agent, URL: c.URL, Old: versionJSON(c.Old), New: versionJSON(c.New)})
		}
	} else {
		fmt.Fprintln(terminalSafe{w}, msg.New(msgHistCompare, "Site", site, "Old", a+1, "OldTime", stamp(vs[a].Time), "New", b+1, "NewTime", stamp(vs[b].Time)))
		if vs[a].Body == vs[b].Body && vs[a].Status == vs[b].Status {
			fmt.Fprintln(w, msg.New(msgHistSame))
		}
		writeDiff(terminalSafe{w}, rep)
	}
	if failsOn(*failOn, rep) {
		return ExitFailure
	}
	return ExitOK
}

// failsOn reports whether rep has a change of the --fail-on kind.
func failsOn(kind string, rep *diff.Report) bool {
	for _, s := range rep.Summaries {
		if kind == "any" || kind == "blocked" && s.Blocked > 0 || kind == "allowed" && s.Allowed > 0 {
			return true
		}
	}
	return false
}

// storedVersion is a kept version as the diff takes it: its document and
// the fetch it records (each engine's outcome worked out again).
func storedVersion(st history.Store, v history.Version) (version, error) {
	body, err := st.Body(v)
	if err != nil {
		return version{}, err
	}
	return version{doc: syntax.Parse(body), res: v.Result(body)}, nil
}

func runHistoryForget(env *Env, st history.Store, args []string) int {
	fs := NewFlags(env, "history forget", "SITE")
	pos, code := ParseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if len(pos) != 1 {
		return UsageError(fs)
	}
	site, code := siteArg(env, "forget", pos[0])
	if code >= 0 {
		return code
	}
	n, err := st.Forget(site)
	if err != nil {
		return Failf(env, "history forget: %v", err)
	}
	fmt.Fprintln(env.Stdout, msg.New(msgHistForgot, "Versions", msg.New(msgHistNVers, "Count", n), "Site", site))
	return ExitOK
}

func runHistoryKeep(env *Env, st history.Store, args []string) int {
	if len(args) != 1 || args[0] != "on" && args[0] != "off" {
		return Failf(env, "history keep: %s", msg.New(msgHistOnOff))
	}
	if err := st.SetKeeping(args[0] == "on"); err != nil {
		return Failf(env, "history keep: %v", err)
	}
	if args[0] == "on" {
		fmt.Fprintln(env.Stdout, msg.New(msgHistKeepOn, "Dir", st.Dir))
	} else {
		fmt.Fprintln(env.Stdout, msg.New(msgHistKeepOff))
	}
	return ExitOK
}

var (
	msgImportDone    = msg.Def("history.cli.imported", "{{.Site}}: the archive lists {{.Listed}}; {{.Read}} read, {{.Added}} new, {{.Known}} kept before, {{.Skipped}} skipped ({{.Requests}} requests)")
	msgImportSkip    = msg.Def("history.cli.skipped", "skipped {{.Stamp}}: {{.Why}}")
	msgImportStopped = msg.Def("history.cli.stopped", "stopped: {{.Why}}")
	msgNCaptures     = msg.Def("history.n.captures", "{{.Count}} captures")
	_                = msg.One("history.n.captures", "{{.Count}} capture")
	msgImportWayback = msg.Def("history.cli.need_wayback", "history import: say where from: --wayback (the Internet Archive)")
)

func runHistoryImport(env *Env, st history.Store, args []string) int {
	fs := NewFlags(env, "history import", "SITE --wayback [--endpoint URL] [--snapshots URL] [--delay DUR] [--max N] [--from YEAR] [--to YEAR] [--json]")
	wayback := fs.Bool("wayback", false, msg.Def("history.cli.flag_wayback", "import the Internet Archive's snapshots of the site's robots.txt"))
	endpoint := fs.String("endpoint", history.DefaultCDX, msg.Def("history.cli.flag_endpoint", "the CDX index to ask"))
	snapshots := fs.String("snapshots", history.DefaultSnapshots, msg.Def("history.cli.flag_snapshots", "where the raw snapshots are read (TIMESTAMP id_/URL is appended)"))
	delay := fs.Duration("delay", history.DefaultDelay, msg.Def("history.cli.flag_delay", "pause between two requests to the archive"))
	maxN := fs.Int("max", history.DefaultMax, msg.Def("history.cli.flag_max", "read at most this many snapshots (the report says where to go on)"))
	from := fs.String("from", "", msg.Def("history.cli.flag_from", "only captures from this time on (a year, or up to 14 digits: 2019, 20190301)"))
	to := fs.String("to", "", msg.Def("history.cli.flag_to", "only captures up to this time"))
	asJSON := fs.Bool("json", false, msg.Def("history.cli.flag_import_json", "print the report as one JSON object"))
	pos, code := ParseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if len(pos) != 1 {
		return UsageError(fs)
	}
	if !*wayback {
		fmt.Fprintln(env.Stderr, "robots-studio: "+msg.New(msgImportWayback).String())
		return ExitUsage
	}
	if *delay <= 0 || *maxN <= 0 {
		return Failf(env, "history import: %s", msg.New(msgHistImportLimits))
	}
	site, code := siteArg(env, "import", pos[0])
	if code >= 0 {
		return code
	}
	rep, err := st.Import(context.Background(), site, history.ImportOptions{CDX: *endpoint, Snapshots: *snapshots,
		Delay: *delay, Max: *maxN, From: *from, To: *to})
	if err != nil {
		return Failf(env, "history import: %v", err)
	}
	w := bufio.NewWriter(env.Stdout)
	defer w.Flush()
	if *asJSON {
		encodeJSON(w, rep)
	} else {
		tw := terminalSafe{w}
		fmt.Fprintln(tw, msg.New(msgImportDone, "Site", site, "Listed", msg.New(msgNCaptures, "Count", rep.Listed), "Read", rep.Read,
			"Added", rep.Added, "Known", rep.Known, "Skipped", len(rep.Skipped), "Requests", rep.Requests))
		for _, s := range rep.Skipped {
			fmt.Fprintln(tw, "  "+msg.New(msgImportSkip, "Stamp", s.Stamp, "Why", s.Why).String())
		}
		if !rep.Stopped.IsZero() {
			fmt.Fprintln(tw, msg.New(msgImportStopped, "Why", rep.Stopped))
		}
	}
	if !rep.Stopped.IsZero() {
		return ExitFailure
	}
	return ExitOK
}
