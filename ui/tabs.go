package ui

import (
	"reflect"

	"github.com/robots-studio/robots-studio/tester/history"
	"github.com/robots-studio/robots-studio/ui/historytab"
	"github.com/robots-studio/robots-studio/ui/sitemaptab"
	"github.com/robots-studio/robots-studio/ui/webfile"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// tab is one tab of the window. The window makes its tabs from a list
// (newTabs), in that order, and tells every one of them what happened
// through follow; none is found by its place in the list.
type tab interface {
	// build makes the tab's widgets: once, and again after a language
	// switch (between keep and restore).
	build() *container.TabItem
	// tabItem is the tab item build made.
	tabItem() *container.TabItem
	// follow is told what happened to the document or the window; shown
	// says whether the tab is the one in view.
	follow(c change, shown bool)
	// keep remembers what the user did in the tab before a rebuild, and
	// restore hands it to the rebuilt tab.
	keep()
	restore()
}

// change is what a tab is told of.
type change int

const (
	// edited: the text changed (typing, an undo, a fix, another file).
	edited change = iota
	// shown: the tab came into view.
	shown
	// themed: the theme (light, dark, zoom) switched: colours drawn by
	// hand must be drawn again.
	themed
)

// newTabs are the window's tabs, in the order they are shown.
func (s *studio) newTabs() []tab {
	w := s.shared
	sides := func() (fyne.CanvasObject, fyne.CanvasObject) {
		return s.live.sides(s.class.present.panel(), w.lint.withEditor(w.ed))
	}
	s.editor = &editorTab{w: w, sides: sides, themed: func() {
		s.live.themeChanged()
		w.lint.themeChanged()
		w.pane.ThemeChanged()
	}, shown: func() { s.class.paneInView() }}
	s.meta = &metaTab{w: w}
	s.wizard = &hostTab{w: w, showEditor: s.showEditor}
	s.ai = &aiTab{w: w}
	s.sitemaps = &sitemapsTab{host: sitemaptab.Host{
		Window:      w.win,
		Robots:      func() (string, []byte) { return w.doc.Path(), w.ed.Bytes() },
		SelectRule:  s.checks.selectLine,
		AddToTester: s.addToTester,
		TesterPaths: func() []string { return w.pane.TestSet().Paths },
	}}
	s.logs = &logsTab{w: w, addToTester: s.addToTester, selectVerdict: s.checks.selectVerdict}
	if webfile.Enabled { // a page has no storage folder to keep versions in (tester/history)
		return []tab{s.editor, s.meta, s.wizard, s.ai, s.sitemaps, s.logs, &s.class}
	}
	s.history = &historyTab{host: historytab.Host{
		Window:  w.win,
		Store:   history.InUse,
		Site:    s.live.currentURL,
		Open:    s.live.openVersion,
		Compare: s.live.compareVersions,
		Grading: func() history.GradeOptions {
			set := w.pane.TestSet()
			o := history.GradeOptions{URLs: set.Paths}
			if len(set.Crawlers) > 0 {
				o.Agents = set.Crawlers
			}
			return o
		},
	}}
	return []tab{s.editor, s.meta, s.wizard, s.ai, s.sitemaps, s.logs, s.history, &s.class}
}

// buildTabs makes every tab's widgets into the tab container. Each tab's
// content sits in a tabBody: only the first tab's joins the window now,
// the others when their tab first comes into view.
func (s *studio) buildTabs() *container.AppTabs {
	// Every tab at once: each AppTabs.Append lays out all the tabs again
	// (more than half of building the window).
	items := make([]*container.TabItem, len(s.tabList))
	for i, t := range s.tabList {
		items[i] = t.build()
	}
	tabs := newQuietTabs(items...)
	tabs.OnSelected = func(it *container.TabItem) {
		// before the tab shown may give one of its widgets the keyboard
		var keep fyne.Focusable
		if s.bar != nil {
			keep = s.bar.tests
		}
		leaveHiddenTab(s.win.Canvas(), keep)
		for _, t := range s.tabList {
			if t.tabItem() == it {
				t.follow(shown, true)
			}
		}
		s.refreshStatus()
	}
	return tabs
}

// leaveHiddenTab takes the keyboard from the tab that was in view when
// another is chosen, so no key reaches what the user no longer sees: after
// Ctrl+Page Down from the editor, Tab on the Meta tags tab inserted tabs
// into the hidden robots.txt. Whatever has the keyboard then is in the
// tab left (the new one's widgets were hidden), unless it is the status
// bar's button, which stays in view. The next Tab goes to the first
// control in view.
func leaveHiddenTab(c fyne.Canvas, keep fyne.Focusable) {
	if f := c.Focused(); f != nil && f != keep {
		c.Unfocus()
	}
}

// newQuietTabs is a tab container showing the first of items, each
// item's content in a tabBody.
func newQuietTabs(items ...*container.TabItem) *container.AppTabs {
	for i, it := range items {
		if b := quiet(it); i > 0 {
			b.Hide() // not in view: before the tab container first measures it
		}
	}
	return container.NewAppTabs(items...)
}

// quiet puts the content of it in a tabBody, unless it is one already, and
// returns that body. Call it before the item joins a tab container.
func quiet(it *container.TabItem) *tabBody {
	if b, ok := it.Content.(*tabBody); ok {
		return b
	}
	b := newTabBody(it.Content)
	it.Content = b
	return b
}

// tabBody is a tab's content as the tab container holds it: it keeps the
// tabs the user is not looking at cheap. Fyne 2.7.1 asks every tab's
// content for its minimum size on each frame that changed, and refreshes
// every tab's content (which lays it out again: the AI access tab's and
// the Lessons tab's wrapped texts above all) on each refresh of the tab
// bar, every tab switch and every theme, zoom or language switch
// (docs/speed-window.md). A tabBody
//   - keeps its content out of the window until the tab first comes into
//     view: a tab never opened is neither measured, laid out nor refreshed;
//   - while hidden, answers the minimum size its content had when last in
//     view, and ignores refreshes;
//   - when its tab comes into view, refreshes its content only if the theme
//     (light, dark, zoom) changed since the content last had it; while in
//     view, Fyne's own walk of the window brings a new theme to the
//     content, and the body refreshes it no second time.
//   - in view, measures its content once per walk of the window: Fyne
//     measures every object the window shows, each container measuring its
//     children again, so without it the tab's whole content (most of the
//     window) was measured once more by each of the tab container, the
//     tabs' strip and the window's containers above it, on every frame that
//     changed (some 900 of 3,500 measurements a frame; in the browser each
//     widget's measurement looks its renderer up, and each look-up reads
//     the clock, a call out to JavaScript: docs/speed-window.md). Fyne asks
//     whether the body is visible as its walk reaches it, before it walks
//     the content: that question, and any refresh, resize, show or hide,
//     drops the measurement.
//
// The tab container hides and shows the body; the content inside stays
// visible (a content the container had hidden, in a wrapper shown, drew
// blank in the real window). A body can wait for its content (newTabBody
// with nil, then setContent): the AI access and Lessons tabs make their
// widgets only when first shown.
type tabBody struct {
	widget.BaseWidget
	content fyne.CanvasObject // nil until the tab has its widgets
	opened  bool              // the content is in the window: it was in view
	away    bool              // hidden since the content was last in view
	seen    themeKey          // the theme the content last had
	min     fyne.Size         // the content's minimum size, last measured in view
	// measured says that measure is the body's minimum size in this walk
	// of the window (see Visible).
	measured bool
	measure  fyne.Size
}

func newTabBody(content fyne.CanvasObject) *tabBody {
	b := &tabBody{content: content, seen: currentTheme()}
	b.ExtendBaseWidget(b)
	return b
}

// setContent gives the body its content (the tab's widgets, made late, in
// the theme in use).
func (b *tabBody) setContent(content fyne.CanvasObject) {
	b.content, b.opened, b.seen = content, false, currentTheme()
	b.Refresh()
}

// inView says whether the content is in view, and puts it in the window
// the first time.
func (b *tabBody) inView() bool {
	if b.content == nil || !b.Visible() {
		return false
	}
	if !b.opened {
		b.opened = true
		b.content.Show()
	}
	return true
}

// Hide takes the body out of view; its content is left as it is.
func (b *tabBody) Hide() {
	b.away, b.measured = true, false
	b.BaseWidget.Hide()
}

// Show brings the body into view.
func (b *tabBody) Show() {
	b.measured = false
	b.BaseWidget.Show()
}

// Refresh does nothing while hidden (what it missed is caught up when the
// tab is next shown).
func (b *tabBody) Refresh() {
	if b.Visible() {
		b.BaseWidget.Refresh()
	}
}

// Visible says whether the body is shown. Fyne's walks of the window ask
// it of every object as they reach it, before its children: a walk that
// measures the window starts the body's measurement afresh.
func (b *tabBody) Visible() bool {
	b.measured = false
	return b.BaseWidget.Visible()
}

// Resize lays the body out at size.
func (b *tabBody) Resize(size fyne.Size) {
	b.measured = false
	b.BaseWidget.Resize(size)
}

// MinSize is the content's minimum size, measured once until Fyne next
// asks whether the body is visible (or the body changes): the containers
// above the body in the same walk take that measurement.
func (b *tabBody) MinSize() fyne.Size {
	if !b.measured {
		b.measure = b.BaseWidget.MinSize()
		b.measured = true
	}
	return b.measure
}

func (b *tabBody) CreateRenderer() fyne.WidgetRenderer { return tabBodyRenderer{b} }

type tabBodyRenderer struct{ b *tabBody }

func (r tabBodyRenderer) Destroy() {}

func (r tabBodyRenderer) Objects() []fyne.CanvasObject {
	if r.b.opened {
		return []fyne.CanvasObject{r.b.content}
	}
	return nil
}

func (r tabBodyRenderer) Layout(size fyne.Size) {
	if r.b.inView() {
		r.b.content.Move(fyne.Position{})
		r.b.content.Resize(size)
	}
}

func (r tabBodyRenderer) MinSize() fyne.Size {
	if r.b.inView() {
		r.b.min = r.b.content.MinSize()
	}
	return r.b.min
}

func (r tabBodyRenderer) Refresh() {
	b := r.b
	if !b.inView() {
		return
	}
	if th := currentTheme(); th != b.seen {
		if b.away {
			b.content.Refresh()
		}
		b.seen = th
	}
	b.away = false
	r.Layout(b.Size())
	canvas.Refresh(b)
}

// themeKey is what a refresh brings to a content: the theme and its
// variant. A theme whose type cannot be compared counts as a new one each
// time.
type themeKey struct {
	theme   any
	variant fyne.ThemeVariant
}

func currentTheme() themeKey {
	a := fyne.CurrentApp()
	if a == nil {
		return themeKey{}
	}
	th := a.Settings().Theme()
	if th != nil && !reflect.TypeOf(th).Comparable() {
		return themeKey{theme: new(int), variant: a.Settings().ThemeVariant()} // new each time: never equal
	}
	return themeKey{theme: th, variant: a.Settings().ThemeVariant()}
}

// tell tells every tab of c.
func (s *studio) tell(c change) {
	if s.tabs == nil {
		return
	}
	sel := s.tabs.Selected()
	for _, t := range s.tabList {
		t.follow(c, t.tabItem() == sel)
	}
}

// showTab brings t into view.
func (s *studio) showTab(t tab) { s.tabs.Select(t.tabItem()) }

// showEditor brings the editor and the tester into view.
func (s *studio) showEditor() { s.showTab(s.editor) }

// editorTab is the first tab: the editor (under the fetch banner, over
// the Problems panel) beside the tester; its title is the file's.
type editorTab struct {
	w *shared
	// sides makes the editor's side and the tester's, anew at each build;
	// themed redraws what they paint in colours of their own.
	sides  func() (left, right fyne.CanvasObject)
	themed func()
	shown  func() // the tab came into view
	it     *container.TabItem
	split  float64 // kept across a rebuild
	// title is the file's title the tab was last given; fit names the
	// tabs anew as their strip lets (tabFit), nil: the title as it is.
	title string
	fit   func()
}

func (t *editorTab) build() *container.TabItem {
	w := t.w
	w.split = container.NewHSplit(t.sides())
	w.split.Offset = splitOffset
	t.title = tabTitle(w.doc.Path(), w.doc.Remote())
	t.it = container.NewTabItem(t.title, w.split)
	return t.it
}

func (t *editorTab) tabItem() *container.TabItem { return t.it }

// follow: the editor and the tester follow the document themselves
// (documentChanged).
// follow redraws, on a theme switch, what the editor side paints in colours
// it chose itself: the fetch banner, the Problems rows, the results' icons.
func (t *editorTab) follow(c change, _ bool) {
	switch c {
	case themed:
		t.themed()
	case shown:
		t.shown()
	}
}

// retitle keeps the title the file's name (updateTitle).
func (t *editorTab) retitle() {
	if t.it == nil {
		return
	}
	title := tabTitle(t.w.doc.Path(), t.w.doc.Remote())
	if title == t.title {
		return
	}
	t.title = title
	if t.fit != nil {
		t.fit()
		return
	}
	t.it.Text = title
	t.w.tabs.Refresh()
}

func (t *editorTab) keep()    { t.split = t.w.split.Offset }
func (t *editorTab) restore() { t.w.split.SetOffset(t.split) }
