package ui

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/internal/session"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/fetch"
	"github.com/robots-studio/robots-studio/tester/testset"
	"github.com/robots-studio/robots-studio/ui/dlg"
	"github.com/robots-studio/robots-studio/ui/latest"
	"github.com/robots-studio/robots-studio/ui/webfile"
)

// liveState is the window's link to the live site: the fetch behind the
// open document (if it came from a site), the banner that shows it, and the
// running fetch, which the user can cancel. The network is used only when
// the user asks, never on its own.
type liveState struct {
	w    *shared
	host liveHost
	// fetcher runs Open from Site's fetches; changesWork the Changes
	// view's comparisons; changes is that view while it is open.
	fetcher     *latest.Worker[fetchJob, fetchOutcome]
	changesWork *latest.Worker[changesJob, changesOut]
	changes     *changesView

	res      *fetch.Result // the fetch behind the document; nil for a file
	simulate int           // a status the banner simulates; -1 = as fetched
	banner   *fyne.Container
	left     *fyne.Container // the editor side, laid out again when the banner changes

	mu     sync.Mutex
	cancel context.CancelFunc // the running fetch
}

// liveHost is what the live side asks of the rest of the window.
type liveHost struct {
	whenSafe      func(action func())                                 // runs action once the open text is safe
	show          func(f session.File, text []byte, set *testset.Set) // opens a document
	showEditor    func()
	showHistory   func() // the History tab into view, where the window has one
	showFileError func(error)
	startDir      func() string // where a file dialog opens: where the user last was
	// the browser's way with a site the page may not read
	webUnreadable func(url string)
	// selectVerdict marks a result's group and rule in the editor;
	// clearSelection removes the marks.
	selectVerdict  func(engine.Verdict)
	clearSelection func()
	workerFailed   func(v any) // a worker stopped on a panic
}

// liveSpinner is the dialog shown while a fetch runs.
type liveSpinner struct {
	d      dialog.Dialog
	cancel *keys.Button
}

// askSite asks for a host or URL, then calls then with it.
func (l *liveState) askSite(title string, then func(input string)) {
	s := l.w
	entry := keys.NewEntry()
	entry.SetPlaceHolder(lang.X("live.ask.placeholder", "example.com or https://example.com/page"))
	if l.res != nil {
		entry.SetText(l.res.Target.RobotsURL)
	}
	hint := newWrappedLabel(lang.X("live.ask.hint", "Robots Studio fetches the robots.txt that governs this host or page, following redirects as crawlers do. Nothing is sent until you press Fetch."))
	d := dlg.CustomConfirm(title, lang.X("live.ask.fetch", "Fetch"), lang.X("live.ask.cancel", "Cancel"),
		container.NewVBox(entry, hint), func(ok bool) {
			if ok && strings.TrimSpace(entry.Text) != "" {
				then(entry.Text)
			}
		}, s.win)
	// Enter in the field is the Fetch button: with no site it fetches
	// nothing (it fetched "" and said it could not)
	entry.OnSubmitted = func(string) {
		d.Hide()
		if strings.TrimSpace(entry.Text) != "" {
			then(entry.Text)
		}
	}
	d.Resize(fyne.NewSize(560, 220))
	s.win.Canvas().Focus(entry)
}

// openFromSite is File ▸ Open from Site….
func (l *liveState) openFromSite() {
	l.askSite(lang.X("live.open.title", "Open from Site"), func(input string) {
		l.fetchSite(input, func(res *fetch.Result) {
			l.host.whenSafe(func() { l.openFetched(res) })
		})
	})
}

// fetchSite fetches input behind a spinner with a Cancel button, then calls
// done on the UI goroutine. A cancelled fetch calls nothing; bad input gets
// a one-line message.
func (l *liveState) fetchSite(input string, done func(*fetch.Result)) {
	s := l.w
	ctx, cancel := context.WithCancel(context.Background())
	l.mu.Lock()
	l.cancel = cancel
	l.mu.Unlock()
	sp := &liveSpinner{}
	sp.cancel = dlg.Button(lang.X("live.fetching.cancel", "Cancel"), theme.CancelIcon(), false, l.cancelFetch)
	bar := widget.NewProgressBarInfinite()
	sp.d = dialog.NewCustomWithoutButtons(lang.X("live.fetching.title", "Fetching robots.txt…"),
		container.NewVBox(widget.NewLabel(input), bar, container.NewCenter(sp.cancel)), s.win)
	sp.d.Resize(fyne.NewSize(460, 160))
	dlg.Show(s.win, sp.d, dlg.Keys{Cancel: l.cancelFetch})
	l.fetcher.Submit(fetchJob{ctx: ctx, cancel: cancel, input: input, done: done, sp: sp, bar: bar})
}

// fetchJob is one Open from Site / Compare with live fetch.
type fetchJob struct {
	ctx    context.Context
	cancel context.CancelFunc
	input  string
	done   func(*fetch.Result)
	sp     *liveSpinner
	bar    *widget.ProgressBarInfinite
}

