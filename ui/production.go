package ui

import (
	"context"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/history"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/ui/dlg"
	"github.com/robots-studio/robots-studio/ui/latest"
	"github.com/robots-studio/robots-studio/ui/severity"
	"github.com/robots-studio/robots-studio/ui/webfile"
)

// productionGuard is Edit ▸ Check for Production…: the staging guard of
// `check --production` (history.Production) on the editor's text, and,
// when the document came from a site, on that site's home page as the CLI
// does when given a URL. Its findings are shown in a dialog, each with a
// way to its line.
type productionGuard struct {
	w *shared
	// selectLine shows the editor with a line selected.
	selectLine func(n int)
	// work runs the guard off the UI goroutine: with a site it reads the
	// home page over the network; stop (the window closes) cancels it.
	work *latest.Worker[productionJob, []history.GuardFinding]
	ctx  context.Context
	stop context.CancelFunc
}

// productionJob is one run of the guard: the text as it was when asked,
// and the site it came from ("" for a file).
type productionJob struct {
	doc  *syntax.Document
	site string
}

func newProductionGuard(w *shared, selectLine func(n int), failed func(v any)) *productionGuard {
	p := &productionGuard{w: w, selectLine: selectLine}
	p.ctx, p.stop = context.WithCancel(context.Background())
	p.work = &latest.Worker[productionJob, []history.GuardFinding]{
		Work: func(j productionJob) []history.GuardFinding {
			return history.Production(p.ctx, j.doc, history.GuardOptions{Site: j.site})
		},
		Deliver: p.show,
		Hand:    fyne.Do,
		Failed:  func(_ productionJob, v any) { failed(v) },
	}
	return p
}

// check runs the guard on the text in the editor. A page cannot read a
// site's home page (the browser refuses it without the site's consent,
// CORS), so in the browser only the text is checked, and the dialog says
// so.
func (p *productionGuard) check() {
	site := p.w.doc.Remote()
	if webfile.Enabled {
		site = ""
	}
	p.work.Submit(productionJob{doc: p.w.ed.Document(), site: site})
}

// close stops a check that reads a site (the window closes).
func (p *productionGuard) close() {
	p.stop()
	p.work.Wait()
}

// show says what the guard found: the findings with their lines, or that
// the file is ready.
func (p *productionGuard) show(j productionJob, found []history.GuardFinding) {
	if p.ctx.Err() != nil {
		return // the window closed
	}
	if j.doc != p.w.ed.Document() {
		// edited while the home page was read: the lines would be the old
		// text's; check the text as it is now
		p.check()
		return
	}
	win := p.w.win
	title := lang.X("production.title", "Check for Production")
	scope := lang.X("production.scope.text", "The text was checked; open the file from its site (File › Open from Site…) to check its home page's X-Robots-Tag too.")
	if webfile.Enabled {
		scope = lang.X("production.scope.web", "The text was checked. A page in the browser cannot read a site's home page: check its X-Robots-Tag with robots-studio check --production --site SITE ROBOTS_FILE.")
	}
	if j.site != "" {
		scope = lang.X("production.scope.site", "Checked as the robots.txt of {{.Site}}, its home page's X-Robots-Tag included.", map[string]any{"Site": j.site})
	}
	if len(found) == 0 {
		dlg.Info(title, lang.X("production.ready", "Ready for production: none of the checks failed.")+"\n\n"+scope, win)
		return
	}
	head := widget.NewLabel(lang.XN("production.failed", "{{.Count}} checks failed: this file must not reach a live site.", len(found), map[string]any{"Count": len(found)}) + "\n" + scope)
	head.Wrapping = fyne.TextWrapWord
	var d *dialog.CustomDialog
	rows := container.NewVBox()
	for _, f := range found {
		icon := widget.NewIcon(severity.Icon(diag.Error)) // the CLI fails on each of them
		text := widget.NewLabel(f.Text.String())
		text.Wrapping = fyne.TextWrapWord
		where := lang.X("production.home", "the home page")
		var right fyne.CanvasObject
		if f.Line > 0 {
			where = lang.X("production.line", "line {{.Line}}", map[string]any{"Line": strconv.Itoa(f.Line)})
			n := f.Line
			right = container.NewCenter(dlg.Button(lang.X("production.goto", "Go to Line"), nil, false, func() {
				d.Hide()
				p.selectLine(n)
			}))
		}
		at := widget.NewLabel(where)
		at.TextStyle.Italic = true
		rows.Add(container.NewBorder(nil, nil, container.NewCenter(icon), right, container.NewVBox(text, at)))
		rows.Add(widget.NewSeparator())
	}
	scroll := container.NewVScroll(rows)
	scroll.SetMinSize(fyne.NewSize(560, min(float32(len(found))*110, 360)))
	d = dlg.NewCustom(title, lang.X("production.close", "Close"), container.NewBorder(head, nil, nil, nil, scroll), win)
	dlg.Show(win, d, dlg.Keys{Cancel: d.Hide, Default: d.Hide})
}
