package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"github.com/robots-studio/robots-studio/ui/i18n"
	"github.com/robots-studio/robots-studio/ui/testerpane"
)

// languages offered in the View menu: code and the language's own name.
var languages = []struct{ code, name string }{
	{"en", "English"},
	{"ru", "Русский"},
	{"pl", "Polski"},
}

// setLanguage makes the window speak code; "" restores the system's
// language. It reloads the catalogues.
func setLanguage(code string) { i18n.Prefer(code) }

// currentLanguage is the two-letter code the window speaks: the View menu's
// choice, else the system's.
func currentLanguage(p fyne.Preferences) string {
	if code := p.String(prefLanguage); code != "" {
		return code
	}
	loc := string(lang.SystemLocale())
	if len(loc) >= 2 {
		return loc[:2]
	}
	return "en"
}

// focusPlace says where the focus is, so that a rebuilt window can put it
// back: editorFocus for the editor (which survives a rebuild), tableFocus
// for the tester's results table (its place in the order changes with the
// rows shown), else the focused widget's place in the window's focus order
// (Tab order), or -1.
func (v *viewSide) focusPlace() int {
	c := v.w.win.Canvas()
	orig := c.Focused()
	switch {
	case orig == nil:
		return -1
	case orig == fyne.Focusable(v.w.ed):
		return editorFocus
	case orig == v.w.pane.ResultsTable():
		return tableFocus
	}
	c.Unfocus()
	c.FocusNext()
	first := c.Focused()
	for i := 0; i < maxFocusWalk && c.Focused() != nil; i++ {
		if c.Focused() == orig {
			return i
		}
		c.FocusNext()
		if c.Focused() == first {
			break
		}
	}
	c.Focus(orig)
	return -1
}

// restoreFocus focuses what focusPlace described, in the rebuilt window.
func (v *viewSide) restoreFocus(place int) {
	c := v.w.win.Canvas()
	switch {
	case place == editorFocus:
		c.Focus(v.w.ed)
	case place == tableFocus:
		c.Focus(v.w.pane.ResultsTable())
	case place >= 0:
		c.Unfocus()
		for range place + 1 {
			c.FocusNext()
		}
	}
}

const (
	editorFocus  = -2
	tableFocus   = -3 // the tester's results table
	maxFocusWalk = 5000
)

// keepTabs is what the user did in every tab, kept across a rebuild of
// the window (a language switch): the Problems panel's and the tester's
// state, and each tab's own (tab.keep).
func (s *studio) keepTabs() tabStates {
	for _, t := range s.tabList {
		t.keep()
	}
	return tabStates{lint: s.lint.state(), pane: s.pane.State()}
}

// tabStates is what the window keeps of the Problems panel and the tester.
type tabStates struct {
	lint lintState
	pane testerpane.State
}

// restoreTabs hands each rebuilt tab its state; the pane's selection marks
// its rule in the editor again.
func (s *studio) restoreTabs(st tabStates) {
	if s.checks.lintDoc == s.ed.Document() {
		s.lint.set(s.checks.lintDoc, s.checks.diags) // the findings at once, not when lint runs again
	}
	s.lint.restore(st.lint)
	s.pane.Restore(st.pane)
	for _, t := range s.tabList {
		t.restore()
	}
}

// lintState is how the user left the Problems panel: open or collapsed,
// its height, the width of its list and the finding selected.
type lintState struct {
	open             bool
	offset, list     float64
	selected, member int
}

func (p *lintPanel) state() lintState {
	st := lintState{open: p.open, offset: p.offset, list: p.body.Offset, selected: p.selected, member: p.member}
	if p.open && p.split != nil {
		st.offset = p.split.Offset
	}
	return st
}

func (p *lintPanel) restore(st lintState) {
	p.offset = st.offset
	p.body.SetOffset(st.list)
	if st.open != p.open {
		p.toggle()
	} else if p.open && p.split != nil {
		p.split.SetOffset(st.offset)
	}
	if st.selected < 0 || st.selected >= len(p.diags) {
		return
	}
	// Selected again without jumping: the editor stays where it is. The
	// list has no size yet, so Select's scroll is undone.
	jump := p.list.OnSelected
	p.list.OnSelected = nil
	p.list.Select(st.selected)
	p.list.ScrollToTop()
	p.list.OnSelected = jump
	p.selected, p.member = st.selected, st.member
	p.showDetail()
}
