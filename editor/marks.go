package editor

import (
	"image/color"
	"slices"
	"sort"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"github.com/robots-studio/robots-studio/tester/syntax"
)

// MarkKind is what a line decoration means.
type MarkKind uint8

// Mark kinds. Group and Rule colour the whole line's background (the tester
// shows which group and rule decided a verdict); Error, Warning and Info
// underline columns and put a square in the gutter (lint diagnostics).
const (
	MarkGroup MarkKind = iota
	MarkRule
	MarkError
	MarkWarning
	MarkInfo
)

// Opacities of the backgrounds the editor lays under text, over the
// theme's Primary (group and rule marks) and Warning (find matches)
// colours. ui/look's contrast test checks every highlight colour on them.
const (
	GroupMarkAlpha = 0x1c
	RuleMarkAlpha  = 0x38
	FindMatchAlpha = 0x34
)

// RuleMarkEdge is the width of the opaque Primary bar at the left of a
// marked rule line. The band under the text must stay faint enough for
// every highlight colour to read on it (4.5:1), which left it at 1.6:1
// against the editor in the dark palette, easy to miss; the bar makes the
// mark a non-text element of 3:1 or more (WCAG 1.4.11), which ui/look's
// contrast test checks.
const RuleMarkEdge = 3

// markSet holds the marks sorted by line, and the line a ShowLine is
// flashing.
type markSet struct {
	buf  *buffer
	host *host
	// after runs f on the UI goroutine after d and returns a cancel
	// function (the Editor's after, which tests run by hand).
	after func(d time.Duration, f func()) (cancel func())

	list  []Mark // sorted by line
	flash int    // 1-based line being flashed by ShowLine, 0 for none
	// unflash cancels the pending end of a ShowLine flash.
	unflash func()
}

// SetMarks replaces all marks.
func (e *Editor) SetMarks(marks []Mark) { e.marks.set(marks) }

// ShowLine scrolls so 1-based line n is visible (centred when it was off
// screen) and flashes it briefly. The cursor does not move.
func (e *Editor) ShowLine(n int) {
	n = max(1, min(n, len(e.buf.doc.Lines)))
	e.vp.showLine(n)
	e.marks.flashLine(n)
}

// Mark decorates part of one line. Line is 1-based; Start and End are byte
// offsets from the start of the line's content (end exclusive), as a
// diagnostic's span has them, and 0,0 means the whole line. Message is shown
// when the mouse rests on the mark; the code it quotes between backticks
// (tester/msg) is drawn in the code font without them.
type Mark struct {
	Line       int
	Kind       MarkKind
	Start, End int
	Message    string
}

// set replaces all marks; the same marks again (lint after a pause in
// typing that changed nothing it reports) repaint nothing.
func (ms *markSet) set(marks []Mark) {
	list := append([]Mark(nil), marks...)
	sort.SliceStable(list, func(i, j int) bool { return list[i].Line < list[j].Line })
	if slices.Equal(list, ms.list) {
		return
	}
	ms.list = list
	ms.host.refresh()
}

// on returns the marks of 1-based line n.
func (ms *markSet) on(n int) []Mark {
	i := sort.Search(len(ms.list), func(i int) bool { return ms.list[i].Line >= n })
	j := i
	for j < len(ms.list) && ms.list[j].Line == n {
		j++
	}
	return ms.list[i:j]
}

// cols converts the mark's byte offsets to display columns of line l.
// A whole-line mark on an empty line still gets one cell so it is visible.
func (m Mark) cols(src []byte, l *syntax.Line) (int, int) {
	if m.Start == 0 && m.End == 0 {
		return 0, max(1, int(lineWidth(src, l)))
	}
	at := func(off int) int { return colOf(src, l, min(int(l.Start)+max(off, 0), int(l.End))) }
	s, t := at(m.Start), at(m.End)
	if t <= s {
		t = s + 1 // a mark past the line end still shows
	}
	return s, t
}

func markColor(k MarkKind, w fyne.Widget) color.Color {
	switch k {
	case MarkError:
		return theme.ColorForWidget(theme.ColorNameError, w)
	case MarkWarning:
		return theme.ColorForWidget(theme.ColorNameWarning, w)
	}
	return theme.ColorForWidget(theme.ColorNamePrimary, w)
}

// flashTime is how long ShowLine highlights its line: long enough to catch
// the eye after a jump, short enough not to be mistaken for a selection.
const flashTime = 900 * time.Millisecond

// afterOnUI is Editor.after outside tests: a one-shot fyne.Animation, whose
// ticks the drivers run on the UI goroutine between frames. A timer
// goroutine with fyne.Do would do the same in a window, but under the test
// driver fyne.Do runs f on the timer's goroutine, in the middle of whatever
// the test is typing (go test -race found the flash's end repainting the
// Lessons tab's editor while a test typed into it: runeAt out of range).
// The test driver ticks an animation to its end at once, on the caller.
func afterOnUI(d time.Duration, f func()) func() {
	done := false
	a := fyne.NewAnimation(d, func(p float32) {
		if p >= 1 && !done {
			done = true
			f()
		}
	})
	a.Curve = fyne.AnimationLinear
	a.Start()
	return func() {
		done = true
		a.Stop()
	}
}

// flashLine highlights 1-based line n for flashTime.
func (ms *markSet) flashLine(n int) {
	ms.flash = n
	if ms.unflash != nil {
		ms.unflash()
	}
	ms.unflash = ms.after(flashTime, func() {
		if ms.flash == n {
			ms.flash = 0
			ms.host.refresh()
		}
	})
	ms.host.refresh()
}

// at returns the message of a lint mark at 1-based line n and display
// column c; inGutter matches any lint mark of the line.
func (ms *markSet) at(n int, c float32, inGutter bool) string {
	if n < 1 || n > len(ms.buf.doc.Lines) {
		return ""
	}
	l := ms.buf.line(n - 1)
	for _, m := range ms.on(n) {
		if m.Kind == MarkGroup || m.Kind == MarkRule || m.Message == "" {
			continue
		}
		if inGutter {
			return m.Message
		}
		s, t := m.cols(ms.buf.doc.Src, l)
		if c >= float32(s) && c < float32(t) {
			return m.Message
		}
	}
	return ""
}
