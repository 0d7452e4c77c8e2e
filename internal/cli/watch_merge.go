//go:build !js

package cli

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"sort"
	"strings"

	"github.com/robots-studio/robots-studio/tester/history"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/textfile"
)

// maxMergedSites and maxMergedBytes bound what watch --merge holds: every
// site's report, to print them in the order of SITES_FILE and prove each is
// there once. A site's line is about a kilobyte; a line of findings may be
// a megabyte (textfile.Lines' limit), so the count alone does not bound the
// memory: the lines' bytes are counted too. (A variable: a test lowers it.)
const maxMergedSites = 2_000_000

var maxMergedBytes int64 = 1 << 30

var (
	msgMergeFlag      = msg.Def("history.merge.flag", "--{{.Flag}} belongs to the watch --shard runs that wrote the reports, not to the merge")
	msgMergeNoReports = msg.Def("history.merge.no_reports", "give the REPORT files written by watch --shard I/N --json, one per shard")
	msgMergeStdin     = msg.Def("history.merge.stdin", "standard input (-) can be read only once")
	msgMergeNotLine   = msg.Def("history.merge.not_line", "{{.File}}:{{.Line}}: not a line of watch --json (a site or the summary)")
	msgMergeAfter     = msg.Def("history.merge.after_summary", "{{.File}}:{{.Line}}: a line after the summary: two reports in one file?")
	msgMergeNoSummary = msg.Def("history.merge.no_summary", "{{.File}}: no summary line: the watch did not finish, or this is not a watch --json report")
	msgMergeNotShard  = msg.Def("history.merge.not_shard", "{{.File}}: the report of a watch without --shard; merge the reports of watch --shard I/N --json")
	msgMergeCount     = msg.Def("history.merge.count", "{{.File}}: its summary counts {{.Want}}, the file holds {{.Got}} site reports: the report is incomplete")
	msgMergeBadSite   = msg.Def("history.merge.bad_site", "{{.File}}:{{.Line}}: a site report that no watch writes ({{.Why}})")
	msgMergeWrongOne  = msg.Def("history.merge.wrong_shard", "{{.File}}:{{.Line}}: {{.Input}} belongs to shard {{.Its}}, not to this report's {{.Shard}}")
	msgMergeSplits    = msg.Def("history.merge.splits", "{{.A}} is shard {{.AShard}} but {{.B}} is shard {{.BShard}}: the reports come from different splits of the sites")
	msgMergeFiles     = msg.Def("history.merge.files", "{{.A}} counted {{.ACount}} in its SITES_FILE, {{.B}} {{.BCount}}: the shards watched different files")
	msgMergeFailOn    = msg.Def("history.merge.fail_on", "{{.A}} was run with --fail-on {{.AValue}}, {{.B}} with --fail-on {{.BValue}}: run every shard with the same")
	msgMergeTwice     = msg.Def("history.merge.twice", "shard {{.Shard}} is given twice: {{.A}} and {{.B}}")
	msgMergeMissing   = msg.Def("history.merge.missing", "missing shards: {{.List}}; the merge needs the report of every shard")
	msgMergeLineTwice = msg.Def("history.merge.line_twice", "line {{.Line}} of SITES_FILE is reported twice ({{.File}})")
	msgMergeLineNone  = msg.Def("history.merge.line_none", "no report for line {{.Line}} of SITES_FILE: the shards' reports are incomplete")
	msgMergeBeyond    = msg.Def("history.merge.beyond", "{{.File}} reports line {{.Line}} of SITES_FILE, which holds {{.Count}}")
	msgMergeTooMany   = msg.Def("history.merge.too_many", "more than {{.Count}} sites: watch --merge holds every site's report and stops there")
	msgMergeTooBig    = msg.Def("history.merge.too_big", "the site reports pass {{.MiB}} MiB: watch --merge holds every site's report and stops there; merge fewer shards at a time, or write shorter reports (without --json findings you do not need)")
)

// shardReport is one file given to watch --merge.
type shardReport struct {
	name  string
	sites []JSONWatchSite
	sum   *JSONWatchSummary
}

