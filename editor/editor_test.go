package editor

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// newTestEditor shows an editor on src in a test window. A '|' in src marks
// the cursor and is removed.
func newTestEditor(t testing.TB, src string) *Editor {
	t.Helper()
	test.NewTempApp(t)
	e := New()
	// The test driver runs fyne.Do on the calling goroutine: no timers.
	e.after = func(time.Duration, func()) func() { return func() {} }
	cur := strings.Index(src, "|")
	if cur >= 0 {
		src = src[:cur] + src[cur+1:]
	}
	e.SetText([]byte(src))
	w := test.NewTempWindow(t, e)
	w.Resize(fyne.NewSize(640, 400))
	w.Canvas().Focus(e)
	if cur >= 0 {
		e.SetSelection(cur, cur)
	}
	// Typing grouping depends on time; a fixed clock keeps tests exact.
	clock := time.Unix(1e9, 0)
	e.now = func() time.Time { return clock }
	return e
}

// state renders the text with '|' at the cursor and '^' at the anchor of a
// selection.
func state(e *Editor) string {
	src := string(e.Bytes())
	if e.sel.anchor == e.sel.cursor {
		return src[:e.sel.cursor] + "|" + src[e.sel.cursor:]
	}
	if e.sel.anchor < e.sel.cursor {
		return src[:e.sel.anchor] + "^" + src[e.sel.anchor:e.sel.cursor] + "|" + src[e.sel.cursor:]
	}
	return src[:e.sel.cursor] + "|" + src[e.sel.cursor:e.sel.anchor] + "^" + src[e.sel.anchor:]
}

type action func(e *Editor)

func typ(s string) action       { return func(e *Editor) { test.Type(e, s) } }
func key(k fyne.KeyName) action { return func(e *Editor) { e.TypedKey(&fyne.KeyEvent{Name: k}) } }
func sc(s fyne.Shortcut) action { return func(e *Editor) { e.TypedShortcut(s) } }
func ctrl(k fyne.KeyName) action {
	return sc(&desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierControl})
}
func ctrlShift(k fyne.KeyName) action {
	return sc(&desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierControl | fyne.KeyModifierShift})
}

// shift presses Shift around a key, as the desktop driver reports it.
func shift(k fyne.KeyName) action {
	return func(e *Editor) {
		e.KeyDown(&fyne.KeyEvent{Name: desktop.KeyShiftLeft})
		e.TypedKey(&fyne.KeyEvent{Name: k})
		e.KeyUp(&fyne.KeyEvent{Name: desktop.KeyShiftLeft})
	}
}

