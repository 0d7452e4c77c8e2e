package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/ui/dlg"
	"github.com/robots-studio/robots-studio/ui/look"
	"github.com/robots-studio/robots-studio/ui/richmsg"
)

// presenterZoom is how much larger everything is drawn in presenter mode,
// in percent of the zoom the user had: as large as lets the tallest tab
// still fit a 1280×800 projector.
const presenterZoom = 140

// presenter is presenter mode: full screen, everything larger, the lint
// panel hidden and the explanation the class looks at in large type.
type presenter struct {
	on            bool
	timelineShown bool
	// readingBefore is the reading the user had chosen when the timeline
	// opened: a year clicked on the timeline shows its reading for the
	// class and is not the user's choice, so closing the timeline brings
	// this one back (it stayed "1996 draft" for good).
	readingBefore string
	zoomBefore    int
	splitBefore   float64 // where the user had the editor's divider
	// paneLater is what the tester pane is to be told of presenter mode
	// when the editor's tab next comes into view (nil: nothing)
	paneLater  *bool
	lessonText string            // the lesson's last reveal (the Lessons tab shows it large itself)
	text       *richmsg.Text     // the engine's `code` drawn as code, URLs wrapped at their '/'
	scroll     *container.Scroll // the text's, as tall as explainLayout lets it
	box        fyne.CanvasObject
	selection  string // the tester's selected result, explained
	// title is selection's first line, the crawler and URL as the user
	// typed them: a backtick there is text, not a mark.
	title string
}

// presenterStyle is the large type of the explanation.
var presenterStyle = richmsg.Style{SizeName: theme.SizeNameSubHeadingText}

// panel is the large-type explanation shown under the editor, in the lint
// panel's place, in presenter mode (built again with the window's content).
// It sits on the tester's tab, so it explains the tester's selection.
func (p *presenter) panel() fyne.CanvasObject {
	p.text = richmsg.NewText("", presenterStyle)
	p.scroll = container.NewVScroll(p.text)
	fit := container.New(explainLayout{p.text}, p.scroll)
	p.box = container.NewVBox(widget.NewSeparator(), fit)
	p.update()
	return p.box
}

// The explanation is as tall as its wrapped text, at least explainLeast
// and at most explainShare of the window: a short one shows whole, a long
// one scrolls. (A fixed 240 pixels cut a verdict's last lines at 1280×800,
// where the class could not read them.)
const (
	explainLeast = 240
	explainShare = 0.5
)

// explainLayout sizes the explanation's scroll to its text (see
// explainLeast); the window re-lays it out when the text's height changes.
type explainLayout struct{ text *richmsg.Text }

func (l explainLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	c := fyne.CurrentApp().Driver().CanvasForObject(l.text)
	if c == nil || c.Size().Height <= 0 || l.text.Size().Width <= 0 {
		// not laid out yet: its wrapped height is not known
		return fyne.NewSize(0, explainLeast)
	}
	h := min(l.text.MinSize().Height, c.Size().Height*explainShare)
	return fyne.NewSize(0, max(explainLeast, h))
}

