package sitemaptab

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/sitemap"
	"github.com/robots-studio/robots-studio/tester/uri"
	"github.com/robots-studio/robots-studio/ui/filedlg"
	"github.com/robots-studio/robots-studio/ui/latest"
	"github.com/robots-studio/robots-studio/ui/richmsg"
	"github.com/robots-studio/robots-studio/ui/safewidget"
	"github.com/robots-studio/robots-studio/ui/severity"
)

// maxTesterRows bounds "Add these URLs to the tester": the tester is for
// looking closely, not for fifty thousand rows.
const maxTesterRows = 100

// checkView checks one sitemap (and the sitemaps an index lists) against
// the robots.txt in the editor.
type checkView struct {
	t        *Tab
	open     *widget.Button
	pick     *widget.Select // the Sitemap: lines of the robots.txt
	agents   *keys.Entry
	engineID *widget.Select
	progress *widget.ProgressBar
	cancel   *widget.Button
	status   *widget.Label
	list     *keys.List
	detail   *richmsg.Text // the selected finding in full, its URLs and rules as code
	crawler  *widget.Select
	blockedL *keys.List
	add      *widget.Button
	content  fyne.CanvasObject

	findings   []sitemap.Finding
	robotsFile string // the File the robots.txt's findings carry
	blocked    map[string][]sitemap.Finding
	blockedN   map[string]int
	agentOrder []string
	shown      []sitemap.Finding // blocked findings of the chosen crawler
	lines      []sitemap.SitemapLine
	robotsPath string
	stop       context.CancelFunc
	run        int // increases with every check; late results of older runs are dropped
	checker    *latest.Worker[checkJob, checkResult]
	engineIDs  []string   // of the reading select's options after the first ("each crawler's own")
	last       *checked   // the check on screen, to show again in another language
	reading    string     // the file a check in progress reads
	heir       *checkView // the view rebuilt from this one, which a check in progress reports to
}

