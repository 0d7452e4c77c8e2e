// Package logtab is the Logs tab: open access logs, watch them being read,
// see per crawler what it fetched and whether it obeyed the robots.txt, a
// chart of hits over time, and send a disallowed hit or a crawler's top
// paths to the tester. The reading is tester/accesslog's; this package only
// shows it.
package logtab

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/accesslog"
	"github.com/robots-studio/robots-studio/tester/batch"
	"github.com/robots-studio/robots-studio/tester/botauth"
	"github.com/robots-studio/robots-studio/tester/crawlers/sources"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/ui/filedlg"
)

// Source is what the hits are replayed against: the robots.txt in force
// and, when the editor holds unsaved changes, the editor's text as a draft.
type Source struct {
	Robots *syntax.Document
	Draft  *syntax.Document // nil: no draft
	// Site is the robots.txt URL the document was fetched from ("": a
	// file). When the app keeps versions of it, each hit is judged by the
	// version live at its time (accesslog.History) instead of by Robots.
	Site string
}

// Selection is what the tab sends to the tester: a crawler (the token it
// is tested with, and its engine) and paths; Line is the rule to show in
// the editor (0: none).
type Selection struct {
	Crawler string
	Engine  string
	Paths   []string
	Line    int
}

// Tab is the Logs tab.
type Tab struct {
	win    fyne.Window
	source func() Source
	onTest func(Selection)

	files    []string
	fileList *widget.Label
	run      *widget.Button
	clearB   *widget.Button
	cancelB  *widget.Button
	progress *widget.ProgressBar
	status   *widget.Label
	summary  *summaryTable
	chart    *chart
	hits     *hitList
	detail   *widget.Label
	right    *fyne.Container // the detail line, the button and the hit list
	testTop  *widget.Button
	signed   *signedList
	// sigDirs fetches and caches the signers' key directories (with
	// botauth's limits); tests point it at a local server.
	sigDirs *botauth.Directories

	mu       sync.Mutex
	cancel   context.CancelFunc
	running  sync.WaitGroup
	report   *accesslog.Report
	selected *accesslog.CrawlerStats
	outcome  *outcome // the last finished run
	stale    bool     // the open robots.txt is not the one outcome was made from
	heir     *Tab     // the tab rebuilt from this one, which a run in progress reports to
	// do hands the run's progress and result to the UI goroutine
	// (fyne.Do, or fyne.DoAndWait with wait); tests put their own loop here.
	do func(fn func(), wait bool)

	Content fyne.CanvasObject
}

// New builds the tab. source gives the robots.txt (and draft) at the time
// a run starts; onTest puts a selection into the tester.
func New(win fyne.Window, source func() Source, onTest func(Selection)) *Tab {
	t := &Tab{win: win, source: source, onTest: onTest, do: toUI, sigDirs: &botauth.Directories{}}
	open := widget.NewButton(lang.X("logtab.open", "Add Log Files…"), t.openDialog)
	t.clearB = widget.NewButton(lang.X("logtab.clear", "Clear"), func() { t.SetFiles(nil) })
	t.run = widget.NewButton(lang.X("logtab.run", "Analyse"), t.Start)
	t.run.Importance = widget.HighImportance
	t.cancelB = widget.NewButton(lang.X("logtab.cancel", "Cancel"), t.Cancel)
	t.cancelB.Disable()
	t.fileList = widget.NewLabel("")
	t.fileList.Wrapping = fyne.TextWrapWord
	t.progress = widget.NewProgressBar()
	t.progress.Hide() // until a run starts: an idle bar at 0 % says nothing
	t.status = widget.NewLabel(lang.X("logtab.hint", "Add access logs (Apache or nginx, plain or gzip) with the button or by dropping them here, then Analyse. Hits are replayed against the saved robots.txt; unsaved edits count as a draft."))
	t.status.Wrapping = fyne.TextWrapWord
	t.summary = newSummaryTable(t.selectCrawler)
	t.chart = newChart()
	t.hits = newHitList(t.hitTapped)
	t.detail = widget.NewLabel("")
	t.detail.Wrapping = fyne.TextWrapWord
	t.testTop = widget.NewButton(lang.X("logtab.test_top", "Test These Paths"), t.testTopPaths)
	t.testTop.Disable()

	top := container.NewVBox(
		container.NewHBox(open, t.clearB, t.run, t.cancelB),
		t.fileList,
		t.progress,
		t.status,
	)
	t.signed = newSignedList()
	hitsAndSigned := container.NewVSplit(t.hits.list, t.signed.scroll)
	hitsAndSigned.Offset = 0.3 // the signed lines are two or three lines each
	t.right = container.NewBorder(container.NewVBox(t.detail, t.testTop), nil, nil, nil, hitsAndSigned)
	tables := container.NewHSplit(t.summary.table, t.right)
	tables.Offset = tableShareLeast
	fit := &tableFit{split: tables, s: t.summary}
	fitted := container.New(fit, tables)
	t.summary.onWidths = func() { fitted.Refresh() }
	t.summary.onFolded = func() { t.setDetail(t.detailText(t.selected)) }
	body := container.NewVSplit(fitted, t.chart)
	body.Offset = 0.55
	t.Content = container.NewBorder(top, nil, nil, nil, body)
	t.showFiles()
	return t
}