// runWatchMerge is `watch --merge REPORT...`: the --json reports of the
// runs of `watch --shard I/N` over one SITES_FILE, every shard once, read
// back into the report and exit status one run over all the sites gives
// (sites in the order of SITES_FILE; the time is the slowest shard's).
func runWatchMerge(env *Env, fs *flag.FlagSet, names []string, asJSON bool) int {
	bad := ""
	fs.Visit(func(f *flag.Flag) {
		if f.Name != "merge" && f.Name != "json" && bad == "" {
			bad = f.Name
		}
	})
	if bad != "" {
		return Failf(env, "watch --merge: %s", msg.New(msgMergeFlag, "Flag", bad))
	}
	if len(names) == 0 {
		return Failf(env, "watch --merge: %s", msg.New(msgMergeNoReports))
	}
	var reps []*shardReport
	stdin, total := false, mergeTotal{}
	for _, name := range names {
		if name == "-" {
			if stdin {
				return Failf(env, "watch --merge: %s", msg.New(msgMergeStdin))
			}
			stdin = true
		}
		r, err := readShardReport(env, name, &total)
		if err != nil {
			return Failf(env, "watch --merge: %v", err)
		}
		reps = append(reps, r)
	}
	sum, sites, err := mergeShards(reps)
	if err != nil {
		return Failf(env, "watch --merge: %v", err)
	}
	level, _ := parseSeverity(sum.FailOn)
	out := bufio.NewWriterSize(env.Stdout, 64<<10)
	defer out.Flush()
	tw := terminalSafe{out}
	for i := range sites {
		sum.count(&sites[i], level)
		if asJSON {
			encodeJSON(out, sites[i])
		} else {
			writeWatchSite(tw, &sites[i])
		}
	}
	if asJSON {
		encodeJSON(out, sum)
	} else {
		writeWatchSummary(tw, sum, sum.FailOn)
	}
	if sum.Failing > 0 {
		return ExitFailure
	}
	return ExitOK
}

// mergeTotal is what the reports read so far hold: sites, and the bytes of
// their lines.
type mergeTotal struct {
	sites int
	bytes int64
}

