package editor

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// posOf is the widget position inside the cell of 0-based row and display
// column (left third of the cell, so it rounds to the cell's start).
func posOf(e *Editor, row, col int) fyne.Position {
	v := e.vp.view()
	return fyne.NewPos(v.x0+(float32(col-e.vp.leftCol)+0.3)*v.cellW, v.y0+(float32(row-e.vp.topRow)+0.5)*v.lineH)
}

func mouseDown(e *Editor, p fyne.Position, mod fyne.KeyModifier) {
	ev := &desktop.MouseEvent{Button: desktop.MouseButtonPrimary, Modifier: mod}
	ev.Position = p
	e.MouseDown(ev)
	e.MouseUp(ev)
}

func TestMouse(t *testing.T) {
	src := "User-agent: *\nDisallow: /каталог/文章\n"
	cases := []struct {
		name string
		do   func(e *Editor)
		want string
	}{
		{"tap places the cursor", func(e *Editor) { test.TapAt(e, posOf(e, 1, 3)) },
			"User-agent: *\nDis|allow: /каталог/文章\n"},
		{"tap right of the text goes to the line end", func(e *Editor) { test.TapAt(e, posOf(e, 0, 40)) },
			"User-agent: *|\nDisallow: /каталог/文章\n"},
		{"tap below the text goes to the end", func(e *Editor) { test.TapAt(e, posOf(e, 9, 0)) },
			"User-agent: *\nDisallow: /каталог/文章\n|"},
		{"click counts characters, not bytes", func(e *Editor) { mouseDown(e, posOf(e, 1, 13), 0) },
			"User-agent: *\nDisallow: /ка|талог/文章\n"},
		{"click on a wide character's right half goes after it", func(e *Editor) { mouseDown(e, posOf(e, 1, 20), 0) },
			"User-agent: *\nDisallow: /каталог/文|章\n"},
		{"shift+click extends the selection", func(e *Editor) {
			mouseDown(e, posOf(e, 0, 2), 0)
			e.now = func() time.Time { return time.Unix(2e9, 0) }
			mouseDown(e, posOf(e, 1, 2), fyne.KeyModifierShift)
		}, "Us^er-agent: *\nDi|sallow: /каталог/文章\n"},
		{"double tap selects a word", func(e *Editor) { test.DoubleTap(e); e.DoubleTapped(&fyne.PointEvent{Position: posOf(e, 1, 14)}) },
			"User-agent: *\nDisallow: /^каталог|/文章\n"},
		{"double click selects a word", func(e *Editor) {
			mouseDown(e, posOf(e, 0, 1), 0)
			mouseDown(e, posOf(e, 0, 1), 0)
		}, "^User|-agent: *\nDisallow: /каталог/文章\n"},
		{"triple click selects the line with its break", func(e *Editor) {
			for i := 0; i < 3; i++ {
				mouseDown(e, posOf(e, 0, 5), 0)
			}
		}, "^User-agent: *\n|Disallow: /каталог/文章\n"},
		{"click on a line number selects the line", func(e *Editor) { mouseDown(e, fyne.NewPos(2, posOf(e, 1, 0).Y), 0) },
			"User-agent: *\n^Disallow: /каталог/文章\n|"},
		{"drag selects", func(e *Editor) {
			from := posOf(e, 0, 5)
			abs := fyne.CurrentApp().Driver().AbsolutePositionForObject(e).Add(from)
			c := fyne.CurrentApp().Driver().CanvasForObject(e)
			test.Drag(c, abs, 0, e.vp.view().lineH)
		}, "User-^agent: *\nDisal|low: /каталог/文章\n"},
		{"drag after a double click extends by words", func(e *Editor) {
			mouseDown(e, posOf(e, 1, 1), 0)
			ev := &desktop.MouseEvent{Button: desktop.MouseButtonPrimary}
			ev.Position = posOf(e, 1, 1)
			e.MouseDown(ev)
			e.Dragged(&fyne.DragEvent{Dragged: fyne.NewDelta(12*e.vp.view().cellW, 0)})
			e.DragEnd()
		}, "User-agent: *\n^Disallow: /каталог|/文章\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newTestEditor(t, src)
			c.do(e)
			if got := state(e); got != c.want {
				t.Fatalf("got  %q\nwant %q", got, c.want)
			}
		})
	}
}

