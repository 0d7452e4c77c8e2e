package ui

import (
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"

	"github.com/robots-studio/robots-studio/ui/testerpane"
)

// tabLabel is a tab's name in full and in the short form the strip takes
// when the full names do not all fit.
type tabLabel struct{ full, short string }

// tabFit lays the window's tabs out so that every tab's name is in the
// strip: Fyne folds the tabs that do not fit into a "…" menu (in presenter
// mode at 1024×768 in Russian, History and Lessons were in it, out of a
// class's sight). When the full names do not fit, the tabs take their
// short names ("Зеркала" for "Зеркала / Host"), and the file's tab its
// file's name alone, cut in the middle if even that is too wide.
type tabFit struct {
	tabs   *container.AppTabs
	labels func() []tabLabel // the tabs' names, in their order; the file's first
	width  float32           // the strip's width at the last layout
}

func (l *tabFit) MinSize(objs []fyne.CanvasObject) fyne.Size { return objs[0].MinSize() }

func (l *tabFit) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.width = size.Width
	l.apply()
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

// apply names the tabs as the strip's width lets them be named.
func (l *tabFit) apply() {
	if l.tabs == nil || l.labels == nil {
		return
	}
	names := fitTabNames(l.labels(), l.width)
	changed := false
	for i, it := range l.tabs.Items {
		if i < len(names) && it.Text != names[i] {
			it.Text = names[i]
			changed = true
		}
	}
	if changed {
		l.tabs.Refresh()
	}
}

// tabWidth is the width of a tab's button in the strip with name on it
// (Fyne's tab button: bold text between inner paddings).
func tabWidth(name string) float32 {
	return fyne.MeasureText(name, theme.TextSize(), fyne.TextStyle{Bold: true}).Width + 2*theme.InnerPadding()
}

// stripWidth is the width the strip needs for names (the buttons with a
// padding between them).
func stripWidth(names []string) float32 {
	w := float32(0)
	for _, n := range names {
		w += tabWidth(n)
	}
	return w + float32(max(len(names)-1, 0))*theme.Padding()
}

// fitTabNames are the names the tabs show in a strip width wide: the full
// ones when they fit (or the width is not known yet); else, one at a time,
// the short name that gives back the most room, until they fit; the file's
// (the first) cut in the middle when even the short ones do not.
func fitTabNames(labels []tabLabel, width float32) []string {
	names := make([]string, len(labels))
	for i, l := range labels {
		names[i] = l.full
	}
	if width <= 0 || len(labels) == 0 {
		return names
	}
	width-- // Fyne's own measure of the strip may round up
	for stripWidth(names) > width {
		best, gain := -1, float32(0)
		for i, l := range labels {
			if l.short == "" || names[i] == l.short {
				continue
			}
			if g := tabWidth(names[i]) - tabWidth(l.short); g > gain {
				best, gain = i, g
			}
		}
		if best < 0 {
			break
		}
		names[best] = labels[best].short
	}
	if over := stripWidth(names) - width; over > 0 {
		room := tabWidth(names[0]) - over
		names[0] = testerpane.CutMiddle(names[0], func(s string) bool { return tabWidth(s) <= room })
	}
	return names
}

// newTabFit fits the window's tabs (s.tabs, just built) to their strip,
// and the file's tab again when its title changes.
func (s *studio) newTabFit() *tabFit {
	full := make([]string, len(s.tabList))
	for i, t := range s.tabList {
		full[i] = t.tabItem().Text
	}
	f := &tabFit{tabs: s.tabs}
	f.labels = func() []tabLabel {
		out := make([]tabLabel, len(s.tabList))
		for i, t := range s.tabList {
			out[i] = tabLabel{full: full[i], short: tabShortName(s, t)}
			if t == tab(s.editor) {
				out[i].full = tabTitle(s.doc.Path(), s.doc.Remote())
			}
		}
		return out
	}
	s.editor.fit = f.apply
	return f
}

// tabShortName is t's short name ("" for none): the file's name alone for
// the editor's tab (without the site or "new, not saved"), a word for the
// tabs whose names are more.
func tabShortName(s *studio, t tab) string {
	switch t.(type) {
	case *editorTab:
		if p := s.doc.Path(); p != "" {
			return filepath.Base(p)
		}
		return "robots.txt"
	case *metaTab:
		return lang.X("window.tab.short.meta", "Meta")
	case *hostTab:
		return lang.X("window.tab.short.mirrors", "Mirrors")
	case *aiTab:
		return lang.X("window.tab.short.ai", "AI")
	case *sitemapsTab:
		return lang.X("window.tab.short.sitemaps", "Sitemaps")
	case *logsTab:
		return lang.X("window.tab.short.logs", "Logs")
	}
	return ""
}
