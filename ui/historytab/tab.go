// Package historytab is the window's History tab: the versions of the open
// site's robots.txt on a timeline (tester/history keeps them: every fetch,
// watch and Wayback Machine import), each with what its change did, graded
// (history.Grade); any two compared with the window's impact diff; a version
// opened as a new document; the Internet Archive's snapshots imported with
// progress and a Cancel; and the Sites view, every site of the history with
// its last check and a badge when its last change matters. The window does
// the opening and the comparing (Host's callbacks); this package reads the
// store, off the UI goroutine.
package historytab

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/history"
	"github.com/robots-studio/robots-studio/ui/dlg"
	"github.com/robots-studio/robots-studio/ui/latest"
	"github.com/robots-studio/robots-studio/ui/richmsg"
	"github.com/robots-studio/robots-studio/ui/safewidget"
	"github.com/robots-studio/robots-studio/ui/severity"
)

// Host is what the tab needs from the window.
type Host struct {
	Window fyne.Window
	// Store is the app's history (false: none, no storage folder).
	Store func() (history.Store, bool)
	// Site is the robots.txt URL the open document came from ("" for a file).
	Site func() string
	// Open opens a version as a new document.
	Open func(p Pick)
	// Compare shows the impact diff of old → new.
	Compare func(old, new Pick)
	// Grading is what grading counts: the tester's crawlers and paths (nil:
	// the default crawlers, paths derived from the rules).
	Grading func() history.GradeOptions
	// Import is the Wayback import's settings (zero: the Internet Archive).
	Import history.ImportOptions
	// Watch is how Check every site now fetches (zero: as the command
	// line's watch does, 8 sites at once).
	Watch history.WatchOptions
	// Notify shows a desktop notification; nil = the app's.
	Notify func(*fyne.Notification)
	// Hand brings a result to the UI goroutine; nil = fyne.Do.
	Hand func(func())
}

// Pick is a version handed to the window, with its bytes.
type Pick struct {
	N       int // as `history list` numbers it, 1 the oldest
	Version history.Version
	Body    []byte
}

// State is what the user did in the tab, kept over a rebuild.
type State struct {
	Chosen   string
	Checked  []int
	Selected int
	Inner    int
}

// Tab is the History tab.
type Tab struct {
	host     Host
	g        grades
	gradeKey string

	docSite  string // the open document's site when last looked
	chosen   string // a site picked under Sites ("": the open document's)
	site     string // the site on the timeline
	entries  []entry
	checked  []int // version numbers checked for comparing, at most two
	selected int   // the version shown in the detail (0: none)
	loadErr  error
	loading  bool

	siteLabel *widget.Label
	status    *widget.Label
	list      *keys.List
	detail    *fyne.Container
	compareB  *widget.Button
	importB   *widget.Button
	reloadB   *widget.Button
	forgetB   *widget.Button
	backB     *widget.Button
	hint      *widget.Label

	sites       *keys.List
	siteRows    []siteRow
	sitesStatus *widget.Label
	keepCheck   *widget.Check

	inner   *container.AppTabs
	Content fyne.CanvasObject

	loader      *latest.Worker[loadJob, loadOut]
	sitesLoader *latest.Worker[sitesJob, sitesOut]
	importing   *importRun
	lastImport  *importRun // for tests: the last import's widgets

	// Check every site now (check.go)
	checkB    *widget.Button
	checkBar  *widget.ProgressBar
	checkStop *keys.Button
	checkNote *widget.Label
	checking  *checkRun
	lastCheck string // what the last check found
}

type loadJob struct {
	st   history.Store
	site string
	opts history.GradeOptions
}

type loadOut struct {
	entries []entry
	err     error
}

type sitesJob struct {
	st   history.Store
	opts history.GradeOptions
}

type sitesOut struct {
	rows []siteRow
	err  error
}

