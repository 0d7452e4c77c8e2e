package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
)

// wrapItem is View ▸ Word Wrap, a remembered toggle for the editor.
func (x *viewSide) wrapItem() *fyne.MenuItem {
	s := x.s
	it := fyne.NewMenuItem(lang.X("editor.menu.wrap", "Word Wrap"), nil)
	it.Checked = s.ed.Wrap()
	it.Action = func() {
		s.view.setWrap(!s.ed.Wrap())
	}
	return it
}

// setWrap turns the editor's word wrap on or off and remembers it.
func (x *viewSide) setWrap(on bool) {
	s := x.s
	s.ed.SetWrap(on)
	s.app.Preferences().SetBool(prefWrap, on)
	s.win.SetMainMenu(s.menu())
}
