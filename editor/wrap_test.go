package editor

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
)

// wrapEditor shows src with word wrap on in a window whose text area is
// cols cells wide.
func wrapEditor(t *testing.T, src string, cols int) (*Editor, *editorRenderer) {
	t.Helper()
	test.NewTempApp(t)
	e := New()
	e.SetText([]byte(src))
	w := test.NewTempWindow(t, e)
	m := e.vp.metrics()
	// The window's padding is added around the editor; size the editor so
	// its text area is exactly cols cells wide.
	w.Resize(fyne.NewSize(800, 400))
	v := e.vp.view()
	e.Resize(fyne.NewSize(v.gutterW+v.sb+float32(cols)*m.cellW+m.cellW/2, 300))
	w.Canvas().Focus(e)
	e.SetWrap(true)
	if got := e.vp.view().visCols; got != cols {
		t.Fatalf("text area is %d columns, want %d", got, cols)
	}
	return e, test.WidgetRenderer(e).(*editorRenderer)
}

// wrapPos is the position inside visual row k (0 = the top row on screen)
// at column c of that row.
func wrapPos(e *Editor, k, c int) fyne.Position {
	v := e.vp.view()
	return fyne.NewPos(v.x0+(float32(c)+0.3)*v.cellW, v.y0+(float32(k)+0.5)*v.lineH)
}

func TestWrapSplitsALongLineIntoRows(t *testing.T) {
	long := strings.Repeat("a", 300)
	for _, c := range []struct {
		name string
		src  string
		cols int
		want []int // byte offsets where the rows of line 1 start
	}{
		{"a 300-character word is cut every 80 cells", long + "\nnext\n", 80, []int{0, 80, 160, 240}},
		{"a 300-character word at 100 cells", long, 100, []int{0, 100, 200}},
		{"a line breaks after a blank", "Disallow: " + strings.Repeat("b", 30), 20, []int{0, 10, 30}},
		{"a long path breaks after a slash", "Disallow: /aaaa/bbbb/cccc/dddd/eeee", 16, []int{0, 16, 31}},
		{"a short line is one row", "User-agent: *", 20, []int{0}},
		{"a wide character never splits", strings.Repeat("文", 5), 3, []int{0, 3, 6, 9, 12}},
		{"a crawler name breaks after its hyphen, not inside a word", "User-agent: GeistHaus-PageFetcher", 17, []int{0, 12, 22}},
		{"a hyphenated path breaks after its last hyphen that fits", "Disallow: /some-long-path-name", 16, []int{0, 16}},
		{"a query breaks after '?' and '&'", "Disallow: /*?utm_source=feed&utm_medium=rss", 16, []int{0, 13, 29}},
		{"one token wider than the row is cut where the row ends", "User-agent: facebookexternalhit", 17, []int{0, 12, 29}},
		{"a path's leading slash stays with the path", "Disallow: /learning/articles/", 17, []int{0, 10, 20}},
	} {
		t.Run(c.name, func(t *testing.T) {
			e, _ := wrapEditor(t, c.src, c.cols)
			var got []int
			for _, r := range e.wrap.rows(0, c.cols) {
				got = append(got, r.off)
			}
			if len(got) != len(c.want) {
				t.Fatalf("rows start at %v, want %v", got, c.want)
			}
			for i := range got {
				if got[i] != c.want[i] {
					t.Fatalf("rows start at %v, want %v", got, c.want)
				}
			}
		})
	}
}

func TestWrapDrawsRowsAndOneLineNumber(t *testing.T) {
	e, r := wrapEditor(t, strings.Repeat("a", 300)+"\nnext\n", 80)
	if r.lastRows != 4+2 {
		t.Errorf("drew %d rows, want 4 rows of line 1 and lines 2 and 3", r.lastRows)
	}
	var nums []string
	for _, n := range r.nums[:r.nNum] {
		nums = append(nums, n.Text)
	}
	if got := strings.Join(nums, ","); got != "1,2,3" {
		t.Errorf("line numbers %s, want 1,2,3 (a wrapped line shows its number once)", got)
	}
	if r.hbar.Visible() {
		t.Error("the horizontal scroll bar must hide with wrap on")
	}
	// Turning wrap off brings back one row per line.
	e.SetWrap(false)
	if r.lastRows != 3 {
		t.Errorf("wrap off: %d rows, want 3", r.lastRows)
	}
}