func TestEditingCommands(t *testing.T) {
	cases := []struct {
		name string
		src  string
		do   []action
		want string
	}{
		{"typing inserts at the cursor", "Dis|: /", []action{typ("allow")}, "Disallow|: /"},
		{"typing replaces the selection", "a|", []action{ctrl(fyne.KeyHome), shift(fyne.KeyEnd), typ("b")}, "b|"},
		{"Backspace deletes one character", "ab|c", []action{key(fyne.KeyBackspace)}, "a|c"},
		{"Backspace deletes a whole Cyrillic letter", "/ка|т", []action{key(fyne.KeyBackspace)}, "/к|т"},
		{"Backspace at a line start joins CRLF lines", "a\r\n|b", []action{key(fyne.KeyBackspace)}, "a|b"},
		{"Delete deletes forward", "a|bc", []action{key(fyne.KeyDelete)}, "a|c"},
		{"Delete at a line end removes the whole CRLF", "a|\r\nb", []action{key(fyne.KeyDelete)}, "a|b"},
		{"Delete removes one invalid byte", "|\xff\xfex", []action{key(fyne.KeyDelete)}, "|\xfex"},
		{"Enter inserts LF in an LF file", "a|b\n", []action{key(fyne.KeyReturn)}, "a\n|b\n"},
		{"Enter inserts CRLF in a CRLF file", "a\r\nb|\r\n", []action{key(fyne.KeyReturn)}, "a\r\nb\r\n|\r\n"},
		{"Enter keeps the indentation", "  Disallow: /|", []action{key(fyne.KeyReturn)}, "  Disallow: /\n  |"},
		{"Tab inserts a tab", "|x", []action{key(fyne.KeyTab)}, "\t|x"},
		{"Left moves by character over CJK", "/文章|", []action{key(fyne.KeyLeft)}, "/文|章"},
		{"Right steps over a CRLF in one move", "a|\r\nb", []action{key(fyne.KeyRight)}, "a\r\n|b"},
		{"Left collapses a selection to its start", "ab|c", []action{shift(fyne.KeyLeft), key(fyne.KeyLeft)}, "a|bc"},
		{"Up keeps the column", "abcd\nx\nabc|d", []action{key(fyne.KeyUp), key(fyne.KeyUp)}, "abc|d\nx\nabcd"},
		{"Down on the last line goes to its end", "a|bc", []action{key(fyne.KeyDown)}, "abc|"},
		{"Home goes to the first non-blank, then the line start", "  ab|c", []action{key(fyne.KeyHome)}, "  |abc"},
		{"Home twice goes to the line start", "  ab|c", []action{key(fyne.KeyHome), key(fyne.KeyHome)}, "|  abc"},
		{"End goes to the line end", "a|bc\nd", []action{key(fyne.KeyEnd)}, "abc|\nd"},
		{"Ctrl+Home goes to the start after a BOM", "\xEF\xBB\xBFa\nb|", []action{ctrl(fyne.KeyHome)}, "\xEF\xBB\xBF|a\nb"},
		{"Ctrl+End goes to the end", "|a\nb", []action{ctrl(fyne.KeyEnd)}, "a\nb|"},
		{"Ctrl+Right skips a word", "|Disallow: /a", []action{ctrl(fyne.KeyRight)}, "Disallow|: /a"},
		{"Ctrl+Right stops at path separators", "Disallow: |/ab/c", []action{ctrl(fyne.KeyRight), ctrl(fyne.KeyRight)}, "Disallow: /ab|/c"},
		{"Ctrl+Left skips back a word", "User-agent|", []action{ctrl(fyne.KeyLeft)}, "User-|agent"},
		{"Ctrl+Shift+Left selects a word", "a bcd|", []action{ctrlShift(fyne.KeyLeft)}, "a |bcd^"},
		{"Shift+Right selects", "|ab", []action{shift(fyne.KeyRight), shift(fyne.KeyRight)}, "^ab|"},
		{"Shift+Down selects to the next line", "a|b\ncd", []action{shift(fyne.KeyDown)}, "a^b\nc|d"},
		{"Ctrl+A selects all but the BOM", "\xEF\xBB\xBFa|b", []action{sc(&fyne.ShortcutSelectAll{})}, "\xEF\xBB\xBF^ab|"},
		{"Ctrl+Backspace deletes a word", "Allow: /abc|", []action{ctrl(fyne.KeyBackspace)}, "Allow: /|"},
		{"PageDown moves a screen down", "|" + strings.Repeat("x\n", 100), []action{key(fyne.KeyPageDown)}, ""},
		{"Escape clears the selection", "a|b", []action{shift(fyne.KeyRight), key(fyne.KeyEscape)}, "ab|"},
		{"control characters are not typed", "a|", []action{typ("\x01")}, "a|"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newTestEditor(t, c.src)
			for _, a := range c.do {
				a(e)
			}
			if c.want == "" { // PageDown: check the move, not the exact line
				if e.CursorLine() < 10 || e.vp.topRow == 0 {
					t.Fatalf("PageDown: cursor line %d, top row %d", e.CursorLine(), e.vp.topRow)
				}
				return
			}
			if got := state(e); got != c.want {
				t.Fatalf("got  %q\nwant %q", got, c.want)
			}
			checkDoc(t, e)
		})
	}
}

// checkDoc fails when the editor's Document is not the parse of its bytes.
func checkDoc(t testing.TB, e *Editor) {
	t.Helper()
	var b buffer
	b.set(append([]byte(nil), e.Bytes()...))
	if len(b.doc.Lines) != len(e.Document().Lines) {
		t.Fatalf("document has %d lines, a fresh parse %d", len(e.Document().Lines), len(b.doc.Lines))
	}
	for i := range b.doc.Lines {
		if b.doc.Lines[i] != e.Document().Lines[i] {
			t.Fatalf("line %d: %+v, fresh parse %+v", i+1, e.Document().Lines[i], b.doc.Lines[i])
		}
	}
}