func (l explainLayout) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objects {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

// update shows the tester's selection as it is now (never an older one).
func (p *presenter) update() {
	if p.text == nil {
		return
	}
	t := p.selection
	if t == "" {
		t = lang.X("presenter.hint", "Select a result in the tester, or reveal a lesson's question: its explanation shows here in large type.")
	}
	if rest, ok := strings.CutPrefix(t, p.title+"\n"); ok && p.title != "" {
		literal := presenterStyle
		literal.Literal = true
		p.text.SetParts(richmsg.Part{Text: p.title, Style: literal}, richmsg.Part{Text: rest, Style: presenterStyle})
	} else {
		p.text.SetText(t)
	}
	if p.on {
		p.box.Show()
	} else {
		p.box.Hide()
	}
}

// setLessonText is told the explanation of a revealed lesson question.
func (p *presenter) setLessonText(t string) {
	p.lessonText = t
}

// verdictText is one result explained for the class: the answer (the
// title, its first line), the row's "why they differ" line (when the
// readings differ), the reasons.
func verdictText(v engine.Verdict, why string) (text, title string) {
	title = lang.X("presenter.verdict", "{{.Crawler}} → {{.Path}} ({{.Engine}}): {{.Word}}",
		map[string]any{"Crawler": v.Agent, "Path": v.URL, "Engine": engine.NameOf(v.Engine).String(), "Word": v.Word().String()})
	text = title
	if why != "" {
		text += "\n" + why
	}
	return text + "\n" + v.ExplainAll(), title
}

// presentVerdict is told the result selected in the tester (or marked
// from the Logs tab). The pane's own answer for the same result is used
// when it has one, with the row's "why they differ" line.
func (c *classroom) presentVerdict(v engine.Verdict) {
	s := c.w
	p := &c.present
	why := ""
	if cur, ok := s.pane.Selected(); ok && cur.Agent == v.Agent && cur.URL == v.URL && cur.Engine == v.Engine {
		v, why = cur, s.pane.SelectedWhy()
	}
	p.selection, p.title = verdictText(v, why)
	p.update()
}

// presentCurrent explains the tester's selection again after the text
// changed, when the pane has its new answer.
func (c *classroom) presentCurrent() {
	s := c.w
	if v, ok := s.pane.Selected(); ok && c.present.on {
		c.presentVerdict(v)
	}
}

// presenterShortcut is F11, shown in the View menu; the key itself is
// handled by presenterKeys.
func presenterShortcut() fyne.Shortcut {
	return &desktop.CustomShortcut{KeyName: fyne.KeyF11}
}

// presenterItem is View ▸ Presenter.
func (c *classroom) presenterItem() *fyne.MenuItem {
	it := item(lang.X("presenter.menu", "Presenter"), presenterShortcut(), c.togglePresenter)
	it.Checked = c.present.on
	return it
}

// timelineItem is View ▸ Timeline of the Standard.
func (c *classroom) timelineItem() *fyne.MenuItem {
	it := fyne.NewMenuItem(lang.X("timeline.menu", "Timeline of the Standard"), func() { c.showTimeline(!c.present.timelineShown) })
	it.Checked = c.present.timelineShown
	return it
}

// presenterKeys lets F11 toggle presenter mode and Esc leave it, and F5
// ask the class the lesson's questions one at a time. Fyne
// calls this handler when no widget has the focus; the editors pass on the
// keys they do not use (editor.Editor.TypedKey), so both work while text is
// being edited. A focused Entry keeps them: in Fyne 2.7.1 a key without
// Ctrl, Alt or Super goes to the focused widget only.
func (c *classroom) presenterKeys() {
	s := c.w
	keys.SetWindowKey(s.win.Canvas(), func(ev *fyne.KeyEvent) {
		if dlg.HandleKey(s.win, ev) { // a dialog's keys are its own
			return
		}
		switch ev.Name {
		case fyne.KeyF10: // the menu bar, as Alt opens it
			c.host.toggleMenu()
		case fyne.KeyF11:
			c.togglePresenter()
		case fyne.KeyF5: // as a presentation starts: the lesson's questions for the class
			if c.item != nil && s.tabs.Selected() == c.item {
				c.lessons().AskClass()
			}
		case fyne.KeyEscape:
			if c.present.on {
				c.working(func() { c.setPresenter(false) })
			}
		}
	})
}

// togglePresenter is F11 and View ▸ Presenter: presenter mode on or off,
// the window saying it is working first (the switch lays out and draws the
// whole window again). Which way is decided when the switch runs, so two
// quick presses come back to where they started.
func (c *classroom) togglePresenter() {
	c.working(func() { c.setPresenter(!c.present.on) })
}

// working runs f once the window shows that it is under way.
func (c *classroom) working(f func()) {
	if c.host.working == nil {
		f()
		return
	}
	c.host.working(f)
}

// presenterSplit is the editor's share of the width in presenter mode: the
// class reads the results, the editor shows the lines they point at.
const presenterSplit = 0.34

// setPresenter enters or leaves presenter mode.
func (c *classroom) setPresenter(on bool) {
	s := c.w
	p := &c.present
	if on == p.on {
		return
	}
	defer c.host.traceStep(map[bool]string{true: "presenter-on", false: "presenter-off"}[on])()
	p.on = on
	if on {
		// Full screen first: Fyne lays the window out again on a theme
		// change (RescaleContext) and, out of full screen only, drops
		// every text's texture and refreshes the whole window a second
		// time. The zoom below then costs one walk, and leaves the
		// textures drawn at the other size for the next switch.
		s.win.SetFullScreen(true)
		p.zoomBefore = c.host.zoom()
		p.splitBefore = s.split.Offset
		c.presenterLayout()
		// Keys go to the window, so Esc leaves at once.
		s.win.Canvas().Unfocus()
	} else {
		s.lint.object().Show()
		c.presentPane(false)
		s.split.SetOffset(p.splitBefore)
	}
	// The editor is narrow and large in presenter mode: its lines wrap so
	// the back row reads them whole (the user's own choice comes back after).
	s.ed.SetWrap(on || s.app.Preferences().Bool(prefWrap))
	if c.tab != nil { // else lessons makes it large or not
		c.tab.SetLarge(on)
	}
	p.update()
	s.win.Content().Refresh()
	if on {
		// As large as still fits: setZoom stops at the largest step whose
		// layout fits the window, now that the layout is the compact one.
		c.host.setZoom(p.zoomBefore * presenterZoom / 100)
		if p.paneLater == nil {
			c.fitPresenterTable()
		}
	} else {
		c.host.setZoom(p.zoomBefore) // still full screen: see above
		s.win.SetFullScreen(false)
	}
	// The editor's lines are now wrapped (or not) at another size: bring
	// back the rule the selected result marks, which the class is to read
	// beside its explanation (the view followed the cursor, often line 1).
	c.host.showSelected()
	c.host.refreshMenus()
}

// presenterLayout hides what the class does not read: the Problems panel,
// the tester's crawler and path rows, its toggles and detail area (the
// large-type explanation replaces it); the editor gets narrower.
func (c *classroom) presenterLayout() {
	s := c.w
	s.lint.object().Hide()
	c.presentPane(true)
	if s.split != nil {
		s.split.SetOffset(presenterSplit)
	}
}

// presentPane tells the tester pane that presenter mode is on or off:
// now, if the editor's tab is in view, else when it next comes into view
// (paneInView). The pane lays its table out again and refreshes itself
// whole, a tenth of F11 with another tab in view, for nobody to see.
func (c *classroom) presentPane(on bool) {
	if c.host.editorInView != nil && !c.host.editorInView() {
		c.present.paneLater = &on
		return
	}
	c.present.paneLater = nil
	c.w.pane.SetPresenting(on)
}

// paneInView tells the tester pane, as its tab comes into view, what it
// missed of presenter mode, and fits the table for the class.
func (c *classroom) paneInView() {
	on := c.present.paneLater
	if on == nil {
		return
	}
	c.present.paneLater = nil
	c.w.pane.SetPresenting(*on)
	c.fitPresenterTable()
}

// fitPresenter zooms out, step by step, until the window's content fits
// again (after the timeline opened in presenter mode): a window whose
// content outgrows it grows past the screen and loses its menu bar.
func (c *classroom) fitPresenter() {
	s := c.w
	if !c.present.on {
		return
	}
	for !c.host.fits() {
		z := c.host.zoom()
		next := look.ZoomOut(z)
		if next >= z {
			return
		}
		c.host.applyZoom(next)
		s.app.Preferences().SetInt(prefZoom, next)
	}
}

// presenterMinSplit is the least share of the width the editor keeps in
// presenter mode: enough for the rule the class looks at.
const presenterMinSplit = 0.2

// fitPresenterTable gives the compare table the width its columns need in
// presenter mode (all eight readings, for a class): the editor
// narrows down to presenterMinSplit, then the zoom steps down until the
// columns fit.
func (c *classroom) fitPresenterTable() {
	s := c.w
	if !c.presenting() || s.split == nil {
		return
	}
	if !s.pane.Compare() {
		// One reading's table: the editor gives the table the width
		// thirty characters of the path need at presenter zoom (23 at
		// 1024×768 with the editor at its usual share), down to
		// presenterMinSplit and the editor's own least width (24
		// columns: a rule line whole); its long lines wrap, and it keeps
		// its height. Where that is not enough (1024×768) the deciding
		// line gives way (testerpane's normalColumns).
		width := s.win.Canvas().Size().Width
		if width <= 0 {
			return
		}
		need := s.pane.Figures().PathRoom
		share := 1 - float64((need+4*theme.Padding())/width)
		s.split.SetOffset(max(presenterMinSplit, min(presenterSplit, share)))
		// the pane's own margins, read off the laid-out table: the
		// editor gives what the table still lacks
		for range 2 {
			have, w := s.pane.Figures().TableWidth, s.split.Size().Width
			if short := need - have; short < 1 || w <= 0 || have <= 0 || s.split.Offset <= presenterMinSplit {
				break
			}
			s.split.SetOffset(max(presenterMinSplit, s.split.Offset-float64((need-have)/w)))
		}
		return
	}
	for {
		width := s.win.Canvas().Size().Width
		if width <= 0 {
			return
		}
		share := 1 - float64((s.pane.TableWidth()+4*theme.Padding())/width)
		if share >= presenterMinSplit {
			s.split.SetOffset(min(presenterSplit, share))
			return
		}
		z := c.host.zoom()
		next := look.ZoomOut(z)
		if next >= z || next < look.DefaultZoom {
			s.split.SetOffset(presenterMinSplit)
			return
		}
		c.host.applyZoom(next)
		s.app.Preferences().SetInt(prefZoom, next)
	}
}

// presenting reports whether presenter mode is on.
func (c *classroom) presenting() bool { return c.present.on }
