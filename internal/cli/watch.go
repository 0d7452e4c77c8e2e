//go:build !js

package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/fetch"
	"github.com/robots-studio/robots-studio/tester/history"
	"github.com/robots-studio/robots-studio/tester/msg"
)

const watchUsage = "[--urls FILE] [--agent NAME]... [--fail-on info|warning|error] [--json] [--notify URL] [--workers N] [--per-host N] [--budget DUR] [--no-conditional] [--shard I/N] SITES_FILE | --merge [--json] REPORT..."

var (
	msgWatchChanged   = msg.Def("history.watch.changed", "{{.Site}}: changed ({{.Severity}})")
	msgWatchFinding   = msg.Def("history.watch.finding", "{{.Severity}}: {{.Text}}")
	msgWatchNotDone   = msg.Def("history.watch.not_checked", "{{.Input}}: not checked: {{.Why}}")
	msgWatchSummary   = msg.Def("history.watch.summary", "{{.Sites}}: {{.Changed}} changed, {{.First}} seen for the first time, {{.Unchanged}} unchanged ({{.NotModified}} answered 304), {{.NotChecked}} not checked; {{.Elapsed}}")
	msgWatchNSites    = msg.Def("history.n.sites", "{{.Count}} sites")
	_                 = msg.One("history.n.sites", "{{.Count}} site")
	msgWatchReason    = msg.Def("history.watch.reason", "not checked, {{.Count}}×: {{.Why}}")
	msgWatchFailOn    = msg.Def("history.watch.fail_on", "{{.Count}} changes at or above {{.Level}}")
	_                 = msg.One("history.watch.fail_on", "{{.Count}} change at or above {{.Level}}")
	msgWatchNotified  = msg.Def("history.watch.notified", "webhook: {{.Sent}} sent, {{.Failed}} failed, {{.Dropped}} dropped, {{.Unsent}} unsent{{if .Err}} (last error: {{.Err}}){{end}}")
	msgWatchNoSites   = msg.Def("history.watch.no_sites", "{{.File}} names no site (one host or URL a line; # starts a comment)")
	msgWatchBadFailOn = msg.Def("history.watch.bad_fail_on", "--fail-on must be info, warning or error, not {{.Value}}")
	msgWatchBadShard  = msg.Def("history.watch.bad_shard", "--shard must be I/N, this process's shard I of N, with 1 <= I <= N (such as 2/3), not {{.Value}}")
	msgWatchBadLimits = msg.Def("history.watch.bad_limits", "--workers, --per-host and --budget must be positive")
	msgWatchBadNotify = msg.Def("history.watch.bad_notify", "--notify must be an http(s) URL")
	msgWatchFlagShard = msg.Def("history.watch.flag_shard", "check only shard I of N of the sites (a stable hash of each site's host and port), one of N machines; watch --merge joins the shards' --json reports")
	msgWatchFlagMerge = msg.Def("history.watch.flag_merge", "read the --json reports of watch --shard I/N runs, every shard once, and print the report and exit status of one watch over all the sites")
	msgWatchShardOf   = msg.Def("history.watch.shard_of", "shard {{.Shard}}/{{.Shards}}: {{.Sites}} of the {{.All}} in {{.File}}; merge the shards' --json reports with watch --merge")
)

func init() {
	Register(Command{
		Name:    "watch",
		Usage:   watchUsage,
		Summary: msg.Def("history.watch.summary_line", "fetch the robots.txt of every site in SITES_FILE as crawlers do, keep a version when it changed, and grade each change by what it does; exit 1 when a change reaches --fail-on"),
		Run:     runWatch,
	})
}

