//go:build !js

package cli

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"github.com/robots-studio/robots-studio/tester/accesslog"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/textfile"
)

var (
	msgLogsFlagPartial    = msg.Def("perf.logs.flag_partial", "write a summary of these logs (one shard of a bigger log) for logs --merge, instead of the report")
	msgLogsFlagMerge      = msg.Def("perf.logs.flag_merge", "read summaries written by logs --partial (shards in log order) and print the report of all of them")
	msgLogsEstimatedBound = msg.Def("perf.logs.estimated_bound", "about {{.Count}} (±{{.Error}}, one standard error)")
	msgLogsTopLost        = msg.Def("perf.logs.top_lost", "(estimated: the list forgot rare paths to stay small, so a count below may be low by up to {{.Count}})")
	msgLogsHostShards     = msg.Def("perf.logs.host_shards", "logs without a User-Agent, merged from shards ({{.Count}}): a client named by its host counts as a robot from its first robots.txt fetch within each shard, so its figures may be lower than one pass over all the shards gives")
)

// writePartial is `logs --partial`: the summary of the logs read, one
// line of JSON on standard output. A read that broke still writes the
// summary of the lines before the break (it carries the error, so the
// merged report says so) and exits 1.
func writePartial(env *Env, out *bufio.Writer, rep *accesslog.Report, opts accesslog.Options, broken *accesslog.ReadError) int {
	var readErr error
	if broken != nil {
		readErr = broken
	}
	if err := accesslog.WriteSummary(out, rep.Summary(opts, readErr)); err != nil {
		return Failf(env, "logs: --partial: %v", err)
	}
	if broken != nil {
		out.Flush()
		fmt.Fprintln(env.Stderr, "robots-studio: logs: "+msg.New(msgLogsBroken, "Error", printable(broken.Error()), "Lines", rep.Lines).String())
		return ExitFailure
	}
	return ExitOK
}

var (
	msgLogsMergeBadFlag   = msg.Def("perf.logs.merge_bad_flag", "{{.Flag}} belongs to the logs --partial runs that wrote the summaries, not to the merge")
	msgLogsMergeNoFiles   = msg.Def("perf.logs.merge_no_files", "give the SUMMARY files written by logs --partial")
	msgLogsMergeStdinOnce = msg.Def("perf.logs.merge_stdin_once", "standard input (-) can be read only once")
)

// runLogsMerge is `logs --merge SUMMARY...`: the report of summaries made
// by `logs --partial`, in the order given, the same as one `logs` over
// their logs (see accesslog.Merge for what is exact and what is estimated).
func runLogsMerge(env *Env, fs *flag.FlagSet, names []string, asJSON bool) int {
	bad := ""
	fs.Visit(func(f *flag.Flag) {
		if f.Name != "merge" && f.Name != "json" && f.Name != "jobs" && bad == "" {
			bad = f.Name
		}
	})
	if bad != "" {
		return Failf(env, "logs --merge: %s", msg.New(msgLogsMergeBadFlag, "Flag", "--"+bad))
	}
	if len(names) == 0 {
		return Failf(env, "logs --merge: %s", msg.New(msgLogsMergeNoFiles))
	}
	var sums []*accesslog.Summary
	stdin := false
	for _, name := range names {
		var s *accesslog.Summary
		var err error
		if name == "-" {
			if stdin {
				return Failf(env, "logs --merge: %s", msg.New(msgLogsMergeStdinOnce))
			}
			stdin = true
			s, err = accesslog.ReadSummary(env.Stdin, "-")
		} else {
			var f *os.File
			if f, err = textfile.OpenStream(name); err != nil {
				return Failf(env, "logs --merge: %v", err)
			}
			s, err = accesslog.ReadSummary(bufio.NewReaderSize(f, 1<<16), name)
			f.Close()
		}
		if err != nil {
			return Failf(env, "logs --merge: %s", printable(err.Error()))
		}
		sums = append(sums, s)
	}
	rep, err := accesslog.Merge(sums)
	if err != nil {
		return Failf(env, "logs --merge: %v", err)
	}
	out := bufio.NewWriterSize(env.Stdout, 64<<10)
	defer out.Flush()
	if asJSON {
		enc := json.NewEncoder(out)
		enc.SetEscapeHTML(false)
		for _, c := range rep.Crawlers {
			enc.Encode(LogsJSON(rep, c))
		}
		if rep.Malformed > 0 {
			fmt.Fprintln(env.Stderr, msg.New(msgLogsMalformedAt, "Where", malformedList(rep)))
		}
	} else {
		WriteLogsReport(terminalSafe{out}, rep)
	}
	if rep.NoUserAgent && len(sums) > 1 {
		fmt.Fprintln(env.Stderr, msg.New(msgLogsHostShards, "Count", len(sums)))
	}
	code := ExitOK
	for _, c := range rep.Crawlers {
		if c.Disallowed > 0 {
			code = ExitFailure
		}
	}
	if len(rep.ReadErrors) > 0 {
		out.Flush()
		for _, e := range rep.ReadErrors {
			fmt.Fprintln(env.Stderr, "robots-studio: logs: "+printable(e))
		}
		return ExitFailure
	}
	return code
}
