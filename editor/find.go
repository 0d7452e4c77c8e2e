package editor

import (
	"bytes"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// barEntry is a one-line entry that reports Escape, so a bar closes from
// the keyboard and the editor gets the focus back. Its keys run on the UI
// goroutine (keys.Entry).
type barEntry struct {
	keys.Entry
}

func newBarEntry(onEscape func()) *barEntry {
	b := &barEntry{}
	b.Max = keys.MaxOneLine
	b.OnKey = func(ev *fyne.KeyEvent) bool {
		if ev.Name == fyne.KeyEscape {
			onEscape()
			return true
		}
		return false
	}
	b.ExtendBaseWidget(b)
	return b
}

// barButton is a bar's button that closes the bar on Esc, as the bar's
// entries do: Tab from the search text to an arrow, then Esc, left the bar
// open. Enter presses it (keys.Button).
type barButton struct {
	keys.Button
	onEscape func()
}

func newBarButton(label string, icon fyne.Resource, tapped, onEscape func()) *barButton {
	b := &barButton{onEscape: onEscape}
	b.Text, b.Icon, b.OnTapped = label, icon, tapped
	b.ExtendBaseWidget(b)
	return b
}

func (b *barButton) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape {
		keys.Run(b.onEscape)
		return
	}
	b.Button.TypedKey(k)
}

// barCheck is a bar's check box that closes the bar on Esc.
type barCheck struct {
	widget.Check
	onEscape func()
}

func newBarCheck(label string, changed func(bool), onEscape func()) *barCheck {
	c := &barCheck{onEscape: onEscape}
	c.Text, c.OnChanged = label, changed
	c.ExtendBaseWidget(c)
	return c
}

func (c *barCheck) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape {
		keys.Run(c.onEscape)
		return
	}
	c.Check.TypedKey(k)
}

// findBar is the Find / Replace bar shown above the text. It reads the
// text and the selection, selects what it finds and replaces through
// edits.
type findBar struct {
	buf        *buffer
	sel        *selection
	edits      *edits
	host       *host
	box        *fyne.Container
	replaceRow *fyne.Container
	what, with *barEntry
	matchCase  *barCheck
	count      *widget.Label
	visible    bool
	total      int
	matches    [][2]int // every match, recounted once per edit while shown
}

func newFindBar(buf *buffer, sel *selection, ed *edits, h *host, hide func()) *findBar {
	f := &findBar{buf: buf, sel: sel, edits: ed, host: h}
	f.what = newBarEntry(hide)
	f.what.SetPlaceHolder(lang.X("editor.find.placeholder", "Find"))
	f.what.OnChanged = func(string) { f.recount(); f.findNext(1, true) }
	f.what.OnSubmitted = func(string) { f.findNext(1, false) }
	f.with = newBarEntry(hide)
	f.with.SetPlaceHolder(lang.X("editor.replace.placeholder", "Replace with"))
	f.with.OnSubmitted = func(string) { f.replaceOne() }
	f.matchCase = newBarCheck(lang.X("editor.find.case", "Match case"), func(bool) { f.recount(); f.host.refresh() }, hide)
	f.count = widget.NewLabel("")
	prev := newBarButton("", theme.MoveUpIcon(), func() { f.findNext(-1, false) }, hide)
	next := newBarButton("", theme.MoveDownIcon(), func() { f.findNext(1, false) }, hide)
	closeBtn := newBarButton("", theme.CancelIcon(), hide, hide)
	findRow := container.NewBorder(nil, nil, nil,
		container.NewHBox(f.count, prev, next, f.matchCase, closeBtn), f.what)
	f.replaceRow = container.NewBorder(nil, nil, nil, container.NewHBox(
		newBarButton(lang.X("editor.replace.one", "Replace"), nil, f.replaceOne, hide),
		newBarButton(lang.X("editor.replace.all", "Replace all"), nil, f.replaceAll, hide)), f.with)
	f.box = container.NewVBox(findRow, f.replaceRow)
	return f
}

// query is the text searched for, nil when the bar is hidden or empty.
func (f *findBar) query() []byte {
	if !f.visible || f.what.Text == "" {
		return nil
	}
	return []byte(f.what.Text)
}

// index finds q in s from the start, honouring Match case.
func (f *findBar) index(s, q []byte) int {
	if f.matchCase.Checked {
		return bytes.Index(s, q)
	}
	return indexFold(s, q)
}