// New builds the tab.
func New(h Host) *Tab {
	if h.Hand == nil {
		h.Hand = fyne.Do
	}
	t := &Tab{host: h}
	t.loader = &latest.Worker[loadJob, loadOut]{
		Work: func(j loadJob) loadOut {
			es, err := t.g.loadSite(j.st, j.site, j.opts)
			return loadOut{es, err}
		},
		Deliver: t.loaded,
		Hand:    h.Hand,
	}
	t.sitesLoader = &latest.Worker[sitesJob, sitesOut]{
		Work: func(j sitesJob) sitesOut {
			rows, err := t.g.loadSites(j.st, j.opts)
			return sitesOut{rows, err}
		},
		Deliver: t.sitesLoaded,
		Hand:    h.Hand,
	}
	t.inner = container.NewAppTabs(
		container.NewTabItem(lang.X("historytab.versions", "Versions"), t.buildVersions()),
		container.NewTabItem(lang.X("historytab.sites", "Sites"), t.buildSites()),
	)
	t.inner.OnSelected = func(*container.TabItem) { t.Refresh() }
	t.Content = keys.NewTabs(t.inner)
	t.render()
	return t
}

// SetSynchronous makes the store be read on the calling goroutine: the
// fyne test driver has no UI goroutine to come back to.
func (t *Tab) SetSynchronous(on bool) {
	t.loader.Wait()
	t.sitesLoader.Wait()
	t.loader.Inline, t.sitesLoader.Inline = on, on
}

func (t *Tab) buildVersions() fyne.CanvasObject {
	t.siteLabel = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	t.siteLabel.Wrapping = fyne.TextWrapBreak
	t.status = widget.NewLabel("")
	t.status.Wrapping = fyne.TextWrapWord
	t.importB = widget.NewButtonWithIcon(lang.X("historytab.import", "Import from the Wayback Machine…"), theme.DownloadIcon(), t.askImport)
	t.reloadB = widget.NewButtonWithIcon(lang.X("historytab.reload", "Reload"), theme.ViewRefreshIcon(), t.Refresh)
	t.forgetB = widget.NewButtonWithIcon(lang.X("historytab.forget", "Forget…"), theme.DeleteIcon(), t.askForget)
	t.backB = widget.NewButtonWithIcon(lang.X("historytab.back", "The open site"), theme.NavigateBackIcon(), func() {
		t.chosen = ""
		t.Refresh()
	})
	t.list = keys.NewList(func() int { return len(t.entries) }, t.newRow, t.updateRow)
	t.forgetB.Importance = widget.LowImportance
	t.list.OnSelected = func(i widget.ListItemID) {
		if e := t.at(i); e != nil {
			t.selected = e.n
			t.showDetail()
		}
	}
	t.hint = widget.NewLabel("")
	t.hint.Wrapping = fyne.TextWrapWord
	t.compareB = widget.NewButtonWithIcon("", theme.MediaFastForwardIcon(), t.compare)
	t.compareB.Importance = widget.HighImportance
	t.detail = container.NewVBox()
	left := container.NewBorder(nil, container.NewVBox(widget.NewSeparator(), t.hint, container.NewBorder(nil, nil, t.compareB, t.forgetB)), nil, nil, t.list)
	split := container.NewHSplit(left, container.NewVScroll(container.NewPadded(t.detail)))
	split.Offset = 0.55
	top := container.NewVBox(
		container.NewBorder(nil, nil, nil, container.NewHBox(t.backB, t.importB, t.reloadB), t.siteLabel),
		t.status,
		widget.NewSeparator())
	return container.NewBorder(top, nil, nil, nil, split)
}

// newRow is a timeline row: a check (compare this one), the version's
// facts, and what its change did with the worst finding's icon.
func (t *Tab) newRow() fyne.CanvasObject {
	check := widget.NewCheck("", nil)
	facts := safewidget.NewEllipsis("")
	icon := widget.NewIcon(theme.InfoIcon())
	change := safewidget.NewEllipsis("")
	return container.NewBorder(nil, nil, check, nil,
		container.NewVBox(facts, container.NewBorder(nil, nil, icon, nil, change)))
}

