package testerpane

import (
	"slices"
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
)

// rowEntry is a one-line entry that turns a multi-line paste into several
// rows instead of squashing the lines into one. Its keys, and so its
// OnChanged and OnSubmitted, run on the UI goroutine (keys.Entry).
type rowEntry struct {
	keys.Entry
	onPasteLines func(lines []string)
	onFocus      func() // scrolls the row into the rows' view
	refreshed    int    // refreshes from outside (containers): a refresh draws it
}

// Refresh counts the refreshes its containers pass on: a refresh makes a
// row's renderer, and a paste of 500 rows must make only those in sight.
func (e *rowEntry) Refresh() {
	e.refreshed++
	e.Entry.Refresh()
}

// FocusGained brings the row into sight: Tab into a row below the view
// left the keyboard in a row no one could see.
func (e *rowEntry) FocusGained() {
	e.Entry.FocusGained()
	if e.onFocus != nil {
		e.onFocus()
	}
}

// rowButton is a row's button (pick from the catalogue, remove) that
// brings its row into sight when Tab reaches it, as the row's entry does.
type rowButton struct {
	widget.Button
	onFocus func()
}

func newRowButton(icon fyne.Resource, tapped func(), onFocus func()) *rowButton {
	b := &rowButton{onFocus: onFocus}
	b.Icon = icon
	b.OnTapped = tapped
	b.Importance = widget.LowImportance
	b.ExtendBaseWidget(b)
	return b
}

func (b *rowButton) FocusGained() {
	b.Button.FocusGained()
	b.onFocus()
}

// maxRow is the most characters a crawler or path row holds (its shown
// line breaks count too): twice the 4 KB paths the slow-path tests use,
// four times the 2,048 the sitemaps protocol allows a URL. A longer paste
// is cut and the window says so (keys.TooLong).
const maxRow = 8192

func newRowEntry() *rowEntry {
	e := &rowEntry{}
	e.Max = maxRow
	e.OnKey = e.typedKey
	e.OnPaste = e.pasted
	e.ExtendBaseWidget(e)
	return e
}

// A long row is shown in lines of rowLine characters. One line of text is
// drawn as one texture, and a few thousand characters are wider than a
// graphics card's largest: a 4 KB path showed as a black box. Fyne's own
// wrapping of such a line took seconds, so the entry shows the text with
// line breaks of its own, which are never part of the row's value.
const (
	longRow = 512
	rowLine = 128
)

