package ui

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/diff"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/fetch"
	"github.com/robots-studio/robots-studio/tester/history"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/textfile"
	"github.com/robots-studio/robots-studio/ui/dlg"
	"github.com/robots-studio/robots-studio/ui/filedlg"
	"github.com/robots-studio/robots-studio/ui/historytab"
	"github.com/robots-studio/robots-studio/ui/latest"
	"github.com/robots-studio/robots-studio/ui/richmsg"
	"github.com/robots-studio/robots-studio/ui/safewidget"
)

// changesView is the tester pane's Changes view: what the text in the
// editor changes against another version (the live file, another file, the
// saved version, an earlier fetch), grouped by crawler, kept current while
// the user edits. Clicking a change shows both verdicts and marks the
// deciding lines in the editor.
type changesView struct {
	w    *shared
	host *liveHost
	// close closes the view; submit asks the live side's worker for a
	// comparison; live is the fetch behind the document, if any.
	close  func()
	submit func(changesJob)
	live   func() *fetch.Result

	source  string           // what the buffer is compared with, for the header
	old     *syntax.Document // that version
	oldRes  *fetch.Result    // its fetch, when it came from the site
	urls    []string         // a pasted or loaded URL list; nil = the tester's paths
	rep     *diff.Report
	items   []changeItem
	header  *safewidget.Ellipsis
	summary *widget.Label
	list    *keys.List
	detail  *richmsg.Text // both verdicts, the rules they quote in the code font
	root    fyne.CanvasObject
}

// changeItem is one row: a crawler's summary, a change, or a group's rule edit.
type changeItem struct {
	text   string
	change int // index into rep.Changes, -1 for other rows
	head   bool
}

// sides are the editor tab's two sides: the editor (under the fetch
// banner, over the presenter's panel and the Problems panel, both given
// made) and the tester (rightSide).
func (l *liveState) sides(presenter, editor fyne.CanvasObject) (left, right fyne.CanvasObject) {
	l.banner = container.NewVBox()
	l.left = container.NewBorder(l.banner, presenter, nil, nil, editor)
	return l.left, l.rightSide()
}

// rightSide is the tester pane, with the Changes view under it when a
// comparison is open.
func (l *liveState) rightSide() fyne.CanvasObject {
	s := l.w
	if l.changes == nil {
		return s.pane.Object()
	}
	l.changes.build()
	split := container.NewVSplit(s.pane.Object(), l.changes.root)
	// The results keep most of the height (at 0.5 they shrank to one row
	// under the pane's rows and filters at 1280×800).
	split.Offset = changesSplit
	return split
}

// changesSplit is the tester's share of the height over the Changes view.
const changesSplit = 0.68

// compareWith is Tester ▸ Compare with…: pick what to compare the buffer with.
func (l *liveState) compareWith() {
	s := l.w
	var d dialog.Dialog
	choose := func(f func()) func() { return func() { d.Hide(); f() } }
	live := newButton(lang.X("live.compare.live", "The live file on the site…"), choose(func() {
		l.askSite(lang.X("live.compare.live_title", "Compare with the live file"), func(input string) {
			l.fetchSite(input, func(res *fetch.Result) {
				l.showChanges(lang.X("live.compare.source_live", "live {{.URL}}", map[string]any{"URL": res.Target.RobotsURL}), syntax.Parse(res.Body), res)
			})
		})
	}))
	other := newButton(lang.X("live.compare.file", "Another file…"), choose(func() {
		filedlg.Open(s.win, filedlg.Pick{Dir: l.host.startDir()}, func(p []string) { l.compareWithFile(p[0]) })
	}))
	saved := newButton(lang.X("live.compare.saved", "The saved version"), choose(func() {
		l.showChanges(lang.X("live.compare.source_saved", "the saved version"), syntax.Parse(s.doc.SavedText()), nil)
	}))
	if s.doc.Path() == "" && s.doc.Remote() == "" {
		saved.Disable()
	}
	rows := []fyne.CanvasObject{live, other, saved}
	rows = append(rows, l.earlierVersions(choose)...)
	d = dlg.NewCustom(lang.X("live.compare.title", "Compare with…"), lang.X("live.ask.cancel", "Cancel"), container.NewVBox(rows...), s.win)
	dlg.Show(s.win, d, dlg.Keys{Cancel: d.Hide})
}