func newCheckView(t *Tab) *checkView {
	v := &checkView{t: t, blocked: map[string][]sitemap.Finding{}, blockedN: map[string]int{}}
	v.checker = v.newChecker()
	v.open = widget.NewButtonWithIcon(lang.X("sitemap.ui.open", "Open Sitemap…"), theme.FolderOpenIcon(), v.openDialog)
	v.pick = widget.NewSelect(nil, v.picked)
	v.pick.PlaceHolder = lang.X("sitemap.ui.pick", "Sitemap: lines of the robots.txt")
	v.agents = keys.NewEntry()
	v.agents.SetText(strings.Join(sitemap.DefaultAgents, ", "))
	// The readings by name, as the tester lists them; the IDs are for
	// the command line.
	names := []string{lang.X("sitemap.ui.own_engine", "each crawler's own reading")}
	v.engineIDs = engine.IDs()
	for _, id := range v.engineIDs {
		names = append(names, engine.NameOf(id).String())
	}
	v.engineID = widget.NewSelect(names, nil)
	v.engineID.SetSelectedIndex(0)
	v.progress = widget.NewProgressBar()
	v.cancel = widget.NewButtonWithIcon(lang.X("sitemap.ui.cancel", "Cancel"), theme.CancelIcon(), v.stopRun)
	v.status = widget.NewLabel(lang.X("sitemap.ui.hint", "Open or drop a sitemap (XML, gzip or a text list of URLs), or pick a Sitemap: line of the robots.txt in the editor."))
	v.status.Wrapping = fyne.TextWrapWord
	v.detail = richmsg.NewText("", richmsg.Style{})
	v.list = keys.NewList(func() int { return len(v.findings) }, newRow, func(i widget.ListItemID, o fyne.CanvasObject) {
		if i < len(v.findings) {
			setRow(o, v.findings[i].Severity, v.findingLine(&v.findings[i]))
		}
	})
	v.list.OnSelected = func(i widget.ListItemID) {
		if i < len(v.findings) {
			v.showFinding(&v.findings[i])
		}
		v.list.Unselect(i)
	}
	v.crawler = widget.NewSelect(nil, func(string) { v.showBlocked() })
	v.crawler.PlaceHolder = lang.X("sitemap.ui.none_blocked", "no URL is blocked")
	v.blockedL = keys.NewList(func() int { return len(v.shown) }, newRow, func(i widget.ListItemID, o fyne.CanvasObject) {
		if i < len(v.shown) {
			setRow(o, diag.Error, blockedLine(&v.shown[i]))
		}
	})
	v.blockedL.OnSelected = func(i widget.ListItemID) {
		if i < len(v.shown) && v.shown[i].Rule != nil && v.t.host.SelectRule != nil {
			v.t.host.SelectRule(v.shown[i].Rule.Line)
		}
		v.blockedL.Unselect(i)
	}
	v.add = widget.NewButtonWithIcon(lang.X("sitemap.ui.add", "Add these URLs to the tester"), theme.ContentAddIcon(), v.addToTester)
	v.add.Disable()
	v.setRunning(false)

	form := container.NewBorder(nil, nil, widget.NewLabel(lang.X("sitemap.ui.crawlers", "Crawlers:")), nil, v.agents)
	// The engine names are short but the first choice is a phrase: give the
	// list room for it instead of its own minimum width.
	engineBox := container.New(layout.NewGridWrapLayout(fyne.NewSize(300, v.engineID.MinSize().Height)), v.engineID)
	top := container.NewVBox(
		container.NewBorder(nil, nil, v.open, nil, v.pick),
		container.NewBorder(nil, nil, nil, engineBox, form),
		container.NewBorder(nil, nil, nil, v.cancel, v.progress),
		v.status,
	)
	detail := container.NewVScroll(v.detail)
	detail.SetMinSize(fyne.NewSize(0, 110))
	findings := container.NewBorder(widget.NewLabelWithStyle(lang.X("sitemap.ui.findings", "Findings"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		detail, nil, nil, v.list)
	blocked := container.NewBorder(
		container.NewBorder(nil, nil, widget.NewLabelWithStyle(lang.X("sitemap.ui.blocked", "Blocked by robots.txt for"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), nil, v.crawler),
		v.add, nil, nil, v.blockedL)
	split := container.NewVSplit(findings, blocked)
	split.Offset = 0.62
	v.content = container.NewBorder(top, nil, nil, nil, split)
	return v
}

func newRow() fyne.CanvasObject {
	return container.NewBorder(nil, nil, widget.NewIcon(theme.InfoIcon()), nil, safewidget.NewEllipsis(""))
}

func setRow(o fyne.CanvasObject, sev diag.Severity, s string) {
	row := o.(*fyne.Container)
	if l := row.Objects[0].(*safewidget.Ellipsis); l.Text != s {
		l.SetText(s)
	}
	row.Objects[1].(*widget.Icon).SetResource(severity.Icon(sev))
}

// findingLine is "file.xml 12:5  error  message [SM010]", cut to what a
// row shows.
func (v *checkView) findingLine(f *sitemap.Finding) string {
	return cut(fmt.Sprintf("%s %d:%d  %s  %s [%s]", filepath.Base(f.File), f.Line, f.Col, severity.Word(f.Severity), richmsg.Plain(f.Message.String()), f.Code))
}

func blockedLine(f *sitemap.Finding) string {
	rule := ""
	if f.Rule != nil {
		rule = lang.X("sitemap.ui.rule", "robots.txt line {{.Line}}: {{.Rule}}", map[string]any{"Line": f.Rule.Line, "Rule": f.Rule.Text})
	}
	return cut(fmt.Sprintf("%s %d  %s  —  %s  (%s)", filepath.Base(f.File), f.Line, f.URL, rule, f.Engine))
}

func cut(s string) string {
	const maxRunes = 200
	if utf8.RuneCountInString(s) > maxRunes {
		r := []rune(s)
		s = string(r[:maxRunes-1]) + "…"
	}
	return s
}

func (v *checkView) openDialog() {
	// Sitemaps are kept beside the robots.txt: start there.
	var pick filedlg.Pick
	if v.t.host.Robots != nil {
		if robots, _ := v.t.host.Robots(); robots != "" {
			pick.Dir = filepath.Dir(robots)
		}
	}
	filedlg.Open(v.t.host.Window, pick, func(p []string) { v.start(p[0], "") })
}

// refreshSitemapLines offers the Sitemap: lines of the robots.txt.
func (v *checkView) refreshSitemapLines() {
	if v.t.host.Robots == nil {
		return
	}
	path, text := v.t.host.Robots()
	r, err := sitemap.NewRobots(path, text, nil, "", nil)
	if err != nil {
		return
	}
	v.robotsPath, v.lines = path, r.Sitemaps
	opts := make([]string, len(r.Sitemaps))
	for i, sl := range r.Sitemaps {
		opts[i] = fmt.Sprintf("%d: %s", sl.Line, sl.URL)
	}
	v.pick.SetOptions(opts)
	v.pick.ClearSelected()
}

// picked checks the sitemap a Sitemap: line names, when it is a file
// beside the robots.txt.
func (v *checkView) picked(string) {
	i := v.pick.SelectedIndex()
	if i < 0 || i >= len(v.lines) {
		return
	}
	sl := v.lines[i]
	if sl.Local == "" {
		v.status.SetText(lang.X("sitemap.ui.not_here", "There is no file named {{.Name}} beside the robots.txt ({{.Where}}). Fetching sitemaps from the web is not available yet: save it there, or open it with Open Sitemap….",
			map[string]any{"Name": sitemap.URLFileName(sl.URL), "Where": v.where()}))
		return
	}
	v.start(sl.Local, sl.URL)
}

func (v *checkView) where() string {
	if v.robotsPath == "" {
		return lang.X("sitemap.ui.unsaved", "the robots.txt is not saved yet")
	}
	return filepath.Dir(v.robotsPath)
}

func (v *checkView) setRunning(on bool) {
	if on {
		v.cancel.Show()
		v.progress.Show()
		v.open.Disable()
		v.pick.Disable()
	} else {
		v.cancel.Hide()
		v.progress.Hide()
		v.open.Enable()
		v.pick.Enable()
	}
}

func (v *checkView) stopRun() {
	if v.stop != nil {
		v.stop()
	}
}

func (v *checkView) agentList() []string {
	var out []string
	for _, a := range strings.Split(v.agents.Text, ",") {
		if a = strings.TrimSpace(a); a != "" {
			out = append(out, a)
		}
	}
	return out
}

// start checks the sitemap at path (its own URL when known) on a worker
// goroutine; progress and results come back through fyne.Do.
func (v *checkView) start(path, ownURL string) {
	v.stopRun()
	v.run++
	run := v.run
	v.reading = path
	src := sitemap.FileSource(path)
	src.URL = ownURL
	var robots *sitemap.Robots
	if v.t.host.Robots != nil {
		rpath, text := v.t.host.Robots()
		engineID := v.selectedEngine()
		name := rpath
		if name == "" {
			name = "robots.txt"
		}
		r, err := sitemap.NewRobots(name, text, v.agentList(), engineID, func(dir, u string) (string, bool) {
			if rpath == "" {
				return "", false
			}
			return sitemap.LocalResolver(dir, u)
		})
		if err == nil {
			robots = r
			v.robotsFile = name
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	v.stop = cancel
	v.progress.SetValue(0)
	v.setRunning(true)
	v.status.SetText(lang.X("sitemap.ui.reading", "Reading {{.File}}…", map[string]any{"File": filepath.Base(path)}))
	job := &sitemap.Job{Robots: robots, Context: ctx}
	size := src.Size
	job.Progress = func(name string, n int64) {
		if name != src.Name || size <= 0 {
			return
		}
		frac := float64(n) / float64(size)
		v.checker.Hand(func() { // with the result, on the UI goroutine
			if run == v.run {
				v.live().progress.SetValue(min(frac, 1))
			}
		})
	}
	v.checker.Submit(checkJob{run: run, path: path, job: job, src: src, cancel: cancel})
}

// checkJob is one sitemap check run off the UI goroutine.
type checkJob struct {
	run    int
	path   string
	job    *sitemap.Job
	src    sitemap.Source
	cancel context.CancelFunc
}

// checked is a finished check as show was given it.
type checked struct {
	path    string
	robots  []sitemap.Finding
	reports []sitemap.Report
	err     error
}

// checkResult is what a check found.
type checkResult struct {
	robots  []sitemap.Finding
	reports []sitemap.Report
	err     error
}

// newChecker reads sitemaps off the UI goroutine (a 50 MB file takes
// seconds) and shows each result on it, unless a newer check started.
func (v *checkView) newChecker() *latest.Worker[checkJob, checkResult] {
	return &latest.Worker[checkJob, checkResult]{
		Work: func(j checkJob) checkResult {
			rf, reps, err := j.job.Run([]sitemap.Source{j.src})
			j.cancel()
			return checkResult{rf, reps, err}
		},
		Deliver: func(j checkJob, r checkResult) {
			if j.run != v.run {
				return
			}
			v.stop = nil
			w := v.live()
			w.stop = nil
			w.setRunning(false)
			w.show(j.path, r.robots, r.reports, r.err)
		},
		Hand: fyne.Do,
	}
}

// show puts a finished check on screen.
func (v *checkView) show(path string, robotsFindings []sitemap.Finding, reps []sitemap.Report, err error) {
	v.last = &checked{path, robotsFindings, reps, err}
	v.findings = v.findings[:0]
	v.blocked = map[string][]sitemap.Finding{}
	v.blockedN = map[string]int{}
	v.agentOrder = nil
	v.detail.SetText("")
	if err != nil {
		if err == context.Canceled {
			v.status.SetText(lang.X("sitemap.ui.cancelled", "Cancelled; nothing was changed."))
		} else {
			v.status.SetText(lang.X("sitemap.ui.failed", "Could not read {{.File}}: {{.Error}}", map[string]any{"File": filepath.Base(path), "Error": err.Error()}))
		}
		v.list.Refresh()
		v.showBlocked()
		return
	}
	v.findings = append(v.findings, robotsFindings...)
	urls, errs := 0, 0
	var stopped *sitemap.Finding // the first file whose reading stopped
	for _, rep := range reps {
		if rep.Result != nil {
			urls += rep.Result.URLs
			if stopped == nil {
				stopped = rep.Result.Stopped
			}
		}
		for _, f := range rep.Findings {
			if f.Code == sitemap.CodeBlocked {
				if _, seen := v.blockedN[f.Agent]; !seen {
					v.agentOrder = append(v.agentOrder, f.Agent)
				}
				v.blocked[f.Agent] = append(v.blocked[f.Agent], f)
				v.blockedN[f.Agent]++
				continue
			}
			v.findings = append(v.findings, f)
		}
	}
	for _, f := range v.findings {
		if f.Severity == diag.Error {
			errs++
		}
	}
	total := 0
	for _, rep := range reps {
		total += rep.Blocked
	}
	args := map[string]any{"File": filepath.Base(path), "URLs": urls, "Files": len(reps), "Errors": errs, "Findings": len(v.findings), "Blocked": total}
	if stopped != nil {
		// The counts are of what came before the stop, not of the file:
		// say where and why reading stopped before any figure.
		file := filepath.Base(path)
		if stopped.File != "" {
			file = filepath.Base(stopped.File)
		}
		args["Stopped"], args["Line"], args["Reason"] = file, stopped.Line, stopped.Message.String()
		v.status.SetText(lang.X("sitemap.ui.summary_stopped", "{{.Stopped}}: reading stopped at line {{.Line}}: {{.Reason}}\nBefore that line — URLs: {{.URLs}}, files: {{.Files}}, errors: {{.Errors}}, findings: {{.Findings}}, blocked (URL, crawler) pairs: {{.Blocked}}; the rest was not read.", args))
	} else {
		v.status.SetText(lang.X("sitemap.ui.summary", "{{.File}} — URLs: {{.URLs}}, files: {{.Files}}, errors: {{.Errors}}, findings: {{.Findings}}, blocked (URL, crawler) pairs: {{.Blocked}}.", args))
	}
	v.list.Refresh()
	opts := make([]string, len(v.agentOrder))
	for i, a := range v.agentOrder {
		opts[i] = fmt.Sprintf("%s (%d)", a, v.blockedN[a])
	}
	v.crawler.SetOptions(opts)
	if len(opts) > 0 {
		v.crawler.SetSelectedIndex(0)
	} else {
		v.crawler.ClearSelected()
	}
	v.showBlocked()
}

func (v *checkView) showBlocked() {
	v.shown = nil
	if i := v.crawler.SelectedIndex(); i >= 0 && i < len(v.agentOrder) {
		v.shown = v.blocked[v.agentOrder[i]]
	}
	if len(v.shown) > 0 && v.t.host.AddToTester != nil {
		v.add.Enable()
	} else {
		v.add.Disable()
	}
	v.blockedL.Refresh()
}

// showFinding shows the line a finding is about: in the robots.txt editor
// for the robots.txt's findings, else the sitemap's line below the list.
func (v *checkView) showFinding(f *sitemap.Finding) {
	if f.File == v.robotsFile {
		line := f.Line
		if f.Rule != nil {
			line = f.Rule.Line // a blocked sitemap: show the rule that blocks it
		}
		// The row may end in "…": the message is written out in full here,
		// the URLs and rules it quotes in the code font.
		v.detail.SetParts(richmsg.Part{Text: place(f), Style: richmsg.Style{Literal: true}}, richmsg.Part{Text: f.Message.String()})
		if v.t.host.SelectRule != nil {
			v.t.host.SelectRule(line)
		}
		return
	}
	text, err := lineOf(f.File, f.Line)
	if err != nil {
		v.detail.SetText(err.Error())
		return
	}
	v.detail.SetParts(richmsg.Part{Text: place(f), Style: richmsg.Style{Literal: true}},
		richmsg.Part{Text: cut(strings.TrimSpace(text)), Style: richmsg.Style{Code: true}},
		richmsg.Part{Text: f.Message.String()})
}

// place is where a finding is: "sitemap.xml:12:5".
func place(f *sitemap.Finding) string {
	return fmt.Sprintf("%s:%d:%d", filepath.Base(f.File), f.Line, f.Col)
}

// addToTester puts the shown crawler and the paths of its blocked URLs
// into the tester.
func (v *checkView) addToTester() {
	i := v.crawler.SelectedIndex()
	if i < 0 || i >= len(v.agentOrder) || v.t.host.AddToTester == nil {
		return
	}
	var paths []string
	seen := map[string]bool{}
	for _, f := range v.shown {
		p := uri.PathOf(f.URL)
		if !seen[p] {
			seen[p] = true
			paths = append(paths, p)
		}
		if len(paths) == maxTesterRows {
			break
		}
	}
	v.t.host.AddToTester(v.agentOrder[i], paths)
}

// lineOf returns line n of a sitemap file (decompressing a gzip one).
func lineOf(path string, n int) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	br := bufio.NewReader(f)
	var r io.Reader = br
	if head, _ := br.Peek(2); bytes.Equal(head, []byte{0x1f, 0x8b}) {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return "", err
		}
		r = zr
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	for i := 1; sc.Scan(); i++ {
		if i == n {
			return sc.Text(), nil
		}
	}
	return "", sc.Err()
}

// selectedEngine is the ID of the chosen reading, or "" for each crawler's
// own.
func (v *checkView) selectedEngine() string {
	if i := v.engineID.SelectedIndex(); i > 0 {
		return v.engineIDs[i-1]
	}
	return ""
}