func TestSetTextBytesExact(t *testing.T) {
	inputs := map[string]string{
		"CRLF":          "User-agent: *\r\nDisallow: /\r\n",
		"CR only":       "a\rb\r",
		"BOM":           "\xEF\xBB\xBFUser-agent: *\n",
		"NUL":           "Disallow: /a\x00b\n",
		"invalid UTF-8": "Disallow: /\xff\xfe\xc3\n",
		"mixed endings": "a\nb\r\nc\rd",
		"empty":         "",
	}
	for name, in := range inputs {
		t.Run(name, func(t *testing.T) {
			e := newTestEditor(t, "")
			e.SetText([]byte(in))
			if string(e.Bytes()) != in {
				t.Fatalf("Bytes() = %q, want %q", e.Bytes(), in)
			}
			if e.edits.modified() || e.CanUndo() {
				t.Fatal("SetText must leave an unmodified text without undo history")
			}
		})
	}
}

func TestEditChangesOnlyWhatTheUserChanged(t *testing.T) {
	in := "\xEF\xBB\xBFUser-agent: *\r\nDisallow: /\xff\x00\rAllow: /x"
	e := newTestEditor(t, in)
	e.SetSelection(len(in), len(in))
	test.Type(e, "y")
	if want := in + "y"; string(e.Bytes()) != want {
		t.Fatalf("got %q, want %q", e.Bytes(), want)
	}
}

func TestUndoRedoGrouping(t *testing.T) {
	e := newTestEditor(t, "|")
	var changes int
	e.OnChanged = func() { changes++ }
	test.Type(e, "Disallow: /private")
	if changes != len("Disallow: /private") {
		t.Fatalf("OnChanged called %d times, want once per key", changes)
	}
	if !e.edits.modified() {
		t.Fatal("typing must mark the text modified")
	}
	e.TypedShortcut(&fyne.ShortcutUndo{})
	if got := state(e); got != "Disallow: |" {
		t.Fatalf("first undo takes back the last word: got %q", got)
	}
	e.Undo()
	if got := state(e); got != "|" {
		t.Fatalf("second undo takes back the first word: got %q", got)
	}
	if e.edits.modified() {
		t.Fatal("undoing everything must clear Modified")
	}
	e.TypedShortcut(&fyne.ShortcutRedo{})
	ctrlShift(fyne.KeyZ)(e) // Ctrl+Shift+Z is redo too
	if got := state(e); got != "Disallow: /private|" {
		t.Fatalf("redo twice: got %q", got)
	}
	ctrl(fyne.KeyZ)(e)
	ctrl(fyne.KeyY)(e)
	if got := state(e); got != "Disallow: /private|" {
		t.Fatalf("Ctrl+Z then Ctrl+Y: got %q", got)
	}
}

func TestUndoGroupBreaksOnPauseAndMove(t *testing.T) {
	e := newTestEditor(t, "|")
	now := time.Unix(1e9, 0)
	e.now = func() time.Time { return now }
	test.Type(e, "ab")
	now = now.Add(2 * time.Second)
	test.Type(e, "cd")
	e.Undo()
	if got := state(e); got != "ab|" {
		t.Fatalf("a pause must start a new step: got %q", got)
	}
	test.Type(e, "x")
	key(fyne.KeyLeft)(e)
	key(fyne.KeyRight)(e)
	test.Type(e, "y")
	e.Undo()
	if got := state(e); got != "abx|" {
		t.Fatalf("a cursor move must start a new step: got %q", got)
	}
	key(fyne.KeyBackspace)(e)
	key(fyne.KeyBackspace)(e)
	e.Undo()
	if got := state(e); got != "abx|" {
		t.Fatalf("Backspaces group into one step: got %q", got)
	}
}