// chunked puts a line break after every rowLine characters of a long row.
func chunked(text string) string {
	if len(text) <= longRow {
		return text
	}
	var b strings.Builder
	n := 0
	for _, r := range text {
		if n == rowLine {
			b.WriteByte('\n')
			n = 0
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}

// rowValue is a row's text without the display line breaks.
func rowValue(shown string) string {
	return strings.ReplaceAll(strings.ReplaceAll(shown, "\r", ""), "\n", "")
}

// setRowText shows text, in lines when it is long.
func (e *rowEntry) setRowText(text string) {
	e.fitText(text)
	e.SetText(chunked(text))
}

// initRowText is setRowText for an entry never drawn: its fields are set
// and nothing is refreshed (a refresh would make its renderer now, before
// it is in sight).
func (e *rowEntry) initRowText(text string) {
	if len(text) > longRow {
		e.MultiLine = true
		e.Wrapping = fyne.TextWrap(fyne.TextTruncateClip)
	}
	e.Text = chunked(text)
}

// fitText makes the entry multi-line for a long row, single-line otherwise.
func (e *rowEntry) fitText(text string) {
	long := len(text) > longRow
	if long == e.MultiLine {
		return
	}
	e.MultiLine = long
	e.Wrapping = fyne.TextWrap(fyne.TextTruncateClip)
	e.Refresh()
}

// rechunk runs after an edit: it re-flows a long row's display lines (or
// joins a row that became short) and keeps the cursor on the same character.
// It returns the row's value.
func (e *rowEntry) rechunk(shown string) string {
	value := rowValue(shown)
	want := chunked(value)
	if want == shown && (len(value) > longRow) == e.MultiLine {
		return value
	}
	// The cursor as a character offset into the value.
	at, row := 0, 0
	for _, line := range strings.Split(shown, "\n") {
		if row == e.CursorRow {
			at += min(e.CursorColumn, len([]rune(line)))
			break
		}
		at += len([]rune(line))
		row++
	}
	e.fitText(value)
	e.SetText(want)
	if e.MultiLine {
		e.CursorRow, e.CursorColumn = at/rowLine, at%rowLine
		if at > 0 && at%rowLine == 0 {
			e.CursorRow, e.CursorColumn = at/rowLine-1, rowLine
		}
	} else {
		e.CursorRow, e.CursorColumn = 0, at
	}
	e.Refresh()
	return value
}

// typedKey keeps a long row one value: Return does not break it.
func (e *rowEntry) typedKey(k *fyne.KeyEvent) bool {
	return e.MultiLine && (k.Name == fyne.KeyReturn || k.Name == fyne.KeyEnter)
}

// pasted turns a paste of several lines into rows.
func (e *rowEntry) pasted(text string) bool {
	if e.onPasteLines == nil {
		return false
	}
	if lines := splitLines(text); len(lines) > 1 {
		left := 0
		for i, l := range lines {
			if n := utf8.RuneCountInString(l); n > maxRow {
				lines[i] = keys.CutRunes(l, maxRow)
				left += n - maxRow
			}
		}
		if left > 0 && keys.TooLong != nil {
			keys.TooLong(&e.Entry, maxRow, left)
		}
		e.onPasteLines(lines)
		return true
	}
	return false
}

// splitLines returns the non-blank lines of s, trimmed.
func splitLines(s string) []string {
	var out []string
	for _, l := range strings.FieldsFunc(s, func(r rune) bool { return r == '\n' || r == '\r' }) {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// rowInput is the crawler and path rows the user types, pastes and picks
// from the catalogue, shown as rows of entries or as a text box per list.
// The rows themselves live in the pane's test set; rowInput edits them and
// tells the pane (rowsChanged).
type rowInput struct {
	*paneState
	ui          *paneUI         // the rows' boxes, their scroll, the fold
	rowsChanged func(user bool) // a row changed: the results follow

	text          [2]rowText     // each row list's text box (rowtext.go)
	lastCatalogue *catalogueView // the picker last opened (tests drive it)
}

// rowKind tells the two row lists apart.
type rowKind int

const (
	crawlerRows rowKind = iota
	pathRows
)

func (in *rowInput) rows(k rowKind) *[]string {
	if k == crawlerRows {
		return &in.set.Crawlers
	}
	return &in.set.Paths
}

func (in *rowInput) box(k rowKind) *fyne.Container {
	if k == crawlerRows {
		return in.ui.crawlerBox
	}
	return in.ui.pathBox
}

// addButtons are a row list's add buttons; they stay under the scrolled
// rows, so a small window never hides them.
func addButtons(add string, onAdd func(), extra string, onExtra func()) []fyne.CanvasObject {
	buttons := []fyne.CanvasObject{widget.NewButtonWithIcon(add, theme.ContentAddIcon(), onAdd)}
	if onExtra != nil {
		buttons = append(buttons, widget.NewButtonWithIcon(extra, theme.SearchIcon(), onExtra))
	}
	return buttons
}

// buildRows recreates the row entries from the test set; typing only
// updates the set, so this runs when rows are added or removed.
func (in *rowInput) buildRows() {
	in.buildRowsOf(crawlerRows, pathRows)
}

// buildRowsOf makes the rows of the kinds named anew (a paste of paths
// leaves the crawler rows as they are). The new rows are laid out and
// drawn, not refreshed: they have never been drawn, and a refresh of
// every row would make each one's renderer at once (relayout).
func (in *rowInput) buildRowsOf(kinds ...rowKind) {
	for _, k := range kinds {
		box := in.box(k)
		objs := make([]fyne.CanvasObject, 0, len(*in.rows(k)))
		for i, text := range *in.rows(k) {
			o := in.rowWidget(k, i, text)
			if i >= alwaysShown {
				o.Hide() // shown as the view comes near (updateRowWindow)
			}
			objs = append(objs, o)
		}
		box.Objects = objs // one layout, not one per row
		relayout(box)
		in.fillText(k)
	}
	in.updateRowWindow()
}

func (in *rowInput) rowWidget(k rowKind, i int, text string) fyne.CanvasObject {
	e := newRowEntry()
	if k == crawlerRows {
		e.SetPlaceHolder(lang.X("testerpane.crawler_placeholder", "e.g. Googlebot"))
	} else {
		e.SetPlaceHolder(lang.X("testerpane.path_placeholder", "/path or https://host/path"))
	}
	e.initRowText(text)
	changing := false
	// live: the rows are rebuilt after a paste, a removal or an added row;
	// an entry that is no longer shown (one that still held the focus)
	// must never change what is tested.
	live := func() bool {
		box := in.box(k)
		return i < len(box.Objects) && in.entry(k, i) == e
	}
	e.OnChanged = func(s string) {
		if changing || !live() {
			return
		}
		changing = true
		value := e.rechunk(s)
		changing = false
		in.editRow(k, i, value)
	}
	e.onPasteLines = func(lines []string) {
		if live() {
			in.pasteRows(k, i, lines)
		}
	}
	e.OnSubmitted = func(string) {
		if live() {
			in.nextRow(k, i)
		}
	}
	reveal := func() {
		if live() {
			in.revealRow(k, i)
		}
	}
	e.onFocus = reveal
	remove := newRowButton(theme.DeleteIcon(), func() { in.removeRow(k, i) }, reveal)
	right := container.NewHBox(remove)
	if k == crawlerRows {
		pick := newRowButton(theme.SearchIcon(), nil, reveal)
		pick.OnTapped = func() {
			in.showCatalogue(pick, false, func(token string) int { e.setRowText(token); return 1 })
		}
		right.Objects = append([]fyne.CanvasObject{pick}, right.Objects...)
	}
	return container.NewBorder(nil, nil, nil, right, e)
}

// entry returns the entry of row i (for tests and focus).
func (in *rowInput) entry(k rowKind, i int) *rowEntry {
	return in.box(k).Objects[i].(*fyne.Container).Objects[0].(*rowEntry)
}

// usedElsewhere reports whether another row than i holds value.
func (in *rowInput) usedElsewhere(k rowKind, i int, value string) bool {
	for j, v := range *in.rows(k) {
		if j != i && v == value {
			return true
		}
	}
	return false
}

// editRow follows typing in row i; the row's expectations follow its text.
func (in *rowInput) editRow(k rowKind, i int, text string) {
	rows := *in.rows(k)
	if i >= len(rows) || rows[i] == text {
		return
	}
	old := rows[i]
	rows[i] = text
	if old != "" && !in.usedElsewhere(k, i, old) {
		if k == crawlerRows {
			in.set.RenameCrawler(old, text)
		} else {
			in.set.RenamePath(old, text)
		}
	}
	in.rowsChanged(true)
}

// pasteRows puts pasted lines into rows: the first into row i when it is
// empty, the rest into new rows right after it.
// The focus moves to the last pasted row, the cursor at its end, so what
// is typed next goes where the user sees it.
func (in *rowInput) pasteRows(k rowKind, i int, lines []string) {
	defer trace(in.paneState, "paste")()
	rows := in.rows(k)
	if (*rows)[i] == "" {
		(*rows)[i] = lines[0]
		lines = lines[1:]
	}
	*rows = slices.Insert(*rows, i+1, lines...)
	in.buildRowsOf(k)
	in.rowsChanged(true)
	last := i + len(lines)
	in.focusRow(k, last)
	e := in.entry(k, last)
	e.CursorRow, e.CursorColumn = 0, len([]rune(e.Text))
	if e.MultiLine {
		shown := strings.Split(e.Text, "\n")
		e.CursorRow, e.CursorColumn = len(shown)-1, len([]rune(shown[len(shown)-1]))
	}
	e.Refresh()
}

// addRow appends a row with text and focuses it.
func (in *rowInput) addRow(k rowKind, text string) {
	rows := in.rows(k)
	*rows = append(*rows, text)
	in.buildRowsOf(k)
	in.rowsChanged(text != "")
	in.focusRow(k, len(*rows)-1)
}

// nextRow follows Enter in row i: the focus moves to an empty row right
// after it, which is added when there is none, so typing a name, Enter, and
// the next name gives two rows.
func (in *rowInput) nextRow(k rowKind, i int) {
	rows := in.rows(k)
	if i+1 < len(*rows) && (*rows)[i+1] == "" {
		in.focusRow(k, i+1)
		return
	}
	*rows = slices.Insert(*rows, i+1, "")
	in.buildRowsOf(k)
	in.focusRow(k, i+1)
}

func (in *rowInput) focusRow(k rowKind, i int) {
	in.ui.fold.set(false) // a row to type in is a row in sight
	if in.text[k].on {
		in.focusText(k)
		return
	}
	in.revealRow(k, i)
	if in.win != nil {
		in.win.Canvas().Focus(in.entry(k, i))
	}
}

func (in *rowInput) addCrawlerRow() {
	in.addRow(crawlerRows, "")
}
func (in *rowInput) addPathRow() {
	in.addRow(pathRows, "")
}

// addFromCatalogue adds a crawler row with a token picked from the catalogue.
// It stays open for several picks; each lands in view (the rows scroll
// to it) and the picker says what it added.
func (in *rowInput) addFromCatalogue() {
	in.showCatalogue(nil, true, func(token string) int {
		n := in.addCrawlers([]string{token})
		if n > 0 {
			in.revealRow(crawlerRows, len(*in.rows(crawlerRows))-1)
		}
		return n
	})
}

// addCrawlers adds a crawler row for each token not already in a row (the
// picker's "add all of this purpose"), filling an empty last row first.
// It returns how many it added.
func (in *rowInput) addCrawlers(tokens []string) int {
	rows := in.rows(crawlerRows)
	have := map[string]bool{}
	for _, r := range *rows {
		have[r] = true
	}
	added := 0
	for _, t := range tokens {
		if have[t] {
			continue
		}
		have[t] = true
		if n := len(*rows); n > 0 && (*rows)[n-1] == "" {
			(*rows)[n-1] = t
		} else {
			*rows = append(*rows, t)
		}
		added++
	}
	if added > 0 {
		in.buildRowsOf(crawlerRows)
		in.rowsChanged(true)
	}
	return added
}

// removeRow deletes row i with its expectations (unless another row shows
// the same text). The last row is emptied rather than removed, so there is
// always a place to type.
func (in *rowInput) removeRow(k rowKind, i int) {
	rows := in.rows(k)
	if i >= len(*rows) {
		return
	}
	old := (*rows)[i]
	if old != "" && !in.usedElsewhere(k, i, old) {
		if k == crawlerRows {
			in.set.DropCrawler(old)
		} else {
			in.set.DropPath(old)
		}
	}
	*rows = slices.Delete(*rows, i, i+1)
	in.ensureEmptyRows()
	in.buildRows() // an empty row may come back in either list
	in.rowsChanged(true)
}

// AddCrawler focuses an empty crawler row, adding one if there is none, so
// a keyboard user can type a crawler name at once.
func (p *Pane) AddCrawler() { p.input.focusEmptyRow(crawlerRows) }

// AddPath focuses an empty path row, adding one if there is none.
func (p *Pane) AddPath() { p.input.focusEmptyRow(pathRows) }

func (in *rowInput) focusEmptyRow(k rowKind) {
	in.ui.fold.set(false)
	if in.text[k].on {
		in.focusText(k)
		return
	}
	rows := in.rows(k)
	for i, r := range *rows {
		if r == "" {
			in.focusRow(k, i)
			return
		}
	}
	in.addRow(k, "")
}
