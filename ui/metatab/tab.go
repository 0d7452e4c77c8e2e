// Package metatab is the window's "Meta tags" tab: a builder that turns
// ticked directives into a robots <meta> tag, an X-Robots-Tag header and
// server snippets, and an analyser that reads a pasted or opened HTML page
// (with its headers) and shows what each crawler will do. The logic is in
// tester/metatag; this package only binds it to widgets.
package metatab

import (
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/metatag"
	"github.com/robots-studio/robots-studio/ui/richmsg"
	"github.com/robots-studio/robots-studio/ui/severity"
)

// New builds the tab. check is called before every analysis and returns the
// robots.txt verdicts of the document open in the editor (or nil), so the
// analyser can warn about a noindex that robots.txt hides.
func New(win fyne.Window, check func() metatag.RobotsCheck) *Tab {
	t := newTab(win, check, time.Now)
	return &Tab{Content: t.content, t: t}
}

// Tab is the tab as the window holds it.
type Tab struct {
	Content fyne.CanvasObject
	t       *tab
}

// tab holds the widgets; tests drive them directly.
type tab struct {
	win     fyne.Window
	check   func() metatag.RobotsCheck
	now     func() time.Time
	b       *builder
	a       *analyser
	tabs    *container.AppTabs // Build and Analyse
	content fyne.CanvasObject  // tabs, with their strip in the Tab order
}

func newTab(win fyne.Window, check func() metatag.RobotsCheck, now func() time.Time) *tab {
	t := &tab{win: win, check: check, now: now}
	t.b = newBuilder(t)
	t.a = newAnalyser(t)
	t.tabs = container.NewAppTabs(
		container.NewTabItem(lang.X("meta.ui.tab.build", "Build"), t.b.content),
		container.NewTabItem(lang.X("meta.ui.tab.analyse", "Analyse"), t.a.content),
	)
	t.content = keys.NewTabs(t.tabs)
	return t
}

// copyText puts s on the clipboard and says so in a short-lived way.
func (t *tab) copyText(s string) {
	if app := fyne.CurrentApp(); app != nil {
		app.Clipboard().SetContent(s)
	}
}

// diagnosticLabel shows one finding: its severity's icon (ui/severity, as
// in the Problems panel), the engines it concerns and what it says.
func diagnosticLabel(d metatag.Diagnostic) fyne.CanvasObject {
	text := ""
	if d.Engines != nil && len(d.Engines) < len(metatag.Engines) {
		names := make([]string, len(d.Engines))
		for i, e := range d.Engines {
			names[i] = e.Label().String()
		}
		text = strings.Join(names, ", ")
	}
	if d.Line > 0 {
		if text != "" {
			text += ", "
		}
		text += lang.X("meta.ui.line", "line {{.Line}}", map[string]any{"Line": d.Line})
	}
	if text != "" {
		text += ": "
	}
	// a robots.txt verdict in the message quotes its rule as code
	var st richmsg.Style
	switch d.Severity {
	case diag.Error:
		st.Color = theme.ColorNameError
	case diag.Warning:
		st.Color = theme.ColorNameWarning
	}
	l := richmsg.NewText(text+d.Message.String(), st)
	icon := widget.NewIcon(severity.Icon(d.Severity))
	return container.NewBorder(nil, nil, container.NewVBox(icon), nil, l)
}