// SetFiles replaces the list of logs to read.
func (t *Tab) SetFiles(paths []string) {
	t.files = append([]string(nil), paths...)
	t.showFiles()
}

// Files lists the logs the next run reads.
func (t *Tab) Files() []string { return append([]string(nil), t.files...) }

// AddFiles adds logs (from the dialog or a drop), skipping ones already
// listed.
func (t *Tab) AddFiles(paths []string) {
	have := map[string]bool{}
	for _, f := range t.files {
		have[f] = true
	}
	for _, p := range paths {
		if !have[p] {
			have[p] = true
			t.files = append(t.files, p)
		}
	}
	t.showFiles()
}

func (t *Tab) showFiles() {
	// Analyse and Clear need logs to work on; a run in progress keeps
	// Analyse off until it ends.
	t.mu.Lock()
	idle := t.cancel == nil
	t.mu.Unlock()
	enable(t.run, len(t.files) > 0 && idle)
	enable(t.clearB, len(t.files) > 0)
	if len(t.files) == 0 {
		t.fileList.SetText(lang.X("logtab.no_files", "No log files yet."))
		return
	}
	names := ""
	for i, f := range t.files {
		if i > 0 {
			names += ", "
		}
		names += filepath.Base(f)
	}
	t.fileList.SetText(names)
}

func (t *Tab) openDialog() {
	// in the browser several at once; the logs are streamed from the picked files
	filedlg.Open(t.win, filedlg.Pick{Multiple: true}, t.AddFiles)
}

