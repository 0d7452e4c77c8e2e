package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
)

// quietHiddenTabs makes the tabs the user is not looking at cheap to
// measure. Fyne asks the tab container for its minimum size on every frame
// that changed, and the tab container asks every tab's content, shown or
// not: in the browser (Go on one thread) measuring the hidden tabs' texts
// was most of what a keystroke cost before its frame. A hidden tab now
// reports the minimum size it had when it was last measured while shown;
// the shown tab is measured as before. On the desktop too: in the real
// window under load, measuring the hidden tabs (the Lessons tab's text
// above all) was most of each frame's minimum-size pass
// (docs/speed-window.md). A hidden tab whose content grows while hidden
// raises the window's minimum size when it is next shown.
func quietHiddenTabs(tabs *container.AppTabs) {
	for _, it := range tabs.Items {
		if isShownMin(it.Content) {
			continue
		}
		item := it
		// The tab container hides the content of the tabs not shown; now it
		// hides the wrapper, and the content must not stay hidden inside.
		it.Content.Show()
		it.Content = container.New(&shownMin{shown: func() bool { return tabs.Selected() == item }}, it.Content)
	}
	tabs.Refresh()
}

func isShownMin(o fyne.CanvasObject) bool {
	c, ok := o.(*fyne.Container)
	if !ok {
		return false
	}
	_, ok = c.Layout.(*shownMin)
	return ok
}

// shownMin lays out one object over the whole area; its minimum size is
// the object's, measured only while shown (and once at first).
type shownMin struct {
	shown func() bool
	last  fyne.Size
	known bool
}

func (l *shownMin) MinSize(objects []fyne.CanvasObject) fyne.Size {
	if len(objects) == 0 {
		return fyne.Size{}
	}
	if !l.known || l.shown() {
		l.last, l.known = objects[0].MinSize(), true
	}
	return l.last
}

func (l *shownMin) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objects {
		o.Move(fyne.Position{})
		o.Resize(size)
	}
}
