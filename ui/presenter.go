package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/engine"
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
	zoomBefore    int
	lessonText    string
	testerText    string
	fromLesson    bool // the lesson's reveal is newer than the tester's selection
	text          *widget.Label
	box           fyne.CanvasObject
}

// panel is the large-type explanation shown under the editor, in the lint
// panel's place, in presenter mode (built again with the window's content).
func (p *presenter) panel() fyne.CanvasObject {
	p.text = widget.NewLabel("")
	p.text.Wrapping = fyne.TextWrapWord
	p.text.SizeName = theme.SizeNameSubHeadingText
	scroll := container.NewVScroll(p.text)
	scroll.SetMinSize(fyne.NewSize(0, 180))
	p.box = container.NewVBox(widget.NewSeparator(), scroll)
	p.update()
	return p.box
}

func (p *presenter) update() {
	if p.text == nil {
		return
	}
	t := p.testerText
	if p.fromLesson || t == "" {
		t = p.lessonText
	}
	if t == "" {
		t = lang.X("presenter.hint", "Select a result in the tester, or reveal a lesson's question: its explanation shows here in large type.")
	}
	p.text.SetText(t)
	if p.on {
		p.box.Show()
	} else {
		p.box.Hide()
	}
}

// setLessonText is told the explanation of a revealed lesson question.
func (p *presenter) setLessonText(t string) {
	p.lessonText, p.fromLesson = t, true
	p.update()
}

// presentVerdict is told the result selected in the tester.
func (s *studio) presentVerdict(v engine.Verdict) {
	p := &s.class.present
	p.testerText = lang.X("presenter.verdict", "{{.Crawler}} → {{.Path}} ({{.Engine}}): {{.Word}}",
		map[string]any{"Crawler": v.Agent, "Path": v.URL, "Engine": engine.NameOf(v.Engine).String(), "Word": v.Word().String()}) +
		"\n" + v.ExplainAll()
	p.fromLesson = false
	p.update()
}

// presenterShortcut is F11, shown in the View menu; the key itself is
// handled by presenterKeys.
func presenterShortcut() fyne.Shortcut {
	return &desktop.CustomShortcut{KeyName: fyne.KeyF11}
}

// presenterItem is View ▸ Presenter.
func (s *studio) presenterItem() *fyne.MenuItem {
	it := item(lang.X("presenter.menu", "Presenter"), presenterShortcut(), func() { s.setPresenter(!s.class.present.on) })
	it.Checked = s.class.present.on
	return it
}

// timelineItem is View ▸ Timeline of the Standard.
func (s *studio) timelineItem() *fyne.MenuItem {
	it := fyne.NewMenuItem(lang.X("timeline.menu", "Timeline of the Standard"), func() { s.showTimeline(!s.class.present.timelineShown) })
	it.Checked = s.class.present.timelineShown
	return it
}

// presenterKeys lets F11 toggle presenter mode and Esc leave it. Fyne
// calls this handler when no widget has the focus; the editors pass on the
// keys they do not use (editor.Editor.TypedKey), so both work while text is
// being edited. A focused Entry keeps them: in Fyne 2.7.1 a key without
// Ctrl, Alt or Super goes to the focused widget only.
func (s *studio) presenterKeys() {
	s.win.Canvas().SetOnTypedKey(func(ev *fyne.KeyEvent) {
		switch ev.Name {
		case fyne.KeyF11:
			s.setPresenter(!s.class.present.on)
		case fyne.KeyEscape:
			if s.class.present.on {
				s.setPresenter(false)
			}
		}
	})
}

// setPresenter enters or leaves presenter mode.
func (s *studio) setPresenter(on bool) {
	p := &s.class.present
	if on == p.on {
		return
	}
	p.on = on
	if on {
		p.zoomBefore = s.zoom()
		s.setZoom(p.zoomBefore * presenterZoom / 100)
		s.lint.object().Hide()
		// Keys go to the window, so Esc leaves at once.
		s.win.Canvas().Unfocus()
	} else {
		s.setZoom(p.zoomBefore)
		s.lint.object().Show()
	}
	s.win.SetFullScreen(on)
	s.class.tab.SetLarge(on)
	p.update()
	s.win.Content().Refresh()
	s.win.SetMainMenu(s.menu())
}

// presenting reports whether presenter mode is on.
func (s *studio) presenting() bool { return s.class.present.on }