// earlierVersions are buttons for the site's last kept versions (newest
// first; the History tab lists them all).
func (l *liveState) earlierVersions(choose func(func()) func()) []fyne.CanvasObject {
	url := l.currentURL()
	st, ok := history.InUse()
	if url == "" || !ok {
		return nil
	}
	vs, err := st.Versions(url)
	if err != nil {
		return nil
	}
	var rows []fyne.CanvasObject
	for k := len(vs) - 1; k >= 0 && k >= len(vs)-earlierShown; k-- {
		v, n := vs[k], k+1
		answer := lang.X("live.banner.no_answer", "no answer")
		if !v.Unreachable {
			answer = fmt.Sprint(v.Status) + ", " + lang.XN("live.banner.bytes", "{{.Count}} bytes", v.Bytes, map[string]any{"Count": v.Bytes})
		}
		label := lang.X("live.compare.earlier", "Version #{{.N}}, {{.Time}} ({{.Answer}})",
			map[string]any{"N": n, "Time": v.Time.Local().Format("2006-01-02 15:04:05"), "Answer": answer})
		rows = append(rows, newButton(label, choose(func() {
			data, err := st.Body(v)
			if err != nil {
				l.host.showFileError(err)
				return
			}
			p := historytab.Pick{N: n, Version: v, Body: data}
			l.showChanges(versionLabel(p), syntax.Parse(data), v.Result(data))
		})))
	}
	if len(vs) > earlierShown {
		rows = append(rows, newButton(lang.X("live.compare.all_versions", "All versions in the History tab…"), choose(func() {
			l.host.showHistory()
		})))
	}
	return rows
}

// earlierShown is how many kept versions Compare with… offers.
const earlierShown = 6

// currentURL is the site the document came from (or was last fetched).
func (l *liveState) currentURL() string {
	s := l.w
	if s.doc.Remote() != "" {
		return s.doc.Remote()
	}
	if l.res != nil {
		return l.res.Target.RobotsURL
	}
	return ""
}

func (l *liveState) compareWithFile(path string) {
	data, err := textfile.Load(path, nil)
	if err != nil {
		l.host.showFileError(err)
		return
	}
	l.showChanges(path, syntax.Parse(data), nil)
}

// showChanges opens the Changes view against old.
func (l *liveState) showChanges(source string, old *syntax.Document, res *fetch.Result) {
	s := l.w
	l.changes = &changesView{w: s, host: &l.host, close: l.closeChanges, submit: l.changesWork.Submit, live: func() *fetch.Result { return l.res }, source: source, old: old, oldRes: res}
	l.host.showEditor()
	s.split.Trailing = l.rightSide()
	s.split.Refresh()
	l.changes.compute(s.ed.Document())
}

// closeChanges removes the Changes view.
func (l *liveState) closeChanges() {
	s := l.w
	l.changes = nil
	l.host.clearSelection()
	s.split.Trailing = l.rightSide()
	s.split.Refresh()
}

// documentChanged keeps the comparison current while the user edits.
func (c *changesView) documentChanged(doc *syntax.Document) {
	if c == nil {
		return
	}
	c.compute(doc)
}

// changesJob is one comparison for the Changes view's worker: everything it
// reads is taken on the UI goroutine, so the diff itself runs off it.
type changesJob struct {
	view *changesView
	in   diff.Input
}

// changesOut is a finished comparison with its list rows.
type changesOut struct {
	rep   *diff.Report
	items []changeItem
}

// newChangesWorker compares on the other core: a keystroke while the view
// is open costs the UI goroutine nothing, and a burst of keys one more diff.
func (l *liveState) newChangesWorker() *latest.Worker[changesJob, changesOut] {
	return &latest.Worker[changesJob, changesOut]{
		Work: func(j changesJob) changesOut {
			rep := diff.Compare(j.in)
			return changesOut{rep: rep, items: changeItems(rep)}
		},
		Deliver: l.changesComputed,
		Hand:    fyne.Do,
		Failed:  func(_ changesJob, v any) { l.host.workerFailed(v) },
	}
}

