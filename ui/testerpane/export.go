package testerpane

import (
	"bytes"
	"io"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/report"
	"github.com/robots-studio/robots-studio/ui/dlg"
	"github.com/robots-studio/robots-studio/ui/filedlg"
	"github.com/robots-studio/robots-studio/ui/webfile"
)

// Copy and Export take exactly the rows on screen (after filter and sort),
// each with the verdict of every reading it shows: one per row without
// compare, one per engine column with it. The fields are those of
// `robots-studio test --json`, so a file exported here and the CLI's output
// read alike.

// exporter copies and exports the rows on screen.
type exporter struct {
	*paneState
	answers *answerer
	view    *resultView // the rows on screen

	exportPlace    func() (dir, base string)
	lastExportMenu *widget.PopUpMenu // the Export… pop-up last shown (for tests)
	lastExport     string            // the file the last export wrote (for tests)
}

// shownVerdicts are the verdicts of the rows on screen, in their order.
// A verdict still being worked out is asked for here and waited on: the
// user asked for a file of them.
func (ex *exporter) shownVerdicts() []*engine.Verdict {
	var out []*engine.Verdict
	for _, pr := range ex.view.shown {
		for _, id := range ex.view.rowEngines(pr) {
			c := cell{pr, id}
			v := ex.answers.verdicts[c]
			if v == nil {
				comp, ok := ex.answers.compiled[id]
				if !ok {
					e, found := engine.Get(id)
					if !found {
						continue
					}
					comp = e.Compile(ex.doc)
					ex.answers.compiled[id] = comp
				}
				a := answer(comp, c)
				ex.answers.withUsage(c, &a)
				v = &a
			}
			out = append(out, v)
		}
	}
	return out
}

// exportFormat is a file format of Export.
type exportFormat int

const (
	formatCSV exportFormat = iota
	formatJSONLines
)

// writeShown writes the rows on screen in format f.
func (ex *exporter) writeShown(w io.Writer, f exportFormat) error {
	if f == formatJSONLines {
		return report.WriteJSONLines(w, ex.shownVerdicts())
	}
	return report.WriteCSV(w, ex.shownVerdicts())
}

// copyShown puts the rows on screen on the clipboard as CSV, which
// spreadsheets paste as a table.
func (ex *exporter) copyShown() {
	var b bytes.Buffer
	if err := ex.writeShown(&b, formatCSV); err != nil {
		return
	}
	fyne.CurrentApp().Clipboard().SetContent(b.String())
}

// showExportMenu offers the formats under the Export button.
func (ex *exporter) showExportMenu(anchor fyne.CanvasObject) {
	c := fyne.CurrentApp().Driver().CanvasForObject(anchor)
	if c == nil {
		return
	}
	menu := fyne.NewMenu("",
		fyne.NewMenuItem(lang.X("testerpane.export.csv", "CSV (spreadsheets)…"), func() { ex.exportTo(formatCSV, ex.exportName(".csv")) }),
		fyne.NewMenuItem(lang.X("testerpane.export.jsonl", "JSON Lines…"), func() { ex.exportTo(formatJSONLines, ex.exportName(".jsonl")) }),
	)
	// Under the button, moved left as far as needed to stay inside the
	// window (the button sits at the right edge: the menu was cut there).
	pm := widget.NewPopUpMenu(menu, c)
	at := fyne.CurrentApp().Driver().AbsolutePositionForObject(anchor).AddXY(0, anchor.Size().Height)
	size := pm.MinSize()
	margin := 2 * theme.Padding() // a menu flush with the edge reads as cut
	at.X = max(0, min(at.X, c.Size().Width-size.Width-margin))
	at.Y = max(0, min(at.Y, c.Size().Height-size.Height))
	pm.ShowAtPosition(at)
	ex.lastExportMenu = pm
}

// SetExportPlace tells Export… where the robots.txt is: the save dialog
// starts in dir, and the file is named after base ("linkedin.robots.txt"
// → "linkedin.robots-results.csv"). Without it the dialog starts where the
// system's does and the name is results.csv.
func (p *Pane) SetExportPlace(f func() (dir, base string)) { p.export.exportPlace = f }

// exportName is the export's file name with extension ext.
func (ex *exporter) exportName(ext string) string {
	name := "results"
	if ex.exportPlace != nil {
		if _, base := ex.exportPlace(); base != "" {
			name = strings.TrimSuffix(base, filepath.Ext(base)) + "-results"
		}
	}
	return name + ext
}

// exportTo asks where to save and writes the rows on screen there; in the
// browser, where Fyne's save dialog cannot reach the user's disk, the rows
// are downloaded under that name. It says where they went and how many.
func (ex *exporter) exportTo(f exportFormat, name string) {
	if ex.win == nil {
		return
	}
	var b bytes.Buffer
	if err := ex.writeShown(&b, f); err != nil {
		dlg.Error(err, ex.win)
		return
	}
	if webfile.Enabled {
		webfile.Download(name, b.Bytes())
		return
	}
	rows := len(ex.shownVerdicts())
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err == nil && w != nil {
			ex.writeExport(w, b.Bytes(), rows)
		}
	}, ex.win)
	d.SetFileName(name)
	if ex.exportPlace != nil {
		dir, _ := ex.exportPlace()
		filedlg.StartIn(d, dir)
	}
	filedlg.Show(d, ex.win)
}

// writeExport writes data, the rows of an export, to the place the save
// dialog gave, and says where they went; a failed write says why.
func (ex *exporter) writeExport(w fyne.URIWriteCloser, data []byte, rows int) {
	_, werr := w.Write(data)
	if cerr := w.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		dlg.Error(werr, ex.win)
		return
	}
	ex.lastExport = w.URI().Path()
	dlg.Info(lang.X("testerpane.export.done_title", "Exported"),
		lang.XN("testerpane.export.done", "{{.Count}} results written to {{.Path}}", rows,
			map[string]any{"Count": rows, "Path": ex.lastExport}), ex.win)
}
