//go:build !js

package cli

import (
	"github.com/robots-studio/robots-studio/internal/session"
	"github.com/robots-studio/robots-studio/tester/accesslog"
	"github.com/robots-studio/robots-studio/tester/history"
	"github.com/robots-studio/robots-studio/tester/msg"
)

var (
	msgLogsFlagSite    = msg.Def("logs.flag.site", "judge each hit by the versions of SITE's robots.txt kept in history, the one live at the hit's time (see history)")
	msgLogsFlagAsOfNow = msg.Def("logs.flag.as_of_now", "with --site: judge every hit by the newest version, as if it had always been live")
	msgLogsNoVersions  = msg.Def("logs.history.none", "no version of {{.Site}} is kept: fetch it (robots-studio fetch, watch) or import its past (history import --wayback) first")
	msgLogsJudged      = msg.Def("logs.history.judged", "Each hit was judged by the robots.txt of {{.Site}} live at its time ({{.Versions}} kept, {{.First}} … {{.Last}}); a hit is disallowed only when every version a crawler could still have obeyed disallows it (Google: up to 24 hours after a fetch, per its documentation; others: 24 hours assumed, as RFC 9309 §2.4 asks).")
	msgLogsBefore      = msg.Def("logs.history.before", "{{.Count}} hits came before the first version: nothing to judge them by.")
	msgLogsGaps        = msg.Def("logs.history.gaps", "{{.Count}} hits fell in a hole of the history (no fetch for more than a day before them): judged by the last version seen.")
	msgLogsAsOfNow     = msg.Def("logs.history.as_of_now", "Every hit was judged by the newest version of {{.Site}} ({{.Time}}), as if it had always been live (--as-of-now).")
	msgLogsViolVersion = msg.Def("logs.history.violation", "version {{.N}}")
	msgLogsViolGap     = msg.Def("logs.history.violation_gap", "version {{.N}}, in a hole of the history")
)

// loadHistory reads the versions of site kept in the app's history for
// logs --site.
func loadHistory(env *Env, input string, asOfNow bool) (*accesslog.History, string, int) {
	site, err := history.SiteOf(input)
	if err != nil {
		return nil, "", Failf(env, "logs: --site: %v", err)
	}
	st, ok := history.InUse()
	if !ok {
		return nil, "", Failf(env, "logs: %s", msg.New("history.err.no_storage", "Env", session.StorageEnv))
	}
	h, err := accesslog.LoadHistory(st, site)
	if err != nil {
		return nil, "", Failf(env, "logs: %v", err)
	}
	if h == nil {
		return nil, "", Failf(env, "logs: %s", msg.New(msgLogsNoVersions, "Site", site))
	}
	h.AsOfNow = asOfNow
	return h, site, -1
}

// historyNote is what the report says of how the hits were judged.
func historyNote(h *accesslog.History, site string, rep *accesslog.Report) []string {
	n := len(h.Versions)
	if h.AsOfNow {
		return []string{msg.New(msgLogsAsOfNow, "Site", site, "Time", h.Versions[n-1].Time.UTC().Format("2006-01-02 15:04")).String()}
	}
	out := []string{msg.New(msgLogsJudged, "Site", site, "Versions", n,
		"First", h.Versions[0].Time.UTC().Format("2006-01-02"), "Last", h.Versions[n-1].Time.UTC().Format("2006-01-02")).String()}
	if rep.BeforeHistory > 0 {
		out = append(out, msg.New(msgLogsBefore, "Count", rep.BeforeHistory).String())
	}
	if rep.InGap > 0 {
		out = append(out, msg.New(msgLogsGaps, "Count", rep.InGap).String())
	}
	return out
}

// violationVersion is the deciding version a --violations line names.
func violationVersion(v accesslog.Violation) string {
	if v.Version == 0 {
		return ""
	}
	if v.Gap {
		return "  (" + msg.New(msgLogsViolGap, "N", v.Version).String() + ")"
	}
	return "  (" + msg.New(msgLogsViolVersion, "N", v.Version).String() + ")"
}
