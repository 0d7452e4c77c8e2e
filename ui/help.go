package ui

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/internal/version"
	"github.com/robots-studio/robots-studio/ui/dlg"
	"github.com/robots-studio/robots-studio/ui/webfile"
)

func (dl *dialogs) showAbout() {
	text := lang.X("help.about.text", "Robots Studio {{.Version}}\n\nWrite a robots.txt and see, for every crawler and URL, whether it may be fetched, which group and which rule decided, and why — as Google, RFC 9309, Yandex, Bing, the 1996 draft, the Lycos 1996 revision, the 1994 original and temoto/robotstxt (the Go library many Go crawlers use) read it.",
		map[string]any{"Version": version.String()})
	dlg.Custom(lang.X("help.about.title", "About Robots Studio"), lang.X("help.close", "Close"),
		container.NewVBox(widget.NewIcon(dl.win.Icon()), newWrappedLabel(text)), dl.win)
}

func (dl *dialogs) showShortcuts() {
	rows := [][2]string{
		{"Ctrl+N / Ctrl+O / Ctrl+S", lang.X("help.keys.files", "new, open, save file")},
		{"Ctrl+Shift+S", lang.X("help.keys.saveas", "save as")},
		{"Ctrl+Z / Ctrl+Y, Ctrl+Shift+Z", lang.X("help.keys.undo", "undo / redo")},
		{"Ctrl+X / Ctrl+C / Ctrl+V", lang.X("help.keys.clipboard", "cut, copy, paste")},
		{"Ctrl+A", lang.X("help.keys.selectall", "select all")},
		{"Ctrl+F / Ctrl+H", lang.X("help.keys.find", "find / replace")},
		{"Ctrl+G", lang.X("help.keys.goto", "go to line")},
		{"Ctrl+← / Ctrl+→", lang.X("help.keys.words", "move by word")},
		{"Ctrl+Home / Ctrl+End", lang.X("help.keys.ends", "start / end of file")},
		{lang.X("help.keys.select_how", "Shift+arrows, drag"), lang.X("help.keys.select", "select text")},
		{"Ctrl+Shift+O", lang.X("help.keys.openpath", "open a path you type")},
		{"Ctrl+Shift+A / Ctrl+Shift+P", lang.X("help.keys.rows", "add a crawler row / a path row")},
		{"Enter", lang.X("help.keys.enter", "in a crawler or path row: go on to a new row below")},
		{"Ctrl+Shift+E", lang.X("help.keys.compare", "compare all engines on / off")},
		{"Ctrl+= / Ctrl+- / Ctrl+0", lang.X("help.keys.zoom", "larger / smaller / actual size")},
		{"F11", lang.X("help.keys.presenter", "presenter mode on / off (Esc leaves)")},
		{"F5", lang.X("help.keys.class", "in the Lessons tab: the questions one at a time for a class (A / B answer, Enter reveals, Esc leaves)")},
		{"Ctrl+PgDn / Ctrl+PgUp", lang.X("help.keys.tabs", "next / previous tab")},
		{"Tab / Shift+Tab", lang.X("help.keys.focus", "next / previous control")},
		{"← / →, Home / End", lang.X("help.keys.subtabs", "on a strip of tabs inside a tab (reached with Tab, outlined): previous / next tab, first / last")},
		{"Ctrl+Tab / Ctrl+Shift+Tab", lang.X("help.keys.leave_editor", "in the editor and in fields of several lines (where Tab is text): next / previous control")},
		{"Esc / Enter", lang.X("help.keys.dialog", "in a dialog: cancel / the highlighted button, or the button that has the keyboard")},
		{"Ctrl+Q", lang.X("help.keys.quit", "quit")},
	}
	rows = append(rows, dl.menuKeysHelp()...)
	if webfile.Enabled {
		// The page has no Quit and no typed paths, and the browser keeps
		// Ctrl+Page Up/Down for its own tabs.
		rows = slices.DeleteFunc(rows, func(r [2]string) bool {
			return r[0] == "Ctrl+Q" || r[0] == "Ctrl+Shift+O" || r[0] == "Ctrl+PgDn / Ctrl+PgUp"
		})
	}
	grid := container.NewGridWithColumns(2)
	for _, r := range rows {
		k := widget.NewLabel(r[0])
		k.TextStyle = fyne.TextStyle{Monospace: true}
		grid.Add(k)
		grid.Add(widget.NewLabel(r[1]))
	}
	// The list scrolls when the window is too low for all of it, by the
	// keyboard too (Tab to it, then the arrows).
	h := grid.MinSize().Height
	if wh := dl.win.Canvas().Size().Height * 0.7; wh > 0 && h > wh {
		h = wh
	}
	scroll := dlg.NewScroll(grid, h)
	dlg.Custom(lang.X("help.keys.title", "Keyboard Shortcuts"), lang.X("help.close", "Close"), scroll, dl.win)
}