// JSONWatchSite is one line of watch --json.
type JSONWatchSite struct {
	Type        string           `json:"type"` // "site"
	Line        int              `json:"line"` // the site's place in SITES_FILE, from 1 (blank and comment lines not counted)
	Input       string           `json:"input"`
	Site        string           `json:"site,omitempty"`
	Checked     bool             `json:"checked"`
	Why         string           `json:"why,omitempty"`
	Changed     bool             `json:"changed"`
	NotModified bool             `json:"not_modified,omitempty"`
	Status      int              `json:"status,omitempty"`
	Severity    string           `json:"severity,omitempty"`
	Findings    []JSONWatchFound `json:"findings,omitempty"`
	Version     *time.Time       `json:"version,omitempty"`  // the time of the version in force
	Previous    *time.Time       `json:"previous,omitempty"` // the version before, when changed
}

// JSONWatchFound is one finding.
type JSONWatchFound struct {
	Code     string `json:"code"`
	Severity string `json:"severity"`
	Text     string `json:"text"`
}

// JSONWatchSummary is the last line of watch --json.
type JSONWatchSummary struct {
	Type        string               `json:"type"` // "summary"
	Sites       int                  `json:"sites"`
	Changed     int                  `json:"changed"`
	First       int                  `json:"first"` // sites with no version before
	Unchanged   int                  `json:"unchanged"`
	NotModified int                  `json:"not_modified"`
	NotChecked  int                  `json:"not_checked"`
	Reasons     map[string]int       `json:"not_checked_reasons"`
	Failing     int                  `json:"failing"`
	Seconds     float64              `json:"seconds"`
	Notify      *history.NotifyStats `json:"notify,omitempty"`
	FailOn      string               `json:"fail_on"`
	// With --shard: this run's shard, of how many, and the sites in the
	// whole SITES_FILE (every shard's), for watch --merge.
	Shard    int `json:"shard,omitempty"`
	Shards   int `json:"shards,omitempty"`
	AllSites int `json:"all_sites,omitempty"`
}

// count adds a site to the summary and says whether its change reaches
// level (what makes the exit status 1).
func (s *JSONWatchSummary) count(j *JSONWatchSite, level diag.Severity) bool {
	s.Sites++
	switch {
	case !j.Checked:
		s.NotChecked++
		s.Reasons[j.Why]++
	case j.Changed && j.Previous == nil:
		s.First++
	case j.Changed:
		s.Changed++
	default:
		s.Unchanged++
		if j.NotModified {
			s.NotModified++
		}
	}
	worst, ok := parseSeverity(j.Severity)
	if ok && j.Changed && worst >= level {
		s.Failing++
		return true
	}
	return false
}

// writeWatchSite is a site's part of the text report: why it was not
// checked, or what its change does (a site seen for the first time and an
// unchanged one print nothing).
func writeWatchSite(w io.Writer, j *JSONWatchSite) {
	switch {
	case !j.Checked:
		fmt.Fprintln(w, msg.New(msgWatchNotDone, "Input", j.Input, "Why", j.Why))
	case j.Changed && j.Previous != nil:
		worst, _ := parseSeverity(j.Severity)
		fmt.Fprintln(w, msg.New(msgWatchChanged, "Site", j.Site, "Severity", worst.Label()))
		for _, f := range j.Findings {
			sev, _ := parseSeverity(f.Severity)
			fmt.Fprintln(w, "  "+msg.New(msgWatchFinding, "Severity", sev.Label(), "Text", f.Text).String())
		}
	}
}

// parseShard reads --shard I/N.
func parseShard(s string) (i, n int, ok bool) {
	a, b, found := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !found || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return 0, 0, false
	}
	return i, n, true
}

func watchJSON(r *history.SiteReport) JSONWatchSite {
	j := JSONWatchSite{Type: "site", Line: r.Index + 1, Input: r.Input, Site: r.Site, Checked: r.Checked, Changed: r.Changed, NotModified: r.NotModified}
	if !r.Checked {
		j.Why = r.Why.String()
		return j
	}
	j.Status = r.Version.Status
	t := r.Version.Time
	j.Version = &t
	if r.Previous != nil {
		p := r.Previous.Time
		j.Previous = &p
	}
	if w, ok := r.Worst(); ok {
		j.Severity = w.String()
	}
	for _, f := range r.Findings {
		j.Findings = append(j.Findings, JSONWatchFound{Code: f.Code, Severity: f.Severity.String(), Text: f.Text.String()})
	}
	return j
}