// Start reads the listed logs off the UI thread; the progress bar, lines/s
// and Cancel follow it.
func (t *Tab) Start() {
	if len(t.files) == 0 {
		t.status.SetText(lang.X("logtab.no_files", "No log files yet."))
		return
	}
	t.mu.Lock()
	if t.cancel != nil {
		t.mu.Unlock()
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.cancel = cancel
	t.mu.Unlock()
	var total int64
	for _, f := range t.files {
		if st, err := os.Stat(f); err == nil {
			total += st.Size()
		}
	}
	src := t.source()
	files := append([]string(nil), t.files...)
	t.run.Disable()
	t.cancelB.Enable()
	t.progress.SetValue(0)
	t.progress.Show()
	t.status.SetText(lang.X("logtab.reading", "Reading…"))
	start := time.Now()
	var last time.Time
	t.running.Add(1)
	go func() {
		defer t.running.Done()
		var (
			rep    *accesslog.Report
			err    error
			sigs   *accesslog.SignatureReport
			ranges string
			hist   *accesslog.History
			site   string
		)
		// A panic here (the workers' own are caught by batch.Run) ends
		// this run with an error; it must not close the window with the
		// user's unsaved text.
		if perr := batch.Catch(func() {
			var verifier *accesslog.Verifier
			verifier, ranges = sources.RangeVerifier()
			hist, site = siteHistory(src.Site)
			rep, err = analyze(ctx, accesslog.Options{Names: files, Robots: src.Robots, Draft: src.Draft, Verifier: verifier, History: hist,
				OnProgress: func(p accesslog.Progress) {
					if now := time.Now(); now.Sub(last) > 100*time.Millisecond {
						last = now
						frac := 0.0
						if total > 0 {
							frac = float64(p.Bytes) / float64(total)
						}
						rate := float64(p.Lines) / now.Sub(start).Seconds()
						t.do(func() {
							t := t.live()
							t.progress.SetValue(frac)
							t.status.SetText(lang.X("logtab.progress", "{{.Lines}} lines, {{.Rate}} lines/s",
								map[string]any{"Lines": p.Lines, "Rate": fmt.Sprintf("%.0f", rate)}))
						}, false)
					}
				}})
			// The signed lines, checked against their signers' key
			// directories; a log that records no signature costs one read.
			if err == nil && ctx.Err() == nil {
				sigs, _ = accesslog.VerifySignatures(ctx, files, nil, &botauth.Verifier{Directories: t.sigDirs})
			}
		}); perr != nil {
			// What was read before the panic is not trusted; the
			// outcome, like Analyze's on an error, still has a report.
			rep, sigs, err = &accesslog.Report{}, nil, perr
		}
		elapsed := time.Since(start)
		robots, draft := sourceTexts(src)
		t.do(func() {
			t.finish(&outcome{report: rep, err: err, elapsed: elapsed, cancelled: ctx.Err() != nil, ranges: ranges, robots: robots, draft: draft, sigs: sigs, files: files,
				history: historyNote(hist, site, rep)})
		}, true)
	}()
}

// analyze is accesslog.Analyze; a test makes it panic.
var analyze = accesslog.Analyze

// sourceTexts is the text of src's robots.txt and draft (nil: none).
func sourceTexts(src Source) (robots, draft []byte) {
	if src.Robots != nil {
		robots = src.Robots.Src
	}
	if src.Draft != nil {
		draft = src.Draft.Src
	}
	return robots, draft
}

// DocumentChanged compares the robots.txt (and draft) open now with the
// one the report was made from: when they differ, the report's line
// numbers and verdicts are of that other text, and the tab says the report
// is out of date until it is analysed again (or the text is back).
func (t *Tab) DocumentChanged() {
	if t.outcome == nil || t.source == nil {
		return
	}
	robots, draft := sourceTexts(t.source())
	stale := !bytes.Equal(robots, t.outcome.robots) || !bytes.Equal(draft, t.outcome.draft) || (draft == nil) != (t.outcome.draft == nil)
	if stale == t.stale {
		return
	}
	t.stale = stale
	t.showOutcome()
	t.selectCrawler(t.selected)
}

// toUI runs fn on the UI goroutine: fyne.Do, or fyne.DoAndWait with wait.
func toUI(fn func(), wait bool) {
	if wait {
		fyne.DoAndWait(fn)
	} else {
		fyne.Do(fn)
	}
}

// Cancel stops a run; what was read so far is shown.
func (t *Tab) Cancel() {
	t.mu.Lock()
	if t.cancel != nil {
		t.cancel()
	}
	t.mu.Unlock()
}

// wait blocks until the run in progress has finished (tests).
func (t *Tab) wait() { t.running.Wait() }

func (t *Tab) finish(o *outcome) {
	t.mu.Lock()
	t.cancel = nil
	heir := t.heir
	t.mu.Unlock()
	if heir != nil {
		heir.finish(o)
		return
	}
	enable(t.run, len(t.files) > 0)
	t.cancelB.Disable()
	t.progress.SetValue(1)
	t.outcome = o
	t.stale = false
	t.showOutcome()
	t.selectCrawler(nil)
}

// showOutcome writes the finished run's status line and fills the table
// and the chart with its report.
func (t *Tab) showOutcome() {
	rep, err, elapsed, cancelled := t.outcome.report, t.outcome.err, t.outcome.elapsed, t.outcome.cancelled
	rate := float64(rep.Lines) / max(elapsed.Seconds(), 1e-9)
	data := map[string]any{"Lines": rep.Lines, "Crawlers": len(rep.Crawlers), "Hits": rep.CrawlerHits, "Malformed": rep.Malformed,
		"Seconds": fmt.Sprintf("%.1f", elapsed.Seconds()), "Rate": fmt.Sprintf("%.0f", rate)}
	switch {
	case cancelled:
		t.status.SetText(lang.X("logtab.cancelled", "Cancelled after {{.Lines}} lines; the report covers what was read.", data))
	case err != nil:
		t.status.SetText(lang.X("logtab.error", "Stopped: {{.Error}}", map[string]any{"Error": err.Error()}))
	default:
		t.status.SetText(lang.X("logtab.done", "Lines: {{.Lines}} in {{.Seconds}} s ({{.Rate}} lines/s) · crawler hits: {{.Hits}} · crawlers: {{.Crawlers}} · malformed lines: {{.Malformed}}.", data))
	}
	if rep.NoUserAgent {
		t.status.SetText(t.status.Text + " " + lang.X("logtab.no_user_agent", "This log records no User-Agent: a client that fetched robots.txt is listed by its host from that request on."))
	}
	if sum := signedSummary(t.outcome.sigs); sum != "" {
		t.status.SetText(t.status.Text + " " + sum)
	}
	t.signed.set(t.outcome.files, t.outcome.sigs)
	if t.outcome.ranges != "" {
		t.status.SetText(t.status.Text + " " + t.outcome.ranges)
	}
	if t.outcome.history != "" {
		t.status.SetText(t.status.Text + " " + t.outcome.history)
	}
	if t.stale {
		t.status.SetText(staleNote() + "\n" + t.status.Text)
	}
	t.report = rep
	t.summary.setReport(rep)
	t.chart.setReport(rep)
}

// selectCrawler shows a crawler's disallowed hits (nil: none selected).
func (t *Tab) selectCrawler(c *accesslog.CrawlerStats) {
	t.selected = c
	t.chart.highlight(c)
	t.setDetail(t.detailText(c))
	if c == nil {
		t.hits.set(nil, nil)
		t.testTop.Disable()
		return
	}
	t.testTop.Enable()
	t.hits.set(t.report, c)
}

// detailText is the line above the hit list for crawler c (nil: none
// selected), with the values of the columns the table has no room for.
func (t *Tab) detailText(c *accesslog.CrawlerStats) string {
	folded := t.summary.folded
	if c == nil {
		text := lang.X("logtab.pick", "Pick a crawler to see the URLs it fetched although the robots.txt disallows them.")
		if len(folded) > 0 {
			var titles []string
			for _, col := range folded {
				titles = append(titles, col.title)
			}
			text += " " + lang.X("logtab.folded_hint", "The table has no room for {{.Columns}}: they show here for the crawler picked.",
				map[string]any{"Columns": strings.Join(titles, ", ")})
		}
		return text
	}
	data := map[string]any{"Name": c.Name, "Count": c.Disallowed}
	var text string
	switch {
	case t.report != nil && !t.report.HasRobots:
		text = lang.X("logtab.no_robots", "No robots.txt to replay against.")
	case c.Disallowed == 0:
		text = lang.X("logtab.obeyed", "{{.Name}} fetched nothing the robots.txt disallows.", data)
	default:
		text = lang.XN("logtab.disallowed", "{{.Name}}: {{.Count}} hits on disallowed URLs. Click one to test it.", int(c.Disallowed), data)
	}
	if len(folded) > 0 {
		var vals []string
		for _, col := range folded {
			vals = append(vals, lang.X("logtab.folded_value", "{{.Column}}: {{.Value}}", map[string]any{"Column": col.title, "Value": col.text(c)}))
		}
		text += "\n" + strings.Join(vals, " · ")
	}
	if t.stale {
		text = staleNote() + "\n" + text
	}
	return text
}

// staleNote says that the report is of another text than the one open.
func staleNote() string {
	return lang.X("logtab.stale", "⚠ Out of date: this report was made from another robots.txt (or before it was changed); its line numbers and verdicts are that text's. Analyse again to replay the hits against the file open now.")
}

// setDetail writes the line above the hit list and lays the pane out
// again: the wrapped line is two lines high in Russian and Polish, and a
// stale height would put the button over its second line.
func (t *Tab) setDetail(text string) {
	t.detail.SetText(text)
	t.right.Refresh()
}

// hitTapped puts a disallowed hit's path into the tester and selects the
// rule that decided it.
func (t *Tab) hitTapped(d accesslog.DisallowedPath) {
	if t.selected == nil || t.onTest == nil {
		return
	}
	line := 0
	if d.Rule != nil && !t.stale {
		line = d.Rule.Line // a line of the text the report was made from
	}
	t.onTest(Selection{Crawler: t.selected.Token, Engine: t.selected.Engine, Paths: []string{d.Path}, Line: line})
}

// testTopPaths adds the selected crawler's most fetched paths to the
// tester.
func (t *Tab) testTopPaths() {
	c := t.selected
	if c == nil || t.onTest == nil {
		return
	}
	var paths []string
	for i, p := range c.TopPaths {
		if i == 10 {
			break
		}
		paths = append(paths, p.Path)
	}
	t.onTest(Selection{Crawler: c.Token, Engine: c.Engine, Paths: paths})
}

// enable enables or disables b.
func enable(b *widget.Button, on bool) {
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

// The crawlers' table's share of the tab's width: as much as its columns
// need within these (at 1024×768 the Polish and Russian columns needed
// 674 and 713 px of the table's 620, and the last was cut at the edge;
// the crawler's detail and hits keep the rest). The most share is 740 px
// at 1024×768, where a draft's Russian columns with the crawler
// Google-InspectionTool need 727 once three columns are folded (at 0.72,
// 720 px, that name was cut).
const (
	tableShareLeast = 0.62
	tableShareMost  = 0.74
)

// tableFit gives the crawlers' table the width its columns need (within
// the shares above) when the width or the columns change; a divider the
// user dragged stays until then.
type tableFit struct {
	split       *container.Split
	s           *summaryTable
	width, need float32 // what the share was set for
}

func (l *tableFit) MinSize(objs []fyne.CanvasObject) fyne.Size { return objs[0].MinSize() }

func (l *tableFit) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	// the split's two sides share its width less the divider's
	avail := size.Width - 2*theme.Padding()
	if avail > 0 && size.Width != l.width {
		l.width = size.Width
		l.s.setRoom(tableShareMost * avail) // may fold columns (and lay this out again)
	}
	if need := l.s.need(); avail > 0 && need != l.need {
		l.need = need
		l.split.Offset = min(tableShareMost, max(tableShareLeast, float64(need/avail)))
	}
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}