func TestScrollAndFollow(t *testing.T) {
	var b strings.Builder
	for i := 1; i <= 500; i++ {
		fmt.Fprintf(&b, "Disallow: /line-%d\n", i)
	}
	e := newTestEditor(t, b.String())
	c := fyne.CurrentApp().Driver().CanvasForObject(e)
	at := fyne.CurrentApp().Driver().AbsolutePositionForObject(e).Add(posOf(e, 2, 2))
	test.Scroll(c, at, 0, -100)
	if e.vp.topRow == 0 {
		t.Fatal("wheel down must scroll")
	}
	top := e.vp.topRow
	test.Scroll(c, at, 0, 100)
	if e.vp.topRow >= top {
		t.Fatal("wheel up must scroll back")
	}
	ctrl(fyne.KeyEnd)(e)
	if v := e.vp.view(); e.vp.topRow+v.visRows < 500 {
		t.Fatalf("Ctrl+End must bring the last line into view: top %d rows %d", e.vp.topRow, v.visRows)
	}
	ctrl(fyne.KeyHome)(e)
	if e.vp.topRow != 0 {
		t.Fatalf("Ctrl+Home must scroll to the top, top row %d", e.vp.topRow)
	}

	long := strings.Repeat("a", 300)
	e.SetText([]byte("x\n" + long + "\n"))
	e.SetSelection(2+300, 2+300)
	v := e.vp.view()
	if e.vp.leftCol == 0 || 300 < e.vp.leftCol || 300 >= e.vp.leftCol+v.visCols {
		t.Fatalf("the view must follow the cursor horizontally: left col %d, %d columns", e.vp.leftCol, v.visCols)
	}
	key(fyne.KeyHome)(e)
	if e.vp.leftCol != 0 {
		t.Fatalf("Home must scroll back left, left col %d", e.vp.leftCol)
	}
}

func TestScrollBarDrag(t *testing.T) {
	e := newTestEditor(t, strings.Repeat("Allow: /\n", 1000))
	r := test.WidgetRenderer(e).(*editorRenderer)
	r.vbar.Dragged(&fyne.DragEvent{Dragged: fyne.NewDelta(0, r.vbar.Size().Height/2)})
	r.vbar.DragEnd()
	if e.vp.topRow < 400 || e.vp.topRow > 600 {
		t.Fatalf("dragging the thumb half way must show the middle, top row %d", e.vp.topRow)
	}
	before := e.vp.topRow
	r.vbar.Tapped(&fyne.PointEvent{Position: fyne.NewPos(1, 1)})
	if e.vp.topRow >= before {
		t.Fatalf("a tap above the thumb pages up, top row %d", e.vp.topRow)
	}
}

