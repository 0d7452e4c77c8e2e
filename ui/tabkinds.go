package ui

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"

	"github.com/robots-studio/robots-studio/tester/aiaccess"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/metatag"
	"github.com/robots-studio/robots-studio/tester/mirror"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/ui/aitab"
	"github.com/robots-studio/robots-studio/ui/hostwizard"
	"github.com/robots-studio/robots-studio/ui/logtab"
	"github.com/robots-studio/robots-studio/ui/metatab"
	"github.com/robots-studio/robots-studio/ui/sitemaptab"
)

// The tabs beside the editor's (tab, tabs.go): each wraps its package's
// widget and wires it to the window.

// metaTab analyses and builds robots meta tags; the analysis asks whether
// the open robots.txt blocks a page for a crawler (then the crawler never
// sees the page's tags).
type metaTab struct {
	*metatab.Tab
	w    *shared
	it   *container.TabItem
	kept metatab.State
}

func (t *metaTab) build() *container.TabItem {
	t.Tab = metatab.New(t.w.win, func() metatag.RobotsCheck { return metatag.RobotsFromDocument(t.w.ed.Document()) })
	t.it = container.NewTabItem(lang.X("window.tab.meta", "Meta tags"), t.Content)
	return t.it
}

func (t *metaTab) tabItem() *container.TabItem { return t.it }
func (t *metaTab) follow(change, bool)         {} // it reads the document when it analyses
func (t *metaTab) keep()                       { t.kept = t.State() }
func (t *metaTab) restore()                    { t.Restore(t.kept) }

// hostTab is the mirrors and Host wizard; its edits go into the editor.
type hostTab struct {
	*hostwizard.Wizard
	w          *shared
	showEditor func() // brings the editor into view, after an edit
	it         *container.TabItem
	kept       hostwizard.State
}

func (t *hostTab) build() *container.TabItem {
	w := t.w
	t.Wizard = hostwizard.New(w.win,
		func() []byte { return w.ed.Bytes() },
		func(edits []mirror.Edit) {
			w.ed.ApplyEdits(edits)
			t.showEditor()
		},
		func(robots []byte, crawler, path string) (bool, string) {
			v := engine.ForCrawler(crawler).Compile(syntax.Parse(robots)).Query(crawler, path)
			return v.Allowed, v.ExplainAll()
		})
	t.it = container.NewTabItem(lang.X("window.tab.mirrors", "Mirrors / Host"), t.Object())
	return t.it
}

func (t *hostTab) tabItem() *container.TabItem { return t.it }

// follow reads the document while the wizard is in view.
func (t *hostTab) follow(c change, shown bool) {
	if shown && c != themed {
		t.DocumentChanged()
	}
}
func (t *hostTab) keep()    { t.kept = t.State() }
func (t *hostTab) restore() { t.Restore(t.kept) }

// aiTab is the AI access view and policy builder; its edits go into the
// editor as one undo step. Its widgets (a wrapped line for every crawler
// of the catalogue) are made when the tab first comes into view: until
// then its body (tabBody) is empty.
type aiTab struct {
	*aitab.Tab // nil until the tab is first shown
	w          *shared
	it         *container.TabItem
	body       *tabBody // the tab item's content; the tab's widgets once made
	kept       aitab.State
	since      bool // kept holds what the user did before a rebuild
}

func (t *aiTab) build() *container.TabItem {
	t.Tab = nil
	t.body = newTabBody(nil)
	t.it = container.NewTabItem(lang.X("aitab.tab", "AI access"), t.body)
	return t.it
}

// fill builds the tab's widgets, with what the user did before a rebuild.
func (t *aiTab) fill() {
	ed := t.w.ed
	t.Tab = aitab.New(ed.Document, func(edits []aiaccess.Edit) error { return ed.ApplyEdits(edits) })
	t.Tab.Window = t.w.win
	t.Tab.SetSite(func() string { return t.w.doc.Remote() }) // "What each crawler gets" offers the document's site
	if t.since {
		t.Restore(t.kept) // reads the document, as Refresh does
	}
	t.body.setContent(t.Content)
}

func (t *aiTab) tabItem() *container.TabItem { return t.it }

// follow reads the document while the tab is in view (making the tab the
// first time).
func (t *aiTab) follow(c change, shown bool) {
	switch {
	case !shown || c == themed:
	case t.Tab == nil:
		t.fill()
	default:
		t.Refresh()
	}
}

// keep remembers the user's choices, if the tab was ever made; restore
// leaves them for fill, which runs when the rebuilt tab is shown.
func (t *aiTab) keep() {
	if t.Tab != nil {
		t.kept, t.since = t.State(), true
		t.CancelFetch() // its answer would reach the old widgets
	}
}
func (t *aiTab) restore() {}