// changesComputed shows a comparison, unless its view was closed or
// replaced meanwhile. A result for an older text is shown too: the newer
// one is already on its way.
func (l *liveState) changesComputed(j changesJob, o changesOut) {
	c := l.changes
	if c == nil || c != j.view {
		return
	}
	c.rep, c.items = o.rep, o.items
	c.refresh()
}

// compute asks for the diff: the tester's crawlers and paths when it has
// rows (else the names both versions use and paths made from their rules),
// under the engine in view (or all eight when comparing engines).
func (c *changesView) compute(doc *syntax.Document) {
	set := c.w.pane.TestSet()
	agents := set.Crawlers
	if len(agents) == 0 {
		agents = diff.Agents(c.old, doc)
	}
	var urls []string
	switch {
	case c.urls != nil:
		urls = append([]string(nil), c.urls...)
	case len(set.Paths) > 0:
		// The tester's paths, and the paths the rules of either version
		// name: a rule added for a path no row has (Allow: /groups/public)
		// still shows what it changes.
		urls = append([]string(nil), set.Paths...)
		seen := map[string]bool{}
		for _, u := range urls {
			seen[u] = true
		}
		for _, p := range diff.Probes(c.old, doc) {
			if !seen[p] {
				seen[p] = true
				urls = append(urls, p)
			}
		}
	}
	engines := engine.All()
	var engineFor func(string) string
	if !c.w.pane.Compare() {
		engines, engineFor = c.w.pane.Reading()
		// Crawlers no row names (an empty tester: the names both versions
		// use) are read by their own engine too, which the rows' reading
		// may not include: without it they were never queried.
		for _, a := range agents {
			if e, ok := engine.Get(engineFor(a)); ok && !slices.ContainsFunc(engines, func(x engine.Engine) bool { return x.Info().ID == e.Info().ID }) {
				engines = append(engines, e)
			}
		}
	}
	res, old := c.oldRes, c.old
	in := diff.Input{Old: old, New: doc, Engines: engines, Agents: agents, URLs: urls,
		OldFor: func(id string) *syntax.Document { return res.DocFor(id, old) }, EngineFor: engineFor}
	// The editor holds an answer that was no file (a 503, no answer) as
	// fetched: each engine reads it as that answer, as the old side does.
	if now := c.live(); now != nil && !now.OK() && c.w.doc.Remote() != "" && !c.w.doc.TextModified() {
		in.NewFor = func(id string) *syntax.Document { return now.DocFor(id, doc) }
	}
	c.submit(changesJob{view: c, in: in})
}

// changeItems are the list rows of a report: per crawler a summary and its
// changes, then the rule edits per group.
func changeItems(rep *diff.Report) []changeItem {
	var items []changeItem
	for _, s := range rep.Summaries {
		items = append(items, changeItem{text: summaryText(s), change: -1, head: true})
		for _, k := range s.Changes {
			items = append(items, changeItem{text: changeText(&rep.Changes[k]), change: k})
		}
	}
	for _, g := range rep.Groups {
		name := g.Name()
		if name == "" {
			name = lang.X("live.changes.no_group", "(before any User-agent)")
		}
		for _, r := range g.Removed {
			items = append(items, changeItem{text: groupLine(name, "−", r.Text), change: -1})
		}
		for _, r := range g.Added {
			items = append(items, changeItem{text: groupLine(name, "+", r.Text), change: -1})
		}
	}
	return items
}

// groupLine is a rule removed (sign −) or added (+) in a group, the rule
// quoted as code.
func groupLine(group, sign, rule string) string {
	return richmsg.X("live.changes.group_line", "group {{.Group}}: {{.Sign}} `{{.Rule}}`", map[string]any{"Group": group, "Sign": sign, "Rule": rule})
}