func TestFindReplace(t *testing.T) {
	e := newTestEditor(t, "|Disallow: /a\ndisallow: /b\nAllow: /c\n")
	ctrl(fyne.KeyF)(e)
	if !e.bars.find.visible {
		t.Fatal("Ctrl+F must open the find bar")
	}
	test.Type(e.bars.find.what, "disallow")
	if got := state(e); got != "^Disallow|: /a\ndisallow: /b\nAllow: /c\n" {
		t.Fatalf("typing a query selects the first match (case-insensitive): %q", got)
	}
	if e.bars.find.count.Text != "1 of 2" {
		t.Fatalf("count %q", e.bars.find.count.Text)
	}
	e.bars.find.what.OnSubmitted(e.bars.find.what.Text)
	if got := state(e); got != "Disallow: /a\n^disallow|: /b\nAllow: /c\n" {
		t.Fatalf("Enter finds the next match: %q", got)
	}
	e.bars.find.findNext(1, false)
	if got := state(e); got != "^Disallow|: /a\ndisallow: /b\nAllow: /c\n" {
		t.Fatalf("next wraps around: %q", got)
	}
	e.bars.find.findNext(-1, false)
	if got := state(e); got != "Disallow: /a\n^disallow|: /b\nAllow: /c\n" {
		t.Fatalf("previous wraps around backwards: %q", got)
	}
	e.bars.find.matchCase.SetChecked(true)
	if e.bars.find.total != 1 {
		t.Fatalf("Match case: %d matches, want 1", e.bars.find.total)
	}
	e.bars.find.matchCase.SetChecked(false)

	ctrl(fyne.KeyH)(e)
	if !e.bars.find.replaceRow.Visible() {
		t.Fatal("Ctrl+H must show the replace row")
	}
	e.bars.find.with.SetText("Allow")
	e.bars.find.replaceOne()
	if got := string(e.Bytes()); got != "Disallow: /a\nAllow: /b\nAllow: /c\n" {
		t.Fatalf("replace: %q", got)
	}
	e.bars.find.matchCase.SetChecked(true) // or "Allow" also matches inside "Disallow"
	e.bars.find.what.SetText("Allow")
	e.bars.find.with.SetText("Disallow")
	e.bars.find.replaceAll()
	if got := string(e.Bytes()); got != "Disallow: /a\nDisallow: /b\nDisallow: /c\n" {
		t.Fatalf("replace all: %q", got)
	}
	e.Undo()
	if got := string(e.Bytes()); got != "Disallow: /a\nAllow: /b\nAllow: /c\n" {
		t.Fatalf("replace all undoes in one step: %q", got)
	}
	e.bars.find.what.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if e.bars.find.visible || fyne.CurrentApp().Driver().CanvasForObject(e).Focused() != e {
		t.Fatal("Escape closes the bar and gives the focus back to the text")
	}
}

func TestFindNonASCII(t *testing.T) {
	e := newTestEditor(t, "|Disallow: /КАТАЛОГ\nDisallow: /каталог\n")
	e.ShowBar(FindBar)
	test.Type(e.bars.find.what, "каталог")
	if e.bars.find.total != 2 {
		t.Fatalf("case-insensitive Cyrillic: %d matches, want 2", e.bars.find.total)
	}
}

func TestGoToLine(t *testing.T) {
	e := newTestEditor(t, strings.Repeat("Allow: /\n", 300)+"|")
	ctrl(fyne.KeyG)(e)
	if !e.bars.jump.shown {
		t.Fatal("Ctrl+G must open the go-to-line bar")
	}
	e.bars.jump.entry.SetText("150")
	e.bars.jump.entry.OnSubmitted("150")
	if e.CursorLine() != 150 || e.CursorColumn() != 1 {
		t.Fatalf("cursor at %d:%d, want 150:1", e.CursorLine(), e.CursorColumn())
	}
	if v := e.vp.view(); 149 < e.vp.topRow || 149 >= e.vp.topRow+v.visRows {
		t.Fatalf("line 150 not visible: top row %d", e.vp.topRow)
	}
	if e.bars.jump.shown || e.marks.flash != 150 {
		t.Fatalf("bar shown %v, flash %d", e.bars.jump.shown, e.marks.flash)
	}
}

// Ctrl+G shows the cursor's line number selected: what is typed replaces
// it (typing 4297 over 157 gave 1574297).
func TestGoToLineTypesOverTheNumber(t *testing.T) {
	e := newTestEditor(t, strings.Repeat("Allow: /\n", 200)+"|"+strings.Repeat("Allow: /\n", 100))
	test.NewTempWindow(t, e)
	ctrl(fyne.KeyG)(e)
	if got := e.bars.jump.entry.Text; got != "201" {
		t.Fatalf("the bar shows %q, want the cursor's line 201", got)
	}
	test.Type(e.bars.jump.entry, "42")
	if got := e.bars.jump.entry.Text; got != "42" {
		t.Errorf("typing 42 in the bar gave %q, want 42", got)
	}
}

