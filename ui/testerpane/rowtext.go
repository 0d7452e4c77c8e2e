package testerpane

import (
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
)

// rowText is a row list shown as one text box, a crawler or a path per
// line, as Yandex's tester takes them: twenty names are typed, pasted or
// corrected there faster than in twenty fields, and all of them are in
// sight. The rows stay the one model; the box is another view of them.
type rowText struct {
	on      bool
	entry   *keys.Entry
	toggle  *widget.Button
	syncing bool // the box is being filled from the rows
}

// textMinRows is how many lines the box shows at least; the split above
// the results makes it taller.
const textMinRows = 6

// rowSection is a titled list of rows, with the switch between the rows
// and the text box.
func (in *rowInput) rowSection(k rowKind, title string, box *fyne.Container) fyne.CanvasObject {
	rt := &in.text[k]
	rt.entry = keys.NewMultiLineEntry()
	rt.entry.Wrapping = fyne.TextWrapOff
	rt.entry.SetMinRowsVisible(textMinRows)
	if k == crawlerRows {
		rt.entry.SetPlaceHolder(lang.X("testerpane.text.crawlers_placeholder", "One crawler per line"))
	} else {
		rt.entry.SetPlaceHolder(lang.X("testerpane.text.paths_placeholder", "One path or URL per line"))
	}
	rt.entry.OnChanged = func(s string) {
		if !rt.syncing {
			in.setRowsFromText(k, s)
		}
	}
	rt.entry.Hide()
	rt.toggle = widget.NewButtonWithIcon(lang.X("testerpane.text.show", "As text"), theme.DocumentIcon(), func() { in.setAsText(k, !rt.on) })
	rt.toggle.Importance = widget.LowImportance
	heading := widget.NewLabelWithStyle(title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	return container.NewVBox(container.NewBorder(nil, nil, heading, rt.toggle), container.NewStack(box, rt.entry))
}

// setAsText shows list k as a text box (on) or as rows.
func (in *rowInput) setAsText(k rowKind, on bool) {
	rt := &in.text[k]
	if rt.entry == nil || rt.on == on {
		return
	}
	rt.on = on
	if on {
		in.fillText(k)
		in.box(k).Hide()
		rt.entry.Show()
		rt.toggle.SetText(lang.X("testerpane.text.hide", "As rows"))
		rt.toggle.SetIcon(theme.ListIcon())
		if in.win != nil {
			in.win.Canvas().Focus(rt.entry)
		}
	} else {
		rt.entry.Hide()
		in.ensureEmptyRows()
		in.buildRows()
		in.box(k).Show()
		rt.toggle.SetText(lang.X("testerpane.text.show", "As text"))
		rt.toggle.SetIcon(theme.DocumentIcon())
	}
}

// fillText puts list k's rows into its text box, one per line.
func (in *rowInput) fillText(k rowKind) {
	rt := &in.text[k]
	if rt.entry == nil || !rt.on {
		return
	}
	var lines []string
	for _, r := range *in.rows(k) {
		if r != "" {
			lines = append(lines, r)
		}
	}
	text := strings.Join(lines, "\n")
	if rowValueLines(rt.entry.Text) == text {
		return // what the box says already (blank lines and spaces aside)
	}
	rt.syncing = true
	rt.entry.SetText(text)
	rt.syncing = false
}

// rowValueLines is a text box's rows as fillText writes them.
func rowValueLines(s string) string { return strings.Join(splitLines(s), "\n") }

// setRowsFromText follows an edit in list k's text box. A line changed in
// place renames its row, so the row's expectations follow it, as typing in
// a row does; a row whose line is gone takes its expectations with it.
func (in *rowInput) setRowsFromText(k rowKind, s string) {
	lines := splitLines(s)
	rows := in.rows(k)
	var old []string
	for _, r := range *rows {
		if r != "" {
			old = append(old, r)
		}
	}
	if slices.Equal(old, lines) {
		return
	}
	if len(old) == len(lines) {
		for i := range old {
			if old[i] != lines[i] && !slices.Contains(lines, old[i]) && !slices.Contains(old, lines[i]) {
				if k == crawlerRows {
					in.set.RenameCrawler(old[i], lines[i])
				} else {
					in.set.RenamePath(old[i], lines[i])
				}
			}
		}
	}
	for _, o := range old {
		if !slices.Contains(lines, o) {
			if k == crawlerRows {
				in.set.DropCrawler(o)
			} else {
				in.set.DropPath(o)
			}
		}
	}
	*rows = lines
	in.ensureEmptyRows()
	in.buildRows()
	in.rowsChanged(true)
}

// focusText puts the cursor on a new line at the end of list k's text box,
// where Add crawler or Add path lets the user type.
func (in *rowInput) focusText(k rowKind) {
	rt := &in.text[k]
	if t := rt.entry.Text; t != "" && !strings.HasSuffix(t, "\n") {
		rt.syncing = true
		rt.entry.SetText(t + "\n")
		rt.syncing = false
	}
	lines := strings.Split(rt.entry.Text, "\n")
	rt.entry.CursorRow, rt.entry.CursorColumn = len(lines)-1, 0
	rt.entry.Refresh()
	if in.win != nil {
		in.win.Canvas().Focus(rt.entry)
	}
}