func (t *Tab) updateRow(i widget.ListItemID, o fyne.CanvasObject) {
	e := t.at(i)
	if e == nil {
		return
	}
	row := o.(*fyne.Container)
	body := row.Objects[0].(*fyne.Container)
	check := row.Objects[1].(*widget.Check)
	facts := body.Objects[0].(*safewidget.Ellipsis)
	line := body.Objects[1].(*fyne.Container)
	change := line.Objects[0].(*safewidget.Ellipsis)
	icon := line.Objects[1].(*widget.Icon)
	n := e.n
	check.OnChanged = nil
	check.SetChecked(slices.Contains(t.checked, n))
	check.OnChanged = func(on bool) { t.setChecked(n, on) }
	facts.SetText(rowFacts(e))
	change.SetText(e.line())
	icon.SetResource(severity.Icon(e.worst))
}

// at is the entry of list row i: the newest first.
func (t *Tab) at(i int) *entry {
	k := len(t.entries) - 1 - i
	if k < 0 || k >= len(t.entries) {
		return nil
	}
	return &t.entries[k]
}

// rowFacts is "#3 · 2026-11-26 09:00 · 200 · 38 bytes · watch".
func rowFacts(e *entry) string {
	return strings.Join([]string{"#" + fmt.Sprint(e.n), stamp(e.v.Time), answer(&e.v), sourceWord(e.v.Source)}, " · ")
}

func stamp(t time.Time) string { return t.Local().Format("2006-01-02 15:04") }

// answer is "200 · 38 bytes", or "no answer".
func answer(v *history.Version) string {
	if v.Unreachable {
		return lang.X("historytab.no_answer", "no answer")
	}
	return fmt.Sprint(v.Status) + " · " + lang.XN("historytab.bytes", "{{.Count}} bytes", v.Bytes, map[string]any{"Count": v.Bytes})
}

func sourceWord(s string) string {
	switch s {
	case history.SourceFetch:
		return lang.X("historytab.source.fetch", "fetched")
	case history.SourceWatch:
		return lang.X("historytab.source.watch", "watch")
	case history.SourceWayback:
		return lang.X("historytab.source.wayback", "Wayback Machine")
	}
	return s
}

// setChecked checks a version for comparing: a third check takes the place
// of the older of the two.
func (t *Tab) setChecked(n int, on bool) {
	t.checked = slices.DeleteFunc(t.checked, func(k int) bool { return k == n })
	if on {
		t.checked = append(t.checked, n)
		if len(t.checked) > 2 {
			t.checked = t.checked[len(t.checked)-2:]
		}
	}
	t.list.Refresh()
	t.renderCompare()
}

// Refresh reads the history again: the timeline of the site in view (or
// the Sites list, when that is in view).
func (t *Tab) Refresh() {
	if doc := t.siteOfDocument(); doc != t.docSite {
		t.docSite, t.chosen = doc, ""
	}
	st, ok := t.host.Store()
	opts := t.grading()
	if t.inner.SelectedIndex() == 1 {
		if !ok {
			t.sitesStatus.SetText(lang.X("historytab.no_store", "The history is not kept: the app's storage folder is not known."))
			return
		}
		t.sitesStatus.SetText(lang.X("historytab.reading", "Reading the history…"))
		t.sitesLoader.Submit(sitesJob{st, opts})
		return
	}
	site := t.chosen
	if site == "" {
		site = t.docSite
	}
	if site != t.site {
		t.site, t.entries, t.checked, t.selected = site, nil, nil, 0
		t.list.UnselectAll()
	}
	t.loadErr = nil
	if site == "" || !ok {
		t.entries = nil
		t.render()
		return
	}
	t.loading = true
	t.render()
	t.loader.Submit(loadJob{st, site, opts})
}

func (t *Tab) siteOfDocument() string {
	if t.host.Site == nil {
		return ""
	}
	return t.host.Site()
}