func TestSetModified(t *testing.T) {
	e := newTestEditor(t, "a|")
	test.Type(e, "b")
	e.edits.setModified(false)
	if e.edits.modified() {
		t.Fatal("SetModified(false) must clear Modified")
	}
	e.Undo()
	if !e.edits.modified() {
		t.Fatal("undoing past the saved state must set Modified")
	}
	e.Redo()
	if e.edits.modified() {
		t.Fatal("redoing back to the saved state must clear Modified")
	}
	e.edits.setModified(true)
	if !e.edits.modified() {
		t.Fatal("SetModified(true) must set Modified")
	}
}

func TestClipboard(t *testing.T) {
	e := newTestEditor(t, "User-agent: *\r\n|")
	cb := fyne.CurrentApp().Clipboard()
	cb.SetContent("Disallow: /a\nDisallow: /b\n")
	e.TypedShortcut(&fyne.ShortcutPaste{Clipboard: cb})
	want := "User-agent: *\r\nDisallow: /a\r\nDisallow: /b\r\n|"
	if got := state(e); got != want {
		t.Fatalf("paste converts line endings to the file's: got %q, want %q", got, want)
	}
	e.Undo()
	if got := state(e); got != "User-agent: *\r\n|" {
		t.Fatalf("a paste undoes in one step: got %q", got)
	}
	e.SetSelection(0, 10)
	e.TypedShortcut(&fyne.ShortcutCopy{Clipboard: cb})
	if cb.Content() != "User-agent" {
		t.Fatalf("copy: clipboard %q", cb.Content())
	}
	e.TypedShortcut(&fyne.ShortcutCut{Clipboard: cb})
	if cb.Content() != "User-agent" || state(e) != "|: *\r\n" {
		t.Fatalf("cut: clipboard %q, text %q", cb.Content(), state(e))
	}
	e.Paste()
	e.Copy()
	e.Cut() // nothing selected: nothing happens
	if got := state(e); got != "User-agent|: *\r\n" {
		t.Fatalf("paste back: got %q", got)
	}
}

func TestApplyEdits(t *testing.T) {
	e := newTestEditor(t, "Dissallow: /a\nHost: x\n|")
	err := e.ApplyEdits([]Edit{{Start: 14, End: 22, Text: nil}, {Start: 0, End: 9, Text: []byte("Disallow")}})
	if err != nil {
		t.Fatal(err)
	}
	if got := state(e); got != "Disallow: /a\n|" {
		t.Fatalf("got %q", got)
	}
	e.Undo()
	if got := string(e.Bytes()); got != "Dissallow: /a\nHost: x\n" {
		t.Fatalf("ApplyEdits must undo in one step: got %q", got)
	}
	for _, bad := range [][]Edit{{{Start: 3, End: 2}}, {{Start: 0, End: 99}}, {{Start: 0, End: 4}, {Start: 2, End: 6}}} {
		if err := e.ApplyEdits(bad); err == nil {
			t.Fatalf("ApplyEdits(%v) accepted a bad edit", bad)
		}
	}
	if got := string(e.Bytes()); got != "Dissallow: /a\nHost: x\n" {
		t.Fatalf("a rejected edit must leave the text alone: got %q", got)
	}
	checkDoc(t, e)
}

// TestContextMenu: a right click shows the clicked line's mark messages and
// the editing commands, enabled as the state allows.
func TestContextMenu(t *testing.T) {
	test.NewTempApp(t)
	e := New()
	w := test.NewTempWindow(t, e)
	w.Resize(fyne.NewSize(600, 300))
	e.SetText([]byte("User-agent: *\nDissallow: /x\n"))
	e.SetMarks([]Mark{{Line: 2, Kind: MarkError, Message: "misspelt field [RS008]"}})
	v := e.vp.view()
	shown := ""
	m := newContextMenu(e, fyne.NewPos(v.x0+20, v.y0+v.lineH*1.5), func(s string) { shown = s }) // the middle of line 2
	labels := map[string]bool{}
	for _, it := range m.Items {
		labels[it.Label] = !it.Disabled
	}
	if enabled, ok := labels["misspelt field [RS008]"]; !ok || !enabled {
		t.Fatalf("the mark's message is missing: %v", labels)
	}
	m.Items[0].Action()
	if shown != "misspelt field [RS008]" {
		t.Errorf("choosing the message showed %q", shown)
	}
	for _, it := range newContextMenu(e, fyne.NewPos(v.x0+20, v.y0+v.lineH*8.5), func(string) {}).Items {
		if it.Label == "misspelt field [RS008]" {
			t.Error("a click below the text must not show the last line's findings")
		}
	}
	if labels["Undo"] || labels["Cut"] || !labels["Paste"] || !labels["Select All"] {
		t.Errorf("enabled states wrong: %v", labels)
	}
	e.sel.selectAll()
	test.Type(e, "x")
	m = newContextMenu(e, fyne.NewPos(v.x0+20, v.y0+v.lineH/2), func(string) {})
	for _, it := range m.Items {
		if it.Label == "Undo" && it.Disabled {
			t.Error("Undo must be enabled after typing")
		}
		if it.Label == "misspelt field [RS008]" {
			t.Error("line 1 has no mark")
		}
	}
}

