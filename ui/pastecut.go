package ui

import (
	"fyne.io/fyne/v2/lang"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/ui/dlg"
)

// pasteCut says that a paste into a field was cut to what the field holds
// (keys.Entry's Max): how much, and that the clipboard still has it all.
func (dl *dialogs) pasteCut(max, left int) {
	text := lang.XN("window.paste_cut.text",
		"This field holds at most {{.Max}} characters, so {{.Count}} characters of the pasted text were left out. The clipboard still holds all of it.",
		left, map[string]any{"Max": max, "Count": left})
	dlg.Custom(lang.X("window.paste_cut.title", "Pasted text cut"), lang.X("help.close", "Close"), newWrappedLabel(text), dl.win)
}

// tellPasteCuts makes every field of the window say when a paste was cut.
func (dl *dialogs) tellPasteCuts() {
	keys.TooLong = func(_ *keys.Entry, max, left int) { dl.pasteCut(max, left) }
}
