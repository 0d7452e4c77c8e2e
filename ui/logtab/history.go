package logtab

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"github.com/robots-studio/robots-studio/tester/accesslog"
	"github.com/robots-studio/robots-studio/tester/history"
)

// siteHistory is the kept versions of the site remote (the address the
// document was fetched from) came from, and the site's name, for judging
// each hit by the version live at its time; nil for a file, a site with
// no versions, or no storage.
func siteHistory(remote string) (*accesslog.History, string) {
	if remote == "" {
		return nil, ""
	}
	site, err := history.SiteOf(remote)
	if err != nil {
		return nil, ""
	}
	st, ok := history.InUse()
	if !ok {
		return nil, ""
	}
	h, err := accesslog.LoadHistory(st, site)
	if err != nil {
		fyne.LogError("reading the site's history for the logs", err)
		return nil, ""
	}
	return h, site
}

// historyNote says how the hits were judged when a history judged them.
func historyNote(h *accesslog.History, site string, rep *accesslog.Report) string {
	if h == nil || rep == nil || !rep.History {
		return ""
	}
	n := len(h.Versions)
	text := lang.X("logtab.history.judged", "Each hit was judged by the robots.txt of {{.Site}} live at its time ({{.Versions}} versions kept, {{.First}} … {{.Last}}; see the History tab); a hit counts as disallowed only when every version a crawler could still have obeyed (24 hours after a fetch) disallows it.",
		map[string]any{"Site": site, "Versions": n, "First": h.Versions[0].Time.UTC().Format("2006-01-02"), "Last": h.Versions[n-1].Time.UTC().Format("2006-01-02")})
	if rep.BeforeHistory > 0 {
		text += " " + lang.XN("logtab.history.before", "{{.Count}} hits came before the first version and were not judged.", int(rep.BeforeHistory), map[string]any{"Count": rep.BeforeHistory})
	}
	if rep.InGap > 0 {
		text += " " + lang.XN("logtab.history.gaps", "{{.Count}} hits fell in a hole of the history (more than a day without a fetch).", int(rep.InGap), map[string]any{"Count": rep.InGap})
	}
	return text
}
