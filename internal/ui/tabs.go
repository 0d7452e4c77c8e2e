package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
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
	s.editor = &editorTab{s: s}
	s.meta = &metaTab{s: s}
	s.wizard = &hostTab{s: s}
	s.ai = &aiTab{s: s}
	s.sitemaps = &sitemapsTab{s: s}
	s.logs = &logsTab{s: s}
	return []tab{s.editor, s.meta, s.wizard, s.ai, s.sitemaps, s.logs, &s.class}
}

// buildTabs makes every tab's widgets into the tab container. Only the
// first tab's join the window now; the others wait on the shelf until
// their tab first comes into view.
func (s *studio) buildTabs() *container.AppTabs {
	// Every tab at once: each AppTabs.Append lays out all the tabs again
	// (more than half of building the window).
	items := make([]*container.TabItem, len(s.tabList))
	s.shelf = shelf{}
	for i, t := range s.tabList {
		items[i] = t.build()
		if i > 0 {
			s.shelf.shelve(items[i])
		}
	}
	tabs := container.NewAppTabs(items...)
	tabs.OnSelected = func(it *container.TabItem) {
		s.shelf.unshelve(it)
		for _, t := range s.tabList {
			if t.tabItem() == it {
				t.follow(shown, true)
			}
		}
		s.refreshStatus()
	}
	return tabs
}

// shelf is the tabs whose content is kept out of the window until they
// are first shown.
type shelf map[*container.TabItem]shelved

// shelved is a tab's content kept out of the window: box is what the tab
// item shows, empty until the tab is first shown.
type shelved struct {
	box     *fyne.Container
	content fyne.CanvasObject
}

// shelve keeps the content of it out of the window until the tab first comes
// into view; meanwhile the item shows an empty box. Fyne refreshes every
// tab's content whenever the tab container refreshes (a new title, another
// tab selected) and walks the whole window on a theme, zoom or language
// switch: a tab the user has not opened (the Lessons tab's hundred wrapped
// texts above all) cost that on every F11 and every switch. The tab's own
// type keeps its widgets and their state as before; only the window does
// not hold them yet.
func (sh shelf) shelve(it *container.TabItem) {
	sh[it] = shelved{box: container.NewStack(), content: it.Content}
	it.Content = sh[it].box
}

// unshelve puts the content of it in the window, when it first comes into view.
// Refreshing the box refreshes every widget in it, which then takes the
// theme and zoom in use (a switch made while it was shelved did not reach
// it).
func (sh shelf) unshelve(it *container.TabItem) {
	t, ok := sh[it]
	if !ok {
		return
	}
	delete(sh, it)
	t.box.Objects = []fyne.CanvasObject{t.content}
	t.box.Refresh()
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
	s     *studio
	it    *container.TabItem
	split float64 // kept across a rebuild
}

func (t *editorTab) build() *container.TabItem {
	s := t.s
	s.live.banner = container.NewVBox()
	left := container.NewBorder(s.live.banner, s.class.present.panel(), nil, nil, s.lint.withEditor(s.ed))
	s.live.left = left
	s.split = container.NewHSplit(left, s.live.rightSide())
	s.split.Offset = splitOffset
	t.it = container.NewTabItem(tabTitle(&s.doc.File), s.split)
	return t.it
}

func (t *editorTab) tabItem() *container.TabItem { return t.it }

// follow: the editor and the tester follow the document themselves
// (documentChanged).
// follow redraws, on a theme switch, what the editor side paints in colours
// it chose itself: the fetch banner, the Problems rows, the results' icons.
func (t *editorTab) follow(c change, _ bool) {
	if c != themed {
		return
	}
	t.s.live.themeChanged()
	t.s.lint.themeChanged()
	t.s.pane.ThemeChanged()
}

// retitle keeps the title the file's name (updateTitle).
func (t *editorTab) retitle() {
	if t.it == nil {
		return
	}
	if title := tabTitle(&t.s.doc.File); t.it.Text != title {
		t.it.Text = title
		t.s.tabs.Refresh()
	}
}

func (t *editorTab) keep()    { t.split = t.s.split.Offset }
func (t *editorTab) restore() { t.s.split.SetOffset(t.split) }