// readShardReport reads one report, line by line (textfile.Lines bounds
// each), checking that each line is one a watch writes and that its sites
// are the report's shard's. total counts the sites of every report read.
func readShardReport(env *Env, name string, total *mergeTotal) (*shardReport, error) {
	r := &shardReport{name: name}
	n := 0
	err := textfile.Lines(name, env.Stdin, func(line string) error {
		n++
		if strings.TrimSpace(line) == "" {
			return nil
		}
		if r.sum != nil {
			return msg.Error(msgMergeAfter, "File", name, "Line", n)
		}
		var head struct {
			Type string `json:"type"`
		}
		if json.Unmarshal([]byte(line), &head) != nil {
			return msg.Error(msgMergeNotLine, "File", name, "Line", n)
		}
		switch head.Type {
		case "site":
			var j JSONWatchSite
			if json.Unmarshal([]byte(line), &j) != nil {
				return msg.Error(msgMergeNotLine, "File", name, "Line", n)
			}
			if why := checkSiteReport(&j); why != "" {
				return msg.Error(msgMergeBadSite, "File", name, "Line", n, "Why", why)
			}
			if total.sites++; total.sites > maxMergedSites {
				return msg.Error(msgMergeTooMany, "Count", maxMergedSites)
			}
			if total.bytes += int64(len(line)); total.bytes > maxMergedBytes {
				return msg.Error(msgMergeTooBig, "MiB", maxMergedBytes>>20)
			}
			r.sites = append(r.sites, j)
		case "summary":
			var s JSONWatchSummary
			if json.Unmarshal([]byte(line), &s) != nil {
				return msg.Error(msgMergeNotLine, "File", name, "Line", n)
			}
			if s.Shards < 1 || s.Shard < 1 || s.Shard > s.Shards || s.AllSites < 1 {
				return msg.Error(msgMergeNotShard, "File", name)
			}
			if _, ok := parseSeverity(s.FailOn); !ok {
				return msg.Error(msgMergeNotLine, "File", name, "Line", n)
			}
			if s.Sites != len(r.sites) {
				return msg.Error(msgMergeCount, "File", name, "Want", s.Sites, "Got", len(r.sites))
			}
			r.sum = &s
		default:
			return msg.Error(msgMergeNotLine, "File", name, "Line", n)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if r.sum == nil {
		return nil, msg.Error(msgMergeNoSummary, "File", name)
	}
	for _, j := range r.sites {
		if its := history.ShardOf(j.Input, r.sum.Shards); its != r.sum.Shard {
			return nil, msg.Error(msgMergeWrongOne, "File", name, "Line", j.Line, "Input", j.Input,
				"Its", fmt.Sprintf("%d/%d", its, r.sum.Shards), "Shard", fmt.Sprintf("%d/%d", r.sum.Shard, r.sum.Shards))
		}
	}
	return r, nil
}

// checkSiteReport says what makes j a report no watch writes ("" when
// none): a place outside SITES_FILE, no input, or a severity that is none.
func checkSiteReport(j *JSONWatchSite) string {
	if j.Line < 1 {
		return "line"
	}
	if strings.TrimSpace(j.Input) == "" {
		return "input"
	}
	if _, ok := parseSeverity(j.Severity); j.Severity != "" && !ok {
		return "severity"
	}
	for _, f := range j.Findings {
		if _, ok := parseSeverity(f.Severity); !ok {
			return "severity"
		}
	}
	if j.Changed && j.Checked && len(j.Findings) == 0 {
		return "findings"
	}
	return ""
}

// mergeShards checks that reps are every shard of one split of one
// SITES_FILE, once each, and that together they report each of its lines
// once; it returns the merged summary (counts zero: the caller counts the
// sites) and the sites in the order of SITES_FILE.
func mergeShards(reps []*shardReport) (*JSONWatchSummary, []JSONWatchSite, error) {
	first := reps[0]
	n := first.sum.Shards
	by := make(map[int]*shardReport, len(reps))
	sum := &JSONWatchSummary{Type: "summary", Reasons: map[string]int{}, FailOn: first.sum.FailOn}
	var sites []JSONWatchSite
	for _, r := range reps {
		s := r.sum
		switch {
		case s.Shards != n:
			return nil, nil, msg.Error(msgMergeSplits, "A", first.name, "AShard", fmt.Sprintf("%d/%d", first.sum.Shard, n),
				"B", r.name, "BShard", fmt.Sprintf("%d/%d", s.Shard, s.Shards))
		case s.AllSites != first.sum.AllSites:
			return nil, nil, msg.Error(msgMergeFiles, "A", first.name, "ACount", first.sum.AllSites, "B", r.name, "BCount", s.AllSites)
		case s.FailOn != first.sum.FailOn:
			return nil, nil, msg.Error(msgMergeFailOn, "A", first.name, "AValue", first.sum.FailOn, "B", r.name, "BValue", s.FailOn)
		case by[s.Shard] != nil:
			return nil, nil, msg.Error(msgMergeTwice, "Shard", fmt.Sprintf("%d/%d", s.Shard, n), "A", by[s.Shard].name, "B", r.name)
		}
		by[s.Shard] = r
		sum.Seconds = max(sum.Seconds, s.Seconds)
		if s.Notify != nil {
			if sum.Notify == nil {
				sum.Notify = &history.NotifyStats{}
			}
			sum.Notify.Sent += s.Notify.Sent
			sum.Notify.Failed += s.Notify.Failed
			sum.Notify.Dropped += s.Notify.Dropped
			sum.Notify.Unsent += s.Notify.Unsent
			if s.Notify.LastError != "" {
				sum.Notify.LastError = s.Notify.LastError
			}
		}
		sites = append(sites, r.sites...)
	}
	if len(by) < n {
		var missing []string
		for i := 1; i <= n && len(missing) < 10; i++ {
			if by[i] == nil {
				missing = append(missing, fmt.Sprintf("%d/%d", i, n))
			}
		}
		if left := n - len(by) - len(missing); left > 0 {
			missing = append(missing, fmt.Sprintf("… (+%d)", left))
		}
		return nil, nil, msg.Error(msgMergeMissing, "List", strings.Join(missing, ", "))
	}
	sort.SliceStable(sites, func(a, b int) bool { return sites[a].Line < sites[b].Line })
	for i := range sites {
		switch {
		case sites[i].Line > first.sum.AllSites:
			return nil, nil, msg.Error(msgMergeBeyond, "Line", sites[i].Line, "File", shardName(by, sites[i].Input, n), "Count", first.sum.AllSites)
		case sites[i].Line <= i: // the one before has the same line
			return nil, nil, msg.Error(msgMergeLineTwice, "Line", sites[i].Line, "File", shardName(by, sites[i].Input, n))
		case sites[i].Line > i+1:
			return nil, nil, msg.Error(msgMergeLineNone, "Line", i+1)
		}
	}
	if len(sites) < first.sum.AllSites {
		return nil, nil, msg.Error(msgMergeLineNone, "Line", len(sites)+1)
	}
	return sum, sites, nil
}

// shardName is the file of the shard input belongs to.
func shardName(by map[int]*shardReport, input string, n int) string {
	if r := by[history.ShardOf(input, n)]; r != nil {
		return r.name
	}
	return "?"
}
