package aitab

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/aiaccess"
	"github.com/robots-studio/robots-studio/tester/textfile"
	"github.com/robots-studio/robots-studio/ui/filedlg"
	"github.com/robots-studio/robots-studio/ui/richmsg"
	"github.com/robots-studio/robots-studio/ui/webfile"
)

// The edge check: a server or edge config pasted into the tab, set
// against the open robots.txt by the code of the edge-check command
// (aiaccess.CompareEdge): the crawlers one lets in and the other refuses.

// maxEdgeConfig is the longest config the check reads (a server's whole
// configuration is a few hundred KiB at most).
const maxEdgeConfig = 1 << 20

type edgeCheck struct {
	t       *Tab
	server  *widget.Select
	config  *keys.Entry
	check   *widget.Button
	open    *widget.Button
	results *fyne.Container
	box     *fyne.Container
}

func newEdgeCheck(t *Tab) *edgeCheck {
	e := &edgeCheck{t: t}
	names := make([]string, len(aiaccess.Servers))
	for i := range aiaccess.Servers {
		names[i] = targetLabel(targetServer + target(i))
	}
	e.server = widget.NewSelect(names, func(string) { e.run() })
	e.config = keys.NewMultiLineEntry()
	e.config.SetPlaceHolder(lang.X("aitab.edge.placeholder", "Paste the server's configuration or the Cloudflare rule expression here"))
	e.config.Wrapping = fyne.TextWrapWord
	e.config.SetMinRowsVisible(6)
	e.check = widget.NewButton(lang.X("aitab.edge.check", "Check against robots.txt"), e.run)
	e.open = widget.NewButton(lang.X("aitab.edge.open", "Open a Config File…"), e.openDialog)
	if webfile.Enabled { // no file of the user's to read in the browser: paste it
		e.open.Hide()
	}
	e.results = container.NewVBox()
	title := widget.NewLabelWithStyle(lang.X("aitab.edge.title", "Does the server agree with robots.txt?"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.Wrapping = fyne.TextWrapWord
	why := widget.NewLabel(lang.X("aitab.edge.why", "A crawler robots.txt lets in that the server refuses records errors and may drop the site; one robots.txt refuses that ignores it gets through unless the server refuses it."))
	why.Wrapping = fyne.TextWrapWord
	e.box = container.NewVBox(widget.NewSeparator(), title, why, e.server, e.config, e.open, e.check, e.results)
	e.server.SetSelectedIndex(0)
	return e
}

// run checks the pasted config against the open document.
func (e *edgeCheck) run() {
	if e.results == nil {
		return
	}
	e.results.RemoveAll()
	text := e.config.Text
	if text == "" {
		return
	}
	add := func(s string, colour fyne.ThemeColorName) {
		e.results.Add(richmsg.NewText(s, richmsg.Style{Color: colour}))
	}
	if len(text) > maxEdgeConfig {
		add(lang.X("aitab.edge.too_long", "The configuration is longer than {{.Max}} KiB; paste the part that refuses User-Agents.", map[string]any{"Max": maxEdgeConfig >> 10}), theme.ColorNameError)
		return
	}
	i := e.server.SelectedIndex()
	if i < 0 {
		i = 0
	}
	rep := aiaccess.CompareEdge(e.t.doc(), aiaccess.Servers[i], []byte(text))
	add(lang.XN("aitab.edge.rules", "User-Agent refusals read from the configuration: {{.Count}}.", len(rep.Rules), map[string]any{"Count": len(rep.Rules)}), theme.ColorNameForeground)
	for _, n := range rep.Notes {
		add(n.String(), theme.ColorNamePlaceHolder)
	}
	if len(rep.Conflicts) == 0 {
		add("✔ "+lang.X("aitab.edge.agree", "robots.txt and the server agree for every catalogue crawler that sends requests."), theme.ColorNameSuccess)
		return
	}
	for _, c := range rep.Conflicts {
		add("⚠ "+c.Text.String(), theme.ColorNameWarning)
	}
}

// openDialog reads a config file (at most textfile.MaxSize; run says when
// it is longer than the check reads) into the field and checks it.
func (e *edgeCheck) openDialog() {
	win := e.t.Window
	if win == nil {
		return
	}
	filedlg.Open(win, filedlg.Pick{}, func(paths []string) { e.load(paths[0]) })
}

// load puts the file at path into the field and checks it; a file that
// cannot be read says why in the results and leaves the field as it was.
func (e *edgeCheck) load(path string) {
	data, err := textfile.Load(path, nil)
	if err != nil {
		e.results.RemoveAll()
		e.results.Add(richmsg.NewText(err.Error(), richmsg.Style{Color: theme.ColorNameError, Literal: true}))
		return
	}
	e.config.SetText(string(data))
	e.run()
}