// fetchOutcome is what fetch.Get gave.
type fetchOutcome struct {
	res *fetch.Result
	err error
}

// newFetcher runs fetches off the UI goroutine (the network may take
// seconds) and shows their outcome on it.
func (l *liveState) newFetcher() *latest.Worker[fetchJob, fetchOutcome] {
	return &latest.Worker[fetchJob, fetchOutcome]{
		Work: func(j fetchJob) fetchOutcome {
			res, err := fetch.Get(j.ctx, j.input, fetch.Options{})
			return fetchOutcome{res, err}
		},
		Deliver: l.fetched,
		Hand:    fyne.Do,
		Failed:  func(_ fetchJob, v any) { l.host.workerFailed(v) },
	}
}

// fetched closes the spinner and says what the fetch gave.
func (l *liveState) fetched(j fetchJob, o fetchOutcome) {
	s := l.w
	j.bar.Stop()
	j.sp.d.Hide()
	l.mu.Lock()
	l.cancel = nil
	l.mu.Unlock()
	j.cancel()
	var ie *fetch.InputError
	switch {
	case errors.Is(o.err, context.Canceled):
	case errors.As(o.err, &ie):
		dlg.Error(fmt.Errorf("%s", ie.Text.String()), s.win)
	case o.err != nil:
		dlg.Error(o.err, s.win)
	case webfile.Enabled && o.res.Unreachable:
		// In a page, most sites refuse to be read (CORS).
		l.host.webUnreadable(o.res.Target.RobotsURL)
	default:
		// tester/fetch's keeper has kept it as a version (tester/history)
		j.done(o.res)
	}
}

// cancelFetch stops the running fetch, if any.
func (l *liveState) cancelFetch() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.cancel != nil {
		l.cancel()
	}
}

// openFetched shows a fetched file as a new document titled with its URL,
// with the fetch banner. A non-2xx answer opens an empty document: the
// banner says what each crawler makes of the answer.
func (l *liveState) openFetched(res *fetch.Result) {
	s := l.w
	var body []byte
	if res.OK() {
		body = res.Body
	}
	s.doc.Discard()
	l.res, l.simulate = res, -1
	if l.banner != nil {
		l.banner.Objects = nil // drawn again for this fetch (syncBanner draws an empty banner only)
	}
	l.host.show(session.File{IsNew: true, Disk: body, Remote: res.Target.RobotsURL}, body, s.pane.TestSet())
}

// syncBanner shows the fetch banner while the document is a fetched one.
func (l *liveState) syncBanner() {
	s := l.w
	if l.banner == nil {
		return
	}
	if s.doc.Remote() == "" || l.res == nil {
		l.res = nil
		if len(l.banner.Objects) > 0 {
			l.banner.Objects = nil
			l.banner.Refresh()
			l.relayoutLeft()
		}
		return
	}
	if len(l.banner.Objects) == 0 {
		l.renderBanner()
	}
}