func TestShowLineFlashesAndScrolls(t *testing.T) {
	e := newTestEditor(t, strings.Repeat("Allow: /\n", 300))
	var end func()
	var after time.Duration
	e.after = func(d time.Duration, f func()) func() { after, end = d, f; return func() {} }
	e.ShowLine(200)
	v := e.vp.view()
	if 199 < e.vp.topRow || 199 >= e.vp.topRow+v.visRows {
		t.Fatalf("line 200 not visible: top row %d", e.vp.topRow)
	}
	if e.CursorLine() != 1 {
		t.Fatal("ShowLine must not move the cursor")
	}
	r := test.WidgetRenderer(e).(*editorRenderer)
	if r.nBack == 0 {
		t.Fatal("the flashed line must be drawn")
	}
	if after != flashTime || end == nil {
		t.Fatalf("the flash must end after %v (got %v)", flashTime, after)
	}
	end()
	if e.marks.flash != 0 {
		t.Fatal("the flash must end")
	}
}

func TestMarksHover(t *testing.T) {
	e := newTestEditor(t, "User-agent: *\nDisalow: /\n")
	e.SetMarks([]Mark{
		{Line: 2, Kind: MarkWarning, Start: 0, End: 7, Message: "typo"},
		{Line: 1, Kind: MarkGroup},
	})
	ev := &desktop.MouseEvent{}
	ev.Position = posOf(e, 1, 3)
	e.MouseMoved(ev)
	if e.tip.msg != "typo" {
		t.Fatalf("hover over the underline: message %q", e.tip.msg)
	}
	ev.Position = posOf(e, 1, 9)
	e.MouseMoved(ev)
	if e.tip.msg != "" {
		t.Fatalf("hover past the underline: message %q", e.tip.msg)
	}
	ev.Position = fyne.NewPos(3, posOf(e, 1, 0).Y)
	e.MouseMoved(ev)
	if e.tip.msg != "typo" {
		t.Fatalf("hover over the gutter mark: message %q", e.tip.msg)
	}
	e.MouseOut()
	if e.tip.msg != "" {
		t.Fatal("MouseOut hides the message")
	}
}

// TestLongLineDoesNotFreeze types, moves and repaints on a 100 KB line; the
// renderer must draw only the visible cells.
func TestLongLineDoesNotFreeze(t *testing.T) {
	line := "Disallow: /" + strings.Repeat("abcdefghi/", 10_000)
	e := newTestEditor(t, "User-agent: *\n"+line+"|\n")
	start := time.Now()
	test.Type(e, "xyz")
	key(fyne.KeyHome)(e)
	key(fyne.KeyEnd)(e)
	ctrl(fyne.KeyLeft)(e)
	key(fyne.KeyBackspace)(e)
	test.TapAt(e, posOf(e, 1, e.vp.leftCol+3))
	shift(fyne.KeyEnd)(e)
	elapsed := time.Since(start)
	r := test.WidgetRenderer(e).(*editorRenderer)
	if r.lastCellsDn > 2*r.e.vp.view().visCols*r.lastRows {
		t.Fatalf("drew %d cells for %d rows of %d columns", r.lastCellsDn, r.lastRows, r.e.vp.view().visCols)
	}
	if elapsed > time.Second {
		t.Fatalf("seven commands on a 100 KB line took %v", elapsed)
	}
	t.Logf("seven commands on a 100 KB line: %v", elapsed)
}