// grading is what the grades count; a change of it drops the grades kept.
func (t *Tab) grading() history.GradeOptions {
	var o history.GradeOptions
	if t.host.Grading != nil {
		o = t.host.Grading()
	}
	k := strings.Join(o.Agents, "\n") + "\x00" + strings.Join(o.URLs, "\n")
	if k != t.gradeKey {
		t.gradeKey = k
		t.g.forget()
	}
	return o
}

// loaded shows a site's versions (unless another site came into view).
func (t *Tab) loaded(j loadJob, o loadOut) {
	if j.site != t.site {
		return
	}
	t.loading = false
	// the checks and the selection follow their versions: an import adds
	// older versions, which numbers them anew
	old := t.entries
	renumber := func(n int) int {
		if n < 1 || n > len(old) {
			return n
		}
		for i := range o.entries {
			if o.entries[i].v.Time.Equal(old[n-1].v.Time) && o.entries[i].v.Source == old[n-1].v.Source {
				return i + 1
			}
		}
		return 0
	}
	t.selected = renumber(t.selected)
	for i, n := range t.checked {
		t.checked[i] = renumber(n)
	}
	t.checked = slices.DeleteFunc(t.checked, func(n int) bool { return n == 0 })
	t.entries, t.loadErr = o.entries, o.err
	if errors.Is(o.err, fs.ErrNotExist) {
		t.loadErr = nil // nothing kept yet: said as such
	}
	// the checks and the selection stay on versions that still exist; two
	// new versions: the newest two are checked
	t.checked = slices.DeleteFunc(t.checked, func(n int) bool { return n > len(t.entries) })
	if len(t.checked) == 0 && len(t.entries) >= 2 {
		t.checked = []int{len(t.entries) - 1, len(t.entries)}
	}
	if t.selected > len(t.entries) {
		t.selected = 0
	}
	if t.selected == 0 && len(t.entries) > 0 {
		t.selected = len(t.entries)
	}
	t.render()
}

// render shows the site, the status line, the timeline and the detail.
func (t *Tab) render() {
	site := t.site
	switch {
	case site == "":
		t.siteLabel.SetText(lang.X("historytab.no_site_title", "No site"))
	default:
		t.siteLabel.SetText(site)
	}
	_, ok := t.host.Store()
	var status string
	switch {
	case !ok:
		status = lang.X("historytab.no_store", "The history is not kept: the app's storage folder is not known.")
	case site == "":
		status = lang.X("historytab.no_site", "The open file did not come from a site. Open one with File › Open from Site, or pick a site under Sites.")
	case t.loading && len(t.entries) == 0:
		status = lang.X("historytab.reading", "Reading the history…")
	case t.loadErr != nil:
		status = t.loadErr.Error()
	case len(t.entries) == 0:
		status = lang.X("historytab.none", "No versions are kept for this site yet.")
	default:
		n := len(t.entries)
		status = lang.X("historytab.summary", "{{.Versions}}, from {{.First}} to {{.Last}}. Every fetch of the site is kept; a fetch that finds the same answer marks the version found again.",
			map[string]any{"Versions": lang.XN("historytab.n.versions", "{{.Count}} versions", n, map[string]any{"Count": n}),
				"First": stamp(t.entries[0].v.Time), "Last": stamp(t.entries[n-1].v.LastSeen)})
	}
	t.status.SetText(status)
	if site == "" || !ok || t.importing != nil {
		t.importB.Disable()
	} else {
		t.importB.Enable()
	}
	if len(t.entries) == 0 || t.importing != nil {
		t.forgetB.Hide()
	} else {
		t.forgetB.Show()
	}
	if t.chosen != "" && t.chosen != t.docSite && t.docSite != "" {
		t.backB.Show()
	} else {
		t.backB.Hide()
	}
	t.list.Refresh()
	if t.selected > 0 {
		t.list.Select(len(t.entries) - t.selected)
	}
	t.showDetail()
	t.renderCompare()
}