// indexFold is a case-insensitive bytes.Index. Candidates must have the same
// byte length as the query; that misses a few exotic case pairs (ſ/s) but
// keeps offsets exact, which replace needs.
func indexFold(s, q []byte) int {
	if len(q) == 0 || len(q) > len(s) {
		return -1
	}
	r0, _ := utf8.DecodeRune(q)
	lo, up := bytes.ToLower(q[:1]), bytes.ToUpper(q[:1])
	ascii := r0 < utf8.RuneSelf
	for i := 0; i+len(q) <= len(s); i++ {
		if ascii && s[i] != lo[0] && s[i] != up[0] {
			continue
		}
		if bytes.EqualFold(s[i:i+len(q)], q) {
			return i
		}
	}
	return -1
}

// matchesIn returns the matches inside line l as absolute [start, end).
func (f *findBar) matchesIn(l *syntax.Line) [][2]int {
	q := f.query()
	src := f.buf.doc.Src
	var out [][2]int
	for at := int(l.Start); at < int(l.End); {
		i := f.index(src[at:l.End], q)
		if i < 0 {
			break
		}
		out = append(out, [2]int{at + i, at + i + len(q)})
		at += i + len(q)
	}
	return out
}

// all returns every match in the text, in order.
func (f *findBar) all() [][2]int {
	q := f.query()
	if q == nil {
		return nil
	}
	src := f.buf.doc.Src
	var out [][2]int
	for at := 0; at < len(src); {
		i := f.index(src[at:], q)
		if i < 0 {
			break
		}
		out = append(out, [2]int{at + i, at + i + len(q)})
		at += i + len(q)
	}
	return out
}

// recount updates the match counter; it runs only while the bar is shown.
func (f *findBar) recount() {
	if !f.visible {
		return
	}
	f.matches = f.all()
	f.total = len(f.matches)
	f.showCount()
}

func (f *findBar) showCount() {
	switch {
	case f.query() == nil:
		f.count.SetText("")
	case f.total == 0:
		f.count.SetText(lang.X("editor.find.none", "No results"))
	default:
		cur := 0
		s, t := f.sel.bounds()
		i := sort.Search(len(f.matches), func(i int) bool { return f.matches[i][0] >= s })
		if i < len(f.matches) && f.matches[i] == [2]int{s, t} {
			cur = i + 1
		}
		if cur == 0 {
			f.count.SetText(lang.X("editor.find.total", "{{.Total}} found", map[string]any{"Total": f.total}))
		} else {
			f.count.SetText(lang.X("editor.find.count", "{{.Current}} of {{.Total}}", map[string]any{"Current": cur, "Total": f.total}))
		}
	}
}

// findNext selects the next (dir 1) or previous (-1) match from the
// selection, wrapping around the end. again keeps a match that is already
// selected, so typing into the find field refines the current match.
func (f *findBar) findNext(dir int, again bool) bool {
	q := f.query()
	if q == nil {
		return false
	}
	src := f.buf.doc.Src
	s, t := f.sel.bounds()
	var at int
	if dir > 0 {
		from := t
		if again {
			from = s
		}
		i := f.index(src[from:], q)
		if i < 0 {
			i = f.index(src, q)
			from = 0
		}
		if i < 0 {
			f.showCount()
			return false
		}
		at = from + i
	} else {
		ms := f.matches
		if len(ms) == 0 {
			f.showCount()
			return false
		}
		at = ms[len(ms)-1][0]
		for j := len(ms) - 1; j >= 0; j-- {
			if ms[j][0] < s {
				at = ms[j][0]
				break
			}
		}
	}
	f.sel.anchor = at
	f.sel.move(at+len(q), true)
	f.showCount()
	return true
}

// replaceOne replaces the selected match and selects the next one.
func (f *findBar) replaceOne() {
	q := f.query()
	if q == nil {
		return
	}
	s, t := f.sel.bounds()
	if t-s == len(q) && f.index(f.buf.doc.Src[s:t], q) == 0 {
		with := []byte(f.with.Text)
		f.edits.edit(stepOther, s, t, with, s+len(with))
	}
	f.findNext(1, false)
}

// replaceAll replaces every match as one undo step.
func (f *findBar) replaceAll() {
	ms := f.matches
	if len(ms) == 0 {
		return
	}
	edits := make([]Edit, len(ms))
	for i, m := range ms {
		edits[i] = Edit{Start: m[0], End: m[1], Text: []byte(f.with.Text)}
	}
	if err := f.edits.apply(edits); err != nil {
		fyne.LogError("replace all", err)
	}
}

