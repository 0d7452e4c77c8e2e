package testerpane

import (
	"bytes"
	"io"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/internal/cli"
	"github.com/robots-studio/robots-studio/internal/ui/filedlg"
	"github.com/robots-studio/robots-studio/internal/ui/webfile"
	"github.com/robots-studio/robots-studio/tester/engine"
)

// Copy and Export take exactly the rows on screen (after filter and sort),
// each with the verdict of every reading it shows: one per row without
// compare, one per engine column with it. The fields are those of
// `robots-studio test --json`, so a file exported here and the CLI's output
// read alike.

// shownVerdicts are the verdicts of the rows on screen, in their order.
// A verdict still being worked out is asked for here and waited on: the
// user asked for a file of them.
func (p *Pane) shownVerdicts() []*engine.Verdict {
	var out []*engine.Verdict
	for _, pr := range p.shown {
		for _, id := range p.rowEngines(pr) {
			c := cell{pr, id}
			v := p.verdicts[c]
			if v == nil {
				comp, ok := p.compiled[id]
				if !ok {
					e, found := engine.Get(id)
					if !found {
						continue
					}
					comp = e.Compile(p.doc)
					p.compiled[id] = comp
				}
				a := answer(comp, c)
				p.withUsage(c, &a)
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
func (p *Pane) writeShown(w io.Writer, f exportFormat) error {
	if f == formatJSONLines {
		return cli.WriteJSONLines(w, p.shownVerdicts())
	}
	return cli.WriteCSV(w, p.shownVerdicts())
}

// copyShown puts the rows on screen on the clipboard as CSV, which
// spreadsheets paste as a table.
func (p *Pane) copyShown() {
	var b bytes.Buffer
	if err := p.writeShown(&b, formatCSV); err != nil {
		return
	}
	fyne.CurrentApp().Clipboard().SetContent(b.String())
}

// showExportMenu offers the formats under the Export button.
func (p *Pane) showExportMenu(anchor fyne.CanvasObject) {
	c := fyne.CurrentApp().Driver().CanvasForObject(anchor)
	if c == nil {
		return
	}
	menu := fyne.NewMenu("",
		fyne.NewMenuItem(lang.X("testerpane.export.csv", "CSV (spreadsheets)…"), func() { p.exportTo(formatCSV, "results.csv") }),
		fyne.NewMenuItem(lang.X("testerpane.export.jsonl", "JSON Lines…"), func() { p.exportTo(formatJSONLines, "results.jsonl") }),
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
	p.lastExportMenu = pm
}

// exportTo asks where to save and writes the rows on screen there; in the
// browser, where Fyne's save dialog cannot reach the user's disk, the rows
// are downloaded under that name.
func (p *Pane) exportTo(f exportFormat, name string) {
	if p.win == nil {
		return
	}
	var b bytes.Buffer
	if err := p.writeShown(&b, f); err != nil {
		dialog.ShowError(err, p.win)
		return
	}
	if webfile.Enabled {
		webfile.Download(name, b.Bytes())
		return
	}
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil || w == nil {
			return
		}
		_, werr := w.Write(b.Bytes())
		if cerr := w.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			dialog.ShowError(werr, p.win)
		}
	}, p.win)
	d.SetFileName(name)
	filedlg.Show(d, p.win)
}