// renderCompare says which two versions the Compare button compares.
func (t *Tab) renderCompare() {
	if len(t.entries) < 2 {
		t.compareB.Hide() // nothing to compare yet
	} else {
		t.compareB.Show()
	}
	if len(t.checked) < 2 {
		t.compareB.SetText(lang.X("historytab.compare_none", "Compare"))
		t.compareB.Disable()
		if len(t.entries) < 2 {
			t.hint.SetText("")
		} else {
			t.hint.SetText(lang.X("historytab.compare_hint", "Check two versions to compare them: what flips for each crawler, for the tester's paths and paths made from the rules."))
		}
		return
	}
	a, b := t.pair()
	t.compareB.SetText(lang.X("historytab.compare", "Compare #{{.Old}} → #{{.New}}", map[string]any{"Old": a, "New": b}))
	t.compareB.Enable()
	t.hint.SetText(lang.X("historytab.compare_ready", "The comparison opens #{{.New}} in the editor and lists, under the tester, what changed since #{{.Old}}.", map[string]any{"Old": a, "New": b}))
}

// pair is the checked two, older first.
func (t *Tab) pair() (int, int) {
	a, b := t.checked[0], t.checked[1]
	if a > b {
		a, b = b, a
	}
	return a, b
}

// pick reads version n's bytes.
func (t *Tab) pick(n int) (Pick, error) {
	st, ok := t.host.Store()
	if n < 1 || n > len(t.entries) || !ok {
		return Pick{}, fmt.Errorf("%s", lang.X("historytab.gone", "That version is no longer kept."))
	}
	v := t.entries[n-1].v
	body, err := st.Body(v)
	return Pick{N: n, Version: v, Body: body}, err
}

// compare hands the checked two to the window's impact diff.
func (t *Tab) compare() {
	if len(t.checked) < 2 || t.host.Compare == nil {
		return
	}
	a, b := t.pair()
	old, err := t.pick(a)
	if err == nil {
		var new Pick
		if new, err = t.pick(b); err == nil {
			t.host.Compare(old, new)
			return
		}
	}
	dlg.Error(err, t.host.Window)
}

// open opens the selected version as a new document.
func (t *Tab) open() {
	p, err := t.pick(t.selected)
	if err != nil {
		dlg.Error(err, t.host.Window)
		return
	}
	if t.host.Open != nil {
		t.host.Open(p)
	}
}

