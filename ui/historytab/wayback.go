package historytab

import (
	"context"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/history"
	"github.com/robots-studio/robots-studio/ui/dlg"
)

// importRun is an import from the Wayback Machine in progress: the store's
// own import (history.Store.Import, as `history import --wayback`), with its
// progress in a dialog and a Cancel that stops it between two requests;
// what was read is kept.
type importRun struct {
	site   string
	cancel context.CancelFunc
	d      dialog.Dialog
	bar    *widget.ProgressBar
	note   *widget.Label
	done   chan struct{} // closed when the result is shown
}

// askImport says what an import does, then starts it.
func (t *Tab) askImport() {
	site := t.site
	if site == "" || t.importing != nil {
		return
	}
	text := widget.NewLabel(lang.X("historytab.import.ask", "Robots Studio asks the Internet Archive (web.archive.org) for its captures of {{.Site}} and keeps each as a version marked Wayback Machine. One request at a time, two seconds apart, at most 100 snapshots a run; captures read before are not read again.",
		map[string]any{"Site": site}))
	text.Wrapping = fyne.TextWrapWord
	d := dlg.CustomConfirm(lang.X("historytab.import.title", "Import from the Wayback Machine"), lang.X("historytab.import.start", "Import"),
		lang.X("historytab.cancel", "Cancel"), text, func(ok bool) {
			if ok {
				t.startImport(site)
			}
		}, t.host.Window)
	d.Resize(fyne.NewSize(520, 240))
}

// startImport runs the import off the UI goroutine behind a progress dialog.
func (t *Tab) startImport(site string) {
	st, ok := t.host.Store()
	if !ok {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	r := &importRun{site: site, cancel: cancel, bar: widget.NewProgressBar(), note: widget.NewLabel(lang.X("historytab.import.listing", "Asking the archive for its list of captures…")),
		done: make(chan struct{})}
	r.note.Wrapping = fyne.TextWrapWord
	stop := dlg.Button(lang.X("historytab.cancel", "Cancel"), theme.CancelIcon(), false, cancel)
	site1 := widget.NewLabel(site)
	site1.Wrapping = fyne.TextWrapBreak
	r.d = dialog.NewCustomWithoutButtons(lang.X("historytab.import.running", "Importing from the Wayback Machine…"),
		container.NewVBox(site1, r.bar, r.note, container.NewCenter(stop)), t.host.Window)
	r.d.Resize(fyne.NewSize(480, 200))
	dlg.Show(t.host.Window, r.d, dlg.Keys{Cancel: cancel})
	t.importing, t.lastImport = r, r
	t.render()
	opts := t.host.Import
	opts.Progress = func(done, total int) {
		t.host.Hand(func() {
			if total > 0 {
				r.bar.SetValue(float64(done) / float64(total))
			}
			// the capture being read: the bar shows those done
			r.note.SetText(lang.XN("historytab.import.progress", "capture {{.N}} of {{.Count}}", total, map[string]any{"N": min(done+1, total), "Count": total}))
		})
	}
	go func() {
		rep, err := st.Import(ctx, site, opts)
		cancelled := ctx.Err() != nil
		t.host.Hand(func() { t.imported(r, rep, err, cancelled) })
	}()
}

// imported closes the progress dialog, says what the import did, and shows
// the timeline with the new versions.
func (t *Tab) imported(r *importRun, rep *history.ImportReport, err error, cancelled bool) {
	r.cancel()
	r.d.Hide()
	t.importing = nil
	defer close(r.done)
	defer t.Refresh()
	if err != nil && !cancelled {
		dlg.Error(err, t.host.Window)
		return
	}
	var b strings.Builder
	if rep != nil {
		b.WriteString(lang.X("historytab.import.report", "The archive lists {{.Listed}}: {{.Read}} read, {{.Added}} new, {{.Known}} kept before, {{.Skipped}} skipped.",
			map[string]any{"Listed": lang.XN("historytab.n.captures", "{{.Count}} captures", rep.Listed, map[string]any{"Count": rep.Listed}),
				"Read": rep.Read, "Added": rep.Added, "Known": rep.Known, "Skipped": len(rep.Skipped)}))
		if !rep.Stopped.IsZero() && !cancelled {
			b.WriteString(" " + lang.X("historytab.import.stopped", "Stopped: {{.Why}}", map[string]any{"Why": rep.Stopped.String()}))
		}
	}
	if cancelled {
		b.WriteString(" " + lang.X("historytab.import.cancelled", "Cancelled: what was read is kept."))
	}
	dlg.Info(lang.X("historytab.import.title", "Import from the Wayback Machine"), strings.TrimSpace(b.String()), t.host.Window)
}

// Importing reports whether an import runs, and a channel closed once its
// result is shown (for tests and the window's close).
func (t *Tab) Importing() (bool, <-chan struct{}) {
	if t.importing == nil {
		return false, nil
	}
	return true, t.importing.done
}

// CancelImport stops a running import (the window closes).
func (t *Tab) CancelImport() {
	if t.importing != nil {
		t.importing.cancel()
	}
}