func parseSeverity(s string) (diag.Severity, bool) {
	for _, v := range []diag.Severity{diag.Info, diag.Warning, diag.Error} {
		if v.String() == s {
			return v, true
		}
	}
	return 0, false
}

func runWatch(env *Env, args []string) int {
	fs := NewFlags(env, "watch", watchUsage)
	urlsFile := fs.String("urls", "", msg.Def("history.watch.flag_urls", "your saved URLs or paths, one per line: each change says how many flip per crawler"))
	var agents StringList
	fs.Var(&agents, "agent", msg.Def("history.watch.flag_agent", "a crawler whose verdicts are checked; repeat for several (default: Googlebot, bingbot, YandexBot)"))
	failOn := fs.String("fail-on", "warning", msg.Def("history.watch.flag_fail_on", "exit 1 when a change reaches this severity: info, warning or error"))
	asJSON := fs.Bool("json", false, msg.Def("history.watch.flag_json", "JSON Lines: one object per site, then a summary"))
	notify := fs.String("notify", "", msg.Def("history.watch.flag_notify", "POST a JSON summary of each change at or above --fail-on to this URL"))
	workers := fs.Int("workers", history.DefaultWatchWorkers, msg.Def("history.watch.flag_workers", "sites fetched at once"))
	perHost := fs.Int("per-host", history.DefaultPerHost, msg.Def("history.watch.flag_per_host", "fetches of one host at once"))
	budget := fs.Duration("budget", history.DefaultBudget, msg.Def("history.watch.flag_budget", "time allowed per site (every redirect and the body)"))
	noCond := fs.Bool("no-conditional", false, msg.Def("history.watch.flag_no_conditional", "send plain requests, without If-None-Match / If-Modified-Since"))
	shardFlag := fs.String("shard", "", msgWatchFlagShard)
	merge := fs.Bool("merge", false, msgWatchFlagMerge)
	pos, code := ParseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if *merge {
		return runWatchMerge(env, fs, pos, *asJSON)
	}
	if len(pos) != 1 {
		return UsageError(fs)
	}
	shard, shards := 0, 0
	if *shardFlag != "" {
		var ok bool
		if shard, shards, ok = parseShard(*shardFlag); !ok {
			return Failf(env, "watch: %s", msg.New(msgWatchBadShard, "Value", *shardFlag))
		}
	}
	level, ok := parseSeverity(*failOn)
	if !ok {
		return Failf(env, "watch: %s", msg.New(msgWatchBadFailOn, "Value", *failOn))
	}
	if *workers <= 0 || *perHost <= 0 || *budget <= 0 {
		return Failf(env, "watch: %s", msg.New(msgWatchBadLimits))
	}
	if *notify != "" && !fetch.IsURL(*notify) {
		return Failf(env, "watch: %s", msg.New(msgWatchBadNotify))
	}
	st, ok := history.InUse()
	if !ok {
		return Failf(env, "watch: %s", msg.New("history.err.no_storage", "Env", "ROBOTS_STUDIO_STORAGE"))
	}
	opts := history.WatchOptions{Workers: *workers, PerHost: *perHost, Budget: *budget, NoConditional: *noCond, Shard: shard, Shards: shards}
	if len(agents) > 0 {
		opts.Grade.Agents = agents
	}
	if *urlsFile != "" {
		urls, err := readLines(env, *urlsFile, pos[0] == "-")
		if err != nil {
			return Failf(env, "watch: %v", err)
		}
		opts.Grade.URLs = urls
	}
	var notifier *history.Notifier
	if *notify != "" {
		notifier = &history.Notifier{URL: *notify}
	}

	lines, wait := siteLines(env, pos[0])
	var all atomic.Int64 // the sites read, every shard's
	next := func() (string, error) {
		line, err := lines()
		if err == nil {
			all.Add(1)
		}
		return line, err
	}
	w := bufio.NewWriter(env.Stdout)
	defer w.Flush()
	tw := terminalSafe{w}
	sum := JSONWatchSummary{Type: "summary", Reasons: map[string]int{}, FailOn: *failOn, Shard: shard, Shards: shards}
	start := time.Now()
	err := st.Watch(context.Background(), next, opts, func(r history.SiteReport) error {
		j := watchJSON(&r)
		if sum.count(&j, level) && notifier != nil {
			payload, _ := json.Marshal(j)
			notifier.Send(payload)
		}
		if *asJSON {
			encodeJSON(w, j)
		} else {
			writeWatchSite(tw, &j)
		}
		return nil
	})
	if rerr := wait(); err == nil {
		err = rerr
	}
	if err != nil {
		w.Flush()
		return Failf(env, "watch: %v", err)
	}
	if all.Load() == 0 {
		w.Flush()
		return Failf(env, "watch: %s", msg.New(msgWatchNoSites, "File", pos[0]))
	}
	sum.Seconds = time.Since(start).Seconds()
	if shards > 0 {
		sum.AllSites = int(all.Load())
	}
	if notifier != nil {
		ns := notifier.Close(30 * time.Second)
		sum.Notify = &ns
	}
	if *asJSON {
		encodeJSON(w, sum)
	} else {
		writeWatchSummary(tw, &sum, *failOn)
		if shards > 0 {
			fmt.Fprintln(tw, msg.New(msgWatchShardOf, "Shard", shard, "Shards", shards, "Sites", msg.New(msgWatchNSites, "Count", sum.Sites), "All", sum.AllSites, "File", pos[0]))
		}
	}
	if sum.Failing > 0 {
		return ExitFailure
	}
	return ExitOK
}