func summaryText(s diff.Summary) string {
	agent := s.Agent
	if agent == "" {
		agent = "*"
	}
	t := lang.X("live.changes.summary", "{{.Agent}} ({{.Engine}}): {{.Blocked}} newly blocked, {{.Allowed}} newly allowed",
		map[string]any{"Agent": msg.Literal(agent), "Engine": engine.NameOf(s.Engine).String(), "Blocked": s.Blocked, "Allowed": s.Allowed})
	if len(s.BlockedBy) > 0 && s.BlockedBy[0].Line > 0 {
		t += " — " + richmsg.X("live.changes.by_line", "by line {{.Line}} `{{.Rule}}`", map[string]any{"Line": s.BlockedBy[0].Line, "Rule": s.BlockedBy[0].Text})
	}
	return t
}

func changeText(c *diff.Change) string {
	arrow := lang.X("live.changes.now_blocked", "allowed → blocked")
	if !c.NewlyBlocked() {
		arrow = lang.X("live.changes.now_allowed", "blocked → allowed")
	}
	rule := ""
	if r, fromOld := c.Decider(); r != nil {
		if fromOld {
			rule = lang.X("live.changes.was_line", "was line {{.Line}}: {{.Rule}}", map[string]any{"Line": r.Line, "Rule": msg.Literal(r.Text)})
		} else {
			rule = lang.X("live.changes.line", "line {{.Line}}: {{.Rule}}", map[string]any{"Line": r.Line, "Rule": msg.Literal(r.Text)})
		}
	}
	// the row shows richmsg.Plain of this: the user's text reads as written
	return fmt.Sprintf("    %s  %s  (%s)", msg.Literal(c.URL), arrow, rule)
}

// build makes the widgets (once per window layout).
func (c *changesView) build() {
	c.header = safewidget.NewEllipsis("")
	c.header.TextStyle.Bold = true
	c.summary = widget.NewLabel("")
	c.summary.Wrapping = fyne.TextWrapWord
	c.detail = richmsg.NewText(lang.X("live.changes.hint", "Click a change to see both verdicts and the deciding lines."), richmsg.Style{})
	c.list = keys.NewList(func() int { return len(c.items) },
		func() fyne.CanvasObject {
			return safewidget.NewEllipsis("")
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			l := o.(*safewidget.Ellipsis)
			l.Text = richmsg.Plain(c.items[i].text) // one line: no code font
			l.TextStyle = fyne.TextStyle{Bold: c.items[i].head}
			l.Refresh()
		})
	c.list.OnSelected = func(i widget.ListItemID) { c.selectItem(i) }
	closeBtn := widget.NewButtonWithIcon("", theme.WindowCloseIcon(), c.close)
	closeBtn.Importance = widget.LowImportance
	urlsBtn := widget.NewButtonWithIcon(lang.X("live.changes.urls", "URLs…"), theme.ListIcon(), c.askURLs)
	urlsBtn.Importance = widget.LowImportance
	top := container.NewVBox(container.NewBorder(nil, nil, nil, container.NewHBox(urlsBtn, closeBtn), c.header), c.summary)
	c.root = container.NewBorder(top, container.NewVBox(widget.NewSeparator(), c.detail), nil, nil, c.list)
	c.refresh()
}

func (c *changesView) refresh() {
	if c.header == nil {
		return
	}
	c.header.SetText(lang.X("live.changes.header", "Changes against {{.Source}}", map[string]any{"Source": c.source}))
	if c.rep == nil {
		c.summary.SetText(lang.X("live.changes.working", "Comparing…"))
		return
	}
	blocked, allowed := 0, 0
	for _, s := range c.rep.Summaries {
		blocked += s.Blocked
		allowed += s.Allowed
	}
	urls := lang.XN("live.n.urls", "{{.Count}} URLs", c.rep.URLs, map[string]any{"Count": c.rep.URLs})
	var t string
	switch {
	case len(c.rep.Changes) == 0:
		t = lang.X("live.changes.none", "No verdict changes over {{.URLs}}.", map[string]any{"URLs": urls})
	default:
		n := len(c.rep.Changes)
		t = lang.X("live.changes.total", "{{.Changes}}: {{.Blocked}} newly blocked, {{.Allowed}} newly allowed, over {{.URLs}}.",
			map[string]any{"Changes": lang.XN("live.n.changes", "{{.Count}} changes", n, map[string]any{"Count": n}),
				"Blocked": blocked, "Allowed": allowed, "URLs": urls})
	}
	if c.rep.Probed {
		t += " " + lang.X("live.changes.probed", "(The tester has no paths, so the paths were made from the rules of both versions.)")
	}
	c.summary.SetText(t)
	c.list.UnselectAll()
	c.list.Refresh()
}