// gotoBar asks for a line number; showLine scrolls to it and flashes
// it (the Editor's ShowLine).
type gotoBar struct {
	buf      *buffer
	sel      *selection
	showLine func(n int)
	hide     func()
	box      *fyne.Container
	entry    *barEntry
	shown    bool
}

func newGotoBar(buf *buffer, sel *selection, showLine func(int), hide func()) *gotoBar {
	g := &gotoBar{buf: buf, sel: sel, showLine: showLine, hide: hide}
	g.entry = newBarEntry(hide)
	g.entry.OnSubmitted = func(string) { g.submit() }
	g.box = container.NewBorder(nil, nil, widget.NewLabel(lang.X("editor.goto.label", "Go to line")),
		container.NewHBox(newBarButton(lang.X("editor.goto.go", "Go"), nil, g.submit, hide),
			newBarButton("", theme.CancelIcon(), hide, hide)), g.entry)
	return g
}

func (g *gotoBar) submit() {
	n, err := strconv.Atoi(strings.TrimSpace(g.entry.Text))
	if err != nil {
		return
	}
	g.goTo(n)
	g.hide()
}

// goTo puts the cursor at the start of 1-based line n (clamped) and
// flashes it.
func (g *gotoBar) goTo(n int) {
	n = max(1, min(n, len(g.buf.doc.Lines)))
	s, _ := g.buf.lineRange(n - 1)
	g.sel.move(s, false)
	g.showLine(n)
}

// bars are the find / replace and go-to-line bars shown above the text;
// at most one of them is shown.
type bars struct {
	buf  *buffer
	sel  *selection
	host *host
	find *findBar
	jump *gotoBar
}

func newBars(buf *buffer, sel *selection, ed *edits, h *host, showLine func(int)) *bars {
	b := &bars{buf: buf, sel: sel, host: h}
	b.find = newFindBar(buf, sel, ed, h, b.hide)
	b.jump = newGotoBar(buf, sel, showLine, b.hide)
	return b
}

// top is the bar shown above the text, or nil.
func (b *bars) top() fyne.CanvasObject {
	switch {
	case b.find.visible:
		return b.find.box
	case b.jump.shown:
		return b.jump.box
	}
	return nil
}

// hide closes the bars and gives the focus back to the text.
func (b *bars) hide() {
	b.find.visible = false
	b.jump.shown = false
	b.host.refresh()
	b.host.focus()
}

func (b *bars) focusEntry(w fyne.Focusable) {
	if c := b.host.canvas(); c != nil {
		c.Focus(w)
	}
}

// Bar names a bar the editor shows above the text.
type Bar int

// The bars: Find, Find with its Replace row, and Go to Line.
const (
	FindBar Bar = iota
	ReplaceBar
	GoToLineBar
)

// ShowBar opens bar b: the find bar is seeded with a one-line selection,
// the go-to-line bar with the cursor's line.
func (e *Editor) ShowBar(b Bar) {
	switch b {
	case FindBar:
		e.bars.showFind(false)
	case ReplaceBar:
		e.bars.showFind(true)
	case GoToLineBar:
		e.bars.showGoTo()
	}
}

// showFind opens the find bar, with its replace row when replace is set.
func (b *bars) showFind(replace bool) {
	f := b.find
	b.jump.shown = false
	f.visible = true
	if replace {
		f.replaceRow.Show()
	} else {
		f.replaceRow.Hide()
	}
	if sel := b.sel.text(); len(sel) > 0 && !bytes.ContainsAny(sel, "\r\n") {
		f.what.SetText(string(sel))
	}
	f.recount()
	b.host.refresh()
	b.focusEntry(f.what)
}

// showGoTo opens the go-to-line bar.
func (b *bars) showGoTo() {
	g := b.jump
	b.find.visible = false
	g.shown = true
	g.entry.SetPlaceHolder(lang.X("editor.goto.placeholder", "1–{{.Last}}", map[string]any{"Last": len(b.buf.doc.Lines)}))
	g.entry.SetText(strconv.Itoa(b.buf.doc.LineAt(b.sel.cursor)))
	b.host.refresh()
	b.focusEntry(g.entry)
	// The number shown is selected: typing 4297 over 157 gives 4297, not
	// 1574297.
	g.entry.TypedShortcut(&fyne.ShortcutSelectAll{})
}