func writeWatchSummary(w io.Writer, sum *JSONWatchSummary, level string) {
	fmt.Fprintln(w, msg.New(msgWatchSummary, "Sites", msg.New(msgWatchNSites, "Count", sum.Sites), "Changed", sum.Changed, "First", sum.First,
		"Unchanged", sum.Unchanged, "NotModified", sum.NotModified, "NotChecked", sum.NotChecked,
		"Elapsed", time.Duration(sum.Seconds*float64(time.Second)).Round(time.Millisecond)))
	reasons := make([]string, 0, len(sum.Reasons))
	for r := range sum.Reasons {
		reasons = append(reasons, r)
	}
	sort.Slice(reasons, func(i, j int) bool {
		if sum.Reasons[reasons[i]] != sum.Reasons[reasons[j]] {
			return sum.Reasons[reasons[i]] > sum.Reasons[reasons[j]]
		}
		return reasons[i] < reasons[j]
	})
	for _, r := range reasons {
		fmt.Fprintln(w, "  "+msg.New(msgWatchReason, "Count", sum.Reasons[r], "Why", r).String())
	}
	if sum.Failing > 0 {
		fmt.Fprintln(w, msg.New(msgWatchFailOn, "Count", sum.Failing, "Level", level))
	}
	if n := sum.Notify; n != nil {
		fmt.Fprintln(w, msg.New(msgWatchNotified, "Sent", n.Sent, "Failed", n.Failed, "Dropped", n.Dropped, "Unsent", n.Unsent, "Err", n.LastError))
	}
}

// siteLines reads SITES_FILE as it goes (lineBlocks): one host or URL a
// line; blank lines and # comments are skipped.
func siteLines(env *Env, path string) (next func() (string, error), wait func() error) {
	blocks, wait := lineBlocks(env, path, 64)
	var cur []string
	next = func() (string, error) {
		for {
			for len(cur) > 0 {
				line := strings.TrimSpace(cur[0])
				cur = cur[1:]
				if i := strings.Index(line, "#"); i >= 0 && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t') {
					line = strings.TrimSpace(line[:i])
				}
				if line != "" {
					return line, nil
				}
			}
			b, err := blocks()
			if err != nil {
				return "", err
			}
			cur = b
		}
	}
	return next, wait
}