// showDetail fills the right side: the selected version's record and
// everything its change did.
func (t *Tab) showDetail() {
	t.detail.Objects = nil
	if t.selected < 1 || t.selected > len(t.entries) {
		t.detail.Refresh()
		return
	}
	e := &t.entries[t.selected-1]
	v := &e.v
	head := widget.NewLabelWithStyle(lang.X("historytab.detail.title", "Version #{{.N}} of {{.Count}}", map[string]any{"N": e.n, "Count": len(t.entries)}),
		fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	var lines []string
	field := func(name, value string) {
		if value != "" {
			lines = append(lines, name+": "+value)
		}
	}
	field(lang.X("historytab.field.first", "First found"), v.Time.Local().Format("2006-01-02 15:04:05"))
	if v.Seen > 1 {
		field(lang.X("historytab.field.last", "Last found"), lang.XN("historytab.seen", "{{.Time}}, found {{.Count}} times", v.Seen,
			map[string]any{"Time": v.LastSeen.Local().Format("2006-01-02 15:04:05"), "Count": v.Seen}))
	}
	field(lang.X("historytab.field.source", "Source"), sourceWord(v.Source))
	field(lang.X("historytab.field.snapshot", "Snapshot"), v.SourceURL)
	ans := answer(v)
	if v.Unreachable {
		ans += " (" + v.Failure + ")"
	}
	field(lang.X("historytab.field.answer", "Answer"), ans)
	for i, h := range v.Hops {
		if i < len(v.Hops)-1 || h.Location != "" {
			field(lang.X("historytab.field.redirect", "Redirect"), fmt.Sprintf("%s %d → %s", h.URL, h.Status, h.Location))
		}
	}
	field("Content-Type", v.ContentType)
	field("Last-Modified", v.LastModified)
	field("ETag", v.ETag)
	if len(v.Body) == 64 {
		// in two halves: one word of 64 digits is wider than the detail
		// of a 1024-pixel window
		field("SHA-256", v.Body[:32]+" "+v.Body[32:])
	}
	// addresses wrap after their / ? & (richmsg), as written (Literal)
	facts := richmsg.NewText(strings.Join(lines, "\n"), richmsg.Style{Literal: true})
	objs := []fyne.CanvasObject{head, facts}
	what := lang.X("historytab.detail.change", "What the change to this version did:")
	if e.n == 1 {
		what = lang.X("historytab.detail.first", "The first version kept:")
	}
	objs = append(objs, widget.NewLabelWithStyle(what, fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	if e.err != nil {
		objs = append(objs, findingRow(diag.Error, e.err.Error()))
	}
	for _, f := range e.findings {
		objs = append(objs, findingRow(f.Severity, f.Text.String()))
	}
	openB := widget.NewButtonWithIcon(lang.X("historytab.open", "Open as a new document"), theme.DocumentIcon(), t.open)
	if e.err != nil {
		openB.Disable()
	}
	objs = append(objs, container.NewHBox(openB))
	t.detail.Objects = objs
	t.detail.Refresh()
}

// findingRow is a finding with its severity's icon, code drawn as code.
func findingRow(sev diag.Severity, text string) fyne.CanvasObject {
	return container.NewBorder(nil, nil, container.NewVBox(widget.NewIcon(severity.Icon(sev))), nil,
		richmsg.NewText(severity.Word(sev)+": "+text, richmsg.Style{}))
}

// askForget asks, then removes everything kept for the site in view (as
// `history forget SITE`).
func (t *Tab) askForget() {
	site, n := t.site, len(t.entries)
	if site == "" || n == 0 {
		return
	}
	dlg.Confirm(lang.X("historytab.forget.title", "Forget this site"),
		lang.X("historytab.forget.ask", "Forget {{.Versions}} of {{.Site}}? Their bytes go too, unless another site's version has the same file. Versions are kept again at the next fetch.",
			map[string]any{"Versions": lang.XN("historytab.n.versions", "{{.Count}} versions", n, map[string]any{"Count": n}), "Site": site}),
		func(ok bool) {
			if ok {
				t.forget(site)
			}
		}, t.host.Window)
}

// forget removes a site's history and shows the empty timeline.
func (t *Tab) forget(site string) {
	st, ok := t.host.Store()
	if !ok {
		return
	}
	if _, err := st.Forget(site); err != nil {
		dlg.Error(err, t.host.Window)
	}
	t.entries, t.checked, t.selected = nil, nil, 0
	t.Refresh()
}

// DocumentChanged follows the open document: another site, another timeline.
func (t *Tab) DocumentChanged() {
	if t.siteOfDocument() != t.docSite {
		t.Refresh()
	}
}

// Timeline is the site in view and its rows as drawn, newest first: the
// version's facts, then what its change did.
func (t *Tab) Timeline() (site string, rows []string) {
	for i := range t.entries {
		e := t.at(i)
		rows = append(rows, rowFacts(e)+" | "+e.line())
	}
	return t.site, rows
}

// State is what the user did in the tab.
func (t *Tab) State() State {
	return State{Chosen: t.chosen, Checked: slices.Clone(t.checked), Selected: t.selected, Inner: t.inner.SelectedIndex()}
}

// Restore gives a rebuilt tab what the user did before.
func (t *Tab) Restore(s State) {
	t.docSite = t.siteOfDocument()
	t.chosen, t.checked, t.selected = s.Chosen, s.Checked, s.Selected
	site := t.chosen
	if site == "" {
		site = t.docSite
	}
	t.site = site
	t.inner.SelectIndex(s.Inner)
	t.Refresh() // the rebuilt tab reads the history again, in its language
}