// TestUnusedKeysReachTheWindow: Fyne gives a key to the focused widget and
// calls the window's own handler only when nothing has the focus, so the
// editor hands on the keys it has no use for — a function key, and Esc when
// there is nothing to close — and keeps the ones it uses.
func TestUnusedKeysReachTheWindow(t *testing.T) {
	e := newTestEditor(t, "a|b")
	c := fyne.CurrentApp().Driver().CanvasForObject(e)
	var got []fyne.KeyName
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) { got = append(got, ev.Name) })
	if c.Focused() != e {
		t.Fatal("the editor does not have the focus")
	}
	send := func(k fyne.KeyName) { c.Focused().TypedKey(&fyne.KeyEvent{Name: k}) }
	send(fyne.KeyF11)
	send(fyne.KeyEscape) // nothing selected, no bar open: the window's
	e.SetSelection(0, 1)
	send(fyne.KeyEscape) // clears the selection: the editor's
	e.ShowBar(FindBar)
	c.Focus(e)
	send(fyne.KeyEscape) // closes the find bar: the editor's
	send(fyne.KeyLeft)   // moves the cursor: the editor's
	send(fyne.KeyReturn)
	if want := []fyne.KeyName{fyne.KeyF11, fyne.KeyEscape}; len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("the window got %v, want %v", got, want)
	}
	if e.bars.find.visible || e.sel.hasSelection() {
		t.Error("Esc no longer closes the bar or clears the selection")
	}
}

// TestEscapeFromAnyControlOfABarClosesIt: Esc closes the Find / Replace
// bar and the Go to line bar wherever in the bar the keyboard is — its
// entries, its arrows, Match case, Replace, Close — and the text gets the
// keyboard back. Tab from the search text to ↑ and then Esc left the bar
// open with the keyboard on the arrow.
func TestEscapeFromAnyControlOfABarClosesIt(t *testing.T) {
	e := newTestEditor(t, "|Disallow: /a\nAllow: /b\n")
	c := fyne.CurrentApp().Driver().CanvasForObject(e)
	for _, bar := range []Bar{ReplaceBar, GoToLineBar} {
		e.ShowBar(bar)
		first := c.Focused()
		if first == nil || first == fyne.Focusable(e) {
			t.Fatalf("bar %d: the bar did not take the keyboard", bar)
		}
		for n := 0; n < 12; n++ {
			e.ShowBar(bar)
			for range n {
				c.FocusNext()
			}
			f := c.Focused()
			if f == fyne.Focusable(e) {
				break // round the bar: back in the text
			}
			f.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
			if e.bars.find.visible || e.bars.jump.shown || c.Focused() != fyne.Focusable(e) {
				t.Errorf("bar %d: Esc on %T (Tab × %d) left the bar open or the keyboard outside the text", bar, f, n)
				e.bars.hide()
			}
		}
	}
}

// A click gives the editor the keyboard on the press. The desktop driver
// sends the tap later (300 ms, when no second click came); a key pressed
// in between that moved the keyboard elsewhere (Ctrl+Shift+P to a path
// row, then a paste) keeps it there: the late tap takes nothing back.
func TestLateTapAfterAClickKeepsTheFocusWhereAKeyMovedIt(t *testing.T) {
	test.NewTempApp(t)
	e := New()
	e.after = func(time.Duration, func()) func() { return func() {} }
	e.SetText([]byte("User-agent: *\nDisallow: /\n"))
	other := widget.NewEntry()
	w := test.NewTempWindow(t, container.NewVBox(e, other))
	w.Resize(fyne.NewSize(600, 400))
	ev := &desktop.MouseEvent{Button: desktop.MouseButtonPrimary}
	ev.Position = posOf(e, 0, 2)
	e.MouseDown(ev)
	e.MouseUp(ev)
	if w.Canvas().Focused() != fyne.Focusable(e) {
		t.Fatalf("the press did not focus the editor: %T", w.Canvas().Focused())
	}
	w.Canvas().Focus(other) // a key moved the keyboard
	e.Tapped(&fyne.PointEvent{Position: ev.Position})
	if w.Canvas().Focused() != fyne.Focusable(other) {
		t.Errorf("the late tap took the keyboard back: %T has it", w.Canvas().Focused())
	}
	// A tap with no press before it (touch) still focuses the editor.
	e.Tapped(&fyne.PointEvent{Position: ev.Position})
	if w.Canvas().Focused() != fyne.Focusable(e) {
		t.Errorf("a tap alone did not focus the editor: %T has it", w.Canvas().Focused())
	}
}
