package historytab

import (
	"context"
	"io"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/history"
	"github.com/robots-studio/robots-studio/tester/msg"
)

// checkRun is a check of every site of the Sites view in progress: the
// store's own watch (history.Store.Watch, as `robots-studio watch`), its
// progress under the list with a Cancel, while the user goes on working.
// Each change that matters (a warning or worse) is told at once by a
// desktop notification, and the whole run by one more at its end: the
// user need not keep the tab in view.
type checkRun struct {
	ctx    context.Context
	cancel context.CancelFunc
	done   chan struct{} // closed when the result is shown
	total  int
	// counts of the reports so far; stopped: not begun when Cancel came
	finished, changed, matter, failed, stopped int
}

// checkWorkers is how many sites the window checks at once: fewer than
// the command line's 64, the window is not a server's batch job.
const checkWorkers = 8

// startCheck checks every listed site now, off the UI goroutine.
func (t *Tab) startCheck() {
	st, ok := t.host.Store()
	if !ok || t.checking != nil || len(t.siteRows) == 0 {
		return
	}
	urls := make([]string, len(t.siteRows))
	for i := range t.siteRows {
		urls[i] = t.siteRows[i].URL
	}
	ctx, cancel := context.WithCancel(context.Background())
	r := &checkRun{ctx: ctx, cancel: cancel, done: make(chan struct{}), total: len(urls)}
	t.checking = r
	t.showCheck(r)
	opts := t.host.Watch
	if opts.Workers == 0 {
		opts.Workers = checkWorkers
	}
	go func() {
		i := 0
		next := func() (string, error) {
			if i == len(urls) {
				return "", io.EOF
			}
			i++
			return urls[i-1], nil
		}
		err := st.Watch(ctx, next, opts, func(rep history.SiteReport) error {
			t.host.Hand(func() { t.siteChecked(r, rep) })
			return nil
		})
		cancelled := ctx.Err() != nil
		t.host.Hand(func() { t.checkDone(r, err, cancelled) })
	}()
}

// siteChecked counts one site's report and tells a change that matters.
func (t *Tab) siteChecked(r *checkRun, rep history.SiteReport) {
	r.finished++
	switch {
	case !rep.Checked && r.ctx.Err() != nil:
		r.stopped++ // Cancel came first: not a failure of the site
	case !rep.Checked:
		r.failed++
	case rep.Changed:
		r.changed++
		if worst, ok := rep.Worst(); ok && worst >= diag.Warning {
			r.matter++
			t.notify(lang.X("historytab.check.notify_change", "robots.txt changed: {{.Site}}", map[string]any{"Site": rep.Site}),
				msg.Plain(rep.Findings[0].Text.String()))
		}
	}
	t.showCheck(r)
}

// checkDone says what the check found, and reads the sites again.
func (t *Tab) checkDone(r *checkRun, err error, cancelled bool) {
	r.cancel()
	t.checking = nil
	defer close(r.done)
	text := lang.X("historytab.check.summary", "Checked {{.Sites}}: {{.Changed}} changed, {{.Matter}} of them matter; {{.Failed}} could not be checked.",
		map[string]any{"Sites": lang.XN("historytab.n.sites", "{{.Count}} sites", r.finished-r.stopped, map[string]any{"Count": r.finished - r.stopped}),
			"Changed": r.changed, "Matter": r.matter, "Failed": r.failed})
	switch {
	case cancelled:
		text += " " + lang.X("historytab.check.cancelled", "Stopped: the sites not checked keep their last check.")
	case err != nil:
		text += " " + err.Error()
	}
	t.lastCheck = text
	t.notify(lang.X("historytab.check.notify_done", "Robots Studio: sites checked"), text)
	t.showCheck(nil)
	t.Refresh()
}

// notify shows a desktop notification (Host.Notify).
func (t *Tab) notify(title, content string) {
	n := fyne.NewNotification(title, content)
	if t.host.Notify != nil {
		t.host.Notify(n)
		return
	}
	if a := fyne.CurrentApp(); a != nil {
		a.SendNotification(n)
	}
}

// showCheck shows a check's progress (nil: none runs).
func (t *Tab) showCheck(r *checkRun) {
	if r == nil {
		t.checkBar.Hide()
		t.checkStop.Hide()
		t.checkNote.SetText(t.lastCheck)
		t.checkNote.Show()
		if t.lastCheck == "" {
			t.checkNote.Hide()
		}
		t.checkB.Enable()
		return
	}
	t.checkB.Disable()
	t.checkBar.Show()
	t.checkStop.Show()
	t.checkBar.SetValue(float64(r.finished) / float64(max(r.total, 1)))
	t.checkNote.SetText(lang.XN("historytab.check.progress", "{{.N}} of {{.Count}} sites checked", r.total, map[string]any{"N": r.finished, "Count": r.total}))
	t.checkNote.Show()
}

// Checking reports whether a check of the sites runs, and a channel closed
// once its result is shown (for tests and the window's close).
func (t *Tab) Checking() (bool, <-chan struct{}) {
	if t.checking == nil {
		return false, nil
	}
	return true, t.checking.done
}

// CancelCheck stops a running check of the sites (the window closes); the
// sites being fetched end within their time allowed.
func (t *Tab) CancelCheck() {
	if t.checking != nil {
		t.checking.cancel()
	}
}