// selectItem shows both verdicts of a change and marks the new deciding
// lines in the editor.
func (c *changesView) selectItem(i int) {
	if i < 0 || i >= len(c.items) || c.items[i].change < 0 {
		return
	}
	ch := &c.rep.Changes[c.items[i].change]
	word := func(v *engine.Verdict) string {
		if v.Allowed {
			return lang.X("live.changes.allowed", "allowed")
		}
		return lang.X("live.changes.blocked", "blocked")
	}
	// the crawler and URL are the user's own: drawn as written
	head := lang.X("live.changes.detail_head", "{{.Agent}} · {{.URL}} · {{.Engine}}", map[string]any{"Agent": ch.Agent, "URL": ch.URL, "Engine": engine.NameOf(ch.Engine).String()})
	var b strings.Builder
	why := ch.Old.Explain().String()
	if o, ok := c.oldRes.Outcome(ch.Engine); ok && o.Outcome != engine.FetchUseFile {
		why = outcomeText(o) // no file was served: the fetch outcome decided
	}
	b.WriteString(richmsg.X("live.changes.before", "Before ({{.Source}}): {{.Verdict}} — {{.Why}}", map[string]any{"Source": c.source, "Verdict": word(ch.Old), "Why": why}))
	b.WriteString("\n")
	b.WriteString(lang.X("live.changes.after", "Now (the editor): {{.Verdict}} — {{.Why}}", map[string]any{"Verdict": word(ch.New), "Why": ch.New.Explain().String()}))
	c.detail.SetParts(richmsg.Part{Text: head, Style: richmsg.Style{Literal: true}}, richmsg.Part{Text: b.String()})
	c.host.selectVerdict(*ch.New)
}

// askURLs lets the user paste a URL list or load one from a file (one URL
// or path per line); an empty list goes back to the tester's paths.
func (c *changesView) askURLs() {
	entry := keys.NewMultiLineEntry()
	entry.SetPlaceHolder(lang.X("live.changes.urls_placeholder", "One URL or path per line; leave empty to use the tester's paths"))
	entry.SetText(strings.Join(c.urls, "\n"))
	entry.SetMinRowsVisible(10)
	loadPath := func(path string) {
		data, err := textfile.Load(path, nil)
		if err != nil {
			c.host.showFileError(err)
			return
		}
		entry.SetText(string(data))
	}
	load := newButton(lang.X("live.changes.urls_file", "Load from file…"), func() {
		filedlg.Open(c.w.win, filedlg.Pick{Dir: c.host.startDir()}, func(p []string) { loadPath(p[0]) })
	})
	d := dlg.CustomConfirm(lang.X("live.changes.urls_title", "URLs to compare"), lang.X("live.changes.urls_use", "Compare"), lang.X("live.ask.cancel", "Cancel"),
		container.NewBorder(nil, load, nil, nil, entry), func(ok bool) {
			if ok {
				c.setURLs(entry.Text)
			}
		}, c.w.win)
	d.Resize(fyne.NewSize(620, 420))
}

// setURLs takes a pasted list (blank lines skipped) and compares again.
func (c *changesView) setURLs(text string) {
	c.urls = nil
	for _, line := range strings.Split(strings.ReplaceAll(text, "\r", "\n"), "\n") {
		if line = strings.TrimSpace(line); line != "" {
			c.urls = append(c.urls, line)
		}
	}
	c.compute(c.w.ed.Document())
}