func TestWrapCursorMovesByVisualRow(t *testing.T) {
	e, r := wrapEditor(t, strings.Repeat("a", 300)+"\nshort\n", 80)
	e.SetSelection(5, 5)
	y0 := r.cursorY
	steps := []struct {
		key  fyne.KeyName
		want int
	}{
		{fyne.KeyDown, 85},  // row 2 of line 1, same column
		{fyne.KeyDown, 165}, // row 3
		{fyne.KeyDown, 245}, // row 4
		{fyne.KeyDown, 306}, // line 2 "short", column 5 = its end
		{fyne.KeyUp, 245},   // back to row 4, column 5 kept
		{fyne.KeyUp, 165},
	}
	for i, s := range steps {
		e.TypedKey(&fyne.KeyEvent{Name: s.key})
		if e.sel.cursor != s.want {
			t.Fatalf("step %d (%s): cursor at %d, want %d", i, s.key, e.sel.cursor, s.want)
		}
	}
	if r.cursorY <= y0 {
		t.Errorf("the cursor is drawn at y %v, not below its first row at %v", r.cursorY, y0)
	}
	if v := e.vp.view(); r.cursorY != v.y0+2*v.lineH || r.cursorX != v.x0+5*v.cellW {
		t.Errorf("cursor drawn at %v,%v, want row 3 column 5 (%v,%v)", r.cursorX, r.cursorY, v.x0+5*v.cellW, v.y0+2*v.lineH)
	}
}

func TestWrapClickMapsToTheByteUnderThePointer(t *testing.T) {
	src := strings.Repeat("a", 300) + "\nDisallow: /x\n"
	for _, c := range []struct {
		name      string
		row, col  int
		wantBytes int
	}{
		{"first row", 0, 7, 7},
		{"third row of the wrapped line", 2, 7, 167},
		{"last row of the wrapped line", 3, 10, 250},
		{"past the end of the last row", 3, 70, 300},
		{"the line after the wrapped one", 4, 3, 304},
	} {
		t.Run(c.name, func(t *testing.T) {
			e, _ := wrapEditor(t, src, 80)
			test.TapAt(e, wrapPos(e, c.row, c.col))
			if e.sel.cursor != c.wantBytes {
				t.Errorf("tap at row %d col %d: cursor %d, want %d", c.row, c.col, e.sel.cursor, c.wantBytes)
			}
		})
	}
}

func TestWrapFollowsTheCursorAndGoToLine(t *testing.T) {
	var b strings.Builder
	for range 40 {
		b.WriteString(strings.Repeat("x", 200) + "\n")
	}
	src := b.String()
	e, _ := wrapEditor(t, src, 50) // each line is 4 rows, 160 rows in all
	ctrl(fyne.KeyEnd)(e)
	v := e.vp.view()
	cl, cs := e.wrap.cursorRow(e.sel.cursor, v.visCols)
	bl, bs, _ := e.wrap.stepRows(e.vp.topRow, e.vp.topSub, v.visRows-1, v.visCols)
	if before(bl, bs, cl, cs) || before(cl, cs, e.vp.topRow, e.vp.topSub) {
		t.Fatalf("Ctrl+End: cursor row %d.%d outside the view %d.%d–%d.%d", cl, cs, e.vp.topRow, e.vp.topSub, bl, bs)
	}
	e.ShowLine(10)
	if e.vp.topRow > 9 || e.vp.topSub != 0 && e.vp.topRow == 9 {
		t.Fatalf("ShowLine(10): top %d.%d does not show line 10's first row", e.vp.topRow, e.vp.topSub)
	}
	if bl, _, _ := e.wrap.stepRows(e.vp.topRow, e.vp.topSub, v.visRows-1, v.visCols); bl < 9 {
		t.Fatalf("ShowLine(10): the view ends at line %d", bl+1)
	}
	// Find moves the selection to a match on a later row and the view follows.
	e.SetText([]byte(strings.Repeat("y", 500) + "needle" + "\n" + src))
	e.SetSelection(0, 0)
	e.ShowBar(FindBar)
	e.bars.find.what.SetText("needle") // typing in Find selects the first match
	if s, t2 := e.Selection(); string(e.Bytes()[s:t2]) != "needle" {
		t.Fatalf("find selected %q", e.Bytes()[s:t2])
	}
	cl, cs = e.wrap.cursorRow(e.sel.cursor, v.visCols)
	if before(cl, cs, e.vp.topRow, e.vp.topSub) || cs < 5 {
		t.Fatalf("the match on row %d is not in view (top %d.%d)", cs, e.vp.topRow, e.vp.topSub)
	}
}

