package sitemaptab

import (
	"bytes"
	"path/filepath"

	"fyne.io/fyne/v2/lang"
)

// State is what the user did in the tab: the crawlers and reading asked
// for, the finished check (its findings, not the file: nothing is read
// again) and the crawler whose blocked URLs are listed, and the builder's
// list. A tab rebuilt in another language takes it back with Restore.
type State struct {
	side     int
	agents   string
	engine   int
	last     *checked
	crawler  int
	host     string
	urls     string
	loaded   []byte
	name     string
	built    bool
	robotsAt string
	from     *checkView
}

// State returns what the user did in the tab.
func (t *Tab) State() State {
	v, b := t.check, t.build
	return State{side: t.content.SelectedIndex(), agents: v.agents.Text, engine: v.engineID.SelectedIndex(), last: v.last, crawler: v.crawler.SelectedIndex(), robotsAt: v.robotsFile,
		host: b.host.Text, urls: b.urls.Text, loaded: b.loaded, name: b.name, built: b.files != nil, from: v}
}

// Restore puts st back into a freshly built tab: its labels speak the
// current language, its contents are the user's. A check in progress goes
// on and reports to this tab.
func (t *Tab) Restore(st State) {
	v, b := t.check, t.build
	v.agents.SetText(st.agents)
	if st.engine >= 0 {
		v.engineID.SetSelectedIndex(st.engine)
	}
	v.refreshSitemapLines()
	if l := st.last; l != nil {
		v.robotsFile = st.robotsAt
		v.show(l.path, l.robots, l.reports, l.err)
		if st.crawler >= 0 && st.crawler < len(v.crawler.Options) {
			v.crawler.SetSelectedIndex(st.crawler)
		}
	}
	if from := st.from; from != nil && from.stop != nil {
		from.heir, v.stop = v, from.stop
		v.setRunning(true)
		v.status.SetText(lang.X("sitemap.ui.reading", "Reading {{.File}}…", map[string]any{"File": filepath.Base(from.reading)}))
	}
	b.host.SetText(st.host)
	b.urls.SetText(st.urls)
	if st.loaded != nil {
		b.loaded, b.name = st.loaded, st.name
		b.urls.Disable()
		b.status.SetText(loadedText(b.name, bytes.Count(b.loaded, []byte("\n"))))
	}
	if st.built {
		b.build()
	}
	t.content.SelectIndex(st.side)
}

// live is the view a check in progress reports to: the newest one rebuilt
// from v.
func (v *checkView) live() *checkView {
	for v.heir != nil {
		v = v.heir
	}
	return v
}
