package editor

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/msg"
)

// TappedSecondary opens the context menu: the messages of the marks on the
// clicked line (lint findings, the deciding rule), then the editing commands.
func (e *Editor) TappedSecondary(ev *fyne.PointEvent) {
	e.host.focus()
	c := fyne.CurrentApp().Driver().CanvasForObject(e)
	if c == nil {
		return
	}
	m := newContextMenu(e, ev.Position, func(text string) { showMessage(c, e.MessageView, text, ev.AbsolutePosition) })
	widget.ShowPopUpMenuAtPosition(m, c, ev.AbsolutePosition)
}

// showMessage shows a mark's whole message, wrapped, at pos: in the
// widget view (the editor's MessageView) makes, else in a label without
// the backticks that mark code.
func showMessage(c fyne.Canvas, view func(string) fyne.CanvasObject, text string, pos fyne.Position) {
	var l fyne.CanvasObject
	if view != nil {
		l = view(text)
	} else {
		lb := widget.NewLabel(msg.Plain(text))
		lb.Wrapping = fyne.TextWrapWord
		l = lb
	}
	p := widget.NewPopUp(l, c)
	p.ShowAtPosition(pos)
	// A wrapped label knows its height only once it has a width.
	l.Resize(fyne.NewSize(480, l.MinSize().Height))
	p.Resize(fyne.NewSize(480, l.MinSize().Height+theme.Padding()*2))
}

// menuLabelRunes is how much of a mark's message a menu item shows; the
// item opens the whole message.
const menuLabelRunes = 72

// newContextMenu builds e's menu for a right click at pos; choosing a
// mark's message calls show with the whole message.
func newContextMenu(e *Editor, pos fyne.Position, show func(message string)) *fyne.Menu {
	var items []*fyne.MenuItem
	line := 0 // below the last line: no line's findings
	if row, _ := e.vp.pointAt(pos); row >= 0 && row < len(e.buf.doc.Lines) {
		line = row + 1
	}
	for _, m := range e.marks.on(line) {
		if m.Message == "" {
			continue
		}
		label, full := msg.Plain(m.Message), m.Message
		if r := []rune(label); len(r) > menuLabelRunes {
			label = string(r[:menuLabelRunes-1]) + "…"
		}
		items = append(items, fyne.NewMenuItem(label, func() { show(full) }))
	}
	if len(items) > 0 {
		items = append(items, fyne.NewMenuItemSeparator())
	}
	start, end := e.Selection()
	selected := start != end
	add := func(label string, enabled bool, action func()) {
		it := fyne.NewMenuItem(label, action)
		it.Disabled = !enabled
		items = append(items, it)
	}
	add(lang.X("editor.menu.undo", "Undo"), e.CanUndo(), e.edits.undo)
	add(lang.X("editor.menu.redo", "Redo"), e.edits.canRedo(), e.edits.redo)
	items = append(items, fyne.NewMenuItemSeparator())
	add(lang.X("editor.menu.cut", "Cut"), selected, e.Cut)
	add(lang.X("editor.menu.copy", "Copy"), selected, e.Copy)
	add(lang.X("editor.menu.paste", "Paste"), true, e.Paste)
	add(lang.X("editor.menu.selectall", "Select All"), true, e.sel.selectAll)
	items = append(items, fyne.NewMenuItemSeparator())
	add(lang.X("editor.menu.find", "Find…"), true, func() { e.bars.showFind(false) })
	add(lang.X("editor.menu.goto", "Go to Line…"), true, e.bars.showGoTo)
	return fyne.NewMenu("", items...)
}