func TestWrapSelectionAndMarksOnEveryRow(t *testing.T) {
	e, r := wrapEditor(t, strings.Repeat("a", 300)+"\n", 80)
	v := e.vp.view()
	e.SetSelection(70, 170) // rows 0 (70–80), 1 (all of it) and 2 (160–170)
	if r.nBack != 3 {
		t.Fatalf("selection over three rows painted %d backgrounds, want 3", r.nBack)
	}
	for i, want := range []struct{ x, w, y float32 }{
		{v.x0 + 70*v.cellW, 10 * v.cellW, v.y0},
		{v.x0, 80 * v.cellW, v.y0 + v.lineH},
		{v.x0, 10 * v.cellW, v.y0 + 2*v.lineH},
	} {
		b := r.backs[i]
		if b.Position().X != want.x || b.Size().Width != want.w || b.Position().Y != want.y {
			t.Errorf("selection row %d at %v size %v, want x %v y %v width %v", i, b.Position(), b.Size(), want.x, want.y, want.w)
		}
	}
	e.SetSelection(0, 0)
	e.SetMarks([]Mark{{Line: 1, Kind: MarkWarning, Message: "whole line"}})
	// One underline per row of the line, one square in the gutter.
	if r.nFront != 4+1 {
		t.Errorf("a lint mark on a 4-row line drew %d marks, want 4 underlines and 1 gutter square", r.nFront)
	}
	// Hovering the third row finds the mark's message.
	e.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: wrapPos(e, 2, 5)}})
	if e.tip.msg != "whole line" {
		t.Errorf("hover on a wrapped row shows %q", e.tip.msg)
	}
}

// TestWrapKeepsTheLineShown: turning wrap on or off keeps the cursor in
// sight when it was, and otherwise keeps the line at the top of the view
// (presenter mode wraps the editor: a deciding rule scrolled into view must
// not give way to line 1, where the cursor was left).
func TestWrapKeepsTheLineShown(t *testing.T) {
	var b strings.Builder
	for range 200 {
		b.WriteString(strings.Repeat("word ", 30) + "\n")
	}
	e, _ := wrapEditor(t, b.String(), 50)
	e.SetWrap(false)
	e.SetSelection(0, 0) // the cursor on line 1
	e.ShowLine(150)      // the line a result marks, far from the cursor
	top := e.vp.topRow
	if top < 100 {
		t.Fatalf("ShowLine(150): top line %d", top+1)
	}
	// The line shown stays in view, all of it, whether its lines wrap or
	// not (wrapped, the lines above it take three rows each).
	inView := func(n int) bool {
		rows := e.vp.visibleRows(nil, e.vp.view())
		last := rows[len(rows)-1]
		return rows[0].line <= n-1 && (last.line > n-1 || last.line == n-1 && last.sub == len(e.wrap.rows(n-1, e.vp.view().visCols))-1)
	}
	for _, on := range []bool{true, false} {
		e.SetWrap(on)
		e.Refresh()
		if !inView(150) {
			t.Errorf("wrap %v: line 150, the one shown, is not whole in view (top line %d)", on, e.vp.topRow+1)
		}
	}
	// Scrolled away by the user, the view keeps its top line instead.
	e.Scrolled(&fyne.ScrollEvent{Scrolled: fyne.NewDelta(0, -3*e.vp.view().lineH)})
	top = e.vp.topRow
	e.SetWrap(true)
	e.Refresh()
	if e.vp.topRow != top || e.vp.topSub != 0 {
		t.Errorf("wrap on after a scroll: top line %d (row %d), want line %d kept", e.vp.topRow+1, e.vp.topSub, top+1)
	}
	e.SetWrap(false)
	e.Refresh()
	if e.vp.topRow != top {
		t.Errorf("wrap off after a scroll: top line %d, want line %d kept", e.vp.topRow+1, top+1)
	}
	// A cursor on screen is followed: it stays in sight either way.
	at := e.buf.line(top + 2).Start
	e.SetSelection(int(at), int(at))
	for _, on := range []bool{true, false} {
		e.SetWrap(on)
		rows := e.vp.visibleRows(nil, e.vp.view())
		if cl := e.CursorLine() - 1; cl < rows[0].line || cl > rows[len(rows)-1].line {
			t.Errorf("wrap %v: the cursor's line %d is out of the view (%d–%d)", on, cl+1, rows[0].line+1, rows[len(rows)-1].line+1)
		}
	}
}