// sitemapsTab checks sitemaps against the robots.txt in the editor: a
// finding of the robots.txt selects its line, blocked URLs can become
// tester rows, and the builder can start from the tester's paths.
type sitemapsTab struct {
	*sitemaptab.Tab
	host sitemaptab.Host // the window, as the tab sees it (newTabs)
	it   *container.TabItem
	kept sitemaptab.State
}

func (t *sitemapsTab) build() *container.TabItem {
	t.Tab = sitemaptab.New(t.host)
	t.it = container.NewTabItem(lang.X("sitemap.ui.tab", "Sitemaps"), t.Object())
	return t.it
}

func (t *sitemapsTab) tabItem() *container.TabItem { return t.it }

// follow reads the robots.txt's lines again when the tab comes into view.
func (t *sitemapsTab) follow(c change, _ bool) {
	if c == shown {
		t.DocumentChanged()
	}
}
func (t *sitemapsTab) keep()    { t.kept = t.State() }
func (t *sitemapsTab) restore() { t.Restore(t.kept) }

// logsTab reads access logs; hits are replayed against the saved file, and
// unsaved edits in the editor count as a draft.
type logsTab struct {
	*logtab.Tab
	w *shared
	// addToTester adds a crawler and paths to the tester's rows and shows
	// the editor; selectVerdict marks a result's rule in the editor.
	addToTester   func(crawler string, paths []string)
	selectVerdict func(engine.Verdict)
	it            *container.TabItem
	kept          logtab.State
}

func (t *logsTab) build() *container.TabItem {
	t.Tab = logtab.New(t.w.win, t.source, t.testFromLogs)
	t.it = container.NewTabItem(lang.X("logtab.tab", "Logs"), t.Content)
	return t.it
}

func (t *logsTab) tabItem() *container.TabItem { return t.it }

// follow tells the tab of a change of the file while it is in view: a
// report made from another text says it is out of date.
func (t *logsTab) follow(c change, shown bool) {
	if shown && c != themed {
		t.DocumentChanged()
	}
}
func (t *logsTab) keep()    { t.kept = t.State() }
func (t *logsTab) restore() { t.Restore(t.kept) }

// source is the saved file, with the editor's unsaved text as a draft.
func (t *logsTab) source() logtab.Source {
	w := t.w
	doc := w.ed.Document()
	if w.doc.Path() != "" && w.doc.TextModified() {
		return logtab.Source{Robots: syntax.Parse(w.doc.SavedText()), Draft: doc}
	}
	src := logtab.Source{Robots: doc}
	if !w.doc.TextModified() {
		src.Site = w.doc.Remote() // as fetched: the site's kept versions judge each hit
	}
	return src
}

// dropped gives files dropped while the tab is in view to it.
func (t *logsTab) dropped(uris []fyne.URI) bool {
	if t.w.tabs == nil || t.Tab == nil || t.w.tabs.Selected() != t.it {
		return false
	}
	var paths []string
	for _, u := range uris {
		if u.Scheme() == "file" {
			paths = append(paths, u.Path())
		}
	}
	t.AddFiles(paths)
	return true
}

// open reads log files named on the command line after the robots.txt
// (`robots-studio robots.txt access.log…`).
func (t *logsTab) open(paths []string) {
	t.AddFiles(paths)
	t.w.tabs.Select(t.it)
	t.Start()
}

// addToTester adds a crawler row and path rows the tester does not have yet.
func (s *studio) addToTester(crawler string, paths []string) {
	set := s.pane.TestSet()
	if crawler != "" && !slices.Contains(set.Crawlers, crawler) {
		set.Crawlers = append(set.Crawlers, crawler)
	}
	for _, p := range paths {
		if !slices.Contains(set.Paths, p) {
			set.Paths = append(set.Paths, p)
		}
	}
	s.pane.SetTestSet(set)
	s.updateTitle()
	s.refreshStatus()
	s.showEditor()
}

// testFromLogs puts a crawler and paths from the Logs tab into the tester
// and, for one path, marks the rule that decides it in the editor.
func (t *logsTab) testFromLogs(sel logtab.Selection) {
	t.addToTester(sel.Crawler, sel.Paths)
	if len(sel.Paths) != 1 {
		return
	}
	e, ok := engine.Get(sel.Engine)
	if !ok {
		e = engine.ForCrawler(sel.Crawler)
	}
	t.selectVerdict(e.Compile(t.w.ed.Document()).Query(sel.Crawler, sel.Paths[0]))
}
