package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
)

// wrapItem is View ▸ Word Wrap, a remembered toggle for the editor.
func (v *viewSide) wrapItem() *fyne.MenuItem {
	it := fyne.NewMenuItem(lang.X("editor.menu.wrap", "Word Wrap"), nil)
	it.Checked = v.w.ed.Wrap()
	it.Action = func() {
		v.setWrap(!v.w.ed.Wrap())
	}
	return it
}

// setWrap turns the editor's word wrap on or off and remembers it.
func (v *viewSide) setWrap(on bool) {
	v.w.ed.SetWrap(on)
	v.w.app.Preferences().SetBool(prefWrap, on)
	v.menuChanged()
}
