package historytab

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/ui/dlg"
	"github.com/robots-studio/robots-studio/ui/safewidget"
	"github.com/robots-studio/robots-studio/ui/severity"
)

// The Sites view: every site of the history (the ones `watch` checks, the
// ones fetched or imported), with its last check and, when its last change
// matters (a warning or an error), that change's badge and line. A site
// picked opens its timeline.

func (t *Tab) buildSites() fyne.CanvasObject {
	t.sitesStatus = widget.NewLabel("")
	t.sitesStatus.Wrapping = fyne.TextWrapWord
	t.sites = keys.NewList(func() int { return len(t.siteRows) }, newSiteRow, t.updateSiteRow)
	t.sites.OnSelected = func(i widget.ListItemID) {
		if i < 0 || i >= len(t.siteRows) {
			return
		}
		t.sites.UnselectAll()
		t.ShowSite(t.siteRows[i].URL)
	}
	reload := widget.NewButtonWithIcon(lang.X("historytab.reload", "Reload"), theme.ViewRefreshIcon(), t.Refresh)
	t.keepCheck = widget.NewCheck(lang.X("historytab.keep", "Keep every fetch of a site as a version"), func(on bool) {
		if st, ok := t.host.Store(); ok && st.Keeping() != on {
			if err := st.SetKeeping(on); err != nil {
				dlg.Error(err, t.host.Window)
			}
		}
	})
	t.checkB = widget.NewButtonWithIcon(lang.X("historytab.check", "Check every site now"), theme.MediaPlayIcon(), t.startCheck)
	t.checkBar = widget.NewProgressBar()
	t.checkStop = dlg.Button(lang.X("historytab.cancel", "Cancel"), theme.CancelIcon(), false, t.CancelCheck)
	t.checkNote = widget.NewLabel("")
	t.checkNote.Wrapping = fyne.TextWrapWord
	t.showCheck(nil)
	check := container.NewVBox(container.NewHBox(t.checkB), container.NewBorder(nil, nil, nil, t.checkStop, t.checkBar), t.checkNote)
	top := container.NewVBox(container.NewBorder(nil, nil, nil, reload, t.sitesStatus), check, t.keepCheck, widget.NewSeparator())
	return container.NewBorder(top, nil, nil, nil, t.sites)
}

// ShowSite puts a site's timeline in view.
func (t *Tab) ShowSite(url string) {
	t.chosen = url
	if t.inner.SelectedIndex() != 0 {
		t.inner.SelectIndex(0) // refreshes
		return
	}
	t.Refresh()
}

func newSiteRow() fyne.CanvasObject {
	badge := widget.NewIcon(theme.WarningIcon())
	url := safewidget.NewEllipsis("")
	url.TextStyle.Bold = true
	facts := safewidget.NewEllipsis("")
	change := safewidget.NewEllipsis("")
	return container.NewBorder(nil, nil, container.NewVBox(badge), nil, container.NewVBox(url, facts, change))
}

func (t *Tab) updateSiteRow(i widget.ListItemID, o fyne.CanvasObject) {
	if i < 0 || i >= len(t.siteRows) {
		return
	}
	r := &t.siteRows[i]
	row := o.(*fyne.Container)
	text := row.Objects[0].(*fyne.Container)
	badge := row.Objects[1].(*fyne.Container).Objects[0].(*widget.Icon)
	text.Objects[0].(*safewidget.Ellipsis).SetText(r.URL)
	text.Objects[1].(*safewidget.Ellipsis).SetText(lang.X("historytab.site_facts", "{{.Versions}} · last checked {{.Last}}",
		map[string]any{"Versions": lang.XN("historytab.n.versions", "{{.Count}} versions", r.Versions, map[string]any{"Count": r.Versions}),
			"Last": stamp(r.Last)}))
	change := ""
	if r.known {
		change = lang.X("historytab.site_change", "last change {{.Time}}: {{.Text}}", map[string]any{"Time": stamp(r.last.v.Time), "Text": r.last.line()})
	}
	text.Objects[2].(*safewidget.Ellipsis).SetText(change)
	if r.matters() {
		badge.SetResource(severity.Icon(r.last.worst))
	} else {
		badge.SetResource(theme.ConfirmIcon())
	}
}

// matters: the last change reached a warning.
func (r *siteRow) matters() bool { return r.known && r.last.worst >= diag.Warning }

// sitesLoaded shows the Sites list.
func (t *Tab) sitesLoaded(j sitesJob, o sitesOut) {
	t.siteRows = o.rows
	t.keepCheck.SetChecked(j.st.Keeping())
	switch {
	case o.err != nil:
		t.sitesStatus.SetText(o.err.Error())
	case len(o.rows) == 0:
		t.sitesStatus.SetText(lang.X("historytab.sites_none", "No site has a history yet. Open one with File › Open from Site, or check many with robots-studio watch SITES_FILE."))
	default:
		n, bad := len(o.rows), 0
		for i := range o.rows {
			if o.rows[i].matters() {
				bad++
			}
		}
		t.sitesStatus.SetText(lang.X("historytab.sites_summary", "{{.Sites}}; the last change matters for {{.Bad}} of them. Click a site for its timeline.",
			map[string]any{"Sites": lang.XN("historytab.n.sites", "{{.Count}} sites", n, map[string]any{"Count": n}), "Bad": bad}))
	}
	t.sites.Refresh()
	if t.checking == nil {
		if len(o.rows) == 0 {
			t.checkB.Disable()
		} else {
			t.checkB.Enable()
		}
	}
}