// renderBanner draws the fetch: URL, status, hops, size, time, each
// engine's conclusion (or the simulated one), warnings, and the "what if it
// answered …?" choice.
func (l *liveState) renderBanner() {
	res := l.res
	b := l.banner
	if res == nil || b == nil {
		return
	}
	// The address is shown whole, broken over lines if it must be (cut to
	// its width beside the facts it read "htt…").
	title := widget.NewLabelWithStyle(res.Target.RobotsURL, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.Wrapping = fyne.TextWrapBreak
	closeBtn := widget.NewButtonWithIcon("", theme.WindowCloseIcon(), func() {
		b.Objects = nil
		b.Refresh()
		l.relayoutLeft()
	})
	closeBtn.Importance = widget.LowImportance
	facts := widget.NewLabel(fetchFacts(res))

	outcomes := res.Outcomes
	simulated := l.simulate >= 0
	if simulated {
		outcomes = fetch.Simulate(l.simulate)
	}
	choices, statuses := simulationChoices()
	pick := widget.NewSelect(choices, nil)
	pick.SetSelectedIndex(indexOf(statuses, l.simulate))
	pick.OnChanged = func(string) {
		l.simulate = statuses[pick.SelectedIndex()]
		l.renderBanner()
	}
	whatIf := container.NewHBox(widget.NewLabel(lang.X("live.banner.what_if", "What if it answered:")),
		container.NewGridWrap(fyne.NewSize(280, pick.MinSize().Height), pick))
	rows := []fyne.CanvasObject{container.NewBorder(nil, nil, widget.NewIcon(theme.DownloadIcon()), closeBtn, title), facts}
	if simulated {
		rows = append(rows, widget.NewLabelWithStyle(lang.X("live.banner.simulated", "Simulated offline — nothing was fetched:"), fyne.TextAlignLeading, fyne.TextStyle{Italic: true}))
	}
	for _, line := range groupOutcomes(outcomes) {
		rows = append(rows, newWrappedLabel(line))
	}
	rows = append(rows, whatIf)
	for _, w := range res.Warnings {
		rows = append(rows, warnLabel(w.String()))
	}
	if res.Unreachable {
		rows = append(rows, warnLabel(res.Failure.String()))
	}
	if !res.OK() {
		rows = append(rows, newWrappedLabel(lang.X("live.banner.no_file", "The server gave no robots.txt, so the editor is empty; the lines above say what each crawler does instead.")))
	}
	bg := canvas.NewRectangle(theme.Color(theme.ColorNameInputBackground))
	b.Objects = []fyne.CanvasObject{container.NewStack(bg, container.NewVBox(rows...)), widget.NewSeparator()}
	b.Refresh()
	l.relayoutLeft()
}

// themeChanged draws the banner again in the theme's colours (its
// background is painted by hand: a switch from dark left a black box).
func (l *liveState) themeChanged() {
	if l.res != nil && l.banner != nil && len(l.banner.Objects) > 0 {
		l.renderBanner()
	}
}

// relayoutLeft lays the editor side out again after the banner changed size.
func (l *liveState) relayoutLeft() {
	if l.left != nil {
		l.left.Refresh()
	}
}

// groupOutcomes is one line per conclusion with the engines that draw it:
// "uses the file: Google, RFC 9309, …".
func groupOutcomes(outcomes []fetch.Outcome) []string {
	var order []string
	byText := map[string][]string{}
	for _, o := range outcomes {
		t := outcomeText(o)
		if _, ok := byText[t]; !ok {
			order = append(order, t)
		}
		byText[t] = append(byText[t], engine.NameOf(o.Engine).String())
	}
	out := make([]string, len(order))
	for i, t := range order {
		out[i] = lang.X("live.banner.outcome_line", "{{.Outcome}}: {{.Engines}}", map[string]any{"Outcome": t, "Engines": strings.Join(byText[t], ", ")})
	}
	return out
}

func warnLabel(text string) fyne.CanvasObject {
	l := newWrappedLabel(text)
	return container.NewBorder(nil, nil, widget.NewIcon(theme.WarningIcon()), nil, l)
}

// fetchFacts is "200 · 1 redirect · 1,234 bytes · 35 ms · fetched 12:00".
func fetchFacts(res *fetch.Result) string {
	status := lang.X("live.banner.no_answer", "no answer")
	if !res.Unreachable {
		status = fmt.Sprint(res.Status)
	}
	parts := []string{
		status,
		lang.XN("live.banner.hops", "{{.Count}} redirects", len(res.Hops)-1, map[string]any{"Count": len(res.Hops) - 1}),
		lang.XN("live.banner.bytes", "{{.Count}} bytes", len(res.Body), map[string]any{"Count": len(res.Body)}),
	}
	if res.Elapsed > 0 { // a kept version (the History tab) has no timing
		parts = append(parts, res.Elapsed.Round(time.Millisecond).String())
	}
	parts = append(parts, lang.X("live.banner.fetched_at", "fetched {{.Time}}", map[string]any{"Time": res.Started.Local().Format("2006-01-02 15:04")}))
	return strings.Join(parts, " · ")
}

// outcomeText is the short conclusion, with where the engine stops reading.
func outcomeText(o fetch.Outcome) string {
	var t string
	switch o.Outcome {
	case engine.FetchUseFile:
		t = lang.X("live.outcome.word.use", "uses the file")
		if o.TruncatedAt >= 0 {
			t += " " + lang.X("live.outcome.word.stops", "(stops at line {{.Line}})", map[string]any{"Line": o.TruncatedLine})
		}
	case engine.FetchAllowAll:
		t = lang.X("live.outcome.word.allow", "no robots.txt: everything allowed")
	case engine.FetchDisallowAll:
		t = lang.X("live.outcome.word.block", "stays out of everything")
	case engine.FetchFail:
		t = lang.X("live.outcome.word.fail", "an error; the crawler's code decides")
	default:
		t = lang.X("live.outcome.word.follow", "unknown: more redirects than followed")
	}
	if o.Status > 0 && o.Outcome != engine.FetchUseFile {
		t = fmt.Sprint(o.Status) + " → " + t
	}
	return t
}

// simulationChoices are the answers the banner can simulate.
func simulationChoices() ([]string, []int) {
	statuses := []int{-1, 200, 301, 401, 403, 404, 410, 429, 500, 503, 0}
	labels := make([]string, len(statuses))
	for i, st := range statuses {
		switch st {
		case -1:
			labels[i] = lang.X("live.sim.as_fetched", "as fetched")
		case 0:
			labels[i] = lang.X("live.sim.unreachable", "no answer (server down)")
		case 301:
			labels[i] = lang.X("live.sim.redirects", "301 after 5 redirects")
		default:
			labels[i] = fmt.Sprintf("%d %s", st, http.StatusText(st))
		}
	}
	return labels, statuses
}

func indexOf(list []int, v int) int {
	for i, x := range list {
		if x == v {
			return i
		}
	}
	return 0
}