// TestCursorMovesAreReported: OnCursorMoved's function hears of every
// cursor move (key, mouse, edit, undo) once, and of nothing else (a repaint
// without a move, a move of the anchor only).
func TestCursorMovesAreReported(t *testing.T) {
	e := newTestEditor(t, "|ab\ncd\n")
	var at []int
	e.OnCursorMoved = func() { at = append(at, e.CursorLine()*10+e.CursorColumn()) }
	steps := []struct {
		name string
		do   func()
		want []int
	}{
		{"arrow key", func() { e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown}) }, []int{21}},
		{"repaint without a move", func() { e.Refresh() }, nil},
		{"typing", func() { test.Type(e, "x") }, []int{22}},
		{"undo", func() { e.Undo() }, []int{21}},
		{"click", func() { mouseDown(e, posOf(e, 0, 2), 0) }, []int{13}},
		{"same place again", func() { e.SetSelection(2, 2) }, nil},
	}
	for _, s := range steps {
		at = nil
		s.do()
		if len(at) != len(s.want) || len(at) > 0 && at[0] != s.want[0] {
			t.Errorf("%s: reported %v, want %v", s.name, at, s.want)
		}
	}
}

// TestContextMenuMessageCode: a mark's message that quotes code between
// backticks is a menu item without them; chosen, it opens in the widget
// the window's MessageView makes, given the message whole, or without a
// MessageView in a label without the backticks.
func TestContextMenuMessageCode(t *testing.T) {
	test.NewTempApp(t)
	e := New()
	w := test.NewTempWindow(t, e)
	w.Resize(fyne.NewSize(600, 300))
	e.SetText([]byte("User-agent: *\nDissallow: /x\n"))
	const message = "`Dissallow` is a misspelt `Disallow` [RS008]"
	e.SetMarks([]Mark{{Line: 2, Kind: MarkError, Message: message}})
	v := e.vp.view()
	at := fyne.NewPos(v.x0+20, v.y0+v.lineH*1.5)
	var full string
	m := newContextMenu(e, at, func(s string) { full = s })
	if got := m.Items[0].Label; got != "Dissallow is a misspelt Disallow [RS008]" {
		t.Errorf("the menu item reads %q", got)
	}
	m.Items[0].Action()
	if full != message {
		t.Errorf("choosing it opens %q, want the whole message", full)
	}
	showMessage(w.Canvas(), e.MessageView, message, fyne.NewPos(10, 10))
	pop, ok := w.Canvas().Overlays().Top().(*widget.PopUp)
	if !ok {
		t.Fatalf("no pop-up: %T", w.Canvas().Overlays().Top())
	}
	if l, ok := pop.Content.(*widget.Label); !ok || l.Text != "Dissallow is a misspelt Disallow [RS008]" {
		t.Errorf("without MessageView the pop-up shows %#v", pop.Content)
	}
	pop.Hide()
	var given string
	e.MessageView = func(s string) fyne.CanvasObject { given = s; return widget.NewLabel("view") }
	showMessage(w.Canvas(), e.MessageView, message, fyne.NewPos(10, 10))
	if given != message {
		t.Errorf("MessageView is given %q", given)
	}
}