// TestShowLineShowsAllItsRows: a wrapped line whose first rows are at the
// bottom of the view and the rest below the edge is scrolled up just so
// all of it shows (in presenter mode the deciding rule was cut after
// "Disallow: /"); one taller than the view starts at the top.
func TestShowLineShowsAllItsRows(t *testing.T) {
	var b strings.Builder
	for i := range 60 {
		if i == 29 || i == 45 {
			b.WriteString(strings.Repeat("long ", 30) + "\n") // 150 characters: 3 rows of 50
			continue
		}
		b.WriteString("short\n")
	}
	e, _ := wrapEditor(t, b.String(), 50)
	v := e.vp.view()
	for _, c := range []struct {
		name               string
		line, topRow, need int
	}{
		{"line 30's first row is the view's last: two more rows", 30, 29 - (v.visRows - 1), 2},
		{"line 30's first two rows are in view: one more row", 30, 29 - (v.visRows - 2), 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			e.vp.topRow, e.vp.topSub = c.topRow, 0
			e.ShowLine(c.line)
			bl, bs, _ := e.wrap.stepRows(e.vp.topRow, e.vp.topSub, v.visRows-1, v.visCols)
			if bl != c.line-1 || bs != 2 {
				t.Errorf("the view ends at line %d row %d, want line %d's last row (2)", bl+1, bs, c.line)
			}
			if e.vp.topRow != c.topRow+c.need {
				t.Errorf("top line %d, want %d: scrolled further than the %d rows it needed", e.vp.topRow+1, c.topRow+c.need+1, c.need)
			}
		})
	}
}

// TestShownLineStaysInViewWhenResized: the line ShowLine showed (the rule
// a selected result marks) stays whole in view when the editor is made
// shorter and narrower under it, as presenter mode does when compare takes
// the width and the explanation below grows; a scroll by the user ends
// that.
func TestShownLineStaysInViewWhenResized(t *testing.T) {
	var b strings.Builder
	for i := range 80 {
		if i == 39 {
			b.WriteString("Disallow: /deep/aaaaaaaa/bbbbbbbb/cccccccc/dddddddd/zzzz\n")
			continue
		}
		b.WriteString(fmt.Sprintf("# comment %d\n", i+1))
	}
	e, _ := wrapEditor(t, b.String(), 50)
	inView := func(n int) bool {
		v := e.vp.view()
		rows := e.vp.visibleRows(nil, v)
		last := rows[len(rows)-1]
		return rows[0].line <= n-1 && (last.line > n-1 || last.line == n-1 && last.sub == len(e.wrap.rows(n-1, v.visCols))-1)
	}
	e.ShowLine(40)
	if !inView(40) {
		t.Fatal("setup: ShowLine(40) did not show line 40")
	}
	// Line 40 at the bottom edge, then the editor shorter and narrower.
	v := e.vp.view()
	e.vp.topRow, e.vp.topSub = 40-v.visRows, 0
	e.Refresh()
	size := e.Size()
	e.Resize(fyne.NewSize(size.Width*0.6, size.Height*0.6))
	if !inView(40) {
		t.Errorf("after a resize line 40 is not whole in view (top line %d)", e.vp.topRow+1)
	}
	// The user scrolls: the view stays where the user put it.
	e.Scrolled(&fyne.ScrollEvent{Scrolled: fyne.NewDelta(0, 10*e.vp.view().lineH)})
	top := e.vp.topRow
	e.Resize(size)
	if e.vp.topRow != top {
		t.Errorf("after a scroll and a resize the top line is %d, want %d (where the user scrolled)", e.vp.topRow+1, top+1)
	}
}

// TestWrapBreaksInsideATokenOnlyWhenItIsWiderThanTheRow: over the lines of
// real robots.txt files at every width from 8 to 40 columns, a row that
// ends inside a token (not after a blank, '/', '?', '&', '=', ',' or '-';
// a separator that opens a token, as the / of "Disallow: /a", is none)
// holds no token boundary at all: it is one token's piece, cut because the
// token is wider than a row. A row never ends past the width, and the rows
// cover the line from its first byte in order.
func TestWrapBreaksInsideATokenOnlyWhenItIsWiderThanTheRow(t *testing.T) {
	const boundaries = " \t/?&=,-" // the rule's token boundaries, written out
	src := strings.Join([]string{
		"User-agent: GeistHaus-PageFetcher",
		"User-agent: Gemini-Deep-Research",
		"User-agent: AdsBot-Google-Mobile",
		"Disallow: /learning/instructors?",
		"Disallow: /learning/login*?redirect=",
		"Disallow: /job-apply/",
		"Disallow: /*/wiki/MediaWiki:Spam-blacklist",
		"Disallow: /3otsekrejut-k.shtml",
		"# See https://www.linkedin.com/legal/",
		"Sitemap: https://www.example.com/sitemaps/news-sitemap-index.xml?lang=en&section=world-news",
	}, "\n")
	e, _ := wrapEditor(t, src, 40)
	for width := 8; width <= 40; width++ {
		for i := range e.buf.doc.Lines {
			l := e.buf.line(i)
			text := string(e.buf.doc.Src[l.Start:l.End])
			rows := wrapLine(nil, e.buf.doc.Src, l, width)
			for k, r := range rows {
				end := rowEnd(rows, k, l)
				row := string(e.buf.doc.Src[r.off:end])
				if k == 0 && r.off != int(l.Start) || k > 0 && r.off <= rows[k-1].off {
					t.Fatalf("width %d, %q: rows start at %v", width, text, rows)
				}
				if len(row) > width {
					t.Errorf("width %d, %q: row %q is wider than the row", width, text, row)
				}
				if k+1 == len(rows) || strings.ContainsRune(boundaries, rune(row[len(row)-1])) {
					continue // the line's end, or a row ending at a boundary
				}
				// A separator that opens a token (right after a blank or
				// at the line's start) is no boundary: it stays with its token.
				for j := r.off; j < end-1; j++ {
					c := e.buf.doc.Src[j]
					opens := c != ' ' && c != '\t' && (j == int(l.Start) || e.buf.doc.Src[j-1] == ' ' || e.buf.doc.Src[j-1] == '\t')
					if strings.IndexByte(boundaries, c) >= 0 && !opens {
						t.Errorf("width %d, %q: row %q ends inside a token though it holds a token boundary", width, text, row)
						break
					}
				}
			}
		}
	}
}

// TestWrapAtAHyphenKeepsTheCursorMath: on a line wrapped after a hyphen, a
// tap on the second row puts the cursor on the byte under the pointer, and
// Down and Up move by visual row, keeping the column.
func TestWrapAtAHyphenKeepsTheCursorMath(t *testing.T) {
	src := "User-agent: GeistHaus-PageFetcher\nDisallow: /\n"
	e, _ := wrapEditor(t, src, 17) // rows at 0, 12 and 22
	test.TapAt(e, wrapPos(e, 2, 4))
	if e.sel.cursor != 26 { // "Page|Fetcher"
		t.Fatalf("a tap at row 3 column 4: cursor %d, want 26", e.sel.cursor)
	}
	for i, s := range []struct {
		key  fyne.KeyName
		want int
	}{
		{fyne.KeyUp, 16},   // "GeistHaus-": "Geis|tHaus-"
		{fyne.KeyUp, 4},    // "User|-agent: "
		{fyne.KeyDown, 16}, // back, column 4 kept
		{fyne.KeyDown, 26},
		{fyne.KeyDown, 38}, // line 2 "Disa|llow: /"
	} {
		e.TypedKey(&fyne.KeyEvent{Name: s.key})
		if e.sel.cursor != s.want {
			t.Fatalf("step %d (%s): cursor at %d, want %d", i, s.key, e.sel.cursor, s.want)
		}
	}
}
